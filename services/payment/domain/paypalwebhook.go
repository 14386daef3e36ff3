package domain

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// PayPal webhook event types the shop acts on (PayPal's names, "Subscriptions webhooks" and
// "Sales" of PayPal's webhook event names).
const (
	PayPalSubscriptionActivated     = "BILLING.SUBSCRIPTION.ACTIVATED"
	PayPalSubscriptionCancelled     = "BILLING.SUBSCRIPTION.CANCELLED"
	PayPalSubscriptionSuspended     = "BILLING.SUBSCRIPTION.SUSPENDED"
	PayPalSubscriptionPaymentFailed = "BILLING.SUBSCRIPTION.PAYMENT.FAILED"
	PayPalSaleCompleted             = "PAYMENT.SALE.COMPLETED"
	PayPalSaleDenied                = "PAYMENT.SALE.DENIED"
	PayPalSaleRefunded              = "PAYMENT.SALE.REFUNDED"
	PayPalSaleReversed              = "PAYMENT.SALE.REVERSED"
)

// ErrPayPalEventInvalid: the body is not a PayPal webhook event (no JSON object, no id or type).
var ErrPayPalEventInvalid = errors.New("paypal webhook: not an event")

// ErrPayPalSignature: PayPal did not confirm the delivery's signature.
var ErrPayPalSignature = errors.New("paypal webhook: signature not verified")

// PayPalEvent is what the shop reads of a webhook event.
type PayPalEvent struct {
	ID        string
	EventType string
	// ResourceType is subscription, sale, ...
	ResourceType string
	// SubscriptionID is the subscription the event concerns: the resource's id for
	// BILLING.SUBSCRIPTION.*, the sale's billing_agreement_id for PAYMENT.SALE.*; empty when the
	// event names none.
	SubscriptionID string
}

// Bounds of what the parser accepts: PayPal's ids are short; anything longer is not PayPal's.
const (
	maxPayPalID   = 128
	maxPayPalType = 128
)

// ParsePayPalEvent reads a webhook event's id, type and the subscription it concerns. It never
// trusts the event: the signature is verified separately (PayPal's verify-webhook-signature).
func ParsePayPalEvent(body []byte) (PayPalEvent, error) {
	var raw struct {
		ID           string `json:"id"`
		EventType    string `json:"event_type"`
		ResourceType string `json:"resource_type"`
		Resource     struct {
			ID                 string `json:"id"`
			BillingAgreementID string `json:"billing_agreement_id"`
		} `json:"resource"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return PayPalEvent{}, fmt.Errorf("%w: %w", ErrPayPalEventInvalid, err)
	}
	e := PayPalEvent{ID: strings.TrimSpace(raw.ID), EventType: strings.ToUpper(strings.TrimSpace(raw.EventType)),
		ResourceType: strings.TrimSpace(raw.ResourceType)}
	if e.ID == "" || e.EventType == "" || len(e.ID) > maxPayPalID || len(e.EventType) > maxPayPalType || !printable(e.ID) || !printable(e.EventType) {
		return PayPalEvent{}, fmt.Errorf("%w: id %q type %q", ErrPayPalEventInvalid, clip(e.ID), clip(e.EventType))
	}
	switch {
	case strings.HasPrefix(e.EventType, "BILLING.SUBSCRIPTION."):
		e.SubscriptionID = strings.TrimSpace(raw.Resource.ID)
	case strings.HasPrefix(e.EventType, "PAYMENT.SALE."):
		e.SubscriptionID = strings.TrimSpace(raw.Resource.BillingAgreementID)
	}
	if len(e.SubscriptionID) > maxPayPalID || !printable(e.SubscriptionID) {
		return PayPalEvent{}, fmt.Errorf("%w: subscription id %q", ErrPayPalEventInvalid, clip(e.SubscriptionID))
	}
	return e, nil
}

// Notification is the event in the order lifecycle's codes (the card provider's names, which the
// order domain's transition table speaks), with the subscription id as the payment's reference;
// ok is false for events that move no order (other types, or no subscription named).
//
//   - ACTIVATED and SALE.COMPLETED confirm the payment (AUTHORISATION, success);
//   - SALE.DENIED and SUBSCRIPTION.PAYMENT.FAILED refuse it (AUTHORISATION, no success);
//   - CANCELLED and SUSPENDED end the subscription (CANCELLATION): nothing more can be billed;
//   - SALE.REFUNDED is a REFUND, SALE.REVERSED (PayPal's chargeback) a CHARGEBACK.
func (e PayPalEvent) Notification() (Notification, bool) {
	if e.SubscriptionID == "" {
		return Notification{}, false
	}
	n := Notification{PSPReference: e.SubscriptionID, MerchantReference: e.ID}
	switch e.EventType {
	case PayPalSubscriptionActivated, PayPalSaleCompleted:
		n.EventCode, n.Success = "AUTHORISATION", true
	case PayPalSaleDenied, PayPalSubscriptionPaymentFailed:
		n.EventCode, n.Success = "AUTHORISATION", false
	case PayPalSubscriptionCancelled, PayPalSubscriptionSuspended:
		n.EventCode, n.Success = "CANCELLATION", true
	case PayPalSaleRefunded:
		n.EventCode, n.Success = "REFUND", true
	case PayPalSaleReversed:
		n.EventCode, n.Success = "CHARGEBACK", true
	default:
		return Notification{}, false
	}
	return n, true
}

// printable: PayPal's ids and names are ASCII without controls, so a log line never carries
// anything else from an unverified body.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// clip shortens what an error quotes of an unverified body.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// PayPalDelivery is a webhook delivery as PayPal signs it: the transmission headers and the body.
type PayPalDelivery struct {
	TransmissionID, TransmissionTime, TransmissionSig, CertURL, AuthAlgo string
	Body                                                                 []byte
}
