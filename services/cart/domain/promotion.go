package domain

import (
	"slices"

	"github.com/hostcart/checkout/libs/go/pricing"
)

// Promotion targets (spec §3 "Promotion": type).
const (
	TargetProduct = "product"
	TargetAddon   = "addon"
	TargetUpsell  = "upsell"
	TargetDomain  = "domain"
)

// AppliesTo narrows a promotion to items: all of its target type, the listed catalog ids, or (for
// domain promotions) the listed TLDs.
type AppliesTo struct {
	Type string // "all", "ids" or "tlds"
	IDs  []int32
	TLDs []string
}

// Supported restricts the term of a promoted line; empty lists allow every value.
type Supported struct {
	MaturityMonths []int32
	IntervalMonths []int32
	ForAddon       bool
	ForUpsell      bool
}

// Promotion is what pricing needs of a promotion (owned by the promotion service).
type Promotion struct {
	Code          string
	Target        string
	Kind          pricing.PromotionKind
	Percent       float64
	ValueCents    int64
	RecursFor     int32
	DiscountLabel string
	AppliesTo     AppliesTo
	Supported     Supported
	// Requires lists catalog ids of which one must be in the same item; empty: no requirement.
	Requires []int32
}

// promotedLine describes a line a promotion may apply to.
type promotedLine struct {
	kind           LineKind
	id             int32
	tld            string
	maturityMonths int32
	intervalMonths int32
}

// fits reports whether the promotion may discount the line of it: the right target (a product
// promotion also on addons or upsells when it says so), an applicable id or TLD, a supported term
// and a required product in the item. The promotion service decides which codes a cart carries;
// this check keeps a code typed into a replaced cart from discounting a line it is not for.
func (p Promotion) fits(l promotedLine, it *Item) bool {
	switch l.kind {
	case LineProduct:
		if p.Target != TargetProduct {
			return false
		}
	case LineAddon:
		if p.Target != TargetAddon && (p.Target != TargetProduct || !p.Supported.ForAddon) {
			return false
		}
	case LineUpsell:
		if p.Target != TargetUpsell && (p.Target != TargetProduct || !p.Supported.ForUpsell) {
			return false
		}
	case LineDomain:
		if p.Target != TargetDomain {
			return false
		}
	default:
		return false
	}
	switch p.AppliesTo.Type {
	case "", "all":
	case "ids":
		if !slices.Contains(p.AppliesTo.IDs, l.id) {
			return false
		}
	case "tlds":
		if l.kind != LineDomain || !slices.Contains(p.AppliesTo.TLDs, l.tld) {
			return false
		}
	default:
		return false
	}
	if len(p.Supported.MaturityMonths) > 0 && !slices.Contains(p.Supported.MaturityMonths, l.maturityMonths) {
		return false
	}
	if len(p.Supported.IntervalMonths) > 0 && !slices.Contains(p.Supported.IntervalMonths, l.intervalMonths) {
		return false
	}
	if len(p.Requires) > 0 && !slices.ContainsFunc(p.Requires, func(id int32) bool {
		return it.Product.ID == id || it.hasAddon(id) || it.upsellIndex(id) >= 0
	}) {
		return false
	}
	return true
}

// PromotionCodes returns every promotion code the cart carries, each once.
func (c *Cart) PromotionCodes() []string {
	var codes []string
	add := func(code string) {
		if code != "" && !slices.Contains(codes, code) {
			codes = append(codes, code)
		}
	}
	for _, it := range c.Items {
		add(it.Product.Promotion)
		for _, l := range it.Addons {
			add(l.Promotion)
		}
		for _, l := range it.Upsells {
			add(l.Promotion)
		}
		for _, d := range it.Domains {
			add(d.PromotionCode)
		}
	}
	return codes
}
