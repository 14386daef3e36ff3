// Package domain holds the order rules with no I/O: feedback and consents (spec §5), the order and
// its lines as the priced cart computed them, order codes, the request fingerprint of an
// idempotency key, and SMS codes (issue 11).
package domain

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/pricing"
)

// Message keys of the order's errors (spec §8; docs/api.md "Order routes").
const (
	KeyNotFound               = "order.not_found"
	KeyUnavailable            = "order.unavailable"
	KeyIdempotencyKeyRequired = "order.idempotency_key_required"
	KeyIdempotencyKeyTooLong  = "order.idempotency_key_too_long"
	KeyIdempotencyKeyReused   = "order.idempotency_key_reused"
	KeyCartEmpty              = "order.cart_empty"
	KeyCustomerMissing        = "order.customer_missing"
	KeyPaymentMissing         = "order.payment_missing"
	KeySMSNotRequired         = "order.sms_not_required"
	KeySMSRateLimited         = "order.sms_rate_limited"
	KeySMSCodeFormat          = "order.sms_code_format"
	KeySMSCodeInvalid         = "order.sms_code_invalid"
	KeySMSCodeExpired         = "order.sms_code_expired"
	KeySMSCodeMissing         = "order.sms_code_missing"
	KeySMSAttemptsExceeded    = "order.sms_attempts_exceeded"
	KeyPhoneInvalid           = "customer.phone_invalid"
	// KeyPaymentAmountChanged: the cart changed after the card was authorised or the PayPal
	// subscription approved; the old payment is voided and the shopper pays again.
	KeyPaymentAmountChanged = "payment.amount_changed"
	// KeyPaymentAlreadyUsed: the payment's provider reference paid another order already.
	KeyPaymentAlreadyUsed = "payment.already_used"
)

// MaxIdempotencyKeyLength bounds the browser's Idempotency-Key header (docs/api.md).
const MaxIdempotencyKeyLength = 255

// Order statuses.
const (
	StatusAwaitingSMS = "awaiting_sms"
	StatusPlaced      = "placed"
)

// Line kinds.
const (
	KindProduct = "product"
	KindAddon   = "addon"
	KindUpsell  = "upsell"
	KindDomain  = "domain"
)

// Currency of every amount in the shop.
const Currency = "EUR"

// Totals are the order's amounts in cents, as the cart service's pricing computed them.
type Totals struct {
	NetCents   int64  `json:"net_cents"`
	VATCents   int64  `json:"vat_cents"`
	GrossCents int64  `json:"gross_cents"`
	Currency   string `json:"currency"`
	// Display is what the cart summary and confirm page printed (issue 23): the cart's price
	// presentation in the brand's mode; nil for orders placed before it was kept.
	Display *TotalsDisplay `json:"display,omitempty"`
}

// TotalsDisplay is the printed figures of the whole order as the confirm page showed them.
type TotalsDisplay struct {
	// PricesWithVAT: the brand shows gross prices (else net plus VAT).
	PricesWithVAT bool                     `json:"prices_with_vat"`
	Figures       pricing.CartPresentation `json:"figures"`
}

// LineDisplay is how the confirm page showed a line (issue 23): whether at all, with its term and
// interval and the line's price presentation, so the mail lists the same rows and figures.
type LineDisplay struct {
	// Hidden: a hide_in_cart addon (an included agent, archive storage) the cart and confirm page
	// never list; its amounts still count in the totals, as there.
	Hidden bool `json:"hidden,omitempty"`
	// HidePrice: a zero price the brand hides (hide_zero_prices_in_cart).
	HidePrice      bool                     `json:"hide_price,omitempty"`
	Inclusive      bool                     `json:"inclusive,omitempty"` // a domain included in the product
	MaturityMonths int32                    `json:"maturity_months,omitempty"`
	IntervalMonths int32                    `json:"interval_months,omitempty"`
	Figures        pricing.LinePresentation `json:"figures"`
	// CancelationDays is the catalog's notice period in days (the cart line's cancelation_period)
	// the confirm page worded the contract terms with; nil for orders kept before it was (the
	// confirmation then repeats no terms it cannot know).
	CancelationDays *int32 `json:"cancelation_days,omitempty"`
}

// Line is one priced row of the order: a product, addon, upsell or domain of a cart item.
type Line struct {
	// Item is the cart row (row_id) the line belongs to; lines of one item share it.
	Item        string  `json:"item"`
	Kind        string  `json:"kind"`
	RefID       int32   `json:"ref_id"` // product, addon or upsell id; 0 for a domain
	Name        string  `json:"name"`
	MaturityID  int32   `json:"maturity_id,omitempty"`
	IntervalID  int32   `json:"interval_id,omitempty"`
	VATPercent  float64 `json:"vat_percent"`
	NetCents    int64   `json:"net_cents"`
	GrossCents  int64   `json:"gross_cents"`
	SetupNet    int64   `json:"setup_fee_net_cents"`
	DiscountNet int64   `json:"discount_net_cents"`
	Promotion   string  `json:"promotion,omitempty"`
	// Display is the line as printed; nil for orders placed before it was kept.
	Display *LineDisplay `json:"display,omitempty"`
}

// Customer is the snapshot of the session's customer an order keeps.
type Customer struct {
	CustomerNo   string `json:"customer_no,omitempty"`
	Group        int32  `json:"group"`
	Gender       int32  `json:"gender"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	CompanyName  string `json:"company_name,omitempty"`
	CompanyVATID string `json:"company_vat_id,omitempty"`
	Email        string `json:"email"`
	Street       string `json:"street"`
	PostalCode   string `json:"postal_code"`
	City         string `json:"city"`
	CountryCode  string `json:"country_code"`
	Phone        string `json:"phone"`
	// VATIDCheck is the VIES evidence the customer service recorded for CompanyVATID; nil when
	// no check was made (no company, no VAT id, or one of the brand's own country). The order
	// keeps it in a column of its own (vat_id_check), not in the customer snapshot: it is the
	// proof of a reverse-charge invoice, looked for on its own.
	VATIDCheck *VATIDCheck `json:"-"`

	// BrandID is the brand of the customer record CustomerNo names (0 for a new customer): an
	// existing customer orders from its own brand only.
	BrandID int32 `json:"brand_id,omitempty"`
}

// Statuses of a VAT id check (the customer service's).
const (
	VATIDValid       = "valid"
	VATIDInvalid     = "invalid"
	VATIDUnavailable = "unavailable"
)

// VATIDCheck is the evidence of a company's VAT id check at the EU's VIES as the customer service
// recorded it when the customer data was saved: the id checked, VIES's verdict (or that it did not
// answer), its consultation number (requestIdentifier) and the trader's name and address when the
// member state shares them.
type VATIDCheck struct {
	VATID              string    `json:"vat_id"`
	Status             string    `json:"status"`
	ConsultationNumber string    `json:"consultation_number,omitempty"`
	Name               string    `json:"name,omitempty"`
	Address            string    `json:"address,omitempty"`
	CheckedAt          time.Time `json:"checked_at"`
}

// Payment is the snapshot of the session's payment option an order keeps. The payment service
// answers the IBAN masked, so the order holds no account number.
type Payment struct {
	Type          string `json:"type"`
	Holder        string `json:"holder,omitempty"`
	MaskedIBAN    string `json:"iban,omitempty"`
	BIC           string `json:"bic,omitempty"`
	Bank          string `json:"bank,omitempty"`
	Permission    bool   `json:"permission,omitempty"`
	SMSValidation bool   `json:"sms_validation"`
	PSPReference  string `json:"psp_reference,omitempty"`
	// PSPResult is the card provider's result that accepted PSPReference: Authorised, or
	// Pending / Received (not confirmed yet).
	PSPResult          string `json:"psp_result,omitempty"`
	RecurringReference string `json:"recurring_reference,omitempty"`
	PayPalReference    string `json:"paypal_reference,omitempty"`
	// What PSPReference or PayPalReference was made for (payment service): the amount, its
	// currency and the priced cart's fingerprint at that moment.
	ChargedCents    int64  `json:"charged_cents,omitempty"`
	ChargedCurrency string `json:"charged_currency,omitempty"`
	CartFingerprint string `json:"cart_fingerprint,omitempty"`
	// The SEPA mandate of a SEPA order (payment service; the IBAN stays there, sealed): its
	// reference and the creditor, the pre-notification facts the rulebook asks for.
	MandateReference string `json:"mandate_reference,omitempty"`
	CreditorID       string `json:"creditor_id,omitempty"`
	CreditorName     string `json:"creditor_name,omitempty"`
	// FirstDebitDue is the day (YYYY-MM-DD) the first debit falls due as the mandate recorded it
	// (payment service, paymenttypes.FirstDebitDue at the signing): the confirmation announces
	// this day and collection debits on it. Empty in orders placed before it was kept.
	FirstDebitDue string `json:"first_debit_due,omitempty"`
}

// PaymentSEPA is the SEPA direct debit's payment type.
const PaymentSEPA = paymenttypes.SEPA

// Mandate is what the order keeps of its SEPA mandate: FirstDebitDue is the day (YYYY-MM-DD) the
// mandate recorded for the first debit.
type Mandate struct {
	Reference, CreditorID, CreditorName, FirstDebitDue string
}

// PaymentAccount is the payment of an existing customer's order (spec §4, §6): billed on the
// customer's account with the method the hoster keeps for it. The server sets it for a session
// with a customer number; no browser can choose it.
const PaymentAccount = paymenttypes.Account

// Provider references an order can be paid with; each pays at most one order.
const (
	RefCard   = paymenttypes.RefCard
	RefPayPal = paymenttypes.RefPayPal
	// RefSEPA names a SEPA mandate's reference (the payment service asks which mandates an order
	// carries; not a key of order_payment_refs).
	RefSEPA = paymenttypes.RefSEPA
)

// ProviderReference is the card authorisation or PayPal subscription that pays the order, and its
// provider; empty for payments without one (SEPA, bank transfer).
func (p Payment) ProviderReference() (provider, reference string) {
	switch {
	case p.PSPReference != "":
		return RefCard, p.PSPReference
	case p.PayPalReference != "":
		return RefPayPal, p.PayPalReference
	}
	return "", ""
}

// PaysFor reports whether the payment's provider reference was made for this priced cart: the
// same amount, currency and cart fingerprint. A payment without a provider reference pays
// whatever the order totals (it is collected later).
func (p Payment) PaysFor(totals Totals, fingerprint string) bool {
	if _, ref := p.ProviderReference(); ref == "" {
		return true
	}
	return fingerprint != "" && p.CartFingerprint == fingerprint && p.ChargedCents == totals.GrossCents && p.ChargedCurrency == totals.Currency
}

// Order is a placed order.
type Order struct {
	ID           string
	Code         string
	SessionID    string
	BrandID      int32
	Locale       string
	Status       string
	SMSRequired  bool
	SMSValidated bool
	Customer     Customer
	Payment      Payment
	Feedback     Feedback
	Totals       Totals
	Lines        []Line
	// Items is the configuration of every cart item, secrets sealed.
	Items     []ItemConfig
	CreatedAt time.Time
}

// NewOrderID returns an order or event id: a ULID, unguessable (80 random bits from crypto/rand)
// and sortable by creation.
func NewOrderID(now time.Time) (string, error) {
	id, err := ulid.New(ulid.Timestamp(now), rand.Reader)
	if err != nil {
		return "", fmt.Errorf("order id: %w", err)
	}
	return id.String(), nil
}

// codeAlphabet spells order codes: upper case and digits without the look-alikes 0/O, 1/I/L, so a
// code read out on the phone to support comes back right.
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// NewOrderCode returns the order number the success page shows: the day it was placed and eight
// random characters (31^8 per day: a collision is left to the database's unique constraint).
func NewOrderCode(now time.Time, r io.Reader) (string, error) {
	s, err := randomString(r, codeAlphabet, 8)
	if err != nil {
		return "", fmt.Errorf("order code: %w", err)
	}
	return now.UTC().Format("060102") + "-" + s, nil
}

// RequestHash fingerprints a PlaceOrder request for its idempotency key: the feedback as sent,
// before trimming, so "the same body" means the same bytes of every field.
func RequestHash(f Feedback) string {
	b, _ := json.Marshal(f) // a struct of strings and bools always marshals
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// FinalizedEvent is the payload of the order.finalized event (spec §4a) the outbox publishes.
// It carries what the order confirmation mail needs (locale, recipient), so a consumer need not
// read the order back; events published before those fields existed lack them (see Recipient).
type FinalizedEvent struct {
	Event       string         `json:"event"`
	OrderID     string         `json:"order_id"`
	OrderCode   string         `json:"order_code"`
	BrandID     int32          `json:"brand_id"`
	Locale      string         `json:"locale,omitempty"`
	Status      string         `json:"status"`
	PaymentType string         `json:"payment_type"`
	Customer    EventRecipient `json:"customer"`
	Totals      Totals         `json:"totals"`
	Lines       []Line         `json:"lines"`
	CreatedAt   time.Time      `json:"created_at"`
	// SEPA is the mandate a SEPA order is collected with (the pre-notification's facts); the
	// IBAN stays sealed in the payment service.
	SEPA *EventSEPA `json:"sepa,omitempty"`
	// Items is what fulfilment provisions: every item's configuration, secrets by reference
	// (opened from the order with the key). Address and phone stay on the order.
	Items []ItemConfig `json:"items,omitempty"`
	// VATIDCheck is the VIES evidence of the customer's VAT id (billing: a valid foreign EU id
	// is invoiced with reverse charge and this consultation number); absent without a check.
	VATIDCheck *VATIDCheck `json:"vat_id_check,omitempty"`
	// ReferralID and ReferralSource are the referral the order was attributed to (spec §7 source
	// order: ReferralFromOrder, ...); absent without one.
	ReferralID     string `json:"referral_id,omitempty"`
	ReferralSource string `json:"referral_source,omitempty"`
	// MarketingCampaignID is the brand's marketing campaign the order counts for (spec §9: default
	// 1, also for orders placed before it was kept).
	MarketingCampaignID int32 `json:"marketing_campaign_id"`
	// EarlyStart: the consumer asked for the services to start within the withdrawal period
	// (Feedback.EarlyStart); false: provisioning waits for the period's end, and the confirmation
	// says so.
	EarlyStart bool `json:"early_start,omitempty"`
}

// EventSEPA names a SEPA order's mandate and creditor, and the day the mandate recorded for the
// first debit (YYYY-MM-DD; absent in events of orders placed before it was kept).
type EventSEPA struct {
	MandateReference string `json:"mandate_reference"`
	CreditorID       string `json:"creditor_id"`
	CreditorName     string `json:"creditor_name,omitempty"`
	FirstDebitDue    string `json:"first_debit_due,omitempty"`
}

// EventRecipient is the part of the customer an order.finalized event carries: whom to confirm
// the order to and whom to bill (the customer number of an existing customer, the billing
// address). Phone and payment details stay in the order service's database.
type EventRecipient struct {
	// CustomerNo is the existing customer's number (billing on the account); absent for a new
	// customer.
	CustomerNo  string `json:"customer_no,omitempty"`
	Email       string `json:"email"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	CompanyName string `json:"company_name,omitempty"`
	// Group is the customer group (0 business, else consumer): the confirmation repeats the
	// contract terms the confirm page stated for that audience. Nil in events published before it.
	Group *int32 `json:"group,omitempty"`
	// BillingAddress is the address the invoice goes to (the customer's address as the order
	// keeps it); nil in events published before it.
	BillingAddress *EventAddress `json:"billing_address,omitempty"`
}

// EventAddress is a billing address of an order.finalized event.
type EventAddress struct {
	Street      string `json:"street"`
	PostalCode  string `json:"postal_code"`
	City        string `json:"city"`
	CountryCode string `json:"country_code"`
}

// EventFinalized names the event and its subject suffix.
const EventFinalized = "order.finalized"

// Finalized returns the event the order's placement publishes.
func (o Order) Finalized() FinalizedEvent {
	c := o.Customer
	return FinalizedEvent{Event: EventFinalized, OrderID: o.ID, OrderCode: o.Code, BrandID: o.BrandID, Locale: o.Locale,
		Status: o.Status, PaymentType: o.Payment.Type,
		Customer: EventRecipient{CustomerNo: c.CustomerNo, Email: c.Email, FirstName: c.FirstName, LastName: c.LastName, CompanyName: c.CompanyName,
			Group: &c.Group, BillingAddress: &EventAddress{Street: c.Street, PostalCode: c.PostalCode, City: c.City, CountryCode: c.CountryCode}},
		Totals: o.Totals, Lines: o.Lines, CreatedAt: o.CreatedAt.UTC(), SEPA: o.Payment.sepa(), Items: WithoutCiphertexts(o.Items),
		VATIDCheck: c.VATIDCheck, ReferralID: o.Feedback.ReferralID, ReferralSource: o.Feedback.ReferralSource,
		MarketingCampaignID: Brand{MarketingCampaignID: o.Feedback.MarketingCampaignID}.CampaignID(), EarlyStart: o.Feedback.EarlyStart}
}

func (p Payment) sepa() *EventSEPA {
	if p.MandateReference == "" {
		return nil
	}
	return &EventSEPA{MandateReference: p.MandateReference, CreditorID: p.CreditorID, CreditorName: p.CreditorName, FirstDebitDue: p.FirstDebitDue}
}
