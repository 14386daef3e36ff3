package domain

import "errors"

// Errors the card provider's adapters wrap, sorted by the use cases.
var (
	// ErrProviderRejected: the provider refused the request itself (validation, configuration);
	// retrying the same request will not help.
	ErrProviderRejected = errors.New("card provider rejected the request")
	// ErrProviderSignature: a notification's HMAC signature is missing or wrong.
	ErrProviderSignature = errors.New("card provider notification: bad signature")
)

// Money is an amount in minor units (cents) of a currency, as card providers take it.
type Money struct {
	Value    int64
	Currency string
}

// Result codes of a card payment (spec §4 "card payment results"; the card provider's names).
const (
	ResultAuthorised       = "Authorised"
	ResultPending          = "Pending"
	ResultReceived         = "Received"
	ResultRefused          = "Refused"
	ResultRedirectShopper  = "RedirectShopper"
	ResultIdentifyShopper  = "IdentifyShopper"
	ResultChallengeShopper = "ChallengeShopper"
)

// CardResult is the card provider's answer to a payment or to its details.
type CardResult struct {
	ResultCode string
	// PSPReference is the provider's reference of the payment.
	PSPReference string
	// RecurringReference is the stored card's reference for later charges.
	RecurringReference string
	// Action is what the shopper must do next (a 3-D Secure redirect), as the provider's component
	// takes it; empty when none.
	Action []byte
	// RefusalReason is the provider's text for a refusal, for the logs.
	RefusalReason string
}

// ActionNeeded: the shopper must complete an extra step (3-D Secure) before the result is known.
func (r CardResult) ActionNeeded() bool { return len(r.Action) > 0 }

// Accepted: Authorised, Pending or Received; the option keeps the references (spec §4).
func (r CardResult) Accepted() bool {
	switch r.ResultCode {
	case ResultAuthorised, ResultPending, ResultReceived:
		return true
	}
	return false
}

// PaymentMethod is a way to pay the card provider offers for a country and amount.
type PaymentMethod struct {
	Type   string
	Name   string
	Brands []string
}

// Notification is one of the card provider's asynchronous notifications (webhooks).
type Notification struct {
	EventCode         string
	Success           bool
	PSPReference      string
	OriginalReference string
	MerchantReference string
	Amount            Money
}

// PaymentReference is the psp reference of the payment a notification concerns: its own for an
// authorisation, the original one for a modification (cancellation, refund, chargeback).
func (n Notification) PaymentReference() string {
	if n.OriginalReference != "" && n.EventCode != "AUTHORISATION" {
		return n.OriginalReference
	}
	return n.PSPReference
}

// CardPayment is a card payment to create at the provider.
type CardPayment struct {
	Reference string
	// Amount is the priced cart's total, computed by the cart service.
	Amount Money
	// PaymentMethod is the provider component's encrypted card data, passed on untouched.
	PaymentMethod    []byte
	ReturnURL        string
	Origin           string
	ShopperEmail     string
	ShopperReference string
	ShopperLocale    string
	CountryCode      string
}

// IsCardType reports whether a payment type is one of the card provider's methods.
func IsCardType(slug string) bool {
	return len(slug) > len(CardProviderPrefix) && slug[:len(CardProviderPrefix)] == CardProviderPrefix
}
