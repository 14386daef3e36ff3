package pricing

// ContractTotal is the net amount of a whole contract term: price × months (spec §9, "setup fee
// and contract total = price × months"). A one-time maturity (months 0) has no recurring total.
func ContractTotal(netMonthlyCents int64, months int32) int64 {
	if months <= 0 {
		return 0
	}
	return mulDivRound(1, netMonthlyCents, int64(months))
}

// ContractTotalDisplay is ContractTotal as the brand shows it, with VAT applied once to the total
// when the brand displays prices with VAT.
func ContractTotalDisplay(netMonthlyCents int64, months int32, vatPercent float64, withVAT bool) int64 {
	if !withVAT {
		return ContractTotal(netMonthlyCents, months)
	}
	return MinimumPeriodPrice(netMonthlyCents, months, vatPercent)
}

// MinimumPeriodPrice is the displayed price of the minimum contract period:
// price × months × (1 + interval VAT/100), rounded once. The spec states it with VAT for every
// brand; a caller that must show it net passes a VAT of 0.
func MinimumPeriodPrice(netMonthlyCents int64, months int32, vatPercent float64) int64 {
	if months <= 0 {
		return 0
	}
	return mulDivRound(basisPoints, netMonthlyCents, int64(months), basisPoints+vatBasisPoints(vatPercent))
}

// IsOneTime reports whether an addon's price is charged once rather than monthly: its maturity
// has 0 months or its monthly price is 0 (spec §9). Such addons show their setup fee instead.
func IsOneTime(months int32, netMonthlyCents int64) bool {
	return months == 0 || netMonthlyCents == 0
}

// AddonPrice returns the net amount an addon row shows and whether it is a one-time amount: the
// setup fee for one-time addons, else the monthly price.
func AddonPrice(months int32, netMonthlyCents, setupFeeCents int64) (cents int64, oneTime bool) {
	if IsOneTime(months, netMonthlyCents) {
		return setupFeeCents, true
	}
	return netMonthlyCents, false
}

// ShowPrice decides whether an amount is printed in the cart: zero amounts are hidden when the
// brand sets hide_zero_prices_in_cart, everything else is shown.
func ShowPrice(cents int64, hideZeroPricesInCart bool) bool {
	return cents != 0 || !hideZeroPricesInCart
}
