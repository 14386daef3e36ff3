package domain

import (
	"slices"

	"github.com/hostcart/checkout/libs/go/periods"
	"github.com/hostcart/checkout/libs/go/pricing"
)

// OrderableMaturities returns the maturities a customer can choose (spec §4): active ones, each with
// only its active intervals, and none that is left without an interval.
func OrderableMaturities(ms []Maturity) []Maturity {
	out := make([]Maturity, 0, len(ms))
	for _, m := range ms {
		if !m.PeriodTerm().Offered {
			continue
		}
		var active []Interval
		for _, iv := range m.Intervals {
			if iv.IsActive {
				active = append(active, iv)
			}
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

// PeriodTerm is what the shared default rules (spec §4, libs/go/periods) read of a maturity: it
// may be chosen when active and with an active interval, as OrderableMaturities keeps.
func (m Maturity) PeriodTerm() periods.Term {
	return periods.Term{ID: m.ID, Months: m.Months, PriceCents: m.PriceCents, IsDefault: m.IsDefault, Offered: m.IsActive && periods.AnyOffered(m.Intervals)}
}

// PeriodTerm is what the shared default rules read of an interval: inactive ones are never chosen.
func (iv Interval) PeriodTerm() periods.Term {
	return periods.Term{ID: iv.ID, Months: iv.Months, IsDefault: iv.IsDefault, Offered: iv.IsActive}
}

// DefaultMaturity is the maturity a new cart item starts with (libs/go/periods), as customers see
// it: only its active intervals.
func DefaultMaturity(ms []Maturity) (Maturity, bool) {
	return periods.DefaultMaturity(OrderableMaturities(ms))
}

// DefaultInterval is the billing interval a maturity starts with: the active one flagged default,
// else the longest active one.
func DefaultInterval(m Maturity) (Interval, bool) {
	return periods.DefaultInterval(m.Intervals)
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
