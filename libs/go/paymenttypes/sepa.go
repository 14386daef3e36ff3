package paymenttypes

import (
	"fmt"
	"time"
	_ "time/tzdata" // the shops' zone without the host's zoneinfo (distroless images)
)

// FirstDebitDays is how long after the mandate is signed (the order's placement) the first SEPA
// direct debit falls due. The mandate agrees a pre-notification of at least two calendar days
// instead of the rulebook's 14 (CHECKOUT-LAW.md; payment_form.mandate_prenotification in the
// frontend's texts says "at least five days after the order" and "two calendar days"), and the
// order confirmation, sent at the order, is the first debit's pre-notification.
//
// This is the one rule of the first debit's day: the payment service records the day it gives on
// the mandate when the order is placed (its clock, the signing time), collection reads it from
// there, and the confirmation mail prints the day the mandate recorded.
const FirstDebitDays = 5

// DateLayout writes a due day as the mandate records it and the contracts carry it (ISO 8601).
const DateLayout = "2006-01-02"

// ShopZone is where both brands' customers live (Germany, Austria): a due day is a day there.
var ShopZone = mustZone("Europe/Berlin")

func mustZone(name string) *time.Location {
	z, err := time.LoadLocation(name)
	if err != nil {
		panic(fmt.Sprintf("paymenttypes: zone %s: %v", name, err)) // time/tzdata is embedded: cannot happen
	}
	return z
}

// FirstDebitDue is the day (midnight in ShopZone) the first direct debit of a mandate signed at
// signed falls due: FirstDebitDays after the signing day in the shops' zone, so a late-evening
// order in Germany counts from that day.
func FirstDebitDue(signed time.Time) time.Time {
	d := signed.In(ShopZone)
	return time.Date(d.Year(), d.Month(), d.Day()+FirstDebitDays, 0, 0, 0, 0, ShopZone)
}

// ParseDueDate reads a due day written with DateLayout as midnight in ShopZone.
func ParseDueDate(s string) (time.Time, error) {
	d, err := time.ParseInLocation(DateLayout, s, ShopZone)
	if err != nil {
		return time.Time{}, fmt.Errorf("due date %q: %w", s, err)
	}
	return d, nil
}
