// Package domain holds the promotion rules of spec §4 and §9: which cart position a promotion fits,
// the best automatic promotion, redeeming a code and revalidating the codes of a cart. It is pure:
// promotions and a cart snapshot in, the resulting codes, figures and notices out.
package domain

import (
	"slices"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/pricing"
)

// Target is the kind of cart position a promotion is for.
type Target string

const (
	TargetProduct Target = "product"
	TargetAddon   Target = "addon"
	TargetUpsell  Target = "upsell"
	TargetDomain  Target = "domain"
)

// Valid reports whether t is one of the four targets.
func (t Target) Valid() bool {
	switch t {
	case TargetProduct, TargetAddon, TargetUpsell, TargetDomain:
		return true
	}
	return false
}

// ValueType says how a promotion's value reduces a price.
type ValueType string

const (
	Percentage ValueType = "percentage"
	Fixed      ValueType = "fixed"
)

// Valid reports whether v is percentage or fixed.
func (v ValueType) Valid() bool { return v == Percentage || v == Fixed }

// AppliesToKind says how AppliesTo names the promoted items.
type AppliesToKind string

const (
	// AppliesToAll promotes every item of the promotion's target.
	AppliesToAll AppliesToKind = "all"
	// AppliesToIDs promotes the catalog ids listed.
	AppliesToIDs AppliesToKind = "ids"
	// AppliesToTLDs promotes domains with the TLDs listed.
	AppliesToTLDs AppliesToKind = "tlds"
)

// AppliesTo names the items a promotion is for.
type AppliesTo struct {
	Kind AppliesToKind
	IDs  []int32
	// TLDs are lower case without a leading dot.
	TLDs []string
}

// Supported restricts the term of a promoted position; empty lists allow every value.
type Supported struct {
	MaturityMonths []int32
	IntervalMonths []int32
	// ForAddon and ForUpsell let a product promotion be redeemed on an addon or upsell whose id
	// it lists (or on any, with AppliesToAll).
	ForAddon  bool
	ForUpsell bool
}

// DomainMaturityMonths is the contract length domains are matched with against
// Supported.MaturityMonths: domains are contracted for 12 months.
const DomainMaturityMonths = pricing.DomainFirstInvoiceMonths

// FallbackLocale is the locale a discount label falls back to.
const FallbackLocale = "en-GB"

// Promotion is a discount of a brand, automatic or redeemed by its code.
type Promotion struct {
	ID      int32
	BrandID int32
	// Code is upper case (NormalizeCode); automatic promotions have one too, the cart stores it.
	Code      string
	Type      Target
	ValueType ValueType
	// Percent off the monthly price, for percentage promotions.
	Percent float64
	// ValueCents off the whole promoted period, for fixed promotions.
	ValueCents int64
	// Requires lists catalog ids of which one must be in the promoted position's cart item.
	Requires    []int32
	IsRecurring bool
	// RecursFor is the number of billing intervals a recurring promotion lasts; 0 counts as 1.
	RecursFor   int32
	IsAutomatic bool
	// Active is the operator's switch; an inactive promotion is gone for the shop.
	Active    bool
	AppliesTo AppliesTo
	Supported Supported
	// ValidFrom and ValidUntil bound when the promotion may be used; zero is open. ValidUntil is
	// exclusive.
	ValidFrom  time.Time
	ValidUntil time.Time
	// Labels are the discount labels by locale.
	Labels map[string]string
}

// Label is the discount label in locale, else in en-GB, else "".
func (p Promotion) Label(locale string) string {
	if l, ok := p.Labels[locale]; ok && l != "" {
		return l
	}
	return p.Labels[FallbackLocale]
}

// Expired reports whether the validity window does not contain now: the promotion is over or has
// not started yet. Either way a coupon holding it is no longer valid.
func (p Promotion) Expired(now time.Time) bool {
	if !p.ValidFrom.IsZero() && now.Before(p.ValidFrom) {
		return true
	}
	return !p.ValidUntil.IsZero() && !now.Before(p.ValidUntil)
}

// Usable reports whether the promotion may be applied at now.
func (p Promotion) Usable(now time.Time) bool { return p.Active && !p.Expired(now) }

// PercentLabel is the whole percent a percentage promotion shows (12.5 → 13), 0 for fixed ones.
func (p Promotion) PercentLabel() int64 {
	if p.ValueType != Percentage {
		return 0
	}
	return pricing.PercentLabel(p.Percent)
}

// pricing returns the part of p the price formulas need. A one-off promotion lasts one billing
// interval, whatever recurs_for says.
func (p Promotion) pricing() pricing.Promotion {
	recurs := int32(1)
	if p.IsRecurring {
		recurs = p.RecursFor
	}
	switch p.ValueType {
	case Percentage:
		return pricing.Promotion{Kind: pricing.Percentage, Percent: p.Percent, RecursFor: recurs}
	case Fixed:
		return pricing.Promotion{Kind: pricing.Fixed, ValueCents: p.ValueCents, RecursFor: recurs}
	}
	return pricing.Promotion{RecursFor: recurs}
}

// onTarget reports whether p may sit on a position of kind t.
func (p Promotion) onTarget(t Target) bool {
	if p.Type == t {
		return true
	}
	if p.Type != TargetProduct {
		return false
	}
	return (t == TargetAddon && p.Supported.ForAddon) || (t == TargetUpsell && p.Supported.ForUpsell)
}

// names reports whether AppliesTo names the position.
func (p Promotion) names(pos Position) bool {
	switch p.AppliesTo.Kind {
	case AppliesToAll:
		return true
	case AppliesToIDs:
		return pos.Target != TargetDomain && slices.Contains(p.AppliesTo.IDs, pos.ID)
	case AppliesToTLDs:
		return pos.Target == TargetDomain && slices.Contains(p.AppliesTo.TLDs, NormalizeTLD(pos.TLD))
	}
	return false
}

// Fits reports whether p, at now, applies to pos of a cart item holding itemIDs: the right kind of
// position, named by AppliesTo, a supported maturity and interval, a required item alongside, a
// price to reduce, and never an inclusive domain. Validity is checked too.
func (p Promotion) Fits(pos Position, itemIDs []int32, now time.Time) bool {
	if !p.Usable(now) || !p.onTarget(pos.Target) || !p.names(pos) {
		return false
	}
	if pos.Inclusive || pos.PriceCents <= 0 {
		return false
	}
	if len(p.Supported.MaturityMonths) > 0 && !slices.Contains(p.Supported.MaturityMonths, pos.maturityMonths()) {
		return false
	}
	if len(p.Supported.IntervalMonths) > 0 && !slices.Contains(p.Supported.IntervalMonths, pos.intervalMonths()) {
		return false
	}
	if len(p.Requires) > 0 && !slices.ContainsFunc(p.Requires, func(id int32) bool { return slices.Contains(itemIDs, id) }) {
		return false
	}
	return true
}

// shortestMaturity is the tie-break of automatic promotions: the shortest maturity a promotion
// binds a customer to, 0 when it does not restrict maturities.
func (p Promotion) shortestMaturity() int32 {
	if len(p.Supported.MaturityMonths) == 0 {
		return 0
	}
	return slices.Min(p.Supported.MaturityMonths)
}

// MaxCodeLength bounds promo codes; longer input cannot name a promotion.
const MaxCodeLength = 64

// NormalizeCode returns the stored form of a promo code (trimmed, upper case) and whether it can
// be a code at all: 1 to MaxCodeLength letters, digits, '-' or '_'.
func NormalizeCode(code string) (string, bool) {
	c := strings.ToUpper(strings.TrimSpace(code))
	if c == "" || len(c) > MaxCodeLength {
		return "", false
	}
	for _, r := range c {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return "", false
		}
	}
	return c, true
}

// NormalizeTLD lower-cases a TLD and drops a leading dot.
func NormalizeTLD(tld string) string {
	return strings.TrimPrefix(strings.ToLower(strings.TrimSpace(tld)), ".")
}
