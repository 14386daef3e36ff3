package pricing

// PromotionKind says how a promotion's value reduces a price.
type PromotionKind string

const (
	// Percentage promotions take Value percent off the monthly price.
	Percentage PromotionKind = "percentage"
	// Fixed promotions take ValueCents off the whole promoted period, spread evenly over its months.
	Fixed PromotionKind = "fixed"
)

// Promotion is the part of a promotion that pricing needs.
type Promotion struct {
	Kind PromotionKind `json:"kind"`
	// Percent is the reduction of a Percentage promotion, e.g. 25 or 12.5.
	Percent float64 `json:"percent,omitempty"`
	// ValueCents is the reduction of a Fixed promotion over all promoted months, in EUR cents.
	ValueCents int64 `json:"value_cents,omitempty"`
	// RecursFor is the number of billing intervals the promotion applies to; 0 counts as 1.
	RecursFor int32 `json:"recurs_for,omitempty"`
}

// PromotionMonths is the number of months a promotion applies to: recurs_for × interval months,
// with recurs_for 0 counting as 1 (spec §9). The spec's separate rule that an upsell promotion with
// recurs_for above 1 multiplies its months is the same formula, so it holds for every target. An
// interval of 0 months (one-time or "any") counts as 1 so a fixed value is never divided by 0.
func PromotionMonths(recursFor, intervalMonths int32) int32 {
	months := int64(max(recursFor, 1)) * int64(max(intervalMonths, 1))
	return int32(min(months, 1<<31-1))
}

// PromotedPrice is the monthly net price under p (spec §9), never below 0:
//   - percentage: price × (100 − value)%
//   - fixed: price − value / months
//
// months is the promoted period (PromotionMonths). An unknown kind leaves the price unchanged.
func PromotedPrice(p Promotion, netMonthlyCents int64, months int32) int64 {
	switch p.Kind {
	case Percentage:
		keep := basisPoints - percentBasisPoints(p.Percent)
		return mulDivRound(basisPoints, netMonthlyCents, keep)
	case Fixed:
		m := int64(max(months, 1))
		total := mulDivRound(1, netMonthlyCents, m)
		return divRound(total-fixedValue(p, total), m)
	}
	return netMonthlyCents
}

// Discount is the net amount a promotion saves over its period: months × (regular − promoted),
// computed from the unrounded promoted price so a fixed promotion saves exactly its value (unless
// the price would drop below 0).
func Discount(p Promotion, netMonthlyCents int64, months int32) int64 {
	m := int64(max(months, 1))
	switch p.Kind {
	case Percentage:
		return mulDivRound(basisPoints, m, netMonthlyCents, percentBasisPoints(p.Percent))
	case Fixed:
		return fixedValue(p, mulDivRound(1, netMonthlyCents, m))
	}
	return 0
}

// DiscountDisplay is the discount amount the cart shows: months × price difference × VAT factor
// (spec §9, stated for fixed promotions, applied alike to percentage ones when an amount is
// needed), rounded once. Pass a VAT of 0 for brands that display net prices.
func DiscountDisplay(p Promotion, netMonthlyCents int64, months int32, vatPercent float64) int64 {
	m := int64(max(months, 1))
	vat := basisPoints + vatBasisPoints(vatPercent)
	switch p.Kind {
	case Percentage:
		return mulDivRound(basisPoints*basisPoints, m, netMonthlyCents, percentBasisPoints(p.Percent), vat)
	case Fixed:
		return mulDivRound(basisPoints, fixedValue(p, mulDivRound(1, netMonthlyCents, m)), vat)
	}
	return 0
}

// PercentLabel is a percentage promotion's value as displayed: rounded half away from zero to a
// whole percent (12.5 → 13).
func PercentLabel(percent float64) int64 {
	return divRound(vatBasisPoints(percent), 100)
}

// percentBasisPoints fixes a promotion percent to hundredths and bounds it to 0..100 %, so a
// promotion never raises a price nor takes it below 0.
func percentBasisPoints(percent float64) int64 {
	return clamp(vatBasisPoints(percent), 0, basisPoints)
}

// fixedValue bounds a fixed promotion's value to what the period costs, so the promoted price
// stays between 0 and the regular price.
func fixedValue(p Promotion, periodCents int64) int64 {
	return clamp(p.ValueCents, 0, max(periodCents, 0))
}
