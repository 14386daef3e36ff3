package mail

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"

	"github.com/hostcart/checkout/services/order/domain"
)

// texts are the confirmation's words in one language.
type texts struct {
	lang       string
	subject    string // followed by the order code
	greeting   string // followed by the customer's name and a comma
	anonymous  string // the greeting without a name
	thanks     string
	orderNo    string
	net        string
	vat        string
	total      string
	processing string
	closing    string
	// sepa is the pre-notification of a SEPA order: amount, mandate reference, creditor id, creditor.
	sepa string
}

var german = texts{
	lang:       "de",
	subject:    "Ihre Bestellung",
	greeting:   "Guten Tag",
	anonymous:  "Guten Tag",
	thanks:     "vielen Dank für Ihre Bestellung. Wir haben sie erhalten.",
	orderNo:    "Bestellnummer",
	net:        "Summe netto",
	vat:        "MwSt.",
	total:      "Gesamtbetrag (inkl. MwSt.)",
	processing: "Ihre Bestellung wird jetzt bearbeitet. Sobald Ihre Produkte bereitstehen, hören Sie wieder von uns.",
	closing:    "Mit freundlichen Grüßen",
	sepa: "Den Betrag von %s ziehen wir per SEPA-Lastschrift von Ihrem Konto ein. Mandatsreferenz: %s, " +
		"Gläubiger-Identifikationsnummer: %s (%s). Das Fälligkeitsdatum nennen wir Ihnen mit der Rechnung.",
}

var english = texts{
	lang:       "en",
	subject:    "Your order",
	greeting:   "Dear",
	anonymous:  "Hello",
	thanks:     "thank you for your order. We have received it.",
	orderNo:    "Order number",
	net:        "Net total",
	vat:        "VAT",
	total:      "Total (incl. VAT)",
	processing: "Your order is now being processed. We will be in touch as soon as your products are ready.",
	closing:    "Kind regards",
	sepa: "We will collect %s from your account by SEPA direct debit. Mandate reference: %s, " +
		"creditor identifier: %s (%s). The invoice tells you the due date.",
}

// german answers whether a locale (de-DE, de-AT, de) reads German; every other locale gets the
// en-GB texts, the shop's fallback language.
func isGerman(locale string) bool {
	lang, _, _ := strings.Cut(strings.ToLower(locale), "-")
	lang, _, _ = strings.Cut(lang, "_")
	return lang == "de"
}

func textsFor(locale string) texts {
	if isGerman(locale) {
		return german
	}
	return english
}

// Confirmation is the order confirmation mail of an order.finalized event, in the order's locale
// (de-* German, else en-GB): the order number, each line with its gross amount, net, VAT and the
// gross total, and that the order is being processed. Amounts are the event's, as the pricing
// computed them; nothing is recomputed here.
func Confirmation(e domain.FinalizedEvent) (Mail, error) {
	if strings.TrimSpace(e.Customer.Email) == "" {
		return Mail{}, fmt.Errorf("confirmation of %s: no e-mail address", e.OrderID)
	}
	t := textsFor(e.Locale)
	money := func(cents int64) string { return FormatEUR(cents, e.Locale) }
	name := recipientName(e.Customer)

	var b strings.Builder
	if name != "" {
		fmt.Fprintf(&b, "%s %s,\n\n", t.greeting, name)
	} else {
		fmt.Fprintf(&b, "%s,\n\n", t.anonymous)
	}
	fmt.Fprintf(&b, "%s\n\n", t.thanks)
	fmt.Fprintf(&b, "%s: %s\n\n", t.orderNo, e.OrderCode)
	for _, l := range e.Lines {
		fmt.Fprintf(&b, "- %s: %s\n", l.Name, money(l.GrossCents))
	}
	if len(e.Lines) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s: %s\n", t.net, money(e.Totals.NetCents))
	fmt.Fprintf(&b, "%s: %s\n", t.vat, money(e.Totals.VATCents))
	fmt.Fprintf(&b, "%s: %s\n\n", t.total, money(e.Totals.GrossCents))
	sepa := ""
	if e.SEPA != nil {
		sepa = fmt.Sprintf(t.sepa, money(e.Totals.GrossCents), e.SEPA.MandateReference, e.SEPA.CreditorID, e.SEPA.CreditorName)
		fmt.Fprintf(&b, "%s\n\n", sepa)
	}
	fmt.Fprintf(&b, "%s\n\n%s\n", t.processing, t.closing)

	greeting := t.anonymous
	if name != "" {
		greeting = t.greeting
	}
	view := htmlView{Lang: t.lang, Greeting: greeting, Name: name, Thanks: t.thanks, OrderNoLabel: t.orderNo, OrderNo: e.OrderCode,
		NetLabel: t.net, Net: money(e.Totals.NetCents), VATLabel: t.vat, VAT: money(e.Totals.VATCents),
		TotalLabel: t.total, Total: money(e.Totals.GrossCents), SEPA: sepa, Processing: t.processing, Closing: t.closing}
	for _, l := range e.Lines {
		view.Lines = append(view.Lines, htmlLine{Name: l.Name, Gross: money(l.GrossCents)})
	}
	var h bytes.Buffer
	if err := confirmationHTML.Execute(&h, view); err != nil {
		return Mail{}, fmt.Errorf("confirmation of %s: %w", e.OrderID, err)
	}
	return Mail{To: strings.TrimSpace(e.Customer.Email), Subject: t.subject + " " + e.OrderCode, Text: b.String(), HTML: h.String()}, nil
}

// recipientName is how the greeting names the customer: first and last name, else the company.
func recipientName(c domain.EventRecipient) string {
	if n := strings.TrimSpace(strings.TrimSpace(c.FirstName) + " " + strings.TrimSpace(c.LastName)); n != "" {
		return n
	}
	return strings.TrimSpace(c.CompanyName)
}

type htmlLine struct{ Name, Gross string }

type htmlView struct {
	Lang, Greeting, Name, Thanks, OrderNoLabel, OrderNo string
	Lines                                               []htmlLine
	NetLabel, Net, VATLabel, VAT, TotalLabel, Total     string
	SEPA, Processing, Closing                           string
}

// confirmationHTML escapes every value (html/template): names and product names are data.
var confirmationHTML = template.Must(template.New("confirmation").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.OrderNoLabel}} {{.OrderNo}}</title></head>
<body style="font-family: sans-serif; color: #1a1a1a;">
<p>{{.Greeting}}{{if .Name}} {{.Name}}{{end}},</p>
<p>{{.Thanks}}</p>
<p>{{.OrderNoLabel}}: <strong>{{.OrderNo}}</strong></p>
<table role="presentation" cellpadding="4" style="border-collapse: collapse;">
{{range .Lines}}<tr><td>{{.Name}}</td><td style="text-align: right; white-space: nowrap;">{{.Gross}}</td></tr>
{{end}}<tr><td>{{.NetLabel}}</td><td style="text-align: right; white-space: nowrap;">{{.Net}}</td></tr>
<tr><td>{{.VATLabel}}</td><td style="text-align: right; white-space: nowrap;">{{.VAT}}</td></tr>
<tr><td><strong>{{.TotalLabel}}</strong></td><td style="text-align: right; white-space: nowrap;"><strong>{{.Total}}</strong></td></tr>
</table>
{{if .SEPA}}<p>{{.SEPA}}</p>
{{end}}<p>{{.Processing}}</p>
<p>{{.Closing}}</p>
</body></html>
`))

// FormatEUR writes cents as euros the way the frontend's Intl.NumberFormat(locale, {style:
// "currency", currency: "EUR"}) does: de-* "1.234,56 €" (a no-break space before the sign),
// else en-GB "€1,234.56"; negative amounts lead with a minus.
func FormatEUR(cents int64, locale string) string {
	sign := ""
	u := uint64(cents)
	if cents < 0 {
		sign, u = "-", uint64(-(cents+1))+1 // also for math.MinInt64
	}
	units, frac := u/100, u%100
	digits := fmt.Sprint(units)
	group, decimal := ",", "."
	if isGerman(locale) {
		group, decimal = ".", ","
	}
	var g strings.Builder
	for i, r := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			g.WriteString(group)
		}
		g.WriteRune(r)
	}
	number := fmt.Sprintf("%s%s%02d", g.String(), decimal, frac)
	if isGerman(locale) {
		return sign + number + "\u00a0€"
	}
	return sign + "€" + number
}
