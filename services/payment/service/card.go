package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/payment/domain"
)

// Errors of the card flow (spec §8 payment errors).
var (
	ErrPaymentDataMissing = apperr.New(apperr.FailedPrecondition, "payment.payment_data_missing")
	ErrRefused            = apperr.New(apperr.FailedPrecondition, "payment.refused")
	ErrCannotBeProcessed  = apperr.New(apperr.FailedPrecondition, "payment.cannot_be_processed")
	ErrBadSignature       = apperr.New(apperr.PermissionDenied, "payment.bad_signature")
	errIdempotencyKey     = apperr.New(apperr.InvalidArgument, "payment.idempotency_key_required")
)

// CardProvider is the card provider port (shaped like Adyen Checkout). Outages wrap
// apperr.Unavailable, refused requests domain.ErrProviderRejected.
type CardProvider interface {
	PaymentMethods(ctx context.Context, countryCode, locale string, amount domain.Money) ([]domain.PaymentMethod, error)
	CreatePayment(ctx context.Context, p domain.CardPayment, idempotencyKey string) (domain.CardResult, error)
	PaymentDetails(ctx context.Context, redirectResult, idempotencyKey string) (domain.CardResult, error)
	// Cancel voids an authorisation that was not captured (Adyen's /payments/{psp}/cancels); a psp
	// reference the provider no longer knows or already cancelled is domain.ErrProviderRejected.
	Cancel(ctx context.Context, pspReference, idempotencyKey string) error
	// ParseNotifications verifies every item's signature (domain.ErrProviderSignature) and reads them.
	ParseNotifications(body []byte) ([]domain.Notification, error)
	// ClientConfig is what the browser's component starts with: the provider's public client key
	// and environment (test, live; sandbox for the shop's own).
	ClientConfig() (clientKey, environment string)
}

// Carts answers what the session's priced cart charges: its total and its fingerprint. A cart
// that cannot be paid (empty, blocked, VAT unknown) is ErrCannotBeProcessed.
type Carts interface {
	Charge(ctx context.Context) (domain.Charge, error)
}

// Shoppers answers who pays: the session customer's e-mail and country.
type Shoppers interface {
	Shopper(ctx context.Context) (email, countryCode string, err error)
}

// Notifications remembers which notifications were processed, so each is processed once.
type Notifications interface {
	// FirstTime records key and reports whether it was new.
	FirstTime(ctx context.Context, key string) (bool, error)
}

// CardInput is a card payment request from the browser.
type CardInput struct {
	PaymentMethod  []byte
	ReturnURL      string
	Origin         string
	IdempotencyKey string
}

// CardOutcome is the provider's result and the session's option after it.
type CardOutcome struct {
	Result domain.CardResult
	Option domain.Option
}

// providerKey scopes the browser's idempotency key to the session: another session sending the
// same key is another payment.
func providerKey(sessionID, browserKey, step string) string {
	sum := sha256.Sum256([]byte(sessionID + "\x00" + step + "\x00" + browserKey))
	return hex.EncodeToString(sum[:16])
}

func (s *service) cardPorts() error {
	if s.Card == nil || s.Carts == nil || s.Shoppers == nil {
		return fmt.Errorf("card payments are not configured: %w", ErrCannotBeProcessed)
	}
	return nil
}

func (s *service) CardClient() (clientKey, environment string) {
	if s.Card == nil {
		return "", ""
	}
	return s.Card.ClientConfig()
}

func (s *service) ListCardPaymentMethods(ctx context.Context) ([]domain.PaymentMethod, domain.Money, error) {
	if err := s.cardPorts(); err != nil {
		return nil, domain.Money{}, err
	}
	v := callctx.From(ctx)
	charge, err := s.Carts.Charge(ctx)
	if err != nil {
		return nil, domain.Money{}, fmt.Errorf("card payment methods: %w", err)
	}
	amount := charge.Amount
	_, country, err := s.Shoppers.Shopper(ctx)
	if err != nil {
		return nil, domain.Money{}, fmt.Errorf("card payment methods: %w", err)
	}
	methods, err := s.Card.PaymentMethods(ctx, country, v.Locale, amount)
	if err != nil {
		return nil, domain.Money{}, s.providerError("card payment methods", err)
	}
	return methods, amount, nil
}

func (s *service) CreateCardPayment(ctx context.Context, in CardInput) (CardOutcome, error) {
	if err := s.cardPorts(); err != nil {
		return CardOutcome{}, err
	}
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return CardOutcome{}, ErrSessionRequired
	}
	if in.IdempotencyKey == "" {
		return CardOutcome{}, errIdempotencyKey
	}
	if err := s.refuseExistingCustomer(ctx); err != nil {
		return CardOutcome{}, err
	}
	option, chosen, err := s.Sessions.Get(ctx, v.SessionID)
	if err != nil {
		return CardOutcome{}, fmt.Errorf("create card payment: %w", err)
	}
	if !chosen || !domain.IsCardType(option.Type) || len(in.PaymentMethod) == 0 {
		return CardOutcome{}, ErrPaymentDataMissing
	}
	charge, err := s.Carts.Charge(ctx)
	if err != nil {
		return CardOutcome{}, fmt.Errorf("create card payment: %w", err)
	}
	email, country, err := s.Shoppers.Shopper(ctx)
	if err != nil {
		return CardOutcome{}, fmt.Errorf("create card payment: %w", err)
	}
	// A retry of the attempt that was authorised already answers that authorisation again (the
	// provider's idempotency key returns it); another attempt replaces it, so the earlier one is
	// voided first and the shopper is never charged twice.
	if option.PSPReference != "" && option.Charged != charge {
		if option, err = s.voidCard(ctx, v.SessionID, option); err != nil {
			return CardOutcome{}, err
		}
	}
	// The session's id never leaves the shop: the provider sees a digest of it.
	sessionRef := providerKey(v.SessionID, "", "session")
	result, err := s.Card.CreatePayment(ctx, domain.CardPayment{
		Reference: sessionRef, Amount: charge.Amount, PaymentMethod: in.PaymentMethod, ReturnURL: in.ReturnURL, Origin: in.Origin,
		ShopperEmail: email, ShopperReference: sessionRef, ShopperLocale: v.Locale, CountryCode: country,
	}, providerKey(v.SessionID, in.IdempotencyKey, "create"))
	if err != nil {
		return CardOutcome{}, s.providerError("create card payment", err)
	}
	option.PendingCharge = charge
	return s.cardOutcome(ctx, v.SessionID, option, result)
}

func (s *service) SubmitCardPaymentDetails(ctx context.Context, redirectResult, idempotencyKey string) (CardOutcome, error) {
	if err := s.cardPorts(); err != nil {
		return CardOutcome{}, err
	}
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return CardOutcome{}, ErrSessionRequired
	}
	if idempotencyKey == "" {
		return CardOutcome{}, errIdempotencyKey
	}
	option, chosen, err := s.Sessions.Get(ctx, v.SessionID)
	if err != nil {
		return CardOutcome{}, fmt.Errorf("card payment details: %w", err)
	}
	if !chosen || !domain.IsCardType(option.Type) || redirectResult == "" {
		return CardOutcome{}, ErrPaymentDataMissing
	}
	result, err := s.Card.PaymentDetails(ctx, redirectResult, providerKey(v.SessionID, idempotencyKey, "details"))
	if err != nil {
		return CardOutcome{}, s.providerError("card payment details", err)
	}
	return s.cardOutcome(ctx, v.SessionID, option, result)
}

// cardOutcome applies spec §4 "card payment results": an action goes back to the browser (the
// option keeps what the payment is for as pending); Authorised, Pending or Received keep the
// references on the option with what they were made for; anything else is refused.
func (s *service) cardOutcome(ctx context.Context, sessionID string, option domain.Option, r domain.CardResult) (CardOutcome, error) {
	switch {
	case r.ActionNeeded():
		if err := s.Sessions.Put(ctx, sessionID, option); err != nil {
			return CardOutcome{}, fmt.Errorf("store pending card payment: %w", err)
		}
		return CardOutcome{Result: r, Option: option}, nil
	case r.Accepted():
		option.PSPReference, option.PSPResult, option.RecurringReference = r.PSPReference, r.ResultCode, r.RecurringReference
		option.Charged, option.PendingCharge = option.PendingCharge, domain.Charge{}
		s.record(ctx, domain.RefCard, r.PSPReference, sessionID)
		if err := s.Sessions.Put(ctx, sessionID, option); err != nil {
			return CardOutcome{}, fmt.Errorf("store card payment references: %w", err)
		}
		return CardOutcome{Result: r, Option: option}, nil
	}
	return CardOutcome{}, fmt.Errorf("card payment %s (%s): %w", r.ResultCode, r.RefusalReason, ErrRefused)
}

// providerError wraps a provider's answer: a request the card provider or PayPal refused itself
// cannot be paid this way (retrying will not help); anything else keeps its kind (outages).
func (s *service) providerError(what string, err error) error {
	if errors.Is(err, domain.ErrProviderRejected) || errors.Is(err, domain.ErrPayPalRejected) {
		return fmt.Errorf("%s: %w: %w", what, ErrCannotBeProcessed, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// voidCard cancels the option's card authorisation at the provider and clears it. A cancel the
// provider refuses is one it no longer has to do (unknown, already cancelled or expired).
func (s *service) voidCard(ctx context.Context, sessionID string, option domain.Option) (domain.Option, error) {
	if option.PSPReference == "" {
		return option, nil
	}
	if s.Card == nil {
		return option, fmt.Errorf("void card payment %s: card payments are not configured: %w", option.PSPReference, ErrCannotBeProcessed)
	}
	err := s.Card.Cancel(ctx, option.PSPReference, providerKey(sessionID, option.PSPReference, "cancel"))
	if err != nil && !errors.Is(err, domain.ErrProviderRejected) {
		return option, s.providerError("void card payment", err)
	}
	s.settle(ctx, domain.RefCard, option.PSPReference)
	option.PSPReference, option.PSPResult, option.RecurringReference, option.Charged = "", "", "", domain.Charge{}
	if err := s.Sessions.Put(ctx, sessionID, option); err != nil {
		return option, fmt.Errorf("clear voided card payment: %w", err)
	}
	return option, nil
}

// VoidSessionPayment voids what the session's option paid with (the card authorisation, the
// PayPal subscriptions) and clears references and charges; the type stays chosen.
func (s *service) VoidSessionPayment(ctx context.Context) (domain.Option, error) {
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return domain.Option{}, ErrSessionRequired
	}
	option, chosen, err := s.Sessions.Get(ctx, v.SessionID)
	if err != nil {
		return domain.Option{}, fmt.Errorf("void session payment: %w", err)
	}
	if !chosen {
		return option, nil
	}
	if option, err = s.voidCard(ctx, v.SessionID, option); err != nil {
		return domain.Option{}, err
	}
	if option.PayPalReference != "" || option.PayPalPending != "" {
		if s.PayPal == nil {
			return domain.Option{}, fmt.Errorf("void paypal subscription: paypal is not configured: %w", ErrCannotBeProcessed)
		}
		if err := s.cancelSubscriptions(ctx, option.PayPalPending, option.PayPalReference); err != nil {
			return domain.Option{}, err
		}
	}
	cleared := option.WithoutPayment()
	if cleared == option {
		return option, nil
	}
	if err := s.Sessions.Put(ctx, v.SessionID, cleared); err != nil {
		return domain.Option{}, fmt.Errorf("clear voided payment: %w", err)
	}
	return cleared, nil
}

// NotificationsOutcome is a verified batch: how many items were new and how many repeats, and
// every item (repeats included: whoever acts on them does so idempotently).
type NotificationsOutcome struct {
	Processed, Duplicates int
	Items                 []domain.Notification
}

func (s *service) HandleCardNotifications(ctx context.Context, body []byte) (NotificationsOutcome, error) {
	var out NotificationsOutcome
	if s.Card == nil || s.Notifications == nil {
		return out, fmt.Errorf("card notifications are not configured: %w", ErrCannotBeProcessed)
	}
	items, err := s.Card.ParseNotifications(body)
	if errors.Is(err, domain.ErrProviderSignature) {
		return out, fmt.Errorf("card notifications: %w: %w", ErrBadSignature, err)
	}
	if err != nil {
		return out, fmt.Errorf("card notifications: %w", apperr.New(apperr.InvalidArgument, "payment.notification_invalid"))
	}
	for _, n := range items {
		first, err := s.Notifications.FirstTime(ctx, n.PSPReference+":"+n.EventCode)
		if err != nil {
			return out, fmt.Errorf("card notification %s: %w", n.PSPReference, err)
		}
		if first {
			out.Processed++
		} else {
			out.Duplicates++
		}
	}
	out.Items = items
	return out, nil
}
