package domain

import "strings"

// Why a VAT rate applies to a session (the rule of ResolveVAT).
const (
	// VATDomestic: no address yet, or one in the brand's own country: the brand's rate.
	VATDomestic = "domestic"
	// VATDestination: a consumer (or a business without a verified VAT id) in another EU member
	// state pays that state's rate (EU one-stop shop for electronically supplied services).
	VATDestination = "destination"
	// VATReverseCharge: a business with a verified VAT id in another member state; it accounts
	// for the VAT itself, the invoice shows 0 %.
	VATReverseCharge = "reverse_charge"
	// VATExport: a customer outside the EU VAT area; the service is not taxed here.
	VATExport = "export"
)

// TaxPosition is what the VAT of a session depends on besides the brand.
type TaxPosition struct {
	// CountryCode of the customer's address; empty before an address was saved.
	CountryCode string
	// Business: the customer orders as a company.
	Business bool
	// VATIDVerified: the company's VAT id was confirmed valid for CountryCode (VIES).
	VATIDVerified bool
}

// VAT is the rate that applies to a session.
type VAT struct {
	Percent float64
	// CountryCode whose rate (or exemption) applies.
	CountryCode string
	Reason      string
}

// ResolveVAT is the one place the session VAT rule lives: the brand's country and the countries'
// standard rates (seed countries.json) decide, with the customer's tax position.
func ResolveVAT(brandCountry string, countries []Country, p TaxPosition) VAT {
	brandCountry = strings.ToUpper(brandCountry)
	rates := make(map[string]float64, len(countries))
	for _, c := range countries {
		rates[strings.ToUpper(c.Code)] = c.VATRate
	}
	domestic := VAT{Percent: rates[brandCountry], CountryCode: brandCountry, Reason: VATDomestic}
	country := strings.ToUpper(strings.TrimSpace(p.CountryCode))
	rate, known := rates[country]
	switch {
	case country == "" || country == brandCountry || !known:
		// An unknown country cannot be ordered for (the customer service resets it); until then
		// the brand's rate is the safe answer.
		return domestic
	case rate <= 0:
		return VAT{Percent: 0, CountryCode: country, Reason: VATExport}
	case p.Business && p.VATIDVerified:
		return VAT{Percent: 0, CountryCode: country, Reason: VATReverseCharge}
	default:
		return VAT{Percent: rate, CountryCode: country, Reason: VATDestination}
	}
}
