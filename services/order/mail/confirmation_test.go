package mail

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/order/domain"
)

func TestFormatEUR(t *testing.T) {
	for _, c := range []struct {
		cents  int64
		locale string
		want   string
	}{
		{0, "de-DE", "0,00\u00a0€"},
		{5, "de-DE", "0,05\u00a0€"},
		{1190, "de-DE", "11,90\u00a0€"},
		{123456, "de-DE", "1.234,56\u00a0€"},
		{123456789, "de-AT", "1.234.567,89\u00a0€"},
		{-1071, "de-DE", "-10,71\u00a0€"},
		{0, "en-GB", "€0.00"},
		{1190, "en-GB", "€11.90"},
		{123456, "en-GB", "€1,234.56"},
		{100000, "en-GB", "€1,000.00"},
		{-1071, "en-GB", "-€10.71"},
		{1190, "fr-FR", "€11.90"}, // en-GB is the fallback
		{1190, "", "€11.90"},
		{math.MinInt64, "en-GB", "-€92,233,720,368,547,758.08"},
	} {
		if got := FormatEUR(c.cents, c.locale); got != c.want {
			t.Errorf("FormatEUR(%d, %q) = %q, want %q", c.cents, c.locale, got, c.want)
		}
	}
}

// An order placed before the presentation was kept lists its lines' gross amounts and the totals;
// a mail without a brand is still complete; no address, no mail.
func TestConfirmationWithoutPresentationOrBrand(t *testing.T) {
	e := order(t, "hostwerk", "de-DE", false)
	e.Totals.Display = nil
	for i := range e.Lines {
		e.Lines[i].Display = nil
	}
	m, err := Confirmation(e, domain.Brand{})
	if err != nil {
		t.Fatal(err)
	}
	if m.From != "" || m.Subject != "Ihre Bestellung 261127-ABCDEFGH" || !strings.Contains(m.Text, "vielen Dank für Ihre Bestellung. Wir haben sie erhalten.") ||
		!strings.Contains(m.Text, "Gesamtbetrag (inkl. MwSt.): "+FormatEUR(e.Totals.GrossCents, "de-DE")) || strings.Contains(m.Text, "-- ") {
		t.Fatalf("unexpected mail:\n%s\n%s", m.Subject, m.Text)
	}
	e.Customer.Email = " "
	if _, err := Confirmation(e, seedBrands(t)["hostwerk"].Brand); err == nil {
		t.Fatal("a mail without a recipient was rendered")
	}
}

// The SEPA pre-notification names the presentation's gross amount due today, the figure the
// confirm box printed, not one the mail computes; a net brand lists it with its VAT. An order kept
// before the presentation split due today names no amount rather than a recomputed one.
func TestConfirmationDebitIsThePresentationsFigure(t *testing.T) {
	e := order(t, "alpenhost", "de-DE", true)
	f := &e.Totals.Display.Figures
	if f.DueTodayCents != 13988 || f.DueTodayGrossCents != 16786 {
		t.Fatalf("fixture: due today %d net, %d gross", f.DueTodayCents, f.DueTodayGrossCents)
	}
	// A figure no sum of the lines gives: only printing it passes.
	f.DueTodayVATCents, f.DueTodayGrossCents = 2811, 16799
	m, err := Confirmation(e, seedBrands(t)["alpenhost"].Brand)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Heute fällig (zzgl. MwSt.): 139,88\u00a0€", "MwSt. auf den heute fälligen Betrag: 28,11\u00a0€",
		"Heute fällig inkl. MwSt.: 167,99\u00a0€", "Wir ziehen den Betrag von 167,99\u00a0€ am 02.12.2026 per SEPA-Lastschrift"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	f.DueTodayNetCents, f.DueTodayVATCents, f.DueTodayGrossCents = 0, 0, 0
	m, err = Confirmation(e, seedBrands(t)["alpenhost"].Brand)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Wir ziehen den Rechnungsbetrag am 02.12.2026 per SEPA-Lastschrift") || strings.Contains(m.Text, "167,") || strings.Contains(m.Text, "inkl. MwSt.: 0,00") {
		t.Errorf("an order without the split:\n%s", m.Text)
	}
}

// The confirmation on a durable medium repeats the withdrawal information (CHECKOUT-LAW.md): a
// consumer gets the instructions addressed to the brand's company, worded as its country does
// (Germany "Widerruf", Austria "Rücktritt"), with the links to the instructions with the model
// form and to the consumer terms; a business has no withdrawal right and gets its terms' link.
func TestConfirmationWithdrawalInformation(t *testing.T) {
	brands := seedBrands(t)
	for _, c := range []struct {
		brand, locale string
		group         int32
		want, not     []string
	}{
		{"hostwerk", "de-DE", 1, []string{"Widerrufsbelehrung", "binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen",
			"uns (Hostwerk GmbH, Rheinlanddamm 201, 44139 Dortmund, Deutschland, support@hostwerk.de, +49 231 98765-0)",
			"Widerrufsbelehrung und Muster-Widerrufsformular: https://www.hostwerk.de/widerrufsbelehrung",
			"Allgemeine Geschäftsbedingungen: https://www.hostwerk.de/agb/privatkunden"}, []string{"Rücktritt"}},
		{"alpenhost", "de-DE", 1, []string{"Belehrung über das Rücktrittsrecht", "von diesem Vertrag zurückzutreten",
			"Muster-Rücktrittsformular: https://www.alpenhost.at/ruecktritt", "https://www.alpenhost.at/agb\n"}, []string{"Widerruf"}},
		{"alpenhost", "en-GB", 1, []string{"Information on the right of withdrawal", "within fourteen days without giving any reason",
			"model withdrawal form: https://www.alpenhost.at/ruecktritt"}, nil},
		{"hostwerk", "de-DE", 0, []string{"Allgemeine Geschäftsbedingungen: https://www.hostwerk.de/agb/geschaeftskunden"},
			[]string{"Widerruf", "Rücktritt", "privatkunden"}},
	} {
		e := orderFor(t, c.brand, c.locale, true, c.group)
		m, err := Confirmation(e, brands[c.brand].Brand)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.want {
			if !strings.Contains(m.Text, s) {
				t.Errorf("%s %s group %d: text lacks %q", c.brand, c.locale, c.group, s)
			}
		}
		for _, s := range c.not {
			if strings.Contains(m.Text, s) || strings.Contains(m.HTML, s) {
				t.Errorf("%s %s group %d: mentions %q", c.brand, c.locale, c.group, s)
			}
		}
		if c.group == 1 && !strings.Contains(m.HTML, `<a href="`+brands[c.brand].RevocationURL+`">`) {
			t.Errorf("%s %s: the HTML does not link the withdrawal information", c.brand, c.locale)
		}
	}
}

// Whether a consumer asked on the confirm page for the services to start within the withdrawal
// period is repeated by the confirmation (the order's early_start).
func TestConfirmationStatesTheEarlyStartRequest(t *testing.T) {
	brands := seedBrands(t)
	for _, c := range []struct {
		brand string
		asked bool
		want  string
	}{
		{"hostwerk", true, "ausdrücklich verlangt, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung der Dienstleistungen beginnen"},
		{"hostwerk", false, "Wir beginnen mit der Ausführung der Dienstleistungen erst nach Ablauf der Widerrufsfrist."},
		{"alpenhost", true, "zur Kenntnis genommen, dass Ihr Rücktrittsrecht erlischt"},
	} {
		e := orderFor(t, c.brand, "de-DE", true, 1)
		e.EarlyStart = c.asked
		m, err := Confirmation(e, brands[c.brand].Brand)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, c.want) || !strings.Contains(m.HTML, c.want) {
			t.Errorf("%s early start %v: lacks %q", c.brand, c.asked, c.want)
		}
	}
}

// The confirmation is the first debit's pre-notification: it names the day the mandate recorded
// for the first debit (the payment service gives it once, at the order; collection debits on it),
// not one computed again here, and the agreed shorter notice of later debits. An event from before
// the day was recorded names the rule's day of the order (paymenttypes.FirstDebitDue).
func TestConfirmationNamesTheFirstDebitsDueDay(t *testing.T) {
	e := order(t, "hostwerk", "de-DE", true)
	m, err := Confirmation(e, seedBrands(t)["hostwerk"].Brand)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "am 02.12.2026 per SEPA-Lastschrift") || !strings.Contains(m.Text, "spätestens zwei Kalendertage vor der Belastung") ||
		strings.Contains(m.Text, "Fälligkeitsdatum nennen wir Ihnen mit der Rechnung") {
		t.Errorf("German mail:\n%s", m.Text)
	}
	e.Locale = "en-GB"
	if m, _ = Confirmation(e, seedBrands(t)["hostwerk"].Brand); !strings.Contains(m.Text, "by SEPA direct debit on 2 December 2026") {
		t.Errorf("English mail:\n%s", m.Text)
	}

	// The recorded day, even where the order's own time would give another (a mandate signed
	// just after midnight in Germany): the mail never computes its own.
	e.Locale = "de-DE"
	e.SEPA.FirstDebitDue = "2026-12-03"
	if m, _ = Confirmation(e, seedBrands(t)["hostwerk"].Brand); !strings.Contains(m.Text, "am 03.12.2026 per SEPA-Lastschrift") {
		t.Errorf("mail with the recorded day 2026-12-03:\n%s", m.Text)
	}
	// An order placed before the day was recorded: the rule's day of the order's time, which is
	// how the payment service reads its mandate.
	e.SEPA.FirstDebitDue = ""
	e.CreatedAt = time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC) // 00:30 on 28 November in Germany
	if m, _ = Confirmation(e, seedBrands(t)["hostwerk"].Brand); !strings.Contains(m.Text, "am 03.12.2026 per SEPA-Lastschrift") {
		t.Errorf("mail of an event without the recorded day:\n%s", m.Text)
	}
	// A day the mail cannot read is no pre-notification: no mail rather than a wrong day.
	e.SEPA.FirstDebitDue = "03.12.2026"
	if _, err := Confirmation(e, seedBrands(t)["hostwerk"].Brand); err == nil {
		t.Error("a confirmation with an unreadable first debit day was written")
	}
}
