package domain

import (
	"slices"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Errors of promotion codes (spec §8); they name the code (param "code").
var (
	ErrPromotionNotFound      = apperr.New(apperr.NotFound, "confirm.manual_promotion_not_found")
	ErrPromotionNotApplicable = apperr.New(apperr.FailedPrecondition, "confirm.manual_promotion_not_applicable")
	ErrPromotionNotInCart     = apperr.New(apperr.NotFound, "cart.promotion_not_found")
	// ErrPromotionUnavailable is the answer when a code must be decided and the promotion service
	// does not answer (or is not configured).
	ErrPromotionUnavailable = apperr.New(apperr.Unavailable, "promotion.unavailable")
)

// CodeError is base naming the promotion code it refuses.
func CodeError(base *apperr.Keyed, code string) error { return withParams(base, "code", code) }

// PromotionCart is what the promotion rules need of a cart: every line with its term and the net
// price the catalog (or the domain service) asks for it, and the code it carries. Prices come
// from the server's snapshot, never from a client.
type PromotionCart struct {
	Items         []PromotionItem
	PricesWithVAT bool
}

// PromotionItem is one item of a PromotionCart. Addons, Upsells and Domains are parallel to the
// cart item's, so an answer's index addresses the cart's line.
type PromotionItem struct {
	RowID   string
	Product PromotionLine
	Addons  []PromotionLine
	Upsells []PromotionLine
	Domains []PromotionDomain
}

// PromotionLine is a product, addon or upsell line; ID 0 stands for no product.
type PromotionLine struct {
	ID             int32
	Name           string
	MaturityMonths int32
	PriceCents     int32
	IntervalMonths int32
	VATPercent     float64
	Code           string
}

// PromotionDomain is a domain line.
type PromotionDomain struct {
	Name       string
	TLD        string
	PriceCents int32
	VATPercent float64
	Inclusive  bool
	Code       string
}

// PositionCode is the code one line carries after a promotion decision. Index is the line's
// place among its item's addons, upsells or domains (0 for the product).
type PositionCode struct {
	Line    LineRef
	Index   int
	Code    string
	Changed bool
	// Automatic is set when Code is an automatic promotion.
	Automatic bool
}

// PromotionDecision is the promotion service's answer about a cart.
type PromotionDecision struct {
	Codes   []PositionCode
	Notices []Notice
	// Code is the redeemed code as stored (redeeming only).
	Code string
}

// CodeHolder is a line carrying a promotion code.
type CodeHolder struct {
	Line LineRef
	Code string
}

// CodeHolders lists the lines of the cart that carry a code.
func (c *Cart) CodeHolders() []CodeHolder {
	var out []CodeHolder
	for _, it := range c.Items {
		add := func(kind LineKind, id int32, domain, code string) {
			if code != "" {
				out = append(out, CodeHolder{Line: LineRef{RowID: it.RowID, Kind: kind, ID: id, Domain: domain}, Code: code})
			}
		}
		add(LineProduct, it.Product.ID, "", it.Product.Promotion)
		for _, l := range it.Addons {
			add(LineAddon, l.ID, "", l.Promotion)
		}
		for _, l := range it.Upsells {
			add(LineUpsell, l.ID, "", l.Promotion)
		}
		for _, d := range it.Domains {
			add(LineDomain, 0, d.Name, d.PromotionCode)
		}
	}
	return out
}

// OrphanedCodes returns the codes of before that lost their place in the cart: no line of c
// carries them any more because a line that did is gone (its item or line was removed, by the
// visitor or by revalidation). A line that is still there but lost its code let go of it on
// purpose. The promotion rules decide whether an orphaned code moves to another line.
func OrphanedCodes(before []CodeHolder, c *Cart) []CodeHolder {
	held := map[string]bool{}
	for _, h := range c.CodeHolders() {
		held[h.Code] = true
	}
	var out []CodeHolder
	for _, h := range before {
		if held[h.Code] || c.hasLine(h.Line) || slices.ContainsFunc(out, func(o CodeHolder) bool { return o.Code == h.Code }) {
			continue
		}
		out = append(out, h)
	}
	return out
}

// hasLine reports whether the line ref addresses still exists; domains are found in any item,
// since they move between items.
func (c *Cart) hasLine(ref LineRef) bool {
	if ref.Kind == LineDomain {
		it, _ := c.findDomain(ref.Domain)
		return it != nil
	}
	it, err := c.item(ref.RowID)
	if err != nil {
		return false
	}
	switch ref.Kind {
	case LineProduct:
		return it.Product.ID == ref.ID
	case LineAddon:
		return it.hasAddon(ref.ID)
	case LineUpsell:
		return it.upsellIndex(ref.ID) >= 0
	}
	return false
}

// PromotionCart builds the snapshot the promotion rules decide on, with prices from env. Items
// include rejects are left out (a visitor's redemption must not touch preconfigured items).
// Domains are left out when env does not know the TLDs: without a price every code would look
// misplaced. orphans follow as lines of their own without a price, which nothing fits, so the
// rules move their codes to a line they fit or remove them, with notices.
func (c *Cart) PromotionCart(env Env, pricesWithVAT bool, include func(*Item) bool, orphans []CodeHolder) PromotionCart {
	out := PromotionCart{PricesWithVAT: pricesWithVAT}
	for i := range c.Items {
		it := &c.Items[i]
		if include != nil && !include(it) {
			continue
		}
		pi := PromotionItem{RowID: it.RowID, Product: PromotionLine{ID: it.Product.ID, Code: it.Product.Promotion}}
		if p, ok := env.Catalog[it.Product.ID]; ok {
			pi.Product.Name = p.Name
			if per, ok := ProductPeriod(p, it.Product.MaturityID, it.Product.IntervalID); ok {
				pi.Product.setTerm(per)
			}
		}
		for _, l := range it.Addons {
			pi.Addons = append(pi.Addons, subLine(env.Catalog, l))
		}
		for _, l := range it.Upsells {
			pi.Upsells = append(pi.Upsells, subLine(env.Catalog, l))
		}
		if env.TLDs != nil {
			for _, d := range it.Domains {
				pd := PromotionDomain{Name: d.Name, TLD: TLDName(env.TLDs, d.Name), Inclusive: d.Inclusive, Code: d.PromotionCode}
				if t, ok := env.TLDs.Of(d.Name); ok {
					pd.PriceCents, pd.VATPercent = t.PriceCents, t.VATPercent
				}
				pi.Domains = append(pi.Domains, pd)
			}
		}
		out.Items = append(out.Items, pi)
	}
	for _, o := range orphans {
		// Row id "" is no row of the cart, so answers about it are ignored.
		var pi PromotionItem
		line := PromotionLine{ID: o.Line.ID, Code: o.Code}
		switch o.Line.Kind {
		case LineProduct:
			pi.Product = line
		case LineAddon:
			pi.Addons = []PromotionLine{line}
		case LineUpsell:
			pi.Upsells = []PromotionLine{line}
		case LineDomain:
			if env.TLDs == nil {
				continue
			}
			pi.Domains = []PromotionDomain{{Name: o.Line.Domain, TLD: TLDName(env.TLDs, o.Line.Domain), Code: o.Code}}
		default:
			continue
		}
		out.Items = append(out.Items, pi)
	}
	return out
}

func (l *PromotionLine) setTerm(per Period) {
	l.MaturityMonths, l.PriceCents = per.Maturity.Months, per.Maturity.PriceCents
	l.IntervalMonths, l.VATPercent = per.Interval.Months, per.Interval.VATPercent
}

// subLine describes an addon or upsell line; one whose product or period is gone has no price.
func subLine(cat Catalog, l Line) PromotionLine {
	out := PromotionLine{ID: l.ID, Code: l.Promotion}
	a, ok := cat[l.ID]
	if !ok {
		return out
	}
	out.Name = a.Name
	if m, ok := a.Maturity(l.MaturityID); ok {
		if iv, ok := m.Interval(l.IntervalID); ok {
			out.setTerm(Period{Maturity: m, Interval: iv})
		}
	}
	return out
}

// ApplyPromotionCodes writes the changed codes of a decision into the cart. Positions whose line
// is not (or no longer) where the decision saw it are skipped: the decision is about the snapshot
// it was given, and rows that are not the cart's (orphans) have nothing to write to.
func (c *Cart) ApplyPromotionCodes(codes []PositionCode) {
	for _, pc := range codes {
		if !pc.Changed {
			continue
		}
		it, err := c.item(pc.Line.RowID)
		if err != nil || pc.Index < 0 {
			continue
		}
		code := NormalizeCode(pc.Code)
		switch pc.Line.Kind {
		case LineProduct:
			if it.Product.ID == pc.Line.ID {
				it.Product.Promotion = code
			}
		case LineAddon:
			if pc.Index < len(it.Addons) && it.Addons[pc.Index].ID == pc.Line.ID {
				it.Addons[pc.Index].Promotion = code
			}
		case LineUpsell:
			if pc.Index < len(it.Upsells) && it.Upsells[pc.Index].ID == pc.Line.ID {
				it.Upsells[pc.Index].Promotion = code
			}
		case LineDomain:
			if pc.Index < len(it.Domains) && it.Domains[pc.Index].Name == pc.Line.Domain {
				it.Domains[pc.Index].PromotionCode = code
			}
		}
	}
}

// RemovePromotionCode takes code off every line the caller may change. A code the cart does not
// hold is ErrPromotionNotInCart; one held only by preconfigured items a visitor may not change is
// ErrPreconfiguredLocked.
func (c *Cart) RemovePromotionCode(env Env, code string) error {
	code = NormalizeCode(code)
	removed, locked := 0, ""
	take := func(it *Item, held *string) {
		if code == "" || *held != code {
			return
		}
		if env.guard(it) != nil {
			locked = it.RowID
			return
		}
		*held = ""
		removed++
	}
	for i := range c.Items {
		it := &c.Items[i]
		take(it, &it.Product.Promotion)
		for j := range it.Addons {
			take(it, &it.Addons[j].Promotion)
		}
		for j := range it.Upsells {
			take(it, &it.Upsells[j].Promotion)
		}
		for j := range it.Domains {
			take(it, &it.Domains[j].PromotionCode)
		}
	}
	switch {
	case removed > 0:
		return nil
	case locked != "":
		return withParams(ErrPreconfiguredLocked, "row_id", locked)
	default:
		return CodeError(ErrPromotionNotInCart, code)
	}
}

// RestoreCodes gives every line the code it carried in held (the same line of the same row,
// domains by name) and takes any other code off. Which codes a cart carries is the promotion
// service's decision: a visitor's replaced cart must not bring codes of its own, which would skip
// the rate limit of code lookups and could spread one code over several lines. New codes come
// through redeeming.
func (c *Cart) RestoreCodes(held []CodeHolder) {
	codeOf := func(ref LineRef) string {
		for _, h := range held {
			if h.Line.Kind == ref.Kind && (ref.Kind == LineDomain && h.Line.Domain == ref.Domain ||
				ref.Kind != LineDomain && h.Line.RowID == ref.RowID && h.Line.ID == ref.ID) {
				return h.Code
			}
		}
		return ""
	}
	for i := range c.Items {
		it := &c.Items[i]
		it.Product.Promotion = codeOf(LineRef{RowID: it.RowID, Kind: LineProduct, ID: it.Product.ID})
		for j := range it.Addons {
			it.Addons[j].Promotion = codeOf(LineRef{RowID: it.RowID, Kind: LineAddon, ID: it.Addons[j].ID})
		}
		for j := range it.Upsells {
			it.Upsells[j].Promotion = codeOf(LineRef{RowID: it.RowID, Kind: LineUpsell, ID: it.Upsells[j].ID})
		}
		for j := range it.Domains {
			it.Domains[j].PromotionCode = codeOf(LineRef{Kind: LineDomain, Domain: it.Domains[j].Name})
		}
	}
}

// MayChange reports whether the caller of env may change the item (preconfigured items need a
// sales agent).
func (e Env) MayChange(it *Item) bool { return e.guard(it) == nil }
