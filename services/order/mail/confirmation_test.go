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

func event(locale string) domain.FinalizedEvent {
	return domain.FinalizedEvent{Event: domain.EventFinalized, OrderID: "01J0", OrderCode: "261123-ABCDEFGH", BrandID: 1, Locale: locale,
		Status:   domain.StatusPlaced,
		Customer: domain.EventRecipient{Email: " erika@example.org ", FirstName: "Erika", LastName: "Muster"},
		// 900 + 100 net = 1000; 19 % VAT = 190; gross 1071 + 119 = 1190 (the pricing's rounding per line).
		Totals: domain.Totals{NetCents: 1000, VATCents: 190, GrossCents: 1190, Currency: "EUR"},
		Lines: []domain.Line{
			{Kind: domain.KindProduct, Name: "Web M", NetCents: 900, GrossCents: 1071},
			{Kind: domain.KindDomain, Name: "example.de", NetCents: 100, GrossCents: 119},
			{Kind: domain.KindAddon, Name: "SSL <Pro> & Co", NetCents: 125000, GrossCents: 148750},
		},
		CreatedAt: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)}
}

func TestConfirmationGerman(t *testing.T) {
	m, err := Confirmation(event("de-DE"))
	if err != nil {
		t.Fatal(err)
	}
	if m.To != "erika@example.org" || m.Subject != "Ihre Bestellung 261123-ABCDEFGH" {
		t.Fatalf("to %q subject %q", m.To, m.Subject)
	}
	want := "Guten Tag Erika Muster,\n\n" +
		"vielen Dank für Ihre Bestellung. Wir haben sie erhalten.\n\n" +
		"Bestellnummer: 261123-ABCDEFGH\n\n" +
		"- Web M: 10,71\u00a0€\n" +
		"- example.de: 1,19\u00a0€\n" +
		"- SSL <Pro> & Co: 1.487,50\u00a0€\n\n" +
		"Summe netto: 10,00\u00a0€\n" +
		"MwSt.: 1,90\u00a0€\n" +
		"Gesamtbetrag (inkl. MwSt.): 11,90\u00a0€\n\n" +
		"Ihre Bestellung wird jetzt bearbeitet. Sobald Ihre Produkte bereitstehen, hören Sie wieder von uns.\n\n" +
		"Mit freundlichen Grüßen\n"
	if m.Text != want {
		t.Fatalf("text:\n%s\nwant:\n%s", m.Text, want)
	}
	for _, s := range []string{`<html lang="de">`, "Guten Tag Erika Muster,", "<strong>261123-ABCDEFGH</strong>", "10,71\u00a0€",
		"SSL &lt;Pro&gt; &amp; Co", "<strong>11,90\u00a0€</strong>", "wird jetzt bearbeitet"} {
		if !strings.Contains(m.HTML, s) {
			t.Errorf("HTML lacks %q:\n%s", s, m.HTML)
		}
	}
	if strings.Contains(m.HTML, "<Pro>") {
		t.Error("a product name reached the HTML unescaped")
	}
}

func TestConfirmationEnglish(t *testing.T) {
	m, err := Confirmation(event("en-GB"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Your order 261123-ABCDEFGH" {
		t.Fatalf("subject %q", m.Subject)
	}
	want := "Dear Erika Muster,\n\n" +
		"thank you for your order. We have received it.\n\n" +
		"Order number: 261123-ABCDEFGH\n\n" +
		"- Web M: €10.71\n" +
		"- example.de: €1.19\n" +
		"- SSL <Pro> & Co: €1,487.50\n\n" +
		"Net total: €10.00\n" +
		"VAT: €1.90\n" +
		"Total (incl. VAT): €11.90\n\n" +
		"Your order is now being processed. We will be in touch as soon as your products are ready.\n\n" +
		"Kind regards\n"
	if m.Text != want {
		t.Fatalf("text:\n%s\nwant:\n%s", m.Text, want)
	}
	if !strings.Contains(m.HTML, `<html lang="en">`) || !strings.Contains(m.HTML, "€1,487.50") {
		t.Fatalf("HTML:\n%s", m.HTML)
	}
}

func TestConfirmationLocalesAndNames(t *testing.T) {
	e := event("fr-FR")
	e.Customer.FirstName, e.Customer.LastName, e.Customer.CompanyName = "", "", "Muster GmbH"
	m, err := Confirmation(e)
	if err != nil || m.Subject != "Your order 261123-ABCDEFGH" || !strings.HasPrefix(m.Text, "Dear Muster GmbH,\n") {
		t.Fatalf("unknown locale, company only: %q %q %v", m.Subject, m.Text, err)
	}
	e = event("de-AT")
	e.Customer.FirstName, e.Customer.LastName = "", ""
	if m, _ := Confirmation(e); !strings.HasPrefix(m.Text, "Guten Tag,\n") || m.Subject != "Ihre Bestellung 261123-ABCDEFGH" {
		t.Fatalf("de-AT without a name: %q %q", m.Subject, m.Text)
	}
	e = event("en-GB")
	e.Customer = domain.EventRecipient{FirstName: "Erika"}
	if _, err := Confirmation(e); err == nil {
		t.Fatal("a confirmation without an address")
	}
}

// A SEPA order's confirmation is its pre-notification (SEPA rulebook): the amount, the mandate
// reference and the creditor identifier, in both languages; other orders carry no such paragraph.
func TestConfirmationSEPAPreNotification(t *testing.T) {
	e := event("de-DE")
	e.SEPA = &domain.EventSEPA{MandateReference: "HC261127ABCDEFGHJKMN", CreditorID: "DE98ZZZ09999999999", CreditorName: "Hostwerk GmbH"}
	m, err := Confirmation(e)
	if err != nil {
		t.Fatal(err)
	}
	want := "Den Betrag von 11,90\u00a0€ ziehen wir per SEPA-Lastschrift von Ihrem Konto ein. Mandatsreferenz: HC261127ABCDEFGHJKMN, " +
		"Gläubiger-Identifikationsnummer: DE98ZZZ09999999999 (Hostwerk GmbH). Das Fälligkeitsdatum nennen wir Ihnen mit der Rechnung."
	if !strings.Contains(m.Text, want+"\n\n") || !strings.Contains(m.HTML, "<p>"+want+"</p>") {
		t.Fatalf("German pre-notification missing:\n%s\n%s", m.Text, m.HTML)
	}
	e.Locale = "en-GB"
	if m, _ = Confirmation(e); !strings.Contains(m.Text, "We will collect €11.90 from your account by SEPA direct debit. Mandate reference: HC261127ABCDEFGHJKMN, creditor identifier: DE98ZZZ09999999999 (Hostwerk GmbH).") {
		t.Fatalf("English pre-notification missing:\n%s", m.Text)
	}
	if m, _ = Confirmation(event("de-DE")); strings.Contains(m.Text, "Mandatsreferenz") || strings.Contains(m.HTML, "Mandatsreferenz") {
		t.Fatal("a non-SEPA order got a pre-notification")
	}
}
