package domain

import "time"

// States of a recorded mandate: open until the order service is found to carry it (ordered, never
// touched again) or the sweep found no order carrying it once it was old enough (abandoned: the
// debtor's data wiped, the row kept as the audit trail).
const (
	MandateOpen      = "open"
	MandateOrdered   = "ordered"
	MandateAbandoned = "abandoned"
)

// MandateClaim is a mandate the sweep of abandoned mandates took: which order it was recorded for.
type MandateClaim struct {
	Reference, OrderID string
	SignedAt           time.Time
}

// Ref is the question the order service answers about the claim: does the order carry it.
func (c MandateClaim) Ref() PaymentRef {
	return PaymentRef{Provider: RefSEPA, Reference: c.Reference, OrderID: c.OrderID}
}
