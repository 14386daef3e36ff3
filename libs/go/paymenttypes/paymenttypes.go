// Package paymenttypes is the one source of the payment type names (spec §3 "Payment type" slugs)
// and the payment reference providers: the payment and order services and the gateway use these
// constants, and the frontend's copy (frontend/libs/shared/data-access-api/src/lib/payment-types.gen.ts)
// is generated from them (`go generate ./libs/go/paymenttypes`; a test fails when it drifts).
package paymenttypes

//go:generate go run ./gen -out ../../../frontend/libs/shared/data-access-api/src/lib/payment-types.gen.ts

import "strings"

// Payment type slugs (spec §3), as the catalog's brands list them and the session's payment option
// carries them.
const (
	SEPA              = "sepa"
	PayPal            = "paypal"
	PayPalIntegration = "paypal-integration"
	CreditCard        = "credit-card"
	BankTransfer      = "bank-transfer"
	// Account is the payment of an existing customer's order (spec §4, §6): billed on the
	// customer's account; only the server sets it, for a session with a customer number.
	Account = "existing"
)

// CardProvider is the card provider's name in its routes (spec §7 /{card-provider}/...).
const CardProvider = "adyen"

// CardProviderPrefix starts the slugs of the card provider's methods: adyen-<method type>, e.g.
// adyen-scheme for cards.
const CardProviderPrefix = CardProvider + "-"

// IsCardProviderMethod reports whether slug is one of the card provider's methods.
func IsCardProviderMethod(slug string) bool {
	return strings.HasPrefix(slug, CardProviderPrefix) && len(slug) > len(CardProviderPrefix)
}

// Providers of payment references: the card authorisation or PayPal subscription an order is paid
// with, as the payment service records them and the order service claims them. RefSEPA names a
// SEPA mandate's reference when the payment service asks which mandates an order carries.
const (
	RefCard   = "card"
	RefPayPal = "paypal"
	RefSEPA   = "sepa"
)

// Constant is one name of this package as the generator writes it for TypeScript.
type Constant struct {
	// TS is the TypeScript constant's name, Value its string, Doc its comment.
	TS, Value, Doc string
}

// Constants lists what the frontend gets, in the order the generated file declares them.
func Constants() []Constant {
	return []Constant{
		{"PAYMENT_SEPA", SEPA, "SEPA direct debit."},
		{"PAYMENT_PAYPAL", PayPal, "PayPal (the shop's own subscription flow)."},
		{"PAYMENT_PAYPAL_INTEGRATION", PayPalIntegration, "PayPal through the integration (subscription approved on PayPal's page)."},
		{"PAYMENT_CREDIT_CARD", CreditCard, "Card payment (the card provider's component)."},
		{"PAYMENT_BANK_TRANSFER", BankTransfer, "Bank transfer."},
		{"PAYMENT_ACCOUNT", Account, "An existing customer's order, billed on the customer's account (set by the server only)."},
		{"CARD_PROVIDER", CardProvider, "The card provider's name in its routes (spec §7 /{card-provider}/...)."},
		{"CARD_PROVIDER_PREFIX", CardProviderPrefix, "Its methods' slugs: adyen-<method type>, e.g. adyen-scheme for cards."},
	}
}
