// Package service holds the order use cases (spec §4 confirm, SMS validation, success reset; §7
// order routes): an order is built from the session on the server, from the cart service's priced
// cart, the customer service's session customer and the payment service's session option; the
// request adds only feedback and consents. The session, brand and locale come from the call's
// context (callctx), set by the gateway.
package service

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/order/domain"
)

// Errors the use cases answer.
var (
	ErrSessionRequired        = apperr.New(apperr.InvalidArgument, "session.required")
	ErrBrandRequired          = apperr.New(apperr.InvalidArgument, "brand.required")
	ErrIdempotencyKeyRequired = apperr.New(apperr.InvalidArgument, domain.KeyIdempotencyKeyRequired)
	ErrIdempotencyKeyTooLong  = apperr.New(apperr.InvalidArgument, domain.KeyIdempotencyKeyTooLong)
	ErrNotFound               = apperr.New(apperr.NotFound, domain.KeyNotFound)
	ErrCartEmpty              = apperr.New(apperr.FailedPrecondition, domain.KeyCartEmpty)
	ErrCustomerMissing        = apperr.New(apperr.FailedPrecondition, domain.KeyCustomerMissing)
	ErrPaymentMissing         = apperr.New(apperr.FailedPrecondition, domain.KeyPaymentMissing)
	ErrPaymentRefused         = apperr.New(apperr.FailedPrecondition, "payment.refused")
	ErrSMSNotRequired         = apperr.New(apperr.FailedPrecondition, domain.KeySMSNotRequired)
	ErrPaymentAmountChanged   = apperr.New(apperr.FailedPrecondition, domain.KeyPaymentAmountChanged)
	ErrUnavailable            = apperr.New(apperr.Unavailable, domain.KeyUnavailable)
	ErrAlreadyPlaced          = domain.ErrAlreadyPlaced
	ErrCustomerOtherBrand     = apperr.New(apperr.PermissionDenied, domain.KeyCustomerOtherBrand)
)

// Field names of the SMS form's errors: the request's fields (the gateway answers them with spec
// §7's names phoneNo and smsCode).
const (
	FieldPhoneNo = "phone_no"
	FieldSMSCode = "sms_code"
)

// PlaceInput is a confirm attempt.
type PlaceInput struct {
	IdempotencyKey string
	Feedback       domain.Feedback
	// Cookies are the browser's referral cookies; not part of the request's hash (a retry of the
	// same confirm attempt answers the same order whatever cookies it carries).
	Cookies ReferralCookies
}

// ReferralCookies are the browser's pvid and emid cookies (spec §7 referral sources).
type ReferralCookies struct{ PVID, EMID string }

// Referral is a session's referral id and its source (domain.ReferralFrom...).
type Referral struct{ ID, Source string }

// Resent says where a new SMS code went.
type Resent struct{ PhoneHint string }

// Service is the order service's use cases.
type Service interface {
	PlaceOrder(ctx context.Context, in PlaceInput) (domain.Order, error)
	GetOrder(ctx context.Context, id string) (domain.Order, error)
	ValidateSMS(ctx context.Context, id, phone, code string) (domain.Order, error)
	ResendSMS(ctx context.Context, id, phone string) (Resent, error)
	SetReferral(ctx context.Context, id string) (string, error)
	GetReferral(ctx context.Context, cookies ReferralCookies) (Referral, error)
	CancelSession(ctx context.Context) error
	// ApplyPaymentNotifications applies providers' notifications to the orders they concern and
	// answers how many orders moved.
	ApplyPaymentNotifications(ctx context.Context, ns []domain.PaymentNotification) (int, error)
	// PaidReferences answers which of the providers' references paid an order (the payment
	// service's reconciliation voids the others).
	PaidReferences(ctx context.Context, refs []PaymentReference) ([]PaymentReference, error)
}

type service struct{ Ports }

// New returns the use cases over p.
func New(p Ports) Service {
	if p.Log == nil {
		p.Log = slog.New(slog.DiscardHandler)
	}
	if p.Now == nil {
		p.Now = time.Now
	}
	if p.Random == nil {
		p.Random = rand.Reader
	}
	return &service{Ports: p}
}

func session(ctx context.Context) (callctx.Values, error) {
	v := callctx.From(ctx)
	switch {
	case v.SessionID == "":
		return v, ErrSessionRequired
	case v.BrandID <= 0:
		return v, ErrBrandRequired
	}
	return v, nil
}

func (s *service) PlaceOrder(ctx context.Context, in PlaceInput) (domain.Order, error) {
	v, err := session(ctx)
	if err != nil {
		return domain.Order{}, err
	}
	switch {
	case in.IdempotencyKey == "":
		return domain.Order{}, ErrIdempotencyKeyRequired
	case len(in.IdempotencyKey) > domain.MaxIdempotencyKeyLength:
		return domain.Order{}, ErrIdempotencyKeyTooLong
	}
	hash := domain.RequestHash(in.Feedback)
	// A retry answers from the store before the session is read again: by then the cart of a
	// placed order is empty, and the answer must still be that order.
	if o, found, err := s.Store.Replay(ctx, v.SessionID, in.IdempotencyKey, hash); found || err != nil {
		return o, err
	}
	// A concurrent submit of the same attempt may have placed the order since: it emptied the
	// cart and used up the payment option, so a guard refusing now answers that order instead.
	refuse := func(err error) (domain.Order, error) {
		if o, found, rerr := s.Store.Replay(ctx, v.SessionID, in.IdempotencyKey, hash); rerr == nil && found {
			return o, nil
		}
		return domain.Order{}, err
	}
	fb := in.Feedback.Normalize()
	cart, err := s.Carts.PricedCart(ctx)
	if err != nil {
		return domain.Order{}, fmt.Errorf("priced cart: %w", err)
	}
	switch {
	case len(cart.Lines) == 0, cart.Blocked:
		return refuse(ErrCartEmpty)
	case cart.VATUnavailable:
		return domain.Order{}, fmt.Errorf("cart priced without the customer's VAT: %w", ErrUnavailable)
	}
	if errs := fb.Validate(cart.RequiredAgreements); len(errs) > 0 {
		return domain.Order{}, apperr.NewFieldErrors(errs)
	}
	customer, ok, err := s.Customers.SessionCustomer(ctx)
	if err != nil {
		return domain.Order{}, fmt.Errorf("session customer: %w", err)
	}
	if !ok {
		return refuse(ErrCustomerMissing)
	}
	// An existing customer orders from the brand of its record only: the session may have
	// logged in on another brand's shop (a cookie carried across hosts), and a record whose
	// brand is unknown (a login from before it was kept) is not taken for this brand's either.
	if !customer.OrdersFrom(v.BrandID) {
		return refuse(fmt.Errorf("customer of brand %d, order of brand %d: %w", customer.BrandID, v.BrandID, ErrCustomerOtherBrand))
	}
	payment, err := s.orderPayment(ctx, customer, cart)
	if err != nil {
		return refuse(err)
	}
	// A cart is ordered once: when its clean-up after an order failed, the same cart submitted
	// with another key is refused here (and by the store's constraint if two race), before a
	// SEPA mandate is recorded for an order that cannot be.
	revision := domain.CartRevision(cart.Version, cart.Lines)
	if ordered, err := s.Store.CartOrdered(ctx, v.SessionID, revision); err != nil {
		return domain.Order{}, err
	} else if ordered {
		return refuse(ErrAlreadyPlaced)
	}
	fb.ReferralID, fb.ReferralSource = s.referral(ctx, v.SessionID, fb.ReferralID, in.Cookies)
	fb.MarketingCampaignID = s.campaignID(ctx, v.BrandID)
	now := s.Now().UTC().Truncate(time.Millisecond)
	o := domain.Order{SessionID: v.SessionID, BrandID: v.BrandID, Locale: v.Locale, Status: domain.StatusPlaced,
		SMSRequired: cart.SMSValidation || payment.SMSValidation, Customer: customer, Payment: payment, Feedback: fb,
		Totals: cart.Totals, Lines: cart.Lines, Items: cart.Items, CreatedAt: now}
	o.Status = domain.InitialStatus(o)
	if o.ID, err = domain.NewOrderID(now); err != nil {
		return domain.Order{}, err
	}
	if o.Code, err = domain.NewOrderCode(now, s.Random); err != nil {
		return domain.Order{}, err
	}
	if err := s.seal(o.ID, o.Items); err != nil {
		return domain.Order{}, err
	}
	// A SEPA order is collected with a mandate, recorded (IBAN sealed) by the payment service
	// before the order exists; a mandate whose order never commits names no order row.
	if o.Payment.Type == domain.PaymentSEPA {
		m, err := s.Payments.SEPAMandate(ctx, o.ID)
		if err != nil {
			return refuse(fmt.Errorf("sepa mandate of %s: %w", o.ID, err))
		}
		// The first debit's day is the one the mandate recorded (the payment service gives it):
		// the confirmation announces that day, so collection and pre-notification agree.
		o.Payment.MandateReference, o.Payment.CreditorID, o.Payment.CreditorName = m.Reference, m.CreditorID, m.CreditorName
		o.Payment.FirstDebitDue = m.FirstDebitDue
	}
	p := domain.Placement{Order: o, IdempotencyKey: in.IdempotencyKey, RequestHash: hash, CartRevision: revision}
	// order.finalized (fulfilment, the confirmation mail) goes out once the order is payable: at
	// once, or with its move to placed (the order lifecycle decides both).
	if p.Event, err = domain.PlacementEvent(o, now); err != nil {
		return domain.Order{}, err
	}
	var code string
	if phone, bad := domain.NormalizePhone(customer.Phone); o.SMSRequired && bad == "" {
		c, rec, err := domain.NewSMSCode(s.Random, phone, now)
		if err != nil {
			return domain.Order{}, err
		}
		code, p.SMS = c, &rec
	}
	placed, created, err := s.Store.Place(ctx, p)
	if err != nil || !created {
		return placed, err
	}
	// The order is committed: what follows must happen even when the browser gave up waiting
	// (its cancellation is not ours), and none of it can make a second order possible (the
	// idempotency record, the payment reference and the cart revision are written).
	post, cancel := context.WithTimeout(context.WithoutCancel(ctx), postCommitTimeout)
	defer cancel()
	if err := retry(post, func(ctx context.Context) error { return s.Carts.ClearCart(ctx) }); err != nil {
		// The order stands; the success page's reset clears the cart again (spec §4).
		s.Log.WarnContext(ctx, "cart not cleared after the order", slog.String("order", placed.ID), slog.Any("error", err))
	}
	// The option's provider references paid this order; kept, they would let the session's next
	// cart claim the same payment (the store refuses a reference twice all the same).
	if err := retry(post, func(ctx context.Context) error { return s.Payments.Forget(ctx) }); err != nil {
		s.Log.WarnContext(ctx, "payment option not cleared after the order", slog.String("order", placed.ID), slog.Any("error", err))
	}
	if p.SMS != nil {
		if err := s.SMS.Send(post, p.SMS.Phone, domain.SMSText(v.Locale, s.brandName(post, v.BrandID), code)); err != nil {
			// The SMS page offers a resend; the order must not fail for a late message.
			s.Log.WarnContext(ctx, "sms code not sent", slog.String("order", placed.ID), slog.Any("error", err))
		}
	}
	return placed, nil
}

// seal encrypts every secret of the items in place, bound to the order and the secret's place, and
// drops the clear value.
func (s *service) seal(orderID string, items []domain.ItemConfig) error {
	secrets := domain.Secrets(items)
	if len(secrets) == 0 {
		return nil
	}
	if s.Secrets == nil {
		return fmt.Errorf("order %s has secrets and no key to seal them: %w", orderID, ErrUnavailable)
	}
	for _, sv := range secrets {
		sealed, err := s.Secrets.Seal([]byte(sv.Plain), []byte(orderID+"#"+sv.Ref))
		if err != nil {
			return fmt.Errorf("seal %s of order %s: %w", sv.Ref, orderID, err)
		}
		sv.KeyID, sv.Ciphertext, sv.Plain = sealed.KeyID, base64.StdEncoding.EncodeToString(sealed.Ciphertext), ""
	}
	return nil
}

// postCommitTimeout bounds the work after an order is committed (clearing cart and payment option,
// the first SMS), which runs detached from the request's cancellation.
const postCommitTimeout = 10 * time.Second

// postCommitAttempts is how often a post-commit step is tried.
const postCommitAttempts = 3

// retry runs step until it succeeds, postCommitAttempts times at most, waiting a little longer
// each time; it stops early when ctx ends.
func retry(ctx context.Context, step func(context.Context) error) error {
	var err error
	for attempt := range postCommitAttempts {
		if err = step(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(time.Duration(attempt+1) * 100 * time.Millisecond):
		}
	}
	return err
}

// orderPayment is how the order is paid. An existing customer (a customer number: logged in, or
// signed in from the cloud control panel) skips the payment step (spec §4, §6): the order is
// billed on the account, whatever the session's option says. Anyone else pays with the session's
// option, which must be accepted by its provider and made for this very cart.
func (s *service) orderPayment(ctx context.Context, customer domain.Customer, cart PricedCart) (domain.Payment, error) {
	if customer.CustomerNo != "" {
		return domain.Payment{Type: domain.PaymentAccount}, nil
	}
	payment, ok, err := s.Payments.SessionPayment(ctx)
	if err != nil {
		return domain.Payment{}, fmt.Errorf("session payment: %w", err)
	}
	switch {
	case !ok, payment.Type == domain.PaymentAccount:
		return domain.Payment{}, ErrPaymentMissing
	}
	// The type's rules are the brand's of this order, read now: not what the option remembered
	// from when (and where) it was chosen.
	offered, sms, err := s.Payments.TypeRule(ctx, payment.Type)
	if err != nil {
		return domain.Payment{}, fmt.Errorf("payment type %s: %w", payment.Type, err)
	}
	if !offered {
		return domain.Payment{}, fmt.Errorf("payment type %s not offered by the brand: %w", payment.Type, ErrPaymentMissing)
	}
	payment.SMSValidation = sms
	if err := paid(payment); err != nil {
		return domain.Payment{}, err
	}
	if !payment.PaysFor(cart.Totals, cart.Fingerprint) {
		return domain.Payment{}, s.voidStalePayment(ctx, payment)
	}
	return payment, nil
}

// voidStalePayment voids a payment made for another cart than the one being ordered, so the
// shopper, who is asked to pay again, is never charged twice; it answers the refusal. A reference
// that already paid an order (a concurrent submit of another attempt) is left alone.
func (s *service) voidStalePayment(ctx context.Context, p domain.Payment) error {
	refused := fmt.Errorf("payment made for %d %s, cart charges another amount or items: %w", p.ChargedCents, p.ChargedCurrency, ErrPaymentAmountChanged)
	provider, ref := p.ProviderReference()
	used, err := s.Store.PaymentReferenceUsed(ctx, provider, ref)
	if err != nil || used {
		return refused
	}
	if err := s.Payments.Void(ctx); err != nil {
		s.Log.WarnContext(ctx, "stale payment not voided", slog.String("provider", provider), slog.Any("error", err))
	}
	return refused
}

// paid refuses an option whose provider has not accepted the payment yet: a card method without
// the provider's reference, a PayPal subscription without the approved one.
func paid(p domain.Payment) error {
	switch {
	case paymenttypes.IsCardProviderMethod(p.Type) && p.PSPReference == "":
		return fmt.Errorf("card payment not authorised: %w", ErrPaymentRefused)
	case p.Type == paymenttypes.PayPalIntegration && p.PayPalReference == "":
		return fmt.Errorf("paypal subscription not approved: %w", ErrPaymentRefused)
	}
	return nil
}

// sessionOrder answers the order id of the session; another session's order does not exist for it.
func (s *service) sessionOrder(ctx context.Context, id string) (domain.Order, error) {
	v, err := session(ctx)
	if err != nil {
		return domain.Order{}, err
	}
	if id == "" {
		return domain.Order{}, ErrNotFound
	}
	o, err := s.Store.Order(ctx, id)
	if errors.Is(err, apperr.NotFound) || (err == nil && o.SessionID != v.SessionID) {
		return domain.Order{}, ErrNotFound
	}
	return o, err
}

func (s *service) GetOrder(ctx context.Context, id string) (domain.Order, error) {
	return s.sessionOrder(ctx, id)
}

func (s *service) ValidateSMS(ctx context.Context, id, phone, code string) (domain.Order, error) {
	o, err := s.sessionOrder(ctx, id)
	if err != nil {
		return domain.Order{}, err
	}
	if !o.SMSRequired {
		return domain.Order{}, ErrSMSNotRequired
	}
	errs := map[string][]string{}
	if o.Customer.Phone == "" {
		if _, bad := domain.NormalizePhone(phone); bad != "" {
			errs[FieldPhoneNo] = []string{bad}
		}
	}
	code = strings.TrimSpace(code)
	if !domain.ValidSMSCodeFormat(code) {
		errs[FieldSMSCode] = []string{domain.KeySMSCodeFormat}
	}
	if len(errs) > 0 {
		return domain.Order{}, apperr.NewFieldErrors(errs)
	}
	now := s.Now()
	after, key, err := s.Store.VerifySMS(ctx, o.ID, func(c domain.SMSCode) (domain.SMSCode, string) { return c.Check(code, now) },
		func(o domain.Order) (domain.Move, error) { return domain.OnSMSValidated(o, now) })
	if err != nil {
		return domain.Order{}, fmt.Errorf("verify sms of %s: %w", o.ID, err)
	}
	if key != "" {
		return domain.Order{}, apperr.NewFieldErrors(map[string][]string{FieldSMSCode: {key}})
	}
	return after, nil
}

func (s *service) ResendSMS(ctx context.Context, id, phone string) (Resent, error) {
	o, err := s.sessionOrder(ctx, id)
	if err != nil {
		return Resent{}, err
	}
	if !o.SMSRequired || o.SMSValidated {
		return Resent{}, ErrSMSNotRequired
	}
	to := o.Customer.Phone
	if to == "" {
		to = phone
	}
	to, bad := domain.NormalizePhone(to)
	if bad != "" {
		return Resent{}, apperr.NewFieldErrors(map[string][]string{FieldPhoneNo: {bad}})
	}
	code, rec, err := domain.NewSMSCode(s.Random, to, s.Now())
	if err != nil {
		return Resent{}, err
	}
	if err := s.Store.PutSMSCode(ctx, o.ID, rec); err != nil {
		return Resent{}, fmt.Errorf("resend sms of %s: %w", o.ID, err)
	}
	if err := s.SMS.Send(ctx, to, domain.SMSText(o.Locale, s.brandName(ctx, o.BrandID), code)); err != nil {
		return Resent{}, fmt.Errorf("resend sms of %s: %w", o.ID, err)
	}
	return Resent{PhoneHint: domain.PhoneHint(to)}, nil
}

func (s *service) SetReferral(ctx context.Context, id string) (string, error) {
	v, err := session(ctx)
	if err != nil {
		return "", err
	}
	id = strings.TrimSpace(id)
	if errs := domain.ValidateDefinitions(domain.ReferralRules, map[string]string{"id": id}); len(errs) > 0 {
		return "", apperr.NewFieldErrors(errs)
	}
	if err := s.Referrals.Put(ctx, v.SessionID, id); err != nil {
		return "", fmt.Errorf("set referral: %w", err)
	}
	return id, nil
}

func (s *service) GetReferral(ctx context.Context, cookies ReferralCookies) (Referral, error) {
	v, err := session(ctx)
	if err != nil {
		return Referral{}, err
	}
	stored, err := s.Referrals.Get(ctx, v.SessionID)
	if err != nil {
		return Referral{}, fmt.Errorf("get referral: %w", err)
	}
	id, source := domain.ResolveReferral(domain.ReferralCandidates{PVID: cookies.PVID, EMID: cookies.EMID, Referrer: stored})
	return Referral{ID: id, Source: source}, nil
}

// referral picks an order's referral id by spec §7's source order: the order's own id, cookie
// pvid, cookie emid, the session's referrer (own was validated with the feedback). An unreadable
// session referrer places the order without it: attribution is not worth a lost order.
func (s *service) referral(ctx context.Context, sessionID, own string, cookies ReferralCookies) (id, source string) {
	var stored string
	if own == "" && s.Referrals != nil {
		var err error
		if stored, err = s.Referrals.Get(ctx, sessionID); err != nil {
			s.Log.WarnContext(ctx, "session referral unreadable; order placed without it", slog.Any("error", err))
			stored = ""
		}
	}
	return domain.ResolveReferral(domain.ReferralCandidates{Order: own, PVID: cookies.PVID, EMID: cookies.EMID, Referrer: stored})
}

// CancelSession clears what the session chose, each owner its own part; every part is tried even
// when one fails, so a retry has less to do.
func (s *service) CancelSession(ctx context.Context) error {
	v, err := session(ctx)
	if err != nil {
		return err
	}
	var errs []error
	if err := s.Carts.ClearCart(ctx); err != nil {
		errs = append(errs, fmt.Errorf("clear cart: %w", err))
	}
	if err := s.Customers.Forget(ctx); err != nil {
		errs = append(errs, fmt.Errorf("forget customer: %w", err))
	}
	if err := s.Payments.Forget(ctx); err != nil {
		errs = append(errs, fmt.Errorf("forget payment: %w", err))
	}
	if err := s.Referrals.Delete(ctx, v.SessionID); err != nil {
		errs = append(errs, fmt.Errorf("forget referral: %w", err))
	}
	return errors.Join(errs...)
}

func (s *service) ApplyPaymentNotifications(ctx context.Context, ns []domain.PaymentNotification) (int, error) {
	moved := 0
	for _, n := range ns {
		if n.Reference == "" || (n.Provider != domain.RefCard && n.Provider != domain.RefPayPal) {
			continue
		}
		now := s.Now()
		ok, err := s.Store.ApplyPaymentNotification(ctx, n, func(o domain.Order) (domain.Move, bool, error) {
			return domain.OnPaymentNotification(o, n, now)
		})
		if err != nil {
			return moved, fmt.Errorf("%s notification %s of %s: %w", n.Provider, n.EventCode, n.Reference, err)
		}
		if ok {
			moved++
			s.Log.InfoContext(ctx, "order moved by a payment notification", slog.String("provider", n.Provider), slog.String("event", n.EventCode))
		}
	}
	return moved, nil
}

// PaymentReference is a provider's payment reference: domain.RefCard (psp reference) or
// domain.RefPayPal (subscription id); or domain.RefSEPA, a SEPA mandate's reference with the
// order it was recorded for (OrderID).
type PaymentReference struct{ Provider, Reference, OrderID string }

// maxPaidReferences bounds one question: the reconciliation asks in batches.
const maxPaidReferences = 500

func (s *service) PaidReferences(ctx context.Context, refs []PaymentReference) ([]PaymentReference, error) {
	if len(refs) > maxPaidReferences {
		return nil, fmt.Errorf("%d payment references, at most %d: %w", len(refs), maxPaidReferences, apperr.InvalidArgument)
	}
	var paid []PaymentReference
	for _, r := range refs {
		if r.Reference == "" {
			continue
		}
		if r.Provider == domain.RefSEPA {
			carried, err := s.mandateCarried(ctx, r)
			if err != nil {
				return nil, fmt.Errorf("paid references: %w", err)
			}
			if carried {
				paid = append(paid, r)
			}
			continue
		}
		used, err := s.Store.PaymentReferenceUsed(ctx, r.Provider, r.Reference)
		if err != nil {
			return nil, fmt.Errorf("paid references: %w", err)
		}
		if used {
			paid = append(paid, r)
		}
	}
	return paid, nil
}

// mandateCarried reports whether the SEPA mandate r was recorded for an order that exists and
// carries it. The payment service records a mandate while the order is being placed, before the
// order's transaction commits; one whose order never committed is carried by none (the payment
// service wipes its IBAN once it is older than any placement can take).
func (s *service) mandateCarried(ctx context.Context, r PaymentReference) (bool, error) {
	if r.OrderID == "" {
		return false, nil
	}
	o, err := s.Store.Order(ctx, r.OrderID)
	if errors.Is(err, apperr.NotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return o.Payment.MandateReference == r.Reference, nil
}

// brandName is the name an SMS is signed with; "" when the brand cannot be read.
func (s *service) brandName(ctx context.Context, id int32) string {
	if s.Brands == nil {
		return ""
	}
	b, err := s.Brands.Brand(ctx, id)
	if err != nil {
		s.Log.WarnContext(ctx, "brand of the sms not read; sent unsigned", slog.Int("brand", int(id)), slog.Any("error", err))
		return ""
	}
	return b.Name
}
