package domain

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"
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

// FuzzCustomerForms drives what a visitor types into the customer forms through everything the
// customer service does with it; form picks which. A company's VAT id (even forms; a): normalisation,
// validation, the country of its prefix, whether VIES must check it and the tax position it leads
// to. None of it may panic, and what passes validation is an id the VIES adapters can split: only
// ASCII, with a country that is two upper-case letters or none. The address's phone and country
// (odd forms; a and b): see checkAddress.
func FuzzCustomerForms(f *testing.F) {
	for _, seed := range []string{
		"", "DE123456789", " DE 123 456 789 ", "ATU12345678", "EL123456789", "el1", "CHE-123.456.789 MWST",
		"ı", "ſ", "ıX123", "ſX123", "Xı", "ıı", "ſſ", "DEı", "İX1", "ǅX1", "ẞX1", "ﬀX1", "\xc4", "\xff\xfe1", "D\xc4",
		strings.Repeat("1", MaxVatIDLength+1), "\u00a0DE1", "DE\u20281",
		// Found by the fuzzer: invalid bytes around a space joined into U+0085 (white space).
		"\xff\x87\xaa\xb4\xac\x8b\x94\xdf\xea\x85\xff\xc2 \x8500",
	} {
		f.Add(uint8(0), seed, "")
	}
	for _, seed := range [][2]string{
		{"+49 30 1234567", "DE"}, {"030 1234567", "de"}, {"01 2345678", "AT"}, {"+43 1 2345678", " at "}, {"044 668 18 00", "CH"},
		{"+41 44 668 18 00", "DE"}, {"+1 202 555 0143", "DE"}, {"030 1234567", ""}, {"030-1234567", "DE"}, {"49+30", "DE"},
		{"++49 30 1234567", "DE"}, {"+", "DE"}, {"0", "DE"}, {strings.Repeat("1", 300), "DE"}, {"030 1234567", "XX"},
		{"030 1234567", "D\u212a"}, {"+421 2 1234 5678", "S\u212a"}, {"+45 32 12 34 56", "d\u212a"}, {"+49 30 1234567", "\u017fT"}, {"+49 30 1234567", "ᴬT"},
		{"+49 30 1234567", "\xff"}, {"\u0660\u0663\u0660", "DE"}, {"+49\u00a030\u00a01234567", "DE"},
	} {
		f.Add(uint8(1), seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, form uint8, a, b string) {
		if form%2 == 1 {
			checkAddress(t, a, b)
			return
		}
		raw := a
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

// addressBrand delivers to countries whose letters have look-alikes that fold to them: the Kelvin
// sign to K (DK, SK), the long s to S (SK).
var addressBrand = Brand{AllowPrivatePersons: true, CountryCode: "DE", Countries: []string{"DE", "AT", "CH", "DK", "SK"}}

// checkAddress: an address with phone and country normalises to itself when normalised again, is
// refused at those two fields only (the others are valid), and when accepted has one of the
// brand's countries exactly as the brand writes it (upper-case ASCII: tax and phone rules key on
// it) and a phone of digits, spaces and one leading '+' that libphonenumber reads as a valid
// number, the same number again from its E.164 form.
func checkAddress(t *testing.T, phone, country string) {
	t.Helper()
	in := Address{Street: "Hauptstr. 1", PostalCode: "10115", City: "Berlin", CountryCode: country, Phone: phone}
	addr := NormalizeAddress(in, addressBrand)
	if again := NormalizeAddress(addr, addressBrand); again != addr {
		t.Fatalf("normalising %+v twice: %+v then %+v", in, addr, again)
	}
	errs := ValidateAddress(addr, addressBrand)
	for field := range errs {
		if field != "phone" && field != "country_code" {
			t.Fatalf("%+v refused at %s: %v", addr, field, errs)
		}
	}
	if len(errs) > 0 {
		return
	}
	if !slices.Contains(addressBrand.Countries, addr.CountryCode) {
		t.Fatalf("accepted country %q (typed %q) is none of the brand's %v", addr.CountryCode, country, addressBrand.Countries)
	}
	if strings.ContainsFunc(addr.Phone, func(r rune) bool { return (r < '0' || r > '9') && r != ' ' && r != '+' }) || strings.LastIndex(addr.Phone, "+") > 0 {
		t.Fatalf("accepted phone %q holds other characters", addr.Phone)
	}
	n, err := phonenumbers.Parse(addr.Phone, addr.CountryCode)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		t.Fatalf("accepted phone %q (%s) is no valid number: %v", addr.Phone, addr.CountryCode, err)
	}
	e164 := phonenumbers.Format(n, phonenumbers.E164)
	back, err := phonenumbers.Parse(e164, "")
	if err != nil || !phonenumbers.IsValidNumber(back) || phonenumbers.Format(back, phonenumbers.E164) != e164 {
		t.Fatalf("accepted phone %q: E.164 %q reads back as %v (%v)", addr.Phone, e164, back, err)
	}
}
