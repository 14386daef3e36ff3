package domain

import (
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// What the order store answers, whichever adapter implements it (the use cases' ports in
// service/ports.go name these; adapters/sqlstore returns them).
var (
	ErrOrderNotFound        = apperr.New(apperr.NotFound, KeyNotFound)
	ErrDraftNotFound        = apperr.New(apperr.NotFound, KeyDraftNotFound)
	ErrDraftVersionConflict = apperr.New(apperr.Conflict, KeyDraftVersionConflict)
)

// Placement is everything one PlaceOrder writes.
type Placement struct {
	Order          Order
	IdempotencyKey string
	RequestHash    string
	// CartRevision is the ordered cart's state (CartRevision): the store refuses a second order
	// of one revision of the session's cart with ErrAlreadyPlaced.
	CartRevision string
	// Event is the order.finalized event, written with the order when it is placed at once; nil
	// for an order awaiting SMS validation (VerifySMS writes it on the transition).
	Event *OutboxEvent
	// SMS is the order's first code; nil when none is sent yet (no SMS needed, or no phone known).
	SMS *SMSCode
}

// Statuses of an order's confirmation mail record.
const (
	MailSending  = "sending"
	MailSent     = "sent"
	MailRejected = "rejected"
)

// MailClaim is an order's confirmation mail record as a claim answers it.
type MailClaim struct {
	// Claimed: the caller holds the order's mail now and must send it, then finish or release it.
	Claimed bool
	// Status and ClaimedAt describe the record when not claimed: MailSent or MailRejected (done),
	// or MailSending since ClaimedAt (another attempt holds it).
	Status    string
	ClaimedAt time.Time
	Attempts  int
}
