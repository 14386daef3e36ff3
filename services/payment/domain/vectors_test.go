package domain

import (
	"maps"
	"slices"
	"testing"

	"github.com/hostcart/checkout/libs/go/testvectors"
)

// sepaVectors is libs/testvectors/sepa.json, the contract with the payment screen's SEPA rules
// (frontend/libs/checkout/feature-payment, sepa-rules.ts), which runs the same file.
type sepaVectors struct {
	Patterns struct {
		IBAN string `json:"iban"`
		BIC  string `json:"bic"`
	} `json:"patterns"`
	Limits map[string]int `json:"limits"`
	Cases  []struct {
		Name   string   `json:"name"`
		Field  string   `json:"field"`
		Value  string   `json:"value"`
		Valid  bool     `json:"valid"`
		Errors []string `json:"errors"`
	} `json:"cases"`
}

func TestSEPAVectors(t *testing.T) {
	v := testvectors.Read[sepaVectors](t, "sepa.json")
	if v.Patterns.IBAN != ibanShape.String() || v.Patterns.BIC != bicShape.String() {
		t.Errorf("patterns %q %q, the vectors say %+v", ibanShape, bicShape, v.Patterns)
	}
	limits := map[string]int{"min_holder": MinHolderLength, "max_holder": MaxTextLength, "min_iban": MinIBANLength, "max_iban": MaxTextLength, "min_bic": MinBICLength, "max_bic": MaxBICLength}
	if !maps.Equal(limits, v.Limits) {
		t.Errorf("limits %v, the vectors say %v", limits, v.Limits)
	}
	seen := map[string]bool{}
	for _, c := range v.Cases {
		if seen[c.Name] || c.Valid != (len(c.Errors) == 0) {
			t.Errorf("%s: duplicate, or valid disagrees with errors", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			in := valid()
			switch c.Field {
			case "holder":
				in.Holder = c.Value
			case "iban":
				in.IBAN = c.Value
			case "bic":
				in.BIC = c.Value
			default:
				t.Fatalf("no SEPA field %q", c.Field)
			}
			errs := Validate(Normalize(in, PaymentType{Slug: SlugSEPA}, Brand{}), Brand{})
			if got := errs[c.Field]; !slices.Equal(got, c.Errors) && (len(got) > 0 || len(c.Errors) > 0) {
				t.Errorf("%s %q: %v, want %v", c.Field, c.Value, got, c.Errors)
			}
			delete(errs, c.Field)
			if len(errs) != 0 {
				t.Errorf("other fields refused: %v", errs)
			}
		})
	}
}
