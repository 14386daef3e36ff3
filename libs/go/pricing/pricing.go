// Package pricing holds the price formulas of spec §9 in integer EUR cents, so every service and
// the UI show the same amounts. It is pure: no I/O, no floating-point money.
//
// Rounding rule: every formula is evaluated exactly (integer or big-integer arithmetic on cents,
// percentages fixed to hundredths of a percent) and rounded once, half away from zero, to the final
// whole cent it returns. Intermediate results are never rounded, so a gross contract total is
// round(price × months × (1 + VAT/100)), not months × round(price × (1 + VAT/100)).
package pricing

import "math"

// basisPoints is the scale VAT percentages are fixed to before any money is touched: a percent
// with two decimals (19, 20, 7.7, 8.1) becomes an exact integer.
const basisPoints = 10000

// DefaultVATPercent is the VAT the UI applies when no interval VAT is known yet (display factor
// 1.19, spec §9).
const DefaultVATPercent = 19.0

// VATFactor returns the multiplier that turns a net into a gross amount: interval_vat/100 + 1.
func VATFactor(vatPercent float64) float64 {
	return float64(basisPoints+vatBasisPoints(vatPercent)) / basisPoints
}

// Gross returns netCents with VAT added, rounded half away from zero to whole cents. The factor is
// applied in integer arithmetic because 0.1-style binary fractions would otherwise flip halves.
func Gross(netCents int64, vatPercent float64) int64 {
	return mulDivRound(basisPoints, netCents, basisPoints+vatBasisPoints(vatPercent))
}

// AmountDisplay returns an amount as a brand shows it: gross when it displays prices with VAT,
// else the net amount unchanged.
func AmountDisplay(netCents int64, vatPercent float64, withVAT bool) int64 {
	if !withVAT {
		return netCents
	}
	return Gross(netCents, vatPercent)
}

// MonthlyDisplay returns the per-month price a brand shows: gross when it displays prices with VAT,
// else the net price unchanged.
func MonthlyDisplay(netMonthlyCents int64, vatPercent float64, withVAT bool) int64 {
	return AmountDisplay(netMonthlyCents, vatPercent, withVAT)
}

// vatBasisPoints fixes a VAT percent to hundredths of a percent; this is the only place a float
// becomes part of a price.
func vatBasisPoints(vatPercent float64) int64 {
	if math.IsNaN(vatPercent) || math.IsInf(vatPercent, 0) {
		return 0
	}
	return int64(math.Round(vatPercent * 100))
}
