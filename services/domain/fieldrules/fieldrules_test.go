package fieldrules

import (
	"slices"
	"testing"

	"github.com/hostcart/checkout/libs/go/fields"
)

func TestEngineValidate(t *testing.T) {
	var e Engine
	tests := []struct {
		rules, value string
		want         []string
	}{
		{rules: "required|string", value: "x"},
		{rules: "required|string", value: "   ", want: []string{fields.KeyRequired}},
		{rules: "string|min:3", value: ""},
		{rules: "string|min:3", value: "ab", want: []string{fields.KeyMinLength}},
		{rules: "string|min:3", value: " äöü "},
		{rules: "required|string|min:2|max:2", value: "DEU", want: []string{fields.KeyMaxLength}},
		{rules: "string|fqdn|max:253", value: "ns1.example.com"},
		{rules: "string|fqdn|max:253", value: "not a host", want: []string{fields.KeyFQDN}},
		{rules: "string|fqdn", value: ""},
		{rules: "string|nonsense", value: "x", want: []string{KeyInvalidRules}},
	}
	for range 2 { // the second round runs on parsed rules from the cache
		for _, tt := range tests {
			if got := e.Validate(tt.rules, tt.value); !slices.Equal(got, tt.want) {
				t.Errorf("Validate(%q, %q) = %v, want %v", tt.rules, tt.value, got, tt.want)
			}
		}
	}
	if Check("required|string|max:100") != nil || Check("max") == nil {
		t.Error("Check does not tell readable rules from broken ones")
	}
}
