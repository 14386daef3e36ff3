package domain

import (
	"strings"
	"testing"
)

var hostwerk = Brand{AllowCompanies: true, AllowPrivatePersons: true, CountryCode: "DE", Countries: []string{"DE", "AT", "CH"}}

func keys(errs Errors) map[string]string {
	out := map[string]string{}
	for field, vs := range errs {
		out[field] = vs[0].Key
	}
	return out
}

func TestNormalizeBasicInfo(t *testing.T) {
	in := BasicInfo{Group: GroupCompany, FirstName: "  Erika ", LastName: "Mustermann\t", CompanyName: " Muster GmbH ", CompanyVatID: " DE 123 456 789 ", Email: " erika@example.de "}
	got := NormalizeBasicInfo(in, hostwerk)
	want := BasicInfo{Group: GroupCompany, FirstName: "Erika", LastName: "Mustermann", CompanyName: "Muster GmbH", CompanyVatID: "DE123456789", Email: "erika@example.de"}
	if got != want {
		t.Fatalf("company: %+v, want %+v", got, want)
	}
	// A private person's company fields are dropped, not stored and not validated.
	in.Group = GroupPrivate
	if got := NormalizeBasicInfo(in, hostwerk); got.CompanyName != "" || got.CompanyVatID != "" {
		t.Fatalf("private person kept company fields: %+v", got)
	}
	// A brand that allows one kind only forces it, whatever the visitor sent.
	companiesOnly := Brand{AllowCompanies: true, CountryCode: "DE"}
	if got := NormalizeBasicInfo(in, companiesOnly); got.Group != GroupCompany || got.CompanyName != "Muster GmbH" {
		t.Fatalf("companies-only brand: %+v", got)
	}
	privateOnly := Brand{AllowPrivatePersons: true, CountryCode: "DE"}
	in.Group = GroupCompany
	if got := NormalizeBasicInfo(in, privateOnly); got.Group != GroupPrivate || got.CompanyName != "" {
		t.Fatalf("private-only brand: %+v", got)
	}
}

func TestValidateBasicInfo(t *testing.T) {
	valid := BasicInfo{Group: GroupPrivate, FirstName: "Erika", LastName: "Mustermann", Email: "erika@example.de"}
	if errs := ValidateBasicInfo(valid, hostwerk); len(errs) != 0 {
		t.Fatalf("valid private person: %v", errs)
	}
	tooLong := strings.Repeat("a", MaxNameLength+1)
	for name, tt := range map[string]struct {
		in   BasicInfo
		want map[string]string
	}{
		"everything missing":             {BasicInfo{Group: GroupPrivate}, map[string]string{"first_name": "validation.required", "last_name": "validation.required", "email": "validation.required"}},
		"names of 101":                   {BasicInfo{Group: GroupPrivate, FirstName: tooLong, LastName: tooLong, Email: "a@b.de"}, map[string]string{"first_name": "validation.max_length", "last_name": "validation.max_length"}},
		"bad e-mail":                     {BasicInfo{Group: GroupPrivate, FirstName: "E", LastName: "M", Email: "erika.example.de"}, map[string]string{"email": "validation.email"}},
		"company without name":           {BasicInfo{Group: GroupCompany, FirstName: "E", LastName: "M", Email: "a@b.de"}, map[string]string{"company_name": "validation.required"}},
		"company name and VAT id of 101": {BasicInfo{Group: GroupCompany, FirstName: "E", LastName: "M", Email: "a@b.de", CompanyName: tooLong, CompanyVatID: "DE" + strings.Repeat("1", 99)}, map[string]string{"company_name": "validation.max_length", "company_vat_id": "validation.max_length"}},
		"unknown group":                  {BasicInfo{Group: 7, FirstName: "E", LastName: "M", Email: "a@b.de"}, map[string]string{"group": "validation.in"}},
		"unknown gender":                 {BasicInfo{Group: GroupPrivate, Gender: 2, FirstName: "E", LastName: "M", Email: "a@b.de"}, map[string]string{"gender": "validation.in"}},
	} {
		if got := keys(ValidateBasicInfo(tt.in, hostwerk)); !equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", name, got, tt.want)
		}
	}
	// Without normalisation forcing it, a company at a private-only brand is refused at the group.
	privateOnly := Brand{AllowPrivatePersons: true, CountryCode: "DE"}
	company := BasicInfo{Group: GroupCompany, FirstName: "E", LastName: "M", Email: "a@b.de", CompanyName: "X GmbH"}
	if got := keys(ValidateBasicInfo(company, privateOnly)); got["group"] != KeyGroupNotAllowed {
		t.Errorf("company at a private-only brand: %v", got)
	}
}

func TestAddress(t *testing.T) {
	in := Address{Street: " Hauptstraße 1 ", PostalCode: " 10115", City: "Berlin ", Phone: " +49 30 901820 "}
	a := NormalizeAddress(in, hostwerk)
	if a != (Address{Street: "Hauptstraße 1", PostalCode: "10115", City: "Berlin", CountryCode: "DE", Phone: "+49 30 901820"}) {
		t.Fatalf("normalised: %+v (the country defaults to the brand's)", a)
	}
	if errs := ValidateAddress(a, hostwerk); len(errs) != 0 {
		t.Fatalf("valid address: %v", errs)
	}
	// A national number is read in the address's country: 030 901820 is a Berlin number.
	a.Phone = "030 901820"
	if errs := ValidateAddress(a, hostwerk); len(errs) != 0 {
		t.Fatalf("national number: %v", errs)
	}
	a.Phone = "+49 30 901820" // international, so each case below breaks one rule only
	for name, tt := range map[string]struct {
		mod  func(*Address)
		want map[string]string
	}{
		"street of 201":      {func(a *Address) { a.Street = strings.Repeat("s", MaxStreetLength+1) }, map[string]string{"street": "validation.max_length"}},
		"postal code of 11":  {func(a *Address) { a.PostalCode = "12345678901" }, map[string]string{"postal_code": "validation.max_length"}},
		"no city":            {func(a *Address) { a.City = "" }, map[string]string{"city": "validation.required"}},
		"no phone":           {func(a *Address) { a.Phone = "" }, map[string]string{"phone": "validation.required"}},
		"letters in phone":   {func(a *Address) { a.Phone = "030 CALLME" }, map[string]string{"phone": KeyPhoneInvalid}},
		"dash in phone":      {func(a *Address) { a.Phone = "030-901820" }, map[string]string{"phone": KeyPhoneInvalid}},
		"plus inside":        {func(a *Address) { a.Phone = "030+901820" }, map[string]string{"phone": KeyPhoneInvalid}},
		"too few digits":     {func(a *Address) { a.Phone = "+49 30" }, map[string]string{"phone": KeyPhoneInvalid}},
		"country not served": {func(a *Address) { a.CountryCode = "FR" }, map[string]string{"country_code": KeyCountryNotSupported}},
	} {
		b := a
		tt.mod(&b)
		if got := keys(ValidateAddress(b, hostwerk)); !equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", name, got, tt.want)
		}
	}
}

func TestResetUnsupportedCountry(t *testing.T) {
	a := Address{Street: "Rue 1", PostalCode: "75001", City: "Paris", CountryCode: "FR", Phone: "+33 1 23 45 67 89"}
	got, reset := ResetUnsupportedCountry(a, hostwerk)
	if !reset || got.CountryCode != "DE" || got.City != "" || got.PostalCode != "" || got.Street != "Rue 1" || got.Phone != a.Phone {
		t.Fatalf("reset = %v, %+v; want the brand's country with city and postal code cleared", reset, got)
	}
	a.CountryCode = "AT"
	if got, reset := ResetUnsupportedCountry(a, hostwerk); reset || got != a {
		t.Fatalf("a served country was reset: %+v", got)
	}
	// A brand without a country list serves its own country only.
	if (Brand{CountryCode: "AT"}).Supports("DE") || !(Brand{CountryCode: "AT"}).Supports("at") {
		t.Fatal("Supports without a country list")
	}
}

func equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestSessionCustomerValidated(t *testing.T) {
	info := BasicInfo{Group: GroupPrivate, FirstName: "Erika", LastName: "Mustermann", Email: "erika@example.de"}
	addr := Address{Street: "Hauptstr. 1", PostalCode: "10115", City: "Berlin", CountryCode: "DE", Phone: "+49 30 1234567"}
	if (SessionCustomer{BasicInfo: &info}).Validated(hostwerk) {
		t.Error("validated without an address")
	}
	if (SessionCustomer{Address: &addr}).Validated(hostwerk) {
		t.Error("validated without basic info")
	}
	if !(SessionCustomer{BasicInfo: &info, Address: &addr}).Validated(hostwerk) {
		t.Error("both forms valid, not validated")
	}
	// The brand stopped taking private persons after the form was stored.
	companiesOnly := hostwerk
	companiesOnly.AllowPrivatePersons = false
	if (SessionCustomer{BasicInfo: &info, Address: &addr}).Validated(companiesOnly) {
		t.Error("validated against rules the stored form breaks")
	}
}
