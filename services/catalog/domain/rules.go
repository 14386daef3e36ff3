package domain

import (
	"slices"

	"github.com/hostcart/checkout/libs/go/pricing"
)

// OrderableMaturities returns the maturities a customer can choose (spec §4): active ones, each with
// only its active intervals, and none that is left without an interval.
func OrderableMaturities(ms []Maturity) []Maturity {
	out := make([]Maturity, 0, len(ms))
	for _, m := range ms {
		if !m.IsActive {
			continue
		}
		var active []Interval
		for _, iv := range m.Intervals {
			if iv.IsActive {
				active = append(active, iv)
			}
		}
		if len(active) == 0 {
			continue
		}
		m.Intervals = active
		out = append(out, m)
	}
	return out
}

// Orderable reports whether the product can be put into a cart at all.
func (p Product) Orderable() bool {
	return p.IsActive && len(OrderableMaturities(p.Maturities)) > 0
}

// DefaultMaturity is the maturity a new cart item starts with: the lowest monthly price among the
// orderable ones. Equal prices prefer the flagged default, then the shorter term, so the choice is
// stable whatever order the store returns.
func DefaultMaturity(ms []Maturity) (Maturity, bool) {
	orderable := OrderableMaturities(ms)
	if len(orderable) == 0 {
		return Maturity{}, false
	}
	best := orderable[0]
	for _, m := range orderable[1:] {
		if cheaperDefault(m, best) {
			best = m
		}
	}
	return best, true
}

func cheaperDefault(a, b Maturity) bool {
	if a.PriceCents != b.PriceCents {
		return a.PriceCents < b.PriceCents
	}
	if a.IsDefault != b.IsDefault {
		return a.IsDefault
	}
	if a.Months != b.Months {
		return a.Months < b.Months
	}
	return a.ID < b.ID
}

// DefaultInterval is the billing interval a maturity starts with: the active one flagged default,
// else the longest active one.
func DefaultInterval(m Maturity) (Interval, bool) {
	var best Interval
	found := false
	for _, iv := range m.Intervals {
		if !iv.IsActive {
			continue
		}
		switch {
		case !found:
			best, found = iv, true
		case iv.IsDefault != best.IsDefault:
			if iv.IsDefault {
				best = iv
			}
		case iv.Months > best.Months || (iv.Months == best.Months && iv.ID < best.ID):
			best = iv
		}
	}
	return best, found
}

// ComputeFromPrice returns the 'from' price of a product card: the default maturity's monthly
// price, made gross with the VAT of that maturity's default interval. Nil when nothing is orderable.
func ComputeFromPrice(p Product) *FromPrice {
	m, ok := DefaultMaturity(p.Maturities)
	if !ok {
		return nil
	}
	iv, _ := DefaultInterval(m) // orderable maturities always have an active interval
	return &FromPrice{
		NetCents:       m.PriceCents,
		GrossCents:     pricing.Gross(m.PriceCents, iv.VATPercent),
		VATPercent:     iv.VATPercent,
		MaturityMonths: m.Months,
		SetupFeeCents:  m.SetupFeeCents,
	}
}

// ProductQuery narrows a product listing.
type ProductQuery struct {
	CategorySlug      string
	DomainCapableOnly bool
	IncludeHidden     bool
	IDs               []int32
}

// SelectProducts applies the listing rules to a brand's products: inactive products and products
// without an orderable maturity never show, hidden ones only when asked for. Listed products carry
// only their orderable maturities and their from-price.
func SelectProducts(products []Product, q ProductQuery) []Product {
	out := make([]Product, 0, len(products))
	for _, p := range products {
		if !matches(p, q) {
			continue
		}
		listed, ok := Listed(p)
		if !ok {
			continue
		}
		out = append(out, listed)
	}
	return out
}

func matches(p Product, q ProductQuery) bool {
	if q.CategorySlug != "" && p.CategorySlug != q.CategorySlug {
		return false
	}
	if q.DomainCapableOnly && !p.DomainCapable {
		return false
	}
	if p.IsHidden && !q.IncludeHidden {
		return false
	}
	return len(q.IDs) == 0 || slices.Contains(q.IDs, p.ID)
}

// Listed returns the product as customers see it (orderable maturities, from-price), or false when
// it cannot be ordered.
func Listed(p Product) (Product, bool) {
	if !p.Orderable() {
		return Product{}, false
	}
	p.Maturities = OrderableMaturities(p.Maturities)
	p.FromPrice = ComputeFromPrice(p)
	return p, true
}

// MarkDomainCapable sets Category.DomainCapable from the products a visitor can see: a category is
// domain capable when one of its orderable, non-hidden products is.
func MarkDomainCapable(categories []Category, products []Product) []Category {
	capable := make(map[int32]bool)
	for _, p := range products {
		if p.DomainCapable && !p.IsHidden && p.Orderable() {
			capable[p.CategoryID] = true
		}
	}
	out := make([]Category, len(categories))
	for i, c := range categories {
		c.DomainCapable = capable[c.ID]
		out[i] = c
	}
	return out
}

// VisibleCategories keeps the categories shown as tiles, optionally only the domain-capable ones
// (the categories view with a domain search).
func VisibleCategories(categories []Category, domainCapableOnly bool) []Category {
	out := make([]Category, 0, len(categories))
	for _, c := range categories {
		if !c.IsVisible || (domainCapableOnly && !c.DomainCapable) {
			continue
		}
		out = append(out, c)
	}
	return out
}
