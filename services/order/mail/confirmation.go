package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"

	"github.com/hostcart/checkout/services/order/domain"
)

// The confirmation's two renderings share one view: text/template for the plain text,
// html/template (every value escaped: names and product names are data) for the HTML part.
//
//go:embed templates/*.tmpl
var templateFiles embed.FS

var (
	confirmationText = texttemplate.Must(texttemplate.New("confirmation.txt.tmpl").Funcs(texttemplate.FuncMap{"join": strings.Join}).
				ParseFS(templateFiles, "templates/confirmation.txt.tmpl"))
	confirmationHTML = htmltemplate.Must(htmltemplate.New("confirmation.html.tmpl").Funcs(htmltemplate.FuncMap{"join": strings.Join}).
				ParseFS(templateFiles, "templates/confirmation.html.tmpl"))
)

// row is one line of the order as the confirm page listed it.
type row struct {
	Name  string
	Term  string // "Laufzeit 12 Monate, Abrechnung jährlich"; "" for domains and one-time lines
	Price string // "9,51 € pro Monat", "49,00 € einmalig", "inklusive"; "" when the brand hides it
	Sub   bool   // an addon, upsell or domain of the item above
	// Terms: term, renewal and notice in words as the confirm page's box stated them.
	Terms string
	// Details: the amount per bill, the discount and total of the first term, the renewal price.
	Details []string
}

// total is one row of the totals.
type total struct {
	Label, Amount string
	Strong        bool
}

type view struct {
	Lang, Subject, Greeting, Thanks, OrderNoLabel, OrderNo string
	PricesNote                                             string
	Rows                                                   []row
	Totals                                                 []total
	Renewal, SEPA, Processing, Closing, Team               string
	Questions                                              string
	Withdrawal                                             *withdrawalSection
	Contact                                                []string
	Legal                                                  []string
}

// Confirmation is the order confirmation mail of an order.finalized event, in the order's locale
// (de-* German, else en-GB) and the brand's name (sender, signature, legal footer): the order
// number, the rows the confirm page listed (hide_in_cart addons left out as there) with the same
// figures from the order's price presentation (per month or year, per bill, the first term's
// discount and total, the price from month N+1), the totals (subtotal − discount = first-term
// total, VAT, due today with its VAT on a net brand, renewal), a SEPA order's pre-notification of the
// gross amount due today, the withdrawal information for consumers and the links to the terms. Nothing is recomputed here: an
// order placed before the presentation was kept lists its lines' gross amounts and the totals.
func Confirmation(e domain.FinalizedEvent, b domain.Brand) (Mail, error) {
	if strings.TrimSpace(e.Customer.Email) == "" {
		return Mail{}, fmt.Errorf("confirmation of %s: no e-mail address", e.OrderID)
	}
	w := wordsFor(e.Locale)
	money := func(cents int64) string { return FormatEUR(cents, e.Locale) }
	brandName := b.Name
	if brandName == "" {
		brandName = b.CompanyName
	}
	v := view{Lang: w.lang, OrderNoLabel: w.orderNo, OrderNo: e.OrderCode, Processing: w.processing, Closing: w.closing}
	with := ""
	v.Subject = fmt.Sprintf(w.subject, e.OrderCode)
	if brandName != "" {
		with = fmt.Sprintf(w.withBrand, brandName)
		v.Team = fmt.Sprintf(w.team, brandName)
		v.Subject = fmt.Sprintf(w.subjectBrand, brandName, e.OrderCode)
	}
	v.Thanks = fmt.Sprintf(w.thanks, with)
	if name := recipientName(e.Customer); name != "" {
		v.Greeting = w.greeting + " " + name + ","
	} else {
		v.Greeting = w.anonymous + ","
	}
	due := e.Totals.GrossCents
	if d := e.Totals.Display; d != nil {
		v.PricesNote = w.pricesNet
		if d.PricesWithVAT {
			v.PricesNote = w.pricesGross
		}
		v.Rows = rows(e.Lines, e.Customer.Group, w, money)
		v.Totals, v.Renewal = totals(*d, w, money)
		// The debit is the gross amount of the first invoice, the presentation's figure (the confirm
		// box printed it); an order kept before the presentation had it names no amount.
		due = d.Figures.DueTodayGrossCents
		if due == 0 && d.Figures.DueTodayCents != 0 {
			due = -1
		}
	} else {
		for _, l := range e.Lines {
			v.Rows = append(v.Rows, row{Name: l.Name, Price: money(l.GrossCents), Sub: l.Kind != domain.KindProduct})
		}
		v.Totals = []total{{Label: w.net, Amount: money(e.Totals.NetCents)}, {Label: w.vat, Amount: money(e.Totals.VATCents)},
			{Label: w.gross, Amount: money(e.Totals.GrossCents), Strong: true}}
	}
	if e.SEPA != nil {
		amount := w.sepaUnknownAmount
		if due >= 0 {
			amount = fmt.Sprintf(w.sepaAmount, money(due))
		}
		day, err := firstDebitDue(e)
		if err != nil {
			return Mail{}, fmt.Errorf("confirmation of %s: %w", e.OrderID, err)
		}
		v.SEPA = fmt.Sprintf(w.sepa, amount, formatDate(day, e.Locale), e.SEPA.MandateReference, e.SEPA.CreditorID, e.SEPA.CreditorName)
	}
	v.Withdrawal = withdrawal(e, b)
	v.Questions, v.Contact, v.Legal = footer(b, w)
	if len(v.Contact) == 0 {
		v.Questions = ""
	}

	var text, html bytes.Buffer
	if err := confirmationText.Execute(&text, v); err != nil {
		return Mail{}, fmt.Errorf("confirmation of %s: text: %w", e.OrderID, err)
	}
	if err := confirmationHTML.Execute(&html, v); err != nil {
		return Mail{}, fmt.Errorf("confirmation of %s: html: %w", e.OrderID, err)
	}
	return Mail{From: b.Sender(), To: strings.TrimSpace(e.Customer.Email), Subject: v.Subject, Text: text.String(), HTML: html.String()}, nil
}

// rows lists the lines as the confirm page did: hidden addons left out, the price unit of each
// line, its figures and its contract terms for the customer's group.
func rows(lines []domain.Line, group *int32, w words, money func(int64) string) []row {
	var out []row
	for _, l := range lines {
		d := l.Display
		if d == nil {
			d = &domain.LineDisplay{}
		}
		if d.Hidden {
			continue
		}
		f := d.Figures
		r := row{Name: l.Name, Sub: l.Kind != domain.KindProduct, Terms: contractTerms(l, group, w)}
		switch {
		case d.HidePrice:
		case l.Kind == domain.KindDomain && d.Inclusive:
			r.Price = w.inclusive
		case l.Kind == domain.KindDomain:
			r.Price = fmt.Sprintf(w.perYear, money(f.UnitCents))
		case f.OneTime:
			r.Price = fmt.Sprintf(w.oneTime, money(f.SetupCents))
		default:
			r.Price = fmt.Sprintf(w.perMonth, money(f.UnitCents))
		}
		if l.Kind != domain.KindDomain && !f.OneTime && d.MaturityMonths > 0 {
			r.Term = fmt.Sprintf(w.term, d.MaturityMonths)
			if d.IntervalMonths > 0 {
				r.Term += ", " + fmt.Sprintf(w.interval, w.intervalWords(d.IntervalMonths))
			}
		}
		if !d.HidePrice && !f.OneTime && f.FirstTermCents > 0 && !(l.Kind == domain.KindDomain && d.Inclusive) {
			if d.IntervalMonths > 1 && f.IntervalCents != f.UnitCents && l.Kind != domain.KindDomain {
				r.Details = append(r.Details, fmt.Sprintf(w.perInterval, w.intervalWords(d.IntervalMonths), money(f.IntervalCents)))
			}
			if f.DiscountCents > 0 {
				r.Details = append(r.Details, fmt.Sprintf(w.lineDiscount, f.TermMonths, money(f.DiscountCents)))
			}
			if f.TermMonths > 1 && (l.Kind != domain.KindDomain || f.DiscountCents > 0) {
				r.Details = append(r.Details, fmt.Sprintf(w.lineFirstTerm, f.TermMonths, money(f.FirstTermCents)))
			}
			if f.RenewalUnitCents > 0 && f.RenewalFromMonth > 0 {
				price := fmt.Sprintf(w.perMonth, money(f.RenewalUnitCents))
				if f.UnitMonths == 12 {
					price = fmt.Sprintf(w.perYear, money(f.RenewalUnitCents))
				}
				r.Details = append(r.Details, fmt.Sprintf(w.fromMonth, f.RenewalFromMonth)+": "+price)
			}
		}
		out = append(out, r)
	}
	return out
}

// totals are the confirm page's totals (shared-ui PriceTotals) from the cart's presentation.
func totals(d domain.TotalsDisplay, w words, money func(int64) string) ([]total, string) {
	f := d.Figures
	term := w.firstTermsTotal
	switch {
	case f.FirstTermMonths == 1:
		term = w.firstMonthTotal
	case f.FirstTermMonths > 1:
		term = fmt.Sprintf(w.firstTermTotal, f.FirstTermMonths)
	}
	var out []total
	if f.DiscountCents > 0 {
		out = append(out, total{Label: w.subtotal, Amount: money(f.SubtotalCents)}, total{Label: w.discount, Amount: "−" + money(f.DiscountCents)})
	}
	if d.PricesWithVAT {
		out = append(out, total{Label: fmt.Sprintf(w.grossTotal, term), Amount: money(f.GrossCents), Strong: true},
			total{Label: w.vatIncluded, Amount: money(f.VATCents)})
	} else {
		out = append(out, total{Label: fmt.Sprintf(w.netTotal, term), Amount: money(f.NetCents)}, total{Label: w.vat, Amount: money(f.VATCents)},
			total{Label: fmt.Sprintf(w.grossTotal, term), Amount: money(f.GrossCents), Strong: true})
	}
	if f.DueTodayCents != f.FirstTermCents {
		if d.PricesWithVAT {
			out = append(out, total{Label: w.dueToday, Amount: money(f.DueTodayCents)})
		} else {
			out = append(out, total{Label: w.dueTodayNet, Amount: money(f.DueTodayCents)})
			// The confirm box's "zzgl. … MwSt. = …" of the first invoice (an order kept before
			// the presentation split it lacks the figures).
			if f.DueTodayGrossCents != 0 || f.DueTodayCents == 0 {
				out = append(out, total{Label: w.dueTodayVAT, Amount: money(f.DueTodayVATCents)},
					total{Label: w.dueTodayGross, Amount: money(f.DueTodayGrossCents)})
			}
		}
	}
	prefix := w.afterTerm
	if f.RenewalFromMonth > 0 {
		prefix = fmt.Sprintf(w.fromMonth, f.RenewalFromMonth)
	}
	renewal := ""
	switch {
	case f.RenewalMonthlyCents > 0 && f.RenewalYearlyCents > 0:
		renewal = fmt.Sprintf(w.renewalBoth, prefix, money(f.RenewalMonthlyCents), money(f.RenewalYearlyCents))
	case f.RenewalMonthlyCents > 0:
		renewal = fmt.Sprintf(w.renewalMonthly, prefix, money(f.RenewalMonthlyCents))
	case f.RenewalYearlyCents > 0:
		renewal = fmt.Sprintf(w.renewalYearly, prefix, money(f.RenewalYearlyCents))
	}
	return out, renewal
}

// footer is the brand's contact line and legal footer (imprint): company, address, register, VAT id.
func footer(b domain.Brand, w words) (string, []string, []string) {
	var contact, legal []string
	for _, s := range []string{b.SupportEmail, b.SupportPhone, b.WebsiteURL} {
		if s != "" {
			contact = append(contact, s)
		}
	}
	for _, s := range []string{b.CompanyName, b.CompanyAddress, b.CompanyRegister} {
		if s != "" {
			legal = append(legal, s)
		}
	}
	if b.CompanyVATID != "" {
		label := w.vatIDLabel
		if b.CountryCode == "AT" {
			label = w.vatIDLabelAT
		}
		legal = append(legal, label+" "+b.CompanyVATID)
	}
	return w.questions, contact, legal
}

// recipientName is how the greeting names the customer: first and last name, else the company.
func recipientName(c domain.EventRecipient) string {
	if n := strings.TrimSpace(strings.TrimSpace(c.FirstName) + " " + strings.TrimSpace(c.LastName)); n != "" {
		return n
	}
	return strings.TrimSpace(c.CompanyName)
}

// FormatEUR writes cents as euros the way the frontend's Intl.NumberFormat(locale, {style:
// "currency", currency: "EUR"}) does: de-* "1.234,56 €" (a no-break space before the sign),
// else en-GB "€1,234.56"; negative amounts lead with a minus. (golang.org/x/text/currency places
// the symbol the same way for every language, "€ 90.32": it cannot print the German form.)
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
