package domain

import (
	"time"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
)

// Providers of payment references (the order service's names). RefSEPA is a SEPA mandate's
// reference, asked about by the sweep of abandoned mandates (with the mandate's order id).
const (
	RefCard   = paymenttypes.RefCard
	RefPayPal = paymenttypes.RefPayPal
	RefSEPA   = paymenttypes.RefSEPA
)

// States of a recorded payment reference.
const (
	RefOpen   = "open"
	RefPaid   = "paid"
	RefVoided = "voided"
)

// PaymentRef is a card authorisation or PayPal subscription the service made for a session, or
// (RefSEPA) a SEPA mandate with the order it was recorded for (OrderID).
type PaymentRef struct {
	Provider, Reference, SessionID string
	CreatedAt                      time.Time
	OrderID                        string
}
