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
