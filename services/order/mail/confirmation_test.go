package mail

import (
	"math"
	"strings"
	"testing"

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
	e := order("hostwerk", "de-DE", false)
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
	if _, err := Confirmation(e, brands["hostwerk"]); err == nil {
		t.Fatal("a mail without a recipient was rendered")
	}
}
