package service

// The ports of the order service's use cases: what they need from outside, implemented by the
// adapters (adapters/...) and wired in ordersvc. The use cases import no adapter.

import (
	"context"
	"io"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/order/domain"
)

// PricedCart is what an order takes from the session's cart, priced by the cart service.
type PricedCart struct {
	Lines  []domain.Line
	Totals domain.Totals
	// RequiredAgreements lists the agreements products and addons ask for (mca, eult, gtc).
	RequiredAgreements []string
	SMSValidation      bool
	// Blocked: the checkout must not proceed (a missing domain or field, an invalid item).
	Blocked bool
	// VATUnavailable: the cart was priced without the customer's VAT and must not be ordered.
	VATUnavailable bool
	// Version is the cart service's counter of the cart's stored changes (with the lines' rows it
	// names the cart's revision, which makes at most one order).
	Version int64
	// Fingerprint identifies what the cart charges (libs/go/pricedcart), as a payment records it.
	Fingerprint string
	// Items is every item's configuration, its secrets still in clear (sealed before writing).
	Items []domain.ItemConfig
}

// Carts is the session's cart (cart service).
type Carts interface {
	PricedCart(ctx context.Context) (PricedCart, error)
	ClearCart(ctx context.Context) error
}

// Customers is the session's customer (customer service).
type Customers interface {
	// SessionCustomer answers the customer; ok is false while the forms are not complete and valid.
	SessionCustomer(ctx context.Context) (c domain.Customer, ok bool, err error)
	Forget(ctx context.Context) error
}

// Payments is the session's payment option (payment service).
type Payments interface {
	// SessionPayment answers the option; ok is false when none was chosen.
	SessionPayment(ctx context.Context) (p domain.Payment, ok bool, err error)
	Forget(ctx context.Context) error
	// Void cancels the option's card authorisation or PayPal subscription at the provider and
	// clears it; the chosen type stays.
	Void(ctx context.Context) error
	// TypeRule answers whether the brand of the call offers the payment type now and whether it
	// requires SMS validation.
	TypeRule(ctx context.Context, slug string) (offered, smsRequired bool, err error)
	// SEPAMandate records the mandate of the session's SEPA option for the order (one per order).
	SEPAMandate(ctx context.Context, orderID string) (domain.Mandate, error)
}

// SMS sends text messages. Outages wrap apperr.Unavailable.
type SMS interface {
	Send(ctx context.Context, to, text string) error
}

// Referrals keep each session's referral id.
type Referrals interface {
	Get(ctx context.Context, sessionID string) (string, error)
	Put(ctx context.Context, sessionID, id string) error
	Delete(ctx context.Context, sessionID string) error
}

// Brands answers a brand's sender and legal identity (catalog brand properties).
type Brands interface {
	Brand(ctx context.Context, id int32) (domain.Brand, error)
}

// Store keeps the orders (adapters/sqlstore.Store implements it).
type Store interface {
	Place(ctx context.Context, p domain.Placement) (domain.Order, bool, error)
	// CartOrdered reports whether the session's cart revision (domain.CartRevision) made an
	// order already; Place refuses a second one all the same (domain.ErrAlreadyPlaced).
	CartOrdered(ctx context.Context, sessionID, revision string) (bool, error)
	// PaymentReferenceUsed reports whether a provider reference paid an order already.
	PaymentReferenceUsed(ctx context.Context, provider, reference string) (bool, error)
	// ApplyPaymentNotification finds the order paid with the notification's reference, locks it,
	// and persists what decide (domain.OnPaymentNotification) makes of it: status and events in
	// one transaction; false when nothing moved or no order has the reference.
	ApplyPaymentNotification(ctx context.Context, n domain.PaymentNotification,
		decide func(domain.Order) (domain.Move, bool, error)) (bool, error)
	Replay(ctx context.Context, sessionID, key, requestHash string) (domain.Order, bool, error)
	Order(ctx context.Context, id string) (domain.Order, error)
	PutSMSCode(ctx context.Context, orderID string, c domain.SMSCode) error
	// VerifySMS judges a code with check under the code's lock; an accepted code persists what
	// validated (domain.OnSMSValidated) makes of the order, with its events, in the same
	// transaction.
	VerifySMS(ctx context.Context, orderID string, check func(domain.SMSCode) (domain.SMSCode, string),
		validated func(domain.Order) (domain.Move, error)) (domain.Order, string, error)
}

// Ports are what the use cases need from outside.
type Ports struct {
	Store     Store
	Carts     Carts
	Customers Customers
	Payments  Payments
	SMS       SMS
	Referrals Referrals
	// Brands names the brand that signs an order's SMS; nil or an outage sends it unsigned (the
	// code matters more than the signature).
	Brands Brands
	Log    *slog.Logger
	// Secrets seals the order's secrets (auth codes, password fields); without it an order with
	// secrets is refused rather than stored with them in clear.
	Secrets Sealer
	// Now and Random default to the clock and crypto/rand; tests fix them.
	Now    func() time.Time
	Random io.Reader
}

// Sealer seals a secret bound to its place (secretbox.Keyring).
type Sealer interface {
	Seal(plaintext, aad []byte) (secretbox.Sealed, error)
}

// DraftCarts drive the carts of draft sessions (cart service) with the authority of the admin
// panel: the calls are made as a sales agent, which only the order service's draft use cases do.
type DraftCarts interface {
	// CreateDraftCart stores cart (the cart service's JSON) as the draft cart of the context's
	// session, its items preconfigured; it answers the stored cart's JSON and item count.
	CreateDraftCart(ctx context.Context, cart []byte) (stored []byte, items int, err error)
	// CartJSON answers the context session's cart as the cart service's JSON.
	CartJSON(ctx context.Context) ([]byte, error)
	// ClearAsAgent empties the context session's cart, preconfigured items included.
	ClearAsAgent(ctx context.Context) error
}

// DraftStore keeps the drafts (adapters/sqlstore.Store implements it); a draft that does not
// exist is domain.ErrDraftNotFound.
type DraftStore interface {
	CreateDraft(ctx context.Context, d domain.Draft, codeHash string) error
	DraftByCode(ctx context.Context, codeHash string) (domain.Draft, error)
	DraftBySession(ctx context.Context, sessionID string) (domain.Draft, error)
	SaveDraft(ctx context.Context, id string, expected int64, savedBy, snapshot string, now time.Time) (domain.Draft, error)
	CancelDraft(ctx context.Context, id string, now time.Time) (bool, error)
}
