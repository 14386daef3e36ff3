package domain

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/testrun"
)

// familyProducts mirror the seed: a business address (rental period 3, 6, 12 months) with
// customer-type addons 1231/1232 and a power-of-attorney addon.
func familyProducts() []Product {
	return []Product{
		{ID: 1061, AdditionalFields: []AdditionalField{
			{ID: 14, Key: "nsa_minimum_rental_period", InputComponent: "nsa_minimum_rental_period", ValidationRules: "required"},
			{ID: 16, Key: "nsa_street", InputComponent: "nsa_street", ValidationRules: "required"},
			{ID: 18, Key: "nsa_additional_tenants", InputComponent: "nsa_additional_tenants", ValidationRules: "persons"},
		}, Maturities: []Maturity{{Months: 3}, {Months: 6}, {Months: 12}}},
		{ID: 1231, AdditionalFields: []AdditionalField{{ID: 13, Key: "nsa_customer_type", InputComponent: "nsa_customer_type", ValidationRules: "required"}}},
		{ID: 1232, AdditionalFields: []AdditionalField{{ID: 13, Key: "nsa_customer_type", InputComponent: "nsa_customer_type", ValidationRules: "required"}}},
		{ID: 1234, AdditionalFields: []AdditionalField{{ID: 15, Key: "nsa_po_box", InputComponent: "nsa_po_box"}}},
		{ID: 1241, AdditionalFields: []AdditionalField{
			{ID: 19, Key: "ppoa_authorization", InputComponent: "ppoa_authorization", ValidationRules: "required"},
			{ID: 20, Key: "ppoa_basic_info", InputComponent: "ppoa_basic_info", ValidationRules: "required"},
			{ID: 21, Key: "ppoa_signature", InputComponent: "ppoa_signature", ValidationRules: "required"},
		}},
	}
}

func tenants(n int) string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = fmt.Sprintf(`{"first_name":"F%d","last_name":"L%d"}`, i, i)
	}
	return `{"persons":[` + strings.Join(rows, ",") + `]}`
}

func TestFamilyFieldValues(t *testing.T) {
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	c := FieldCatalogOf(familyProducts(), now)
	basic := `{"private":{"salutation":"ms","first_name":"Ada","last_name":"Lovelace"}}`
	tests := []struct {
		name   string
		values []FieldValue
		want   string
	}{
		{"a complete business address", []FieldValue{
			{13, "1232"}, {14, "12"}, {16, `{"street":"Friedrichstraße","number":"12a"}`},
			{18, tenants(3)}, {15, `{"enabled":true,"number":"4711","zip":"10117","city":"Berlin"}`},
		}, "[]"},
		{"customer type of another brand or no addon", []FieldValue{{13, "9999"}}, "[{13 [families.errors.customer_type_unknown]}]"},
		{"customer type required", []FieldValue{{13, " "}}, "[{13 [validation.required]}]"},
		{"rental period the product does not offer", []FieldValue{{14, "24"}}, "[{14 [families.errors.rental_period_unknown]}]"},
		{"rental period not a number", []FieldValue{{14, "twelve"}}, "[{14 [families.errors.rental_period_unknown]}]"},
		{"PO box unticked needs nothing", []FieldValue{{15, `{"enabled":false,"number":"","zip":"","city":""}`}}, "[]"},
		{"PO box left empty", []FieldValue{{15, ""}}, "[]"},
		{"PO box ticked needs number, zip and city", []FieldValue{{15, `{"enabled":true,"number":" ","zip":"","city":null}`}},
			"[{15 [families.errors.po_box_number_required families.errors.po_box_zip_required families.errors.po_box_city_required]}]"},
		{"PO box zip too long", []FieldValue{{15, `{"enabled":true,"number":"1","zip":"12345678901","city":"Berlin"}`}}, "[{15 [families.errors.po_box_too_long]}]"},
		{"PO box not JSON", []FieldValue{{15, `yes`}}, "[{15 [families.errors.po_box_invalid]}]"},
		{"PO box wrong types", []FieldValue{{15, `{"enabled":"true","number":1}`}}, "[{15 [families.errors.po_box_invalid]}]"},
		{"street without number", []FieldValue{{16, `{"street":"Hauptstraße","number":""}`}}, "[{16 [families.errors.street_number_required]}]"},
		{"street number that is no house number", []FieldValue{{16, `{"street":"Hauptstraße","number":"abc"}`}}, "[{16 [families.errors.street_number_invalid]}]"},
		{"street ranges and letters", []FieldValue{{16, `{"street":"Hauptstraße","number":"12-14"}`}, {16, `{"street":"Hauptstraße","number":"3 / 1"}`}}, "[]"},
		{"street missing", []FieldValue{{16, `{"number":"3"}`}}, "[{16 [families.errors.street_required]}]"},
		{"street too long", []FieldValue{{16, `{"street":"` + strings.Repeat("a", 201) + `","number":"3"}`}}, "[{16 [families.errors.street_too_long]}]"},
		{"street with upper-case keys is not read", []FieldValue{{16, `{"Street":"Hauptstraße","Number":"3"}`}},
			"[{16 [families.errors.street_required families.errors.street_number_required]}]"},
		{"street trailing data", []FieldValue{{16, `{"street":"a","number":"3"} {}`}}, "[{16 [families.errors.street_invalid]}]"},
		{"eleven tenants", []FieldValue{{18, tenants(11)}}, "[]"},
		{"twelve tenants, reported once", []FieldValue{{18, tenants(12)}}, "[{18 [validation.persons_max]}]"},
		{"a tenant with one name", []FieldValue{{18, `{"persons":[{"first_name":"Ada","last_name":""}]}`}}, "[{18 [validation.persons]}]"},
		{"power of attorney complete", []FieldValue{
			{19, `{"private":true,"business":false}`}, {20, basic},
			{21, `{"style":"montez-regular","place":"Berlin","date":"25.11.2026"}`},
		}, "[]"},
		{"no authorisation ticked", []FieldValue{{19, `{"private":false,"business":false}`}}, "[{19 [families.errors.authorization_required]}]"},
		{"authorisation malformed", []FieldValue{{19, `["private"]`}}, "[{19 [families.errors.authorization_invalid]}]"},
		{"business authorisation without its form", []FieldValue{{19, `{"private":true,"business":true}`}, {20, basic}}, "[{20 [families.errors.basic_info_form_missing]}]"},
		{"business form needs the company", []FieldValue{{20, `{"business":{"salutation":"mr","first_name":"A","last_name":"B","company":""}}`}},
			"[{20 [families.errors.basic_info_company_required]}]"},
		{"basic info without any form", []FieldValue{{20, `{}`}}, "[{20 [families.errors.basic_info_required]}]"},
		{"basic info with a bad salutation and one name", []FieldValue{{20, `{"private":{"salutation":"dr","first_name":"Ada"}}`}},
			"[{20 [families.errors.basic_info_salutation families.errors.basic_info_name_required]}]"},
		{"basic info names too long", []FieldValue{{20, `{"private":{"salutation":"ms","first_name":"` + strings.Repeat("x", 101) + `","last_name":"B"}}`}},
			"[{20 [families.errors.basic_info_too_long]}]"},
		{"basic info form not an object", []FieldValue{{20, `{"private":"Ada"}`}}, "[{20 [families.errors.basic_info_invalid]}]"},
		{"signature unknown style, no place, bad date", []FieldValue{{21, `{"style":"comic-sans","place":"","date":"2026-11-25"}`}},
			"[{21 [families.errors.signature_style families.errors.signature_place_required families.errors.signature_date]}]"},
		{"signature dated yesterday (another time zone)", []FieldValue{{21, `{"style":"coming-soon","place":"Wien","date":"24.11.2026"}`}}, "[]"},
		{"signature dated last week", []FieldValue{{21, `{"style":"coming-soon","place":"Wien","date":"18.11.2026"}`}}, "[{21 [families.errors.signature_date]}]"},
		{"signature impossible date", []FieldValue{{21, `{"style":"coming-soon","place":"Wien","date":"31.02.2026"}`}}, "[{21 [families.errors.signature_date]}]"},
		{"signature required", []FieldValue{{21, ""}}, "[{21 [validation.required]}]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ValidateCatalogFieldValues(c, tt.values)
			if err != nil {
				t.Fatal(err)
			}
			if s := fmt.Sprint(got); s != tt.want {
				t.Errorf("got %v, want %s", got, tt.want)
			}
		})
	}
}

// Without catalog data (ValidateFieldValues) the structure is still checked, membership is not.
func TestFamilyFieldValuesWithoutCatalogData(t *testing.T) {
	defs := FieldDefinitions(familyProducts())
	got, err := ValidateFieldValues(defs, []FieldValue{{13, "9999"}, {14, "24"}, {16, `{"street":"a"}`}, {21, `{"style":"sacramento-regular","place":"Graz","date":"01.01.2001"}`}})
	if err != nil {
		t.Fatal(err)
	}
	if s := fmt.Sprint(got); s != "[{16 [families.errors.street_number_required]}]" {
		t.Errorf("got %s", s)
	}
}

func TestFamilyMessageKeysAreDistinct(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range FamilyMessageKeys {
		if seen[k] || !strings.HasPrefix(k, "families.errors.") {
			t.Errorf("key %q repeated or outside families.errors", k)
		}
		seen[k] = true
	}
}

// The frontend's twin (util-fields families.ts) reports the same keys, so every server message
// has its text there (the ui-fields spec checks both languages for each of its keys).
func TestFamilyMessageKeysMatchTheFrontend(t *testing.T) {
	testrun.Outside() // the frontend is outside this module
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "frontend", "libs", "shared", "util-fields", "src", "lib", "families.ts"))
	if err != nil {
		t.Skipf("frontend sources not beside the service: %v", err)
	}
	found := regexp.MustCompile(`'(families\.errors\.[a-z_]+)'`).FindAllStringSubmatch(string(src), -1)
	var ts []string
	for _, m := range found {
		ts = append(ts, m[1])
	}
	goKeys := slices.Clone(FamilyMessageKeys)
	slices.Sort(goKeys)
	slices.Sort(ts)
	if !slices.Equal(goKeys, ts) {
		t.Errorf("Go keys %v,\nfamilies.ts keys %v", goKeys, ts)
	}
}
