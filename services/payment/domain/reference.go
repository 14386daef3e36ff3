package domain

import (
	"time"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
)

// Providers of payment references (the order service's names).
const (
	RefCard   = paymenttypes.RefCard
	RefPayPal = paymenttypes.RefPayPal
)

// States of a recorded payment reference.
const (
	RefOpen   = "open"
	RefPaid   = "paid"
	RefVoided = "voided"
)

// PaymentRef is a card authorisation or PayPal subscription the service made for a session.
type PaymentRef struct {
	Provider, Reference, SessionID string
	CreatedAt                      time.Time
}
