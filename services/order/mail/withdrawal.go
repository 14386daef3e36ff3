package mail

import (
	"fmt"
	"strings"

	"github.com/hostcart/checkout/services/order/domain"
)

// withdrawalSection is the withdrawal information the confirmation repeats on a durable medium
// (CHECKOUT-LAW.md; § 312f Abs. 2 BGB with Art. 246a § 1 Abs. 2 EGBGB, § 7 Abs. 3 FAGG): the model
// instructions for services (Anlage 1 zu Art. 246a EGBGB; FAGG Anhang I), worded as the brand's
// country does ("Widerruf" in Germany, "Rücktritt" in Austria, as the confirm page's link), with
// the brand's identity and contact as the addressee, whether the customer asked for the services
// to start within the period (the order's early_start, § 356 Abs. 4 BGB, § 18 FAGG), and the links to the instructions with the
// model form and to the general terms.
type withdrawalSection struct {
	Heading    string
	Paragraphs []string
	Links      []link
}

type link struct{ Label, URL string }

// withdrawalWords are the instructions in one language for one country's wording.
type withdrawalWords struct {
	heading string
	// right: %s the addressee (company, address, e-mail, phone).
	right, consequences, earlyStart, end string
	formLink, termsLink                  string
	// asked, notAsked: whether the customer asked on the confirm page for the services to start
	// within the period (the order's early_start), as the confirmation must repeat.
	asked, notAsked string
}

var withdrawalTexts = map[string]withdrawalWords{
	"de": {
		heading: "Widerrufsbelehrung",
		right: "Widerrufsrecht: Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. " +
			"Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses. Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (%s) " +
			"mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. " +
			"Sie können dafür das Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist. Zur Wahrung der Widerrufsfrist reicht es aus, " +
			"dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.",
		consequences: "Folgen des Widerrufs: Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, " +
			"unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. " +
			"Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; " +
			"in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.",
		earlyStart: "Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen sollen, so haben Sie uns einen angemessenen Betrag zu zahlen, " +
			"der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des Widerrufsrechts hinsichtlich dieses Vertrags unterrichten, bereits erbrachten Dienstleistungen " +
			"im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.",
		end: "Ende der Widerrufsbelehrung",
		asked: "Sie haben bei Ihrer Bestellung ausdrücklich verlangt, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung der Dienstleistungen beginnen, " +
			"und zur Kenntnis genommen, dass Ihr Widerrufsrecht erlischt, sobald wir die Dienstleistungen vollständig erbracht haben.",
		notAsked:  "Sie haben nicht verlangt, dass wir vor Ablauf der Widerrufsfrist beginnen: Wir beginnen mit der Ausführung der Dienstleistungen erst nach Ablauf der Widerrufsfrist.",
		formLink:  "Widerrufsbelehrung und Muster-Widerrufsformular",
		termsLink: "Allgemeine Geschäftsbedingungen",
	},
	"de-AT": {
		heading: "Belehrung über das Rücktrittsrecht",
		right: "Rücktrittsrecht: Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen von diesem Vertrag zurückzutreten. " +
			"Die Rücktrittsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses. Um Ihr Rücktrittsrecht auszuüben, müssen Sie uns (%s) " +
			"mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, von diesem Vertrag zurückzutreten, informieren. " +
			"Sie können dafür das Muster-Rücktrittsformular verwenden, das jedoch nicht vorgeschrieben ist. Zur Wahrung der Rücktrittsfrist reicht es aus, " +
			"dass Sie die Mitteilung über die Ausübung des Rücktrittsrechts vor Ablauf der Rücktrittsfrist absenden.",
		consequences: "Folgen des Rücktritts: Wenn Sie von diesem Vertrag zurücktreten, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, " +
			"unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Rücktritt von diesem Vertrag bei uns eingegangen ist. " +
			"Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; " +
			"in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.",
		earlyStart: "Haben Sie verlangt, dass die Dienstleistungen während der Rücktrittsfrist beginnen sollen, so haben Sie uns einen angemessenen Betrag zu zahlen, " +
			"der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des Rücktrittsrechts hinsichtlich dieses Vertrags unterrichten, bereits erbrachten Dienstleistungen " +
			"im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.",
		end: "Ende der Belehrung über das Rücktrittsrecht",
		asked: "Sie haben bei Ihrer Bestellung ausdrücklich verlangt, dass wir vor Ablauf der Rücktrittsfrist mit der Ausführung der Dienstleistungen beginnen, " +
			"und zur Kenntnis genommen, dass Ihr Rücktrittsrecht erlischt, sobald wir die Dienstleistungen vollständig erbracht haben.",
		notAsked:  "Sie haben nicht verlangt, dass wir vor Ablauf der Rücktrittsfrist beginnen: Wir beginnen mit der Ausführung der Dienstleistungen erst nach Ablauf der Rücktrittsfrist.",
		formLink:  "Belehrung über das Rücktrittsrecht und Muster-Rücktrittsformular",
		termsLink: "Allgemeine Geschäftsbedingungen",
	},
	"en": {
		heading: "Information on the right of withdrawal",
		right: "Right of withdrawal: You have the right to withdraw from this contract within fourteen days without giving any reason. " +
			"The withdrawal period expires fourteen days after the day of the conclusion of the contract. To exercise the right of withdrawal, you must inform us (%s) " +
			"of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or an e-mail). " +
			"You may use the model withdrawal form, but it is not obligatory. To meet the withdrawal deadline, it is sufficient for you to send your communication " +
			"concerning your exercise of the right of withdrawal before the withdrawal period has expired.",
		consequences: "Effects of withdrawal: If you withdraw from this contract, we shall reimburse to you all payments received from you without undue delay " +
			"and in any event not later than fourteen days from the day on which we are informed about your decision to withdraw from this contract. " +
			"We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; " +
			"in any event, you will not incur any fees as a result of such reimbursement.",
		earlyStart: "If you requested to begin the performance of services during the withdrawal period, you shall pay us an amount which is in proportion " +
			"to what has been provided until you have communicated us your withdrawal from this contract, in comparison with the full coverage of the contract.",
		end: "End of the information on the right of withdrawal",
		asked: "With your order you expressly asked us to begin the services before the withdrawal period ends, " +
			"and acknowledged that you lose your right of withdrawal once we have fully performed them.",
		notAsked:  "You did not ask us to begin before the withdrawal period ends: we begin the services only after the withdrawal period.",
		formLink:  "Information on the right of withdrawal and model withdrawal form",
		termsLink: "Terms and conditions",
	},
}

// withdrawal is the section for an order: consumers get the instructions and both links; a
// business has no withdrawal right (CHECKOUT-LAW.md, B2C) and gets the link to its terms only. An
// order that does not know its audience (kept before it did) gets the instructions: they may be
// owed, and they harm no business.
func withdrawal(e domain.FinalizedEvent, b domain.Brand) *withdrawalSection {
	key := "en"
	if isGerman(e.Locale) {
		key = "de"
		if b.CountryCode == "AT" {
			key = "de-AT"
		}
	}
	w := withdrawalTexts[key]
	business := e.Customer.Group != nil && *e.Customer.Group == 0
	terms := b.TermsPrivateURL
	if business && b.TermsBusinessURL != "" {
		terms = b.TermsBusinessURL
	}
	s := &withdrawalSection{}
	if !business {
		s.Heading = w.heading
		start := w.notAsked
		if e.EarlyStart {
			start = w.asked
		}
		s.Paragraphs = []string{start, fmt.Sprintf(w.right, addressee(b)), w.consequences, w.earlyStart, w.end}
		if b.RevocationURL != "" {
			s.Links = append(s.Links, link{Label: w.formLink, URL: b.RevocationURL})
		}
	}
	if terms != "" {
		s.Links = append(s.Links, link{Label: w.termsLink, URL: terms})
	}
	if s.Heading == "" && len(s.Links) == 0 {
		return nil
	}
	return s
}

// addressee is whom the withdrawal goes to: the brand's company, its address and its contacts.
func addressee(b domain.Brand) string {
	name := b.CompanyName
	if name == "" {
		name = b.Name
	}
	var parts []string
	for _, s := range []string{name, b.CompanyAddress, b.SupportEmail, b.SupportPhone} {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}
