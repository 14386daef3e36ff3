package domain

import "time"

// Providers of payment references (the order service's names).
const (
	RefCard   = "card"
	RefPayPal = "paypal"
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
