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

// FuzzParsePayPalEvent feeds the PayPal webhook body parser arbitrary bytes (an unverified body
// reaches it before PayPal confirmed the signature): it never panics, an accepted event has an id
// and a type of printable ASCII within bounds, and what it maps to names the event's subscription.
func FuzzParsePayPalEvent(f *testing.F) {
	for _, s := range []string{
		`{"id":"WH-1","event_type":"PAYMENT.SALE.DENIED","resource_type":"sale","resource":{"id":"S1","billing_agreement_id":"I-ABC"}}`,
		`{"id":"WH-2","event_type":"BILLING.SUBSCRIPTION.CANCELLED","resource":{"id":"I-ABC"}}`,
		`{"id":"WH-3","event_type":"billing.subscription.activated","resource":{"id":" I-ABC "}}`,
		`{"id":"","event_type":"X"}`, `{"id":"WH\u0000","event_type":"X"}`, `[]`, `null`, `{"resource":[]}`, "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		e, err := ParsePayPalEvent(body)
		if err != nil {
			return
		}
		if e.ID == "" || e.EventType == "" || !printable(e.ID) || !printable(e.EventType) || !printable(e.SubscriptionID) ||
			len(e.ID) > maxPayPalID || len(e.SubscriptionID) > maxPayPalID {
			t.Fatalf("accepted %+v from %q", e, body)
		}
		if n, ok := e.Notification(); ok && (n.PSPReference != e.SubscriptionID || n.PSPReference == "" || n.EventCode == "") {
			t.Fatalf("event %+v mapped to %+v", e, n)
		}
	})
}
