package domain

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Order statuses beyond awaiting_sms and placed (issue 20): the payment's later fate as its provider
// reports it.
const (
	// StatusPaymentPending: the card provider accepted the payment as Pending or Received; the
	// money is not confirmed, so the order is not finalized until its AUTHORISATION notification.
	StatusPaymentPending = "payment_pending"
	// StatusPaymentFailed: the provider refused the authorisation after all.
	StatusPaymentFailed = "payment_failed"
	// StatusCancelled: the payment was cancelled, refunded or charged back; nothing is to be
	// provisioned (or what was is to be stopped).
	StatusCancelled = "cancelled"
)

// Payment notification codes (the card provider's names).
const (
	NotifyAuthorisation  = "AUTHORISATION"
	NotifyCancellation   = "CANCELLATION"
	NotifyRefund         = "REFUND"
	NotifyCancelOrRefund = "CANCEL_OR_REFUND"
	NotifyChargeback     = "CHARGEBACK"
)

// PaymentNotification is what a provider reported about the payment with a reference.
type PaymentNotification struct {
	Provider  string // RefCard or RefPayPal
	Reference string
	EventCode string
	Success   bool
}

// PaymentUnconfirmed reports whether the card provider's result leaves the money unconfirmed.
func PaymentUnconfirmed(pspResult string) bool {
	return pspResult == "Pending" || pspResult == "Received"
}

// InitialStatus is the status an order is placed with: payment_pending while the card payment is
// not confirmed, else awaiting_sms while a required SMS code is missing, else placed (payable:
// finalized at once).
func InitialStatus(o Order) string {
	switch {
	case PaymentUnconfirmed(o.Payment.PSPResult):
		return StatusPaymentPending
	case o.SMSRequired && !o.SMSValidated:
		return StatusAwaitingSMS
	}
	return StatusPlaced
}

// NextStatus is the order lifecycle's one transition table for payment notifications: the status
// an order moves to, and whether it moves. A successful authorisation confirms a pending payment
// (the order then waits for its SMS code, if it still needs one, or is placed); a refused one
// fails an order that was not given up yet; a successful cancellation, refund or chargeback
// cancels it. Anything else (a confirmation of a placed order, an unknown code, a repeat) leaves
// it, so applying a notification twice is applying it once.
func NextStatus(o Order, n PaymentNotification) (string, bool) {
	from := o.Status
	live := from == StatusAwaitingSMS || from == StatusPlaced || from == StatusPaymentPending
	switch strings.ToUpper(n.EventCode) {
	case NotifyAuthorisation:
		if n.Success && from == StatusPaymentPending {
			if o.SMSRequired && !o.SMSValidated {
				return StatusAwaitingSMS, true
			}
			return StatusPlaced, true
		}
		if !n.Success && live {
			return StatusPaymentFailed, true
		}
	case NotifyCancellation, NotifyRefund, NotifyCancelOrRefund, NotifyChargeback:
		if n.Success && (live || from == StatusPaymentFailed) {
			return StatusCancelled, true
		}
	}
	return from, false
}

// Move is what the lifecycle decided for an order: the order as it is afterwards (status and SMS
// validation), the status it left, and the outbox events written with it in the same transaction.
// The store persists it as decided and decides nothing itself.
type Move struct {
	Order  Order
	From   string
	Events []OutboxEvent
}

// Moved reports whether the move changes the order's status.
func (m Move) Moved() bool { return m.Order.Status != m.From }

// ReasonSMSValidated is the reason of the move a validated SMS code makes.
const ReasonSMSValidated = "sms validated"

// OnPaymentNotification decides what a provider's notification does to the order (NextStatus):
// the move with its order.status_changed event, and order.finalized when it makes the order
// placed; false when nothing moves.
func OnPaymentNotification(o Order, n PaymentNotification, at time.Time) (Move, bool, error) {
	to, moves := NextStatus(o, n)
	if !moves {
		return Move{}, false, nil
	}
	m, err := o.transition(to, n.Provider+" "+n.EventCode, at)
	return m, err == nil, err
}

// OnSMSValidated decides what a validated SMS code does to the order: the validation is recorded
// whatever the status; an order awaiting only its code becomes placed, with its
// order.status_changed and order.finalized events. An order waiting for its payment's
// confirmation stays payment_pending (its AUTHORISATION places it, the code then counted).
func OnSMSValidated(o Order, at time.Time) (Move, error) {
	o.SMSValidated = true
	if o.Status != StatusAwaitingSMS {
		return Move{Order: o, From: o.Status}, nil
	}
	return o.transition(StatusPlaced, ReasonSMSValidated, at)
}

// transition moves o to status to and makes the events of the move: order.status_changed always,
// order.finalized when the order becomes placed (payable and validated: fulfilment and the
// confirmation mail follow; it was not placed before, so this happens once per order).
func (o Order) transition(to, reason string, at time.Time) (Move, error) {
	from := o.Status
	o.Status = to
	at = at.UTC().Truncate(time.Millisecond)
	id, err := NewOrderID(at)
	if err != nil {
		return Move{}, err
	}
	changed, err := o.StatusChangedOutbox(id, from, reason, at)
	if err != nil {
		return Move{}, err
	}
	m := Move{Order: o, From: from, Events: []OutboxEvent{changed}}
	if to == StatusPlaced && from != StatusPlaced {
		fe, err := o.placedEvent(at)
		if err != nil {
			return Move{}, err
		}
		m.Events = append(m.Events, fe)
	}
	return m, nil
}

// PlacementEvent is the outbox event written with a new order: order.finalized when it is placed
// at once (payable, no SMS code missing), none while it waits (InitialStatus); its move to placed
// writes it then.
func PlacementEvent(o Order, at time.Time) (*OutboxEvent, error) {
	if o.Status != StatusPlaced {
		return nil, nil
	}
	e, err := o.placedEvent(at)
	if err != nil {
		return nil, err
	}
	return &e, nil
}

func (o Order) placedEvent(at time.Time) (OutboxEvent, error) {
	id, err := NewOrderID(at)
	if err != nil {
		return OutboxEvent{}, err
	}
	return o.FinalizedOutbox(id)
}

// EventStatusChanged names the event of a status move and its subject suffix.
const EventStatusChanged = "order.status_changed"

// StatusChangedEvent is the payload of order.status_changed: which order moved from where to where
// and why (the provider's notification).
type StatusChangedEvent struct {
	Event     string    `json:"event"`
	OrderID   string    `json:"order_id"`
	OrderCode string    `json:"order_code"`
	BrandID   int32     `json:"brand_id"`
	From      string    `json:"from"`
	To        string    `json:"to"`
	Reason    string    `json:"reason"`
	At        time.Time `json:"at"`
}

// StatusChangedOutbox is the outbox row of an order's move, de-duplicated per (order, target).
func (o Order) StatusChangedOutbox(eventID, from, reason string, at time.Time) (OutboxEvent, error) {
	payload, err := json.Marshal(StatusChangedEvent{Event: EventStatusChanged, OrderID: o.ID, OrderCode: o.Code, BrandID: o.BrandID,
		From: from, To: o.Status, Reason: reason, At: at.UTC()})
	if err != nil {
		return OutboxEvent{}, fmt.Errorf("order.status_changed payload: %w", err)
	}
	return OutboxEvent{ID: eventID, Subject: EventStatusChanged, MsgID: EventStatusChanged + ":" + o.ID + ":" + o.Status,
		Payload: payload, CreatedAt: at}, nil
}
