package mail

import (
	"fmt"
	"time"
	_ "time/tzdata" // the shops' zone without the host's zoneinfo (distroless images)
)

// FirstDebitDays is how long after the order the first SEPA direct debit falls due. The mandate
// agrees a pre-notification of at least two calendar days instead of the rulebook's 14
// (CHECKOUT-LAW.md; payment_form.mandate_prenotification in the frontend's texts says "at least
// five days after the order" and "two calendar days"), and the confirmation, sent at the order,
// is the first debit's pre-notification: it names this day.
const FirstDebitDays = 5

// shopZone is where both brands' customers live (Germany, Austria): the due day is a day there.
var shopZone = mustZone("Europe/Berlin")

func mustZone(name string) *time.Location {
	z, err := time.LoadLocation(name)
	if err != nil {
		panic(fmt.Sprintf("mail: zone %s: %v", name, err)) // time/tzdata is embedded: cannot happen
	}
	return z
}

// FirstDebitDue is the day the first direct debit of an order placed at placed falls due.
func FirstDebitDue(placed time.Time) time.Time {
	d := placed.In(shopZone)
	return time.Date(d.Year(), d.Month(), d.Day()+FirstDebitDays, 0, 0, 0, 0, shopZone)
}

var englishMonths = [...]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// formatDate writes a day as the mail's language does: "02.12.2026", "2 December 2026".
func formatDate(d time.Time, locale string) string {
	if isGerman(locale) {
		return d.Format("02.01.2006")
	}
	return fmt.Sprintf("%d %s %d", d.Day(), englishMonths[d.Month()-1], d.Year())
}
