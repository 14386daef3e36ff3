package domain

import (
	"slices"
	"time"
)

// Book is the promotions of one brand, indexed by code, that the cart decisions run against.
type Book struct {
	all    []Promotion
	byCode map[string]*Promotion
}

// NewBook indexes ps. Codes are matched in their normalised form; a later duplicate is ignored
// (stores keep codes unique per brand).
func NewBook(ps []Promotion) Book {
	b := Book{all: slices.Clone(ps), byCode: make(map[string]*Promotion, len(ps))}
	for i := range b.all {
		if c, ok := NormalizeCode(b.all[i].Code); ok {
			if _, dup := b.byCode[c]; !dup {
				b.byCode[c] = &b.all[i]
			}
		}
	}
	return b
}

// All returns every promotion of the book, in the order it was built from.
func (b Book) All() []Promotion { return slices.Clone(b.all) }

// Lookup finds a promotion by code, whatever its state.
func (b Book) Lookup(code string) (Promotion, bool) {
	c, ok := NormalizeCode(code)
	if !ok {
		return Promotion{}, false
	}
	p, ok := b.byCode[c]
	if !ok {
		return Promotion{}, false
	}
	return *p, true
}

// Listed returns the promotions usable at now, automatic ones only unless includeManual.
func (b Book) Listed(now time.Time, includeManual bool) []Promotion {
	out := make([]Promotion, 0, len(b.all))
	for _, p := range b.all {
		if p.Usable(now) && (includeManual || p.IsAutomatic) {
			out = append(out, p)
		}
	}
	return out
}

// isManual reports whether a code in a cart is a manual one: every non-empty code that is not a
// known automatic promotion, unknown codes included (revalidation removes those).
func (b Book) isManual(code string) bool {
	if code == "" {
		return false
	}
	p, ok := b.Lookup(code)
	return !ok || !p.IsAutomatic
}

// Result is the promotion one position carries after a decision.
type Result struct {
	Position Position
	// Code after the decision; "" for none.
	Code    string
	Changed bool
	// Promotion and Figures are set when Code names a known promotion.
	Promotion *Promotion
	Figures   *Figures
}

// Notice is a message for the visitor (spec §8 keys).
type Notice struct {
	Type    string
	Title   string
	Message string
	Params  map[string]string
}

// Notice types of spec §3 "Notification".
const (
	NoticeWarning = "warning"
	NoticeInfo    = "info"
)

// Outcome is the answer of a decision: every position of the snapshot with its code, and notices.
type Outcome struct {
	Positions []Result
	Changed   bool
	Notices   []Notice
}

// decision is the working state of one decision over a snapshot.
type decision struct {
	book    Book
	cart    Cart
	now     time.Time
	pos     []Position
	ids     [][]int32
	codes   []string
	orig    []string
	notices []Notice
}

func (b Book) decide(c Cart, now time.Time) *decision {
	pos := c.Positions()
	codes := make([]string, len(pos))
	for i, p := range pos {
		codes[i] = p.Code
		if n, ok := NormalizeCode(p.Code); ok {
			codes[i] = n
		}
	}
	return &decision{book: b, cart: c, now: now, pos: pos, ids: c.itemIDs(), codes: codes, orig: slices.Clone(codes)}
}

func (d *decision) fits(p Promotion, i int) bool {
	return p.Fits(d.pos[i], d.ids[d.pos[i].item], d.now)
}

// outcome renders the state as the answer, with figures for every known code.
func (d *decision) outcome() Outcome {
	out := Outcome{Positions: make([]Result, len(d.pos)), Notices: d.notices}
	for i, p := range d.pos {
		r := Result{Position: p, Code: d.codes[i], Changed: d.codes[i] != d.orig[i]}
		if pr, ok := d.book.Lookup(r.Code); ok && r.Code != "" {
			f := FiguresOf(pr, p, d.cart.PricesWithVAT)
			r.Promotion, r.Figures = &pr, &f
		}
		out.Changed = out.Changed || r.Changed
		out.Positions[i] = r
	}
	return out
}
