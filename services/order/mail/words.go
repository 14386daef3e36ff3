package mail

import (
	"fmt"
	"strings"
)

// words are the confirmation mail's and its figures' texts in one language. The price words are
// the confirm page's (frontend i18n price_summary and order_confirm), so the mail reads as the page
// the customer confirmed.
type words struct {
	lang    string
	subject string // %s order code
	// subjectBrand: %s brand, %s order code; the code ends the subject (devstack's tests look
	// for it there).
	subjectBrand string
	withBrand    string // %s brand, appended to subject and thanks
	greeting     string // followed by the customer's name and a comma
	anonymous    string // the greeting without a name
	thanks       string // %s withBrand or ""
	orderNo      string
	// pricesGross, pricesNet: how the line prices are meant (the brand's display mode).
	pricesGross, pricesNet string
	perMonth, perYear      string // %s price
	oneTime, inclusive     string
	term                   string // %d months
	interval               string // %s interval words
	intervals              map[int32]string
	intervalN              string // %d months
	perInterval            string // %s interval words, %s price
	lineDiscount           string // %d months, %s amount
	lineFirstTerm          string // %d months, %s amount
	fromMonth              string // %d month
	afterTerm              string

	subtotal, discount                               string
	firstTermTotal, firstMonthTotal, firstTermsTotal string
	grossTotal, netTotal                             string // %s term words
	vat, vatIncluded, dueToday, dueTodayNet          string
	dueTodayVAT, dueTodayGross                       string
	sepaAmount                                       string // %s amount, as the sepa sentence names it
	sepaUnknownAmount                                string // the debit of an order kept without the figure
	renewalMonthly, renewalYearly, renewalBoth       string // prefix, then prices
	net, gross                                       string // orders without a presentation
	processing, closing, team                        string // team: %s brand
	questions                                        string
	vatIDLabel, vatIDLabelAT                         string
	// sepa: %[1]s amount, %[2]s due date, %[3]s mandate reference, %[4]s creditor id, %[5]s creditor.
	sepa string

	// The contract terms as the confirm page's box words them (frontend i18n
	// order_confirm.contract_box.*): %[1]s term (the renewal is the same term), %[2]s notice.
	termRenewalNotice, termRenewal                 string
	consumerTermsNotice, consumerTerms             string
	domainTerm, domainTermConsumer, oneTimeService string
	monthOne, monthsOther, dayOne, daysOther       string // %d count
	noticeMonthOne, noticeMonthsOther              string // %d count
}

var german = words{
	lang: "de", subject: "Ihre Bestellung %s", subjectBrand: "Ihre %s-Bestellung %s", withBrand: " bei %s", greeting: "Guten Tag", anonymous: "Guten Tag",
	thanks:  "vielen Dank für Ihre Bestellung%s. Wir haben sie erhalten.",
	orderNo: "Bestellnummer", pricesGross: "Alle Preise inkl. MwSt.", pricesNet: "Alle Preise zzgl. MwSt.",
	perMonth: "%s pro Monat", perYear: "%s pro Jahr", oneTime: "%s einmalig", inclusive: "inklusive",
	term: "Laufzeit %d Monate", interval: "Abrechnung %s",
	intervals: map[int32]string{1: "monatlich", 3: "vierteljährlich", 6: "halbjährlich", 12: "jährlich", 24: "alle 24 Monate"},
	intervalN: "alle %d Monate", perInterval: "Betrag je Abrechnung (%s): %s",
	lineDiscount: "Rabatt in den ersten %d Monaten: −%s", lineFirstTerm: "Gesamt für die ersten %d Monate: %s",
	fromMonth: "Ab Monat %d", afterTerm: "Nach der ersten Laufzeit",
	subtotal: "Zwischensumme", discount: "Rabatt",
	firstTermTotal: "Gesamt für die ersten %d Monate", firstMonthTotal: "Gesamt für den ersten Monat", firstTermsTotal: "Gesamt für die jeweils erste Laufzeit",
	grossTotal: "%s inkl. MwSt.", netTotal: "%s zzgl. MwSt.", vat: "MwSt.", vatIncluded: "darin enthaltene MwSt.",
	dueToday: "Heute fällig", dueTodayNet: "Heute fällig (zzgl. MwSt.)",
	dueTodayVAT: "MwSt. auf den heute fälligen Betrag", dueTodayGross: "Heute fällig inkl. MwSt.", sepaUnknownAmount: "den Rechnungsbetrag",
	renewalMonthly: "%s: %s pro Monat", renewalYearly: "%s: %s pro Jahr", renewalBoth: "%s: %s pro Monat und %s pro Jahr",
	net: "Summe netto", gross: "Gesamtbetrag (inkl. MwSt.)",
	processing: "Ihre Bestellung wird jetzt bearbeitet. Sobald Ihre Produkte bereitstehen, hören Sie wieder von uns.",
	closing:    "Mit freundlichen Grüßen", team: "Ihr %s-Team", questions: "Fragen zu Ihrer Bestellung?",
	vatIDLabel: "USt-IdNr.", vatIDLabelAT: "UID-Nr.",
	sepaAmount: "den Betrag von %s",
	sepa: "Wir ziehen %[1]s am %[2]s per SEPA-Lastschrift von Ihrem Konto ein (Vorabinformation). Mandatsreferenz: %[3]s, " +
		"Gläubiger-Identifikationsnummer: %[4]s (%[5]s). Weitere Lastschriften kündigen wir mit der Rechnung spätestens zwei Kalendertage " +
		"vor der Belastung an, wie im Mandat vereinbart.",
	termRenewalNotice:   "Mindestlaufzeit %[1]s, verlängert sich danach um jeweils %[1]s, kündbar mit einer Frist von %[2]s zum Ende der Laufzeit.",
	termRenewal:         "Mindestlaufzeit %[1]s, verlängert sich danach um jeweils %[1]s, kündbar zum Ende der Laufzeit.",
	consumerTermsNotice: "Mindestlaufzeit %[1]s, kündbar mit einer Frist von %[2]s zum Ende der Mindestlaufzeit; danach läuft der Vertrag auf unbestimmte Zeit und ist jederzeit mit einer Frist von einem Monat kündbar.",
	consumerTerms:       "Mindestlaufzeit %[1]s, kündbar zum Ende der Mindestlaufzeit; danach läuft der Vertrag auf unbestimmte Zeit und ist jederzeit mit einer Frist von einem Monat kündbar.",
	domainTerm:          "Laufzeit %[1]s, verlängert sich danach um jeweils %[1]s.",
	domainTermConsumer:  "Laufzeit %[1]s; danach läuft der Vertrag auf unbestimmte Zeit und ist jederzeit mit einer Frist von einem Monat kündbar.",
	oneTimeService:      "Einmalige Leistung ohne Laufzeit.",
	monthOne:            "%d Monat", monthsOther: "%d Monate", dayOne: "%d Tag", daysOther: "%d Tagen",
	noticeMonthOne: "%d Monat", noticeMonthsOther: "%d Monaten",
}

var english = words{
	lang: "en", subject: "Your order %s", subjectBrand: "Your %s order %s", withBrand: " with %s", greeting: "Dear", anonymous: "Hello",
	thanks:  "thank you for your order%s. We have received it.",
	orderNo: "Order number", pricesGross: "All prices include VAT.", pricesNet: "All prices exclude VAT.",
	perMonth: "%s per month", perYear: "%s per year", oneTime: "%s one-time", inclusive: "included",
	term: "%d-month term", interval: "billed %s",
	intervals: map[int32]string{1: "monthly", 3: "quarterly", 6: "every 6 months", 12: "yearly", 24: "every 24 months"},
	intervalN: "every %d months", perInterval: "Amount per bill (%s): %s",
	lineDiscount: "Discount in the first %d months: −%s", lineFirstTerm: "Total for the first %d months: %s",
	fromMonth: "From month %d", afterTerm: "After the first term",
	subtotal: "Subtotal", discount: "Discount",
	firstTermTotal: "Total for the first %d months", firstMonthTotal: "Total for the first month", firstTermsTotal: "Total for each first term",
	grossTotal: "%s incl. VAT", netTotal: "%s excl. VAT", vat: "VAT", vatIncluded: "VAT included",
	dueToday: "Due today", dueTodayNet: "Due today (excl. VAT)",
	dueTodayVAT: "VAT on the amount due today", dueTodayGross: "Due today incl. VAT", sepaUnknownAmount: "the invoice amount",
	renewalMonthly: "%s: %s per month", renewalYearly: "%s: %s per year", renewalBoth: "%s: %s per month and %s per year",
	net: "Net total", gross: "Total (incl. VAT)",
	processing: "Your order is now being processed. We will be in touch as soon as your products are ready.",
	closing:    "Kind regards", team: "The %s team", questions: "Questions about your order?",
	vatIDLabel: "VAT ID", vatIDLabelAT: "VAT ID",
	sepaAmount: "%s",
	sepa: "We will collect %[1]s from your account by SEPA direct debit on %[2]s (pre-notification). Mandate reference: %[3]s, " +
		"creditor identifier: %[4]s (%[5]s). We will announce further debits with the invoice at least two calendar days " +
		"before your account is debited, as agreed in the mandate.",
	termRenewalNotice:   "Minimum term %[1]s, then renews for %[1]s at a time; can be cancelled with a notice period of %[2]s to the end of the term.",
	termRenewal:         "Minimum term %[1]s, then renews for %[1]s at a time; can be cancelled to the end of the term.",
	consumerTermsNotice: "Minimum term %[1]s; can be cancelled with a notice period of %[2]s to the end of the minimum term; after that the contract runs for an indefinite period and can be cancelled at any time with one month's notice.",
	consumerTerms:       "Minimum term %[1]s; can be cancelled to the end of the minimum term; after that the contract runs for an indefinite period and can be cancelled at any time with one month's notice.",
	domainTerm:          "Term %[1]s, then renews for %[1]s at a time.",
	domainTermConsumer:  "Term %[1]s; after that the contract runs for an indefinite period and can be cancelled at any time with one month's notice.",
	oneTimeService:      "One-off service with no contract term.",
	monthOne:            "%d month", monthsOther: "%d months", dayOne: "%d day", daysOther: "%d days",
	noticeMonthOne: "%d month", noticeMonthsOther: "%d months",
}

// isGerman answers whether a locale (de-DE, de-AT, de) reads German; every other locale gets the
// en-GB texts, the shop's fallback language.
func isGerman(locale string) bool {
	lang, _, _ := strings.Cut(strings.ToLower(locale), "-")
	lang, _, _ = strings.Cut(lang, "_")
	return lang == "de"
}

func wordsFor(locale string) words {
	if isGerman(locale) {
		return german
	}
	return english
}

// intervalWords names a billing interval in running text ("jährlich", "every 3 months").
func (w words) intervalWords(months int32) string {
	if s, ok := w.intervals[months]; ok {
		return s
	}
	return fmt.Sprintf(w.intervalN, months)
}
