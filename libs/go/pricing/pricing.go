// Package pricing holds the price formulas of spec §9 in integer EUR cents, so every service and
// the UI show the same amounts. It is pure: no I/O, no floating-point money.
package pricing

import "math"

// basisPoints is the scale VAT percentages are fixed to before any money is touched: a percent
// with two decimals (19, 20, 7.7, 8.1) becomes an exact integer.
const basisPoints = 10000

// VATFactor returns the multiplier that turns a net into a gross amount: interval_vat/100 + 1.
func VATFactor(vatPercent float64) float64 {
	return float64(basisPoints+vatBasisPoints(vatPercent)) / basisPoints
}

// Gross returns netCents with VAT added, rounded half away from zero to whole cents. The factor is
// applied in integer arithmetic because 0.1-style binary fractions would otherwise flip halves.
func Gross(netCents int64, vatPercent float64) int64 {
	return divRound(netCents*(basisPoints+vatBasisPoints(vatPercent)), basisPoints)
}

// MonthlyDisplay returns the per-month price a brand shows: gross when it displays prices with VAT,
// else the net price unchanged.
func MonthlyDisplay(netMonthlyCents int64, vatPercent float64, withVAT bool) int64 {
	if !withVAT {
		return netMonthlyCents
	}
	return Gross(netMonthlyCents, vatPercent)
}

func vatBasisPoints(vatPercent float64) int64 {
	return int64(math.Round(vatPercent * 100))
}

// divRound divides and rounds half away from zero, for negative amounts (discounts) too.
func divRound(num, den int64) int64 {
	q, r := num/den, num%den
	if r < 0 {
		r = -r
	}
	if 2*r >= den {
		if num < 0 {
			q--
		} else {
			q++
		}
	}
	return q
}
