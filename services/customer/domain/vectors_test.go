package domain

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hostcart/checkout/libs/go/testvectors"
)

// libs/testvectors is the contract with the browser: the address screen's phone check
// (frontend/libs/shared/util-fields, libphonenumber-js) runs the same files.

type phoneVector struct {
	Name    string   `json:"name"`
	Country string   `json:"country"`
	Phone   string   `json:"phone"`
	Valid   bool     `json:"valid"`
	Errors  []string `json:"errors"`
}

// TestPhoneVectors: the address's phone field (spec §5: digits, spaces and a leading +, a valid
// number of the address's country or, with +, of any country) accepts exactly the numbers of
// phone.json.
func TestPhoneVectors(t *testing.T) {
	cases := testvectors.Read[[]phoneVector](t, "phone.json")
	if len(cases) < 60 {
		t.Fatalf("only %d vectors", len(cases))
	}
	brand := Brand{CountryCode: "DE"}
	for _, c := range cases {
		if !slices.Contains(brand.Countries, strings.ToUpper(c.Country)) {
			brand.Countries = append(brand.Countries, strings.ToUpper(c.Country))
		}
	}
	seen := map[string]bool{}
	var valid, invalid int
	for _, c := range cases {
		if seen[c.Name] {
			t.Errorf("duplicate name %q", c.Name)
		}
		seen[c.Name] = true
		if c.Valid != (len(c.Errors) == 0) {
			t.Errorf("%s: valid %v but errors %v", c.Name, c.Valid, c.Errors)
		}
		if c.Valid {
			valid++
		} else {
			invalid++
		}
		t.Run(c.Name, func(t *testing.T) {
			in := NormalizeAddress(Address{Street: "Hauptstr. 1", PostalCode: "10115", City: "Berlin", CountryCode: c.Country, Phone: c.Phone}, brand)
			var got []string
			for _, v := range ValidateAddress(in, brand)["phone"] {
				got = append(got, v.Key)
			}
			if !slices.Equal(got, c.Errors) {
				t.Errorf("phone %q in %s: %v, want %v", c.Phone, c.Country, got, c.Errors)
			}
		})
	}
	if valid < 20 || invalid < 20 {
		t.Errorf("%d valid and %d invalid cases: both kinds need many", valid, invalid)
	}
}

type customerVectors struct {
	Rules map[string]string `json:"rules"`
	Cases []struct {
		Name   string   `json:"name"`
		Field  string   `json:"field"`
		Value  string   `json:"value"`
		Valid  bool     `json:"valid"`
		Errors []string `json:"errors"`
	} `json:"cases"`
}

// TestCustomerFieldVectors: the rule texts and limits of the customer forms are those of
// customer-fields.json, and each value there is judged as the file says (after normalising, as the
// service does: trimmed, the VAT id without spaces).
func TestCustomerFieldVectors(t *testing.T) {
	v := testvectors.Read[customerVectors](t, "customer-fields.json")
	if !maps.Equal(v.Rules, Rules) {
		t.Errorf("rules %v, the vectors say %v", Rules, v.Rules)
	}
	brand := Brand{AllowCompanies: true, AllowPrivatePersons: true, CountryCode: "DE"}
	seen := map[string]bool{}
	for _, c := range v.Cases {
		if seen[c.Name] || c.Valid != (len(c.Errors) == 0) {
			t.Errorf("%s: duplicate, or valid disagrees with errors", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			info := BasicInfo{Group: GroupCompany, FirstName: "Erika", LastName: "Mustermann", Email: "erika@example.de", CompanyName: "Muster GmbH"}
			addr := Address{Street: "Hauptstr. 1", PostalCode: "10115", City: "Berlin", CountryCode: "DE", Phone: "+49 30 901820"}
			target := map[string]*string{
				"first_name": &info.FirstName, "last_name": &info.LastName, "email": &info.Email,
				"company_name": &info.CompanyName, "company_vat_id": &info.CompanyVatID,
				"street": &addr.Street, "postal_code": &addr.PostalCode, "city": &addr.City, "phone": &addr.Phone,
			}[c.Field]
			if target == nil {
				t.Fatalf("no form field %q", c.Field)
			}
			*target = c.Value
			errs := ValidateBasicInfo(NormalizeBasicInfo(info, brand), brand)
			for k, vs := range ValidateAddress(NormalizeAddress(addr, brand), brand) {
				errs[k] = vs
			}
			var got []string
			for _, v := range errs[c.Field] {
				got = append(got, v.Key)
			}
			if !slices.Equal(got, c.Errors) {
				t.Errorf("%s %q: %v, want %v", c.Field, c.Value, got, c.Errors)
			}
			delete(errs, c.Field)
			if len(errs) != 0 {
				t.Errorf("other fields refused: %v", keys(errs))
			}
		})
	}
}
