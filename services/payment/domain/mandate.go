package domain

import (
	"errors"
	"fmt"
	"io"
	"time"
)

// Mandate is a SEPA direct-debit mandate (SEPA Core rulebook): the debtor (holder, IBAN, BIC)
// authorised the creditor (the brand) to debit the account for the order, when the order was placed.
type Mandate struct {
	Reference    string
	OrderID      string
	BrandID      int32
	CreditorID   string
	CreditorName string
	Holder       string
	// IBAN is clear only inside the service (creating, and the collection call); stored sealed.
	IBAN     string
	BIC      string
	Bank     string
	SignedAt time.Time
	// FirstDebitDue is the day the first debit falls due (midnight in paymenttypes.ShopZone),
	// given by paymenttypes.FirstDebitDue when the mandate is made and recorded with it: the
	// order's confirmation announces this day (the pre-notification) and collection debits on it.
	FirstDebitDue time.Time
}

// ErrMandateReferenceTaken: another order's mandate holds the reference (unique per creditor).
var ErrMandateReferenceTaken = errors.New("sepa mandate reference taken by another order")

// mandateAlphabet spells mandate references: upper case and digits without look-alikes (the SEPA
// character set allows more; a reference read out on the phone comes back right).
const mandateAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// NewMandateReference returns a unique mandate reference: "HC", the signing day and twelve random
// characters (20 characters, within the rulebook's 35).
func NewMandateReference(now time.Time, r io.Reader) (string, error) {
	b := make([]byte, 12)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("mandate reference: %w", err)
	}
	out := make([]byte, len(b))
	for i, v := range b {
		out[i] = mandateAlphabet[int(v)%len(mandateAlphabet)]
	}
	return "HC" + now.UTC().Format("060102") + string(out), nil
}
