package mail

import (
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/services/order/domain"
)

// firstDebitDue is the day the confirmation announces for an order's first direct debit (it is
// the debit's pre-notification): the day the mandate recorded when the order was placed
// (payment service, paymenttypes.FirstDebitDue of the signing time), which collection debits on.
// An event of an order placed before the mandate recorded it names none: the same rule gives the
// day from the order's time, as the payment service reads such a mandate.
func firstDebitDue(e domain.FinalizedEvent) (time.Time, error) {
	if e.SEPA != nil && e.SEPA.FirstDebitDue != "" {
		return paymenttypes.ParseDueDate(e.SEPA.FirstDebitDue)
	}
	return paymenttypes.FirstDebitDue(e.CreatedAt), nil
}

var englishMonths = [...]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// formatDate writes a day as the mail's language does: "02.12.2026", "2 December 2026".
func formatDate(d time.Time, locale string) string {
	if isGerman(locale) {
		return d.Format("02.01.2006")
	}
	return fmt.Sprintf("%d %s %d", d.Day(), englishMonths[d.Month()-1], d.Year())
}
