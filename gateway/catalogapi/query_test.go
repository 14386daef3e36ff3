package catalogapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

func TestDomainQuery(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"example.de", "example.de", true},
		{" Exa mple.DE ", "example.de", true},
		{"<script>x.de", "scriptx.de", true},
		{"müller-bäcker.de", "müller-bäcker.de", true},
		{"", "", true},
		{"!!", "", true},
		{strings.Repeat("a", 254), "", false},
	}
	for _, tt := range tests {
		got, ok := domainQuery(tt.in)
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("domainQuery(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestSlugQuery(t *testing.T) {
	tests := map[string]string{
		"webhosting":       "webhosting",
		"web-hosting_2":    "web-hosting_2",
		"web hosting;drop": "webhostingdrop",
		"wébhosting":       "wbhosting",
		"../ssl":           "ssl",
	}
	for in, want := range tests {
		if got, ok := slugQuery(in); !ok || got != want {
			t.Errorf("slugQuery(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := slugQuery(strings.Repeat("a", 101)); ok {
		t.Error("overlong slug accepted")
	}
}

func TestIDsQuery(t *testing.T) {
	tests := []struct {
		in   string
		want []int32
		ok   bool
	}{
		{"", nil, true},
		{"1,2", []int32{1, 2}, true},
		{" 7 ,,8,", []int32{7, 8}, true},
		{"1,x", nil, false},
		{"0", nil, false},
		{"2147483648", nil, false},
		{strings.Repeat("1,", 101), nil, false},
	}
	for _, tt := range tests {
		got, ok := idsQuery(tt.in)
		if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("idsQuery(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestValidZipCode(t *testing.T) {
	for code, want := range map[string]bool{
		"1": true, "10115": true, "1234567890": true,
		"": false, "12345678901": false, "12a": false, "1 2": false, "١٢٣": false,
	} {
		if got := validZipCode(code); got != want {
			t.Errorf("validZipCode(%q) = %v, want %v", code, got, want)
		}
	}
}

func TestEncodeBrandLeavesSharedBrandAlone(t *testing.T) {
	b := &catalogv1.Brand{Id: 1, Slug: "hostwerk", Properties: []*catalogv1.BrandProperty{{Key: "offer_newsletter", Value: "true"}}}
	out, err := encodeBrand(b)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m["properties"], map[string]any{"offer_newsletter": "true"}) {
		t.Fatalf("properties = %v", m["properties"])
	}
	if locales, ok := m["locales"].([]any); !ok || len(locales) != 0 {
		t.Fatalf("locales = %v, want []", m["locales"])
	}
	if len(b.GetProperties()) != 1 {
		t.Fatal("encoding modified the cached brand")
	}
	empty, err := encodeBrand(&catalogv1.Brand{Id: 2})
	if err != nil || !strings.Contains(string(empty), `"properties":{}`) {
		t.Fatalf("brand without properties: %s, %v", empty, err)
	}
}

func TestBoolQuery(t *testing.T) {
	for _, tc := range []struct {
		in        string
		value, ok bool
	}{
		{"", false, true},
		{"false", false, true},
		{"true", true, true},
		{"1", false, false},
		{"TRUE", false, false},
		{"yes", false, false},
	} {
		value, ok := boolQuery(tc.in)
		if value != tc.value || ok != tc.ok {
			t.Errorf("boolQuery(%q) = %v, %v; want %v, %v", tc.in, value, ok, tc.value, tc.ok)
		}
	}
}
