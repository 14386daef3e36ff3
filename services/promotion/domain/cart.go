package domain

import (
	"math"

	"github.com/hostcart/checkout/libs/go/pricing"
)

// Cart is the snapshot of a cart the caller sends: what the promotion rules need of each item.
type Cart struct {
	Items []Item
	// PricesWithVAT is the brand's display_prices_with_vat: displayed discounts are gross.
	PricesWithVAT bool
}

// Item is one cart item: a product with its addons, upsells and domains.
type Item struct {
	RowID   string
	Product Line
	Addons  []Line
	Upsells []Line
	Domains []Domain
	// SkipAutomatic keeps automatic promotions off the item (cloud sign-in data, spec §4).
	SkipAutomatic bool
}

// Line is a product, addon or upsell of an item with its chosen term.
type Line struct {
	ID             int32
	Name           string
	MaturityMonths int32
	// PriceCents is the net monthly price of the chosen maturity.
	PriceCents     int64
	IntervalMonths int32
	VATPercent     float64
	Code           string
}

// Domain is a domain of an item.
type Domain struct {
	Name       string
	TLD        string
	PriceCents int64
	VATPercent float64
	// IntervalMonths of 0 means the usual DomainIntervalMonths.
	IntervalMonths int32
	Inclusive      bool
	Code           string
}

// DomainIntervalMonths is the billing interval of a domain whose snapshot names none: domains are
// billed yearly in advance (spec §9).
const DomainIntervalMonths = 12

// Limits of a snapshot: a real cart is far smaller; these keep one call's work bounded.
const (
	MaxItems         = 100
	MaxLinesPerItem  = 100
	MaxDomainsOfItem = 100
)

// Position is one promotable place of a cart, flattened out of its item.
type Position struct {
	RowID  string
	Target Target
	// Index within the item's addons, upsells or domains; 0 for the product.
	Index int
	// ID is the catalog id; 0 for domains.
	ID     int32
	Name   string
	Domain string
	TLD    string
	// item is the index of the position's item in the cart.
	item           int
	MaturityMonths int32
	IntervalMonths int32
	PriceCents     int64
	VATPercent     float64
	Inclusive      bool
	Code           string
}

func (p Position) maturityMonths() int32 {
	if p.Target == TargetDomain {
		return DomainMaturityMonths
	}
	return p.MaturityMonths
}

func (p Position) intervalMonths() int32 {
	if p.Target == TargetDomain && p.IntervalMonths <= 0 {
		return DomainIntervalMonths
	}
	return p.IntervalMonths
}

// Positions flattens the cart in the order the rules walk it: item by item, the product, then its
// addons, upsells and domains. An item without a product id has no product position.
func (c Cart) Positions() []Position {
	var out []Position
	for i, it := range c.Items {
		line := func(t Target, idx int, l Line) Position {
			return Position{RowID: it.RowID, Target: t, Index: idx, ID: l.ID, Name: l.Name, item: i,
				MaturityMonths: l.MaturityMonths, IntervalMonths: l.IntervalMonths, PriceCents: l.PriceCents,
				VATPercent: l.VATPercent, Code: l.Code}
		}
		if it.Product.ID != 0 {
			out = append(out, line(TargetProduct, 0, it.Product))
		}
		for j, a := range it.Addons {
			out = append(out, line(TargetAddon, j, a))
		}
		for j, u := range it.Upsells {
			out = append(out, line(TargetUpsell, j, u))
		}
		for j, d := range it.Domains {
			out = append(out, Position{RowID: it.RowID, Target: TargetDomain, Index: j, Domain: d.Name,
				TLD: d.TLD, item: i, IntervalMonths: d.IntervalMonths, PriceCents: d.PriceCents,
				VATPercent: d.VATPercent, Inclusive: d.Inclusive, Code: d.Code})
		}
	}
	return out
}

// itemIDs lists the catalog ids of each item (product, addons, upsells), for Requires.
func (c Cart) itemIDs() [][]int32 {
	out := make([][]int32, len(c.Items))
	for i, it := range c.Items {
		ids := make([]int32, 0, 1+len(it.Addons)+len(it.Upsells))
		if it.Product.ID != 0 {
			ids = append(ids, it.Product.ID)
		}
		for _, a := range it.Addons {
			ids = append(ids, a.ID)
		}
		for _, u := range it.Upsells {
			ids = append(ids, u.ID)
		}
		out[i] = ids
	}
	return out
}

// Validate rejects snapshots no cart can produce: too large, negative money or months, VAT outside
// 0..100 %. The caller is a service, so this guards against bugs and tampering, not typing errors.
func (c Cart) Validate() error {
	if len(c.Items) > MaxItems {
		return ErrInvalidCart
	}
	okLine := func(l Line) bool {
		return l.PriceCents >= 0 && l.MaturityMonths >= 0 && l.IntervalMonths >= 0 && okVAT(l.VATPercent)
	}
	for _, it := range c.Items {
		if len(it.Addons) > MaxLinesPerItem || len(it.Upsells) > MaxLinesPerItem || len(it.Domains) > MaxDomainsOfItem {
			return ErrInvalidCart
		}
		if !okLine(it.Product) {
			return ErrInvalidCart
		}
		for _, l := range append(append([]Line(nil), it.Addons...), it.Upsells...) {
			if !okLine(l) {
				return ErrInvalidCart
			}
		}
		for _, d := range it.Domains {
			if d.PriceCents < 0 || d.IntervalMonths < 0 || !okVAT(d.VATPercent) {
				return ErrInvalidCart
			}
		}
	}
	return nil
}

func okVAT(v float64) bool { return !math.IsNaN(v) && v >= 0 && v <= 100 }

// Figures are the amounts of a promoted position (spec §9), from libs/go/pricing.
type Figures struct {
	// Months the promotion lasts: recurs_for × interval months.
	Months int32
	// PromotedPriceCents is the net monthly price while promoted.
	PromotedPriceCents int64
	// DiscountCents is the net amount saved over Months.
	DiscountCents int64
	// DiscountDisplayCents is the saving as the brand shows it (gross with VAT display).
	DiscountDisplayCents int64
}

// FiguresOf computes what p saves on pos.
func FiguresOf(p Promotion, pos Position, pricesWithVAT bool) Figures {
	pp := p.pricing()
	months := pricing.PromotionMonths(pp.RecursFor, pos.intervalMonths())
	vat := 0.0
	if pricesWithVAT {
		vat = pos.VATPercent
	}
	return Figures{
		Months:               months,
		PromotedPriceCents:   pricing.PromotedPrice(pp, pos.PriceCents, months),
		DiscountCents:        pricing.Discount(pp, pos.PriceCents, months),
		DiscountDisplayCents: pricing.DiscountDisplay(pp, pos.PriceCents, months, vat),
	}
}
