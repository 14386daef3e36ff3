package fields

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func tenantsValue(n int) string {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = fmt.Sprintf(`{"first_name":"F%d","last_name":"L%d"}`, i, i)
	}
	return `{"persons":[` + strings.Join(rows, ",") + `]}`
}

func keysOf(vs []Violation) []string {
	var out []string
	for _, v := range vs {
		out = append(out, v.Key)
	}
	return out
}

// Every family check with good and bad values; the catalog's tests cover the same cases through
// its validate endpoint's code.
func TestFamilyViolations(t *testing.T) {
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	private := `{"private":{"salutation":"ms","first_name":"Ada","last_name":"Lovelace"}}`
	tests := []struct {
		name, component, value string
		byComponent            map[string]string
		want                   []string
	}{
		{"plain input passes anything", "", `{"street":1}`, nil, nil},
		{"unknown component passes", "nsa_customer_type", "9999", nil, nil},
		{"empty value is left to required", ComponentPOBox, "  ", nil, nil},

		{"PO box complete", ComponentPOBox, `{"enabled":true,"number":"4711","zip":"10117","city":"Berlin"}`, nil, nil},
		{"PO box unticked needs nothing", ComponentPOBox, `{"enabled":false,"number":"","zip":"","city":""}`, nil, nil},
		{"PO box ticked needs number, zip and city", ComponentPOBox, `{"enabled":true,"number":" ","zip":"","city":null}`, nil,
			[]string{KeyPOBoxNumberRequired, KeyPOBoxZipRequired, KeyPOBoxCityRequired}},
		{"PO box zip too long", ComponentPOBox, `{"enabled":true,"number":"1","zip":"12345678901","city":"Berlin"}`, nil, []string{KeyPOBoxTooLong}},
		{"PO box not JSON", ComponentPOBox, `yes`, nil, []string{KeyPOBoxInvalid}},
		{"PO box wrong types", ComponentPOBox, `{"enabled":"true","number":1}`, nil, []string{KeyPOBoxInvalid}},
		{"PO box an array", ComponentPOBox, `[]`, nil, []string{KeyPOBoxInvalid}},

		{"street with number", ComponentStreet, `{"street":"Friedrichstraße","number":"12a"}`, nil, nil},
		{"street ranges", ComponentStreet, `{"street":"Hauptstraße","number":"12-14"}`, nil, nil},
		{"street fractions with spaces", ComponentStreet, `{"street":"Hauptstraße","number":"3 / 1"}`, nil, nil},
		{"street without number", ComponentStreet, `{"street":"Hauptstraße","number":""}`, nil, []string{KeyStreetNumberRequired}},
		{"street number no house number", ComponentStreet, `{"street":"Hauptstraße","number":"abc"}`, nil, []string{KeyStreetNumberInvalid}},
		{"street missing", ComponentStreet, `{"number":"3"}`, nil, []string{KeyStreetRequired}},
		{"street too long", ComponentStreet, `{"street":"` + strings.Repeat("a", 201) + `","number":"3"}`, nil, []string{KeyStreetTooLong}},
		{"street upper-case keys are not read", ComponentStreet, `{"Street":"Hauptstraße","Number":"3"}`, nil,
			[]string{KeyStreetRequired, KeyStreetNumberRequired}},
		{"street trailing data", ComponentStreet, `{"street":"a","number":"3"} {}`, nil, []string{KeyStreetInvalid}},
		{"street number not a string", ComponentStreet, `{"street":"a","number":3}`, nil, []string{KeyStreetInvalid}},

		{"eleven tenants", ComponentTenants, tenantsValue(11), nil, nil},
		{"twelve tenants", ComponentTenants, tenantsValue(12), nil, []string{KeyPersonsMax}},
		{"a tenant with one name", ComponentTenants, `{"persons":[{"first_name":"Ada","last_name":""}]}`, nil, []string{KeyPersons}},
		{"tenants not JSON", ComponentTenants, `Ada Lovelace`, nil, []string{KeyPersons}},

		{"private authorisation", ComponentPPOAAuthorization, `{"private":true,"business":false}`, nil, nil},
		{"both authorisations", ComponentPPOAAuthorization, `{"private":true,"business":true}`, nil, nil},
		{"no authorisation ticked", ComponentPPOAAuthorization, `{"private":false,"business":false}`, nil, []string{KeyAuthorizationRequired}},
		{"authorisation an array", ComponentPPOAAuthorization, `["private"]`, nil, []string{KeyAuthorizationInvalid}},
		{"authorisation as text", ComponentPPOAAuthorization, `{"private":"yes"}`, nil, []string{KeyAuthorizationInvalid}},

		{"basic info private form", ComponentPPOABasicInfo, private, nil, nil},
		{"basic info matching its authorisation", ComponentPPOABasicInfo, private,
			map[string]string{ComponentPPOAAuthorization: `{"private":true,"business":false}`}, nil},
		{"business authorisation without its form", ComponentPPOABasicInfo, private,
			map[string]string{ComponentPPOAAuthorization: `{"private":true,"business":true}`}, []string{KeyBasicInfoFormMissing}},
		{"unreadable authorisation is not compared", ComponentPPOABasicInfo, private,
			map[string]string{ComponentPPOAAuthorization: `nope`}, nil},
		{"business form with company", ComponentPPOABasicInfo, `{"business":{"salutation":"mr","first_name":"A","last_name":"B","company":"C GmbH"}}`, nil, nil},
		{"business form needs the company", ComponentPPOABasicInfo, `{"business":{"salutation":"mr","first_name":"A","last_name":"B","company":""}}`, nil,
			[]string{KeyBasicInfoCompany}},
		{"basic info without any form", ComponentPPOABasicInfo, `{}`, nil, []string{KeyBasicInfoRequired}},
		{"basic info bad salutation and one name", ComponentPPOABasicInfo, `{"private":{"salutation":"dr","first_name":"Ada"}}`, nil,
			[]string{KeyBasicInfoSalutation, KeyBasicInfoNameRequired}},
		{"basic info names too long", ComponentPPOABasicInfo, `{"private":{"salutation":"ms","first_name":"` + strings.Repeat("x", 101) + `","last_name":"B"}}`, nil,
			[]string{KeyBasicInfoTooLong}},
		{"basic info form not an object", ComponentPPOABasicInfo, `{"private":"Ada"}`, nil, []string{KeyBasicInfoInvalid}},
		{"basic info member not a string", ComponentPPOABasicInfo, `{"private":{"salutation":"ms","first_name":1,"last_name":"B"}}`, nil, []string{KeyBasicInfoInvalid}},

		{"signature today", ComponentPPOASignature, `{"style":"montez-regular","place":"Berlin","date":"25.11.2026"}`, nil, nil},
		{"signature yesterday (another time zone)", ComponentPPOASignature, `{"style":"coming-soon","place":"Wien","date":"24.11.2026"}`, nil, nil},
		{"signature tomorrow (another time zone)", ComponentPPOASignature, `{"style":"sacramento-regular","place":"Wien","date":"26.11.2026"}`, nil, nil},
		{"signature last week", ComponentPPOASignature, `{"style":"coming-soon","place":"Wien","date":"18.11.2026"}`, nil, []string{KeySignatureDate}},
		{"signature impossible date", ComponentPPOASignature, `{"style":"coming-soon","place":"Wien","date":"31.02.2026"}`, nil, []string{KeySignatureDate}},
		{"signature date without zeros", ComponentPPOASignature, `{"style":"coming-soon","place":"Wien","date":"5.1.2026"}`, nil, []string{KeySignatureDate}},
		{"signature unknown style, no place, ISO date", ComponentPPOASignature, `{"style":"comic-sans","place":"","date":"2026-11-25"}`, nil,
			[]string{KeySignatureStyle, KeySignaturePlaceRequired, KeySignatureDate}},
		{"signature place too long", ComponentPPOASignature, `{"style":"coming-soon","place":"` + strings.Repeat("p", 101) + `","date":"25.11.2026"}`, nil,
			[]string{KeySignatureTooLong}},
		{"signature not an object", ComponentPPOASignature, `"montez-regular"`, nil, []string{KeySignatureInvalid}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := keysOf(FamilyViolations(tt.component, tt.value, tt.byComponent, now)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FamilyViolations(%s, %s) = %v, want %v", tt.component, tt.value, got, tt.want)
			}
		})
	}
}

// A zero clock checks the date's format only: a value stored days ago stays acceptable.
func TestFamilySignatureWithoutClock(t *testing.T) {
	old := `{"style":"coming-soon","place":"Wien","date":"01.01.2001"}`
	if got := FamilyViolations(ComponentPPOASignature, old, nil, time.Time{}); got != nil {
		t.Errorf("zero clock: %v", got)
	}
	if got := keysOf(FamilyViolations(ComponentPPOASignature, `{"style":"coming-soon","place":"Wien","date":"2001"}`, nil, time.Time{})); !reflect.DeepEqual(got, []string{KeySignatureDate}) {
		t.Errorf("zero clock, bad format: %v", got)
	}
	if got := keysOf(FamilyViolations(ComponentPPOASignature, old, nil, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))); !reflect.DeepEqual(got, []string{KeySignatureDate}) {
		t.Errorf("with a clock: %v", got)
	}
}

// Definitions with an input_component get the structure checks in ValidateFields, with the
// field param like every other violation, and the persons keys once.
func TestValidateFieldsChecksFamilies(t *testing.T) {
	mk := func(key, rules, component string) Definition {
		d, err := NewDefinition(key, "", rules)
		if err != nil {
			t.Fatal(err)
		}
		d.InputComponent = component
		return d
	}
	defs := []Definition{
		mk("nsa_po_box", "", ComponentPOBox),
		mk("nsa_additional_tenants", "persons", ComponentTenants),
		mk("ppoa_authorization", "required", ComponentPPOAAuthorization),
		mk("ppoa_basic_info", "required", ComponentPPOABasicInfo),
		mk("ppoa_signature", "required", ComponentPPOASignature),
	}
	got := ValidateFieldsAt(defs, map[string]string{
		"nsa_po_box":             `{"enabled":true,"number":"1","zip":"","city":"Berlin"}`,
		"nsa_additional_tenants": tenantsValue(12),
		"ppoa_authorization":     `{"private":false,"business":true}`,
		"ppoa_basic_info":        `{"private":{"salutation":"ms","first_name":"A","last_name":"B"}}`,
		"ppoa_signature":         `{"style":"coming-soon","place":"Wien","date":"01.01.2001"}`,
	}, time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC))
	want := map[string][]string{
		"nsa_po_box":             {KeyPOBoxZipRequired},
		"nsa_additional_tenants": {KeyPersonsMax},
		"ppoa_basic_info":        {KeyBasicInfoFormMissing},
		"ppoa_signature":         {KeySignatureDate},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, w := range want {
		if g := keysOf(got[k]); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: got %v, want %v", k, g, w)
		}
		for _, v := range got[k] {
			if v.Params["field"] != k {
				t.Errorf("%s: params %v lack the field", k, v.Params)
			}
		}
	}
	// Without a clock ValidateFields accepts the old signature; a required family field still
	// needs a value.
	got = ValidateFields(defs, map[string]string{"ppoa_signature": `{"style":"coming-soon","place":"Wien","date":"01.01.2001"}`})
	if _, bad := got["ppoa_signature"]; bad {
		t.Errorf("ValidateFields dated the signature: %v", got)
	}
	if g := keysOf(got["ppoa_authorization"]); !reflect.DeepEqual(g, []string{KeyRequired}) {
		t.Errorf("missing authorisation: %v", g)
	}
}

func TestFamilyMessageKeys(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range FamilyMessageKeys {
		if seen[k] || !strings.HasPrefix(k, "families.errors.") || slices.Contains(MessageKeys, k) {
			t.Errorf("key %q repeated, outside families.errors or among the rule keys", k)
		}
		seen[k] = true
	}
}

// Arbitrary input never panics and reports only known keys.
func FuzzFamilyViolations(f *testing.F) {
	for _, s := range []string{`{}`, `{"enabled":true}`, `{"persons":[1]}`, `{"private":{"salutation":null}}`, `{"date":"29.02.2028"}`} {
		f.Add(s)
	}
	components := []string{ComponentPOBox, ComponentStreet, ComponentTenants, ComponentPPOAAuthorization, ComponentPPOABasicInfo, ComponentPPOASignature}
	now := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, v string) {
		for _, c := range components {
			for _, bad := range FamilyViolations(c, v, map[string]string{ComponentPPOAAuthorization: v}, now) {
				if !slices.Contains(FamilyMessageKeys, bad.Key) && !slices.Contains(MessageKeys, bad.Key) {
					t.Errorf("%s %q: unknown key %s", c, v, bad.Key)
				}
			}
		}
	})
}
