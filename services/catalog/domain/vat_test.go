package domain

import "testing"

func TestResolveVAT(t *testing.T) {
	countries := []Country{{Code: "DE", VATRate: 19}, {Code: "AT", VATRate: 20}, {Code: "FR", VATRate: 20}, {Code: "FI", VATRate: 25.5}, {Code: "CH"}}
	tests := []struct {
		name string
		p    TaxPosition
		want VAT
	}{
		{"no address yet", TaxPosition{}, VAT{19, "DE", VATDomestic}},
		{"domestic consumer", TaxPosition{CountryCode: "de"}, VAT{19, "DE", VATDomestic}},
		{"domestic company with a verified id", TaxPosition{CountryCode: "DE", Business: true, VATIDVerified: true}, VAT{19, "DE", VATDomestic}},
		{"consumer in another member state", TaxPosition{CountryCode: "AT"}, VAT{20, "AT", VATDestination}},
		{"fractional rate", TaxPosition{CountryCode: "FI"}, VAT{25.5, "FI", VATDestination}},
		{"company without verified id", TaxPosition{CountryCode: "FR", Business: true}, VAT{20, "FR", VATDestination}},
		{"company with verified id", TaxPosition{CountryCode: "FR", Business: true, VATIDVerified: true}, VAT{0, "FR", VATReverseCharge}},
		{"consumer outside the EU", TaxPosition{CountryCode: "CH"}, VAT{0, "CH", VATExport}},
		{"unknown country", TaxPosition{CountryCode: "US"}, VAT{19, "DE", VATDomestic}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ResolveVAT("DE", countries, tt.p); got != tt.want {
				t.Fatalf("ResolveVAT = %+v, want %+v", got, tt.want)
			}
		})
	}
	if got := ResolveVAT("AT", countries, TaxPosition{CountryCode: "DE"}); got != (VAT{19, "DE", VATDestination}) {
		t.Fatalf("Austrian brand, German consumer: %+v", got)
	}
}
