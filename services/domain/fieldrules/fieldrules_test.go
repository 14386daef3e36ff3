package fieldrules

import (
	"slices"
	"strings"
	"testing"
)

func TestSubsetValidate(t *testing.T) {
	tests := []struct {
		rules, value string
		want         []string
	}{
		{rules: "required|string", value: "x"},
		{rules: "required|string", value: "   ", want: []string{KeyRequired}},
		{rules: "required|string|min:3", value: "", want: []string{KeyRequired}},
		{rules: "string|min:3", value: ""},
		{rules: "string|min:3", value: "ab", want: []string{KeyMinLength}},
		{rules: "string|min:3", value: " äöü "},
		{rules: "string|max:3", value: "abcd", want: []string{KeyMaxLength}},
		{rules: "string|max:3", value: "äöü"},
		{rules: "string|min:5|max:3", value: "abcd", want: []string{KeyMinLength, KeyMaxLength}},
		{rules: "string|fqdn", value: "ns1.example.com"},
		{rules: "string|fqdn", value: "not a host", want: []string{KeyFQDN}},
		{rules: "required|fqdn|max:10", value: "ns1.example.com", want: []string{KeyMaxLength}},
		{rules: "string|fqdn", value: ""},
		{rules: "string|min:x|unknownrule:5", value: "a"},
		{rules: "", value: "anything"},
	}
	for _, tt := range tests {
		got := Subset{}.Validate(tt.rules, tt.value)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Validate(%q, %q) = %v, want %v", tt.rules, tt.value, got, tt.want)
		}
	}
}

func TestFQDN(t *testing.T) {
	valid := []string{"a.de", "ns1.example.com", "example.co.uk", "müller.de", "xn--mller-kva.de", "example.com.",
		"a-b.example.org", strings.Repeat("a", 63) + ".com", "test.xn--p1ai"}
	invalid := []string{"", "de", "a.d", "x.de1", "-a.de", "a-.de", "a..de", "a_b.de", "a.1de", ".de",
		strings.Repeat("a", 64) + ".com", strings.Repeat(strings.Repeat("a", 60)+".", 5) + "com", "exa mple.de"}
	for _, s := range valid {
		if !FQDN(s) {
			t.Errorf("FQDN(%q) = false, want true", s)
		}
	}
	for _, s := range invalid {
		if FQDN(s) {
			t.Errorf("FQDN(%q) = true, want false", s)
		}
	}
}
