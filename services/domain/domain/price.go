package domain

import "github.com/hostcart/checkout/libs/go/pricing"

// DefaultContractMonths is the contract length a domain is priced for when its TLD names none
// (spec §9: domain prices are shown for 12 months).
const DefaultContractMonths = 12

// Price holds every amount of a TLD the UI shows, in EUR cents.
type Price struct {
	MonthlyNetCents    int32
	MonthlyGrossCents  int32
	ContractNetCents   int32
	ContractGrossCents int32
	SetupFeeNetCents   int32
	SetupFeeGrossCents int32
	VATPercent         float64
	ContractMonths     int32
}

// PriceOf computes the amounts of t. Gross contract amounts apply VAT once to the contract total
// (price times months times the VAT factor, spec §9), so they never drift from rounding per month.
func PriceOf(t TLD) Price {
	months := t.ContractMonths
	if months <= 0 {
		months = DefaultContractMonths
	}
	contract := int64(t.PriceCents) * int64(months)
	return Price{
		MonthlyNetCents:    t.PriceCents,
		MonthlyGrossCents:  int32(pricing.Gross(int64(t.PriceCents), t.VATPercent)),
		ContractNetCents:   int32(contract),
		ContractGrossCents: int32(pricing.Gross(contract, t.VATPercent)),
		SetupFeeNetCents:   t.SetupFeeCents,
		SetupFeeGrossCents: int32(pricing.Gross(int64(t.SetupFeeCents), t.VATPercent)),
		VATPercent:         t.VATPercent,
		ContractMonths:     months,
	}
}
