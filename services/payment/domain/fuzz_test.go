package domain

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzSEPAOption feeds the SEPA form's normalisation and rules arbitrary input (issue 21): they
// never panic, a valid IBAN stays valid after normalising again, and the mask never shows more
// than country, check digits and four characters.
func FuzzSEPAOption(f *testing.F) {
	for _, s := range []string{"DE89 3704 0044 0532 0130 00", "AT61 1904 3002 3457 3201", "ıX123", "ſ", "", "DE00", strings.Repeat("9", 300), "de89370400440532013000\u0000"} {
		f.Add(s, "COBADEFFXXX", "Erika Muster")
	}
	f.Fuzz(func(t *testing.T, iban, bic, holder string) {
		for _, show := range []bool{false, true} {
			b := Brand{ShowBankField: show}
			o := Normalize(Option{Holder: holder, IBAN: iban, BIC: bic, Bank: holder, Permission: true}, PaymentType{Slug: SlugSEPA}, b)
			errs := Validate(o, b)
			if len(errs["iban"]) == 0 && !ValidIBAN(o.IBAN) {
				t.Fatalf("IBAN %q accepted but not valid", o.IBAN)
			}
			if again := Normalize(o, PaymentType{Slug: SlugSEPA}, b); again.IBAN != o.IBAN {
				t.Fatalf("normalising twice changed %q to %q", o.IBAN, again.IBAN)
			}
			if m := MaskIBAN(o.IBAN); utf8.ValidString(o.IBAN) && len(o.IBAN) > 8 && strings.Count(m, "•") != len(o.IBAN)-8 {
				t.Fatalf("mask %q of %q", m, o.IBAN)
			}
		}
	})
}
