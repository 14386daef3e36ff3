package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/payment/domain"
)

// PayPalWebhooks verifies that a webhook delivery is PayPal's (the REST adapter asks PayPal's
// verify-webhook-signature; the sandbox checks its own signature). A delivery PayPal does not
// confirm is domain.ErrPayPalSignature; outages wrap apperr.Unavailable.
type PayPalWebhooks interface {
	VerifyWebhook(ctx context.Context, d domain.PayPalDelivery) error
}

// Errors of PayPal's webhook: a delivery PayPal did not sign is not authenticated (HTTP 401; the
// card provider's HMAC failure stays 403), one that is no event is refused (400).
var (
	ErrPayPalBadSignature = apperr.New(apperr.Unauthenticated, "payment.bad_signature")
	errNotificationBad    = apperr.New(apperr.InvalidArgument, "payment.notification_invalid")
)

// PayPalWebhookOutcome is a verified event: whether its id was processed before, and what it
// means for the order paid with its subscription (none for events that move no order).
type PayPalWebhookOutcome struct {
	Event         domain.PayPalEvent
	Duplicate     bool
	Notifications []domain.Notification
}

// notificationKey is the de-duplication key of a PayPal event, apart from the card provider's
// (psp reference, event code) keys in the same store.
func paypalEventKey(id string) string { return "paypal:" + id }

func (s *service) HandlePayPalWebhook(ctx context.Context, d domain.PayPalDelivery) (PayPalWebhookOutcome, error) {
	var out PayPalWebhookOutcome
	if s.PayPalWebhooks == nil || s.Notifications == nil {
		return out, fmt.Errorf("paypal webhooks are not configured: %w", ErrCannotBeProcessed)
	}
	// Parsed before verifying, so a body that is no event costs no call to PayPal.
	e, err := domain.ParsePayPalEvent(d.Body)
	if err != nil {
		return out, fmt.Errorf("paypal webhook: %w: %w", errNotificationBad, err)
	}
	if err := s.PayPalWebhooks.VerifyWebhook(ctx, d); errors.Is(err, domain.ErrPayPalSignature) {
		return out, fmt.Errorf("paypal webhook %s: %w: %w", e.ID, ErrPayPalBadSignature, err)
	} else if err != nil {
		return out, fmt.Errorf("paypal webhook %s: %w", e.ID, err)
	}
	first, err := s.Notifications.FirstTime(ctx, paypalEventKey(e.ID))
	if err != nil {
		return out, fmt.Errorf("paypal webhook %s: %w", e.ID, err)
	}
	out.Event, out.Duplicate = e, !first
	if n, ok := e.Notification(); ok {
		out.Notifications = []domain.Notification{n}
	}
	return out, nil
}
