package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/payment/domain"
)

// PayPal is the PayPal subscriptions port. Outages wrap apperr.Unavailable, refused requests
// domain.ErrPayPalRejected.
type PayPal interface {
	CreateSubscription(ctx context.Context, r domain.SubscriptionRequest, idempotencyKey string) (domain.Subscription, error)
	Subscription(ctx context.Context, id string) (domain.Subscription, error)
	CancelSubscription(ctx context.Context, id, reason string) error
}

// PayPalInput starts a subscription from the browser.
type PayPalInput struct {
	ReturnURL, CancelURL, IdempotencyKey string
}

// cancelReason is what PayPal records for a subscription the shopper abandoned.
const cancelReason = "Cancelled by the shopper before the order was placed"

func (s *service) paypalPorts() error {
	if s.PayPal == nil || s.Carts == nil || s.Shoppers == nil {
		return fmt.Errorf("paypal subscriptions are not configured: %w", ErrCannotBeProcessed)
	}
	return nil
}

// sessionOption is the session's option when it pays with a PayPal subscription.
func (s *service) subscriptionOption(ctx context.Context, what string) (string, domain.Option, error) {
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return "", domain.Option{}, ErrSessionRequired
	}
	option, chosen, err := s.Sessions.Get(ctx, v.SessionID)
	if err != nil {
		return "", domain.Option{}, fmt.Errorf("%s: %w", what, err)
	}
	if !chosen || !domain.IsPayPalSubscriptionType(option.Type) {
		return "", domain.Option{}, ErrPaymentDataMissing
	}
	return v.SessionID, option, nil
}

func (s *service) CreatePayPalSubscription(ctx context.Context, in PayPalInput) (domain.Subscription, error) {
	if err := s.paypalPorts(); err != nil {
		return domain.Subscription{}, err
	}
	if in.IdempotencyKey == "" {
		return domain.Subscription{}, errIdempotencyKey
	}
	if err := s.refuseExistingCustomer(ctx); err != nil {
		return domain.Subscription{}, err
	}
	sessionID, option, err := s.subscriptionOption(ctx, "create paypal subscription")
	if err != nil {
		return domain.Subscription{}, err
	}
	charge, err := s.Carts.Charge(ctx)
	if err != nil {
		return domain.Subscription{}, fmt.Errorf("create paypal subscription: %w", err)
	}
	email, _, err := s.Shoppers.Shopper(ctx)
	if err != nil {
		return domain.Subscription{}, fmt.Errorf("create paypal subscription: %w", err)
	}
	sub, err := s.PayPal.CreateSubscription(ctx, domain.SubscriptionRequest{
		CustomID: providerKey(sessionID, "", "session"), Amount: charge.Amount, ShopperEmail: email, Locale: callctx.From(ctx).Locale,
		ReturnURL: in.ReturnURL, CancelURL: in.CancelURL,
	}, providerKey(sessionID, in.IdempotencyKey, "paypal-create"))
	if err != nil {
		return domain.Subscription{}, s.providerError("create paypal subscription", err)
	}
	// A new subscription replaces an earlier pending one (cancelled at PayPal: it will never be
	// approved through the shop); an approved reference stays until this one is approved, so
	// abandoning PayPal halfway loses nothing.
	if option.PayPalPending != "" && option.PayPalPending != sub.ID {
		if err := s.cancelSubscriptions(ctx, option.PayPalPending); err != nil {
			s.Log.WarnContext(ctx, "replaced pending paypal subscription not cancelled", "error", err)
		}
	}
	option.PayPalPending, option.PendingCharge = sub.ID, charge
	s.record(ctx, domain.RefPayPal, sub.ID, sessionID)
	if err := s.Sessions.Put(ctx, sessionID, option); err != nil {
		return domain.Subscription{}, fmt.Errorf("store pending paypal subscription: %w", err)
	}
	return sub, nil
}

func (s *service) ConfirmPayPalSubscription(ctx context.Context, id string) (domain.Option, error) {
	if err := s.paypalPorts(); err != nil {
		return domain.Option{}, err
	}
	sessionID, option, err := s.subscriptionOption(ctx, "confirm paypal subscription")
	if err != nil {
		return domain.Option{}, err
	}
	if id != "" && id == option.PayPalReference && option.PayPalPending == "" {
		return option, nil // the same return twice (a reload of /confirm)
	}
	if id == "" || id != option.PayPalPending {
		return domain.Option{}, fmt.Errorf("paypal subscription %q is not the session's pending one: %w", id, ErrRefused)
	}
	sub, err := s.PayPal.Subscription(ctx, id)
	if err != nil {
		return domain.Option{}, s.providerError("confirm paypal subscription", err)
	}
	if !sub.Approved() || sub.CustomID != providerKey(sessionID, "", "session") {
		return domain.Option{}, fmt.Errorf("paypal subscription %s is %s: %w", id, sub.Status, ErrRefused)
	}
	// The approved subscription replaces an earlier approved one, which must stop billing.
	if option.PayPalReference != "" && option.PayPalReference != sub.ID {
		if err := s.cancelSubscriptions(ctx, option.PayPalReference); err != nil {
			return domain.Option{}, err
		}
	}
	option.PayPalReference, option.PayPalPending = sub.ID, ""
	option.Charged, option.PendingCharge = option.PendingCharge, domain.Charge{}
	if err := s.Sessions.Put(ctx, sessionID, option); err != nil {
		return domain.Option{}, fmt.Errorf("store paypal reference: %w", err)
	}
	return option, nil
}

func (s *service) CancelPayPalSubscription(ctx context.Context) (domain.Option, error) {
	if err := s.paypalPorts(); err != nil {
		return domain.Option{}, err
	}
	sessionID, option, err := s.subscriptionOption(ctx, "cancel paypal subscription")
	if errors.Is(err, ErrPaymentDataMissing) {
		// Nothing to cancel: the session pays otherwise (or chose nothing).
		o, _, err := s.Sessions.Get(ctx, callctx.From(ctx).SessionID)
		return o, err
	}
	if err != nil {
		return domain.Option{}, err
	}
	if err := s.cancelSubscriptions(ctx, option.PayPalPending, option.PayPalReference); err != nil {
		return domain.Option{}, err
	}
	option.PayPalPending, option.PayPalReference = "", ""
	option.Charged, option.PendingCharge = domain.Charge{}, domain.Charge{}
	if err := s.Sessions.Put(ctx, sessionID, option); err != nil {
		return domain.Option{}, fmt.Errorf("clear paypal subscription: %w", err)
	}
	return option, nil
}

// cancelSubscriptions cancels the given subscriptions at PayPal. A rejected cancel is one PayPal
// no longer has to do (never approved, or gone).
func (s *service) cancelSubscriptions(ctx context.Context, ids ...string) error {
	for _, id := range ids {
		if id == "" {
			continue
		}
		if err := s.PayPal.CancelSubscription(ctx, id, cancelReason); err != nil && !errors.Is(err, domain.ErrPayPalRejected) {
			return s.providerError("cancel paypal subscription "+id, err)
		}
		s.settle(ctx, domain.RefPayPal, id)
	}
	return nil
}
