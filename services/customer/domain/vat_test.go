package domain

import (
	"strings"
	"testing"
	"unicode/utf8"
)

var hostwerkEU = Brand{AllowCompanies: true, AllowPrivatePersons: true, CountryCode: "DE", Countries: []string{"DE", "AT", "CH"},
	EUMembers: map[string]bool{"DE": true, "AT": true, "GR": true, "FR": true}}

func TestVATIDCountry(t *testing.T) {
	for id, want := range map[string]string{
		"DE123456789": "DE", "atu12345678": "AT", "EL123456789": "GR", "el1": "GR", "CHE-123.456.789": "CH",
		"": "", "D": "", "1E23": "", "D1": "", "-DE": "",
		// Letters that upper-case to ASCII with fewer bytes: the panic of issue 21.
		"ıX123": "", "ſX123": "", "Xı": "", "ıı": "", "ſ": "", "ı": "",
		"ÄT123": "", "\xff\xfe": "", "D\xc4": "",
	} {
		if got := VATIDCountry(id); got != want {
			t.Errorf("VATIDCountry(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestWellFormedVATID(t *testing.T) {
	for _, id := range []string{"", "DE123456789", "ATU12345678", "IE1234567FA", "IE1+23456X", "IE1*23456X", "NL123456789B01", "CHE-123.456.789MWST", "fr12/345"} {
		if !WellFormedVATID(id) {
			t.Errorf("WellFormedVATID(%q) = false, want true", id)
		}
	}
	for _, id := range []string{"ıX123", "ſX123", "DEı", "DE 123", "DE\t1", "DE_1", "ДЕ123", "DE123\x00", "\xff"} {
		if WellFormedVATID(id) {
			t.Errorf("WellFormedVATID(%q) = true, want false", id)
		}
	}
}

// A company's VAT id that starts with ı or ſ was stored and then crashed the VIES check; it is
// refused at the field now, with the VAT id's key, and nothing else about the form is wrong.
func TestValidateBasicInfoRefusesMalformedVATID(t *testing.T) {
	for _, id := range []string{"ıX123", "ſX123", " ı X 1 "} {
		info := NormalizeBasicInfo(BasicInfo{Group: GroupCompany, FirstName: "E", LastName: "M", Email: "a@b.de", CompanyName: "X GmbH", CompanyVatID: id}, hostwerkEU)
		if got := keys(ValidateBasicInfo(info, hostwerkEU)); !equal(got, map[string]string{"company_vat_id": KeyVATIDMalformed}) {
			t.Errorf("%q: %v, want company_vat_id %s", id, got, KeyVATIDMalformed)
		}
		if NeedsVATIDCheck(info, hostwerkEU) {
			t.Errorf("%q needs a VIES check", id)
		}
	}
	// A private person's VAT id is dropped before validation, whatever it holds.
	private := NormalizeBasicInfo(BasicInfo{Group: GroupPrivate, FirstName: "E", LastName: "M", Email: "a@b.de", CompanyVatID: "ıX123"}, hostwerkEU)
	if errs := ValidateBasicInfo(private, hostwerkEU); len(errs) != 0 {
		t.Errorf("private person: %v", errs)
	}
	// Too long is reported as too long, not as malformed.
	long := NormalizeBasicInfo(BasicInfo{Group: GroupCompany, FirstName: "E", LastName: "M", Email: "a@b.de", CompanyName: "X", CompanyVatID: "ı" + strings.Repeat("1", MaxVatIDLength)}, hostwerkEU)
	if got := keys(ValidateBasicInfo(long, hostwerkEU)); got["company_vat_id"] != "validation.max_length" {
		t.Errorf("long malformed id: %v", got)
	}
}

// FuzzVATID drives a company's VAT id through everything the customer service does with one a
// visitor typed: normalisation, validation, the country of its prefix, whether VIES must check it
// and the tax position it leads to. None of it may panic, and what passes validation is an id the
// VIES adapters can split: only ASCII, with a country that is two upper-case letters or none.
func FuzzVATID(f *testing.F) {
	for _, seed := range []string{
		"", "DE123456789", " DE 123 456 789 ", "ATU12345678", "EL123456789", "el1", "CHE-123.456.789 MWST",
		"ı", "ſ", "ıX123", "ſX123", "Xı", "ıı", "ſſ", "DEı", "İX1", "ǅX1", "ẞX1", "ﬀX1", "\xc4", "\xff\xfe1", "D\xc4",
		strings.Repeat("1", MaxVatIDLength+1), "\u00a0DE1", "DE\u20281",
		// Found by the fuzzer: invalid bytes around a space joined into U+0085 (white space).
		"\xff\x87\xaa\xb4\xac\x8b\x94\xdf\xea\x85\xff\xc2 \x8500",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if VATIDCountry(raw) != "" && !utf8.ValidString(VATIDCountry(raw)) {
			t.Fatalf("VATIDCountry(%q) = %q", raw, VATIDCountry(raw))
		}
		info := NormalizeBasicInfo(BasicInfo{Group: GroupCompany, FirstName: "E", LastName: "M", Email: "a@b.de", CompanyName: "X GmbH", CompanyVatID: raw}, hostwerkEU)
		if again := NormalizeBasicInfo(info, hostwerkEU); again != info {
			t.Fatalf("normalising %q twice: %q then %q", raw, info.CompanyVatID, again.CompanyVatID)
		}
		errs := ValidateBasicInfo(info, hostwerkEU)
		country := VATIDCountry(info.CompanyVatID)
		if country != "" && (len(country) != 2 || country[0] < 'A' || country[0] > 'Z' || country[1] < 'A' || country[1] > 'Z') {
			t.Fatalf("VATIDCountry(%q) = %q, want two upper-case letters or nothing", info.CompanyVatID, country)
		}
		needs := NeedsVATIDCheck(info, hostwerkEU)
		if needs && !hostwerkEU.EUMembers[country] {
			t.Fatalf("%q needs a VIES check for %q, no EU member", info.CompanyVatID, country)
		}
		if len(errs) == 0 {
			for i := 0; i < len(info.CompanyVatID); i++ {
				if info.CompanyVatID[i] >= utf8.RuneSelf || info.CompanyVatID[i] <= ' ' {
					t.Fatalf("accepted VAT id %q holds byte %#x", info.CompanyVatID, info.CompanyVatID[i])
				}
			}
		} else if _, ok := errs["company_vat_id"]; !ok {
			t.Fatalf("%q refused at other fields: %v", raw, errs)
		}
		check := VATIDCheck{VATID: info.CompanyVatID, Status: VATIDValid}
		_ = SessionCustomer{BasicInfo: &info, Address: &Address{CountryCode: country}, VATIDCheck: &check}.Position()
	})
}
