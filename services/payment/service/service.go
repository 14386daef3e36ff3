// Package service holds the payment use cases (spec §3–§5): the brand's payment types and the
// session's selected option, validated per type against the brand. The session, brand and locale
// come from the call's context (callctx), set by the gateway.
package service

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/payment/domain"
)

// Errors of calls that lack their context; the gateway always sends both.
var (
	ErrSessionRequired = apperr.New(apperr.InvalidArgument, "session.required")
	ErrBrandRequired   = apperr.New(apperr.InvalidArgument, "brand.required")
	// ErrExistingCustomer refuses choosing or starting a payment for an existing customer: their
	// order is billed through their customer account (spec §6 "cannot change the payment"), so a
	// request that still tries (a stale screen, a hand-made call) changes nothing.
	ErrExistingCustomer = apperr.New(apperr.PermissionDenied, "payment.existing_customer")
)

// FallbackLocale names types whose name is missing in the session's locale.
const FallbackLocale = "de-DE"

// Types are the brands' payment types. Outages are apperr.Unavailable.
type Types interface {
	// Types returns every type of the brand, active or not, in order.
	Types(ctx context.Context, brandID int32) ([]domain.PaymentType, error)
}

// Sessions keep each session's selected option.
type Sessions interface {
	Get(ctx context.Context, sessionID string) (domain.Option, bool, error)
	Put(ctx context.Context, sessionID string, o domain.Option) error
	Delete(ctx context.Context, sessionID string) error
}

// Brands answer what the payment rules need of a brand.
type Brands interface {
	Brand(ctx context.Context, brandID int32) (domain.Brand, error)
}

// Accounts answers whether the session's customer is an existing one (has a customer number).
type Accounts interface {
	ExistingCustomer(ctx context.Context) (bool, error)
}

// Type is a payment type as a visitor sees it.
type Type struct {
	Slug                  string
	Name                  string
	SMSValidationRequired bool
}

// Service is the payment service's use cases.
type Service interface {
	ListPaymentTypes(ctx context.Context) ([]Type, error)
	// GetSessionPayment answers the session's option; ok is false when none was chosen.
	GetSessionPayment(ctx context.Context) (o domain.Option, ok bool, err error)
	// SetSessionPayment normalises, validates and stores the option; refused fields are
	// apperr.FieldErrors and nothing is stored.
	SetSessionPayment(ctx context.Context, in domain.Option) (domain.Option, error)
	// ClearSessionPayment forgets the session's option.
	ClearSessionPayment(ctx context.Context) error
	// ListCardPaymentMethods answers the card provider's methods and the amount to charge.
	ListCardPaymentMethods(ctx context.Context) ([]domain.PaymentMethod, domain.Money, error)
	// CreateCardPayment charges the priced cart's total through the card provider.
	CreateCardPayment(ctx context.Context, in CardInput) (CardOutcome, error)
	// SubmitCardPaymentDetails finishes a card payment after the 3-D Secure redirect.
	SubmitCardPaymentDetails(ctx context.Context, redirectResult, idempotencyKey string) (CardOutcome, error)
	// HandleCardNotifications verifies and processes the provider's notifications once each.
	HandleCardNotifications(ctx context.Context, body []byte) (NotificationsOutcome, error)
	// HandlePayPalWebhook verifies a PayPal webhook delivery with PayPal and processes its event
	// once; the outcome says what it means for the order paid with the subscription.
	HandlePayPalWebhook(ctx context.Context, d domain.PayPalDelivery) (PayPalWebhookOutcome, error)
	// CardClient is what the browser's card component starts with.
	CardClient() (clientKey, environment string)
	// CreatePayPalSubscription starts the session's PayPal subscription over the priced cart's total.
	CreatePayPalSubscription(ctx context.Context, in PayPalInput) (domain.Subscription, error)
	// ConfirmPayPalSubscription keeps the approved subscription as the option's paypal_reference.
	ConfirmPayPalSubscription(ctx context.Context, id string) (domain.Option, error)
	// CancelPayPalSubscription cancels the session's subscription at PayPal and forgets it.
	CancelPayPalSubscription(ctx context.Context) (domain.Option, error)
	// VoidSessionPayment voids the option's card authorisation and PayPal subscriptions at the
	// providers and clears them; the chosen type stays.
	VoidSessionPayment(ctx context.Context) (domain.Option, error)
	// CreateSEPAMandate records the SEPA mandate of an order paid with the session's SEPA option.
	CreateSEPAMandate(ctx context.Context, orderID string) (domain.Mandate, error)
	// Reconcile voids authorisations and cancels subscriptions that no order used in time.
	Reconcile(ctx context.Context, set ReconcileSettings) (ReconcileOutcome, error)
	// SEPAMandateForCollection answers a mandate with the clear IBAN.
	SEPAMandateForCollection(ctx context.Context, reference string) (domain.Mandate, error)
}

// Ports are what the use cases need from outside.
type Ports struct {
	Types    Types
	Sessions Sessions
	Brands   Brands
	// The card flow's ports; without them card payments answer payment.cannot_be_processed.
	Card     CardProvider
	Carts    Carts
	Shoppers Shoppers
	// Accounts tells existing customers apart, who cannot change the payment; without it every
	// session may.
	Accounts      Accounts
	Notifications Notifications
	// PayPal subscriptions; without it they answer payment.cannot_be_processed.
	PayPal PayPal
	// PayPalWebhooks verifies PayPal's webhook deliveries; without it they are refused.
	PayPalWebhooks PayPalWebhooks
	// Mandates keeps the SEPA mandates of orders; without it SEPA mandates answer
	// payment.sepa_not_configured.
	Mandates Mandates
	// References and Orders feed the reconciliation (which authorisations and subscriptions no
	// order used); without References nothing is recorded, without either Reconcile refuses.
	References References
	Orders     Orders
	// MandateSweep lets the reconciliation wipe SEPA mandates no order carries (with Orders);
	// without it mandates are kept as they are.
	MandateSweep MandateSweep
	// Log records what a use case could not finish but need not fail for; nil discards it.
	Log *slog.Logger
	// Now and Random default to the clock and crypto/rand; tests fix them.
	Now    func() time.Time
	Random io.Reader
}

func (s *service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *service) random() io.Reader {
	if s.Random != nil {
		return s.Random
	}
	return rand.Reader
}

type service struct{ Ports }

// New returns the use cases over ports.
func New(p Ports) Service {
	if p.Log == nil {
		p.Log = slog.New(slog.DiscardHandler)
	}
	return &service{Ports: p}
}

func (s *service) activeTypes(ctx context.Context, brandID int32) ([]domain.PaymentType, error) {
	all, err := s.Types.Types(ctx, brandID)
	if err != nil {
		return nil, fmt.Errorf("payment types: %w", err)
	}
	active := all[:0:0]
	for _, t := range all {
		if t.Active {
			active = append(active, t)
		}
	}
	return active, nil
}

func (s *service) ListPaymentTypes(ctx context.Context) ([]Type, error) {
	v := callctx.From(ctx)
	if v.BrandID <= 0 {
		return nil, ErrBrandRequired
	}
	types, err := s.activeTypes(ctx, v.BrandID)
	if err != nil {
		return nil, err
	}
	out := make([]Type, len(types))
	for i, t := range types {
		out[i] = Type{Slug: t.Slug, Name: t.Name(v.Locale, FallbackLocale), SMSValidationRequired: t.SMSValidationRequired}
	}
	return out, nil
}

func (s *service) GetSessionPayment(ctx context.Context) (domain.Option, bool, error) {
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return domain.Option{}, false, ErrSessionRequired
	}
	return s.Sessions.Get(ctx, v.SessionID)
}

func (s *service) ClearSessionPayment(ctx context.Context) error {
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return ErrSessionRequired
	}
	if err := s.Sessions.Delete(ctx, v.SessionID); err != nil {
		return fmt.Errorf("clear session payment: %w", err)
	}
	return nil
}

func (s *service) SetSessionPayment(ctx context.Context, in domain.Option) (domain.Option, error) {
	v := callctx.From(ctx)
	switch {
	case v.SessionID == "":
		return domain.Option{}, ErrSessionRequired
	case v.BrandID <= 0:
		return domain.Option{}, ErrBrandRequired
	}
	if err := s.refuseExistingCustomer(ctx); err != nil {
		return domain.Option{}, err
	}
	types, err := s.activeTypes(ctx, v.BrandID)
	if err != nil {
		return domain.Option{}, err
	}
	var chosen *domain.PaymentType
	for i := range types {
		if types[i].Slug == in.Type {
			chosen = &types[i]
		}
	}
	if chosen == nil {
		return domain.Option{}, apperr.NewFieldErrors(map[string][]string{"type": {domain.KeyTypeNotAvailable}})
	}
	brand, err := s.Brands.Brand(ctx, v.BrandID)
	if err != nil {
		return domain.Option{}, fmt.Errorf("brand %d: %w", v.BrandID, err)
	}
	o := domain.Normalize(in, *chosen, brand)
	if errs := domain.Validate(o, brand); len(errs) > 0 {
		return domain.Option{}, apperr.NewFieldErrors(errs)
	}
	// A SEPA option names its mandate from the start (SEPA rulebook: the reference is part of the
	// mandate text the confirm page shows); the order's mandate is recorded under it. Every stored
	// choice is a new mandate text, so it gets a reference of its own.
	if o.Type == domain.SlugSEPA {
		if o.MandateReference, err = domain.NewMandateReference(s.now(), s.random()); err != nil {
			return domain.Option{}, err
		}
	}
	// A new choice drops the references of the old one (they are never taken from a request): what
	// they authorised is voided, so an abandoned authorisation or subscription charges nobody.
	if _, err := s.VoidSessionPayment(ctx); err != nil {
		s.Log.WarnContext(ctx, "earlier payment of the session not voided", slog.Any("error", err))
	}
	if err := s.Sessions.Put(ctx, v.SessionID, o); err != nil {
		return domain.Option{}, fmt.Errorf("set session payment: %w", err)
	}
	return o, nil
}

// refuseExistingCustomer answers ErrExistingCustomer for a session whose customer pays through the
// account; an unreadable customer is an error (fail closed: no payment starts on a guess).
func (s *service) refuseExistingCustomer(ctx context.Context) error {
	if s.Accounts == nil {
		return nil
	}
	existing, err := s.Accounts.ExistingCustomer(ctx)
	if err != nil {
		return fmt.Errorf("session customer: %w", err)
	}
	if existing {
		return ErrExistingCustomer
	}
	return nil
}
