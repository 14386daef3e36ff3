package mail

import (
	"testing"

	"github.com/hostcart/checkout/services/order/domain"
)

// The mail words the contract terms as the confirm page's box (contract-box.spec.tsx): a business
// the catalog's renewal and notice, a consumer at most one month's notice and then open-ended
// (§ 309 Nr. 9 BGB); orders that do not know the audience or the notice repeat none.
func TestContractTerms(t *testing.T) {
	line := func(kind string, maturity, notice int32) domain.Line {
		return domain.Line{Kind: kind, Display: &domain.LineDisplay{MaturityMonths: maturity, CancelationDays: &notice}}
	}
	business, consumer := int32(0), int32(1)
	cases := []struct {
		name   string
		l      domain.Line
		group  *int32
		locale string
		want   string
	}{
		{"business, quarter's notice", line(domain.KindProduct, 12, 90), &business, "en-GB",
			"Minimum term 12 months, then renews for 12 months at a time; can be cancelled with a notice period of 3 months to the end of the term."},
		{"business, German", line(domain.KindProduct, 12, 90), &business, "de-DE",
			"Mindestlaufzeit 12 Monate, verlängert sich danach um jeweils 12 Monate, kündbar mit einer Frist von 3 Monaten zum Ende der Laufzeit."},
		{"business, no notice", line(domain.KindProduct, 1, 0), &business, "de-DE",
			"Mindestlaufzeit 1 Monat, verlängert sich danach um jeweils 1 Monat, kündbar zum Ende der Laufzeit."},
		{"business, days", line(domain.KindAddon, 1, 14), &business, "de-DE",
			"Mindestlaufzeit 1 Monat, verlängert sich danach um jeweils 1 Monat, kündbar mit einer Frist von 14 Tagen zum Ende der Laufzeit."},
		{"consumer, notice cut to a month", line(domain.KindProduct, 24, 90), &consumer, "en-GB",
			"Minimum term 24 months; can be cancelled with a notice period of 1 month to the end of the minimum term; after that the contract runs for an indefinite period and can be cancelled at any time with one month's notice."},
		{"consumer, German", line(domain.KindProduct, 12, 90), &consumer, "de-DE",
			"Mindestlaufzeit 12 Monate, kündbar mit einer Frist von 1 Monat zum Ende der Mindestlaufzeit; danach läuft der Vertrag auf unbestimmte Zeit und ist jederzeit mit einer Frist von einem Monat kündbar."},
		{"consumer, shorter notice kept", line(domain.KindProduct, 12, 1), &consumer, "en-GB",
			"Minimum term 12 months; can be cancelled with a notice period of 1 day to the end of the minimum term; after that the contract runs for an indefinite period and can be cancelled at any time with one month's notice."},
		{"consumer, no notice", line(domain.KindProduct, 12, 0), &consumer, "de-DE",
			"Mindestlaufzeit 12 Monate, kündbar zum Ende der Mindestlaufzeit; danach läuft der Vertrag auf unbestimmte Zeit und ist jederzeit mit einer Frist von einem Monat kündbar."},
		{"one-off", line(domain.KindAddon, 0, 0), &consumer, "en-GB", "One-off service with no contract term."},
		{"domain, business", line(domain.KindDomain, 0, 0), &business, "de-DE", "Laufzeit 12 Monate, verlängert sich danach um jeweils 12 Monate."},
		{"domain, consumer", line(domain.KindDomain, 0, 0), &consumer, "en-GB",
			"Term 12 months; after that the contract runs for an indefinite period and can be cancelled at any time with one month's notice."},
		{"audience unknown", line(domain.KindProduct, 12, 90), nil, "de-DE", ""},
		{"notice unknown", domain.Line{Kind: domain.KindProduct, Display: &domain.LineDisplay{MaturityMonths: 12}}, &consumer, "de-DE", ""},
	}
	for _, c := range cases {
		if got := contractTerms(c.l, c.group, wordsFor(c.locale)); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
	// The frontend's noticeInText: whole 30-day months from 28 days on, rounded, at least one.
	for days, want := range map[int32]string{28: "1 month", 44: "1 month", 45: "2 months", 60: "2 months", 27: "27 days", 1: "1 day", 0: ""} {
		if got := english.notice(days); got != want {
			t.Errorf("notice of %d days: %q, want %q", days, got, want)
		}
	}
	// German notice periods are dative ("mit einer Frist von 3 Monaten"), terms are not.
	if got := german.notice(90); got != "3 Monaten" {
		t.Errorf("German notice of 90 days: %q", got)
	}
}

// The order.finalized event carries the customer group the mail words the terms for, business
// (0) included, so a business is never told a consumer's terms nor the other way round.
func TestFinalizedCarriesTheGroup(t *testing.T) {
	for _, group := range []int32{0, 1} {
		e := domain.Order{Customer: domain.Customer{Group: group}}.Finalized()
		if e.Customer.Group == nil || *e.Customer.Group != group {
			t.Errorf("group %d: event carries %v", group, e.Customer.Group)
		}
	}
}
