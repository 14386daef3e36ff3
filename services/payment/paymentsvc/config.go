// Package paymentsvc is the composition root of the payment service: it reads the configuration,
// opens the payment types' SQL store and the sessions' Redis, asks the catalog for brand properties
// and serves the use cases over gRPC. cmd/payment and tools/devstack both call Run.
package paymentsvc

import (
	"time"

	"github.com/hostcart/checkout/libs/go/brandprops"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/payment/adapters/cardprovider"
	"github.com/hostcart/checkout/services/payment/adapters/paypal"
	"github.com/hostcart/checkout/services/payment/adapters/redisstore"
)

// ServiceName names the service in logs, traces, health and discovery.
const ServiceName = "payment"

// Defaults.
const (
	DefaultListen     = "127.0.0.1:9106"
	DefaultSQLitePath = "payment.db"
	// Card testing is cheap to try and costly to suffer: a shopper needs a few attempts (a typo, a
	// refused card, 3-D Secure), a card tester hundreds. Each of create-payment, payment-details and
	// PayPal's create-subscription has this budget of its own; an office behind one address more.
	DefaultRateSession = "10/10m/5"
	DefaultRateIP      = "60/10m/20"
	// A shopper who paid and has not ordered within two hours has left; an authorisation held
	// longer blocks the shopper's money for nothing (Adyen holds it for up to 28 days).
	DefaultReconcileAfter    = 2 * time.Hour
	DefaultReconcileInterval = 5 * time.Minute
	// A SEPA mandate is recorded while its order is placed, which takes seconds; one no order
	// carries a day later never will (service.MinMandateAge is the floor), and its IBAN goes.
	DefaultMandateAbandonAfter = 24 * time.Hour
	// reconcileLease keeps other replicas off a claimed reference while its void runs.
	reconcileLease = 5 * time.Minute
)

// Message keys of the guarded routes.
const (
	// KeyTooManyAttempts refuses a payment attempt over the session's or the address's budget
	// (RESOURCE_EXHAUSTED, HTTP 429 with Retry-After).
	KeyTooManyAttempts = "payment.too_many_attempts"
	// KeyUnavailable answers the guarded routes while their rate limiter cannot count (Redis
	// down): they fail closed (HTTP 503).
	KeyUnavailable = "payment.unavailable"
)

// Config of the payment service.
type Config struct {
	// DatabaseURL (PAYMENT_DATABASE_URL, else DATABASE_URL) holds the payment types; empty selects
	// the embedded SQLite file SQLitePath (PAYMENT_SQLITE_PATH) where EmbeddedStores allows it.
	DatabaseURL string
	SQLitePath  string
	// Seed (PAYMENT_SEED) writes the shipped payment types at start.
	Seed bool
	// RedisURL (REDIS_URL) holds the sessions' options.
	RedisURL string
	// EmbeddedStores (EMBEDDED_STORES) allows the embedded stores.
	EmbeddedStores bool
	// SessionTTL (PAYMENT_SESSION_TTL) is how long a session's option lives after it was chosen.
	SessionTTL time.Duration
	// CatalogAddr (CATALOG_ADDR) is the catalog's dial target (brand properties); required.
	CatalogAddr string
	// CacheTTL (PAYMENT_CACHE_TTL) bounds how long brand properties are reused.
	CacheTTL time.Duration
	// CartAddr (CART_ADDR) and CustomerAddr (CUSTOMER_ADDR) are where the card flow learns the
	// amount (the priced cart) and the shopper; without them card payments are refused.
	CartAddr     string
	CustomerAddr string
	// CardProvider (CARD_PROVIDER) is "adyen" (the real Checkout API: ADYEN_URL, ADYEN_API_KEY,
	// ADYEN_MERCHANT_ACCOUNT), "sandbox" (cardsandbox: CARD_SANDBOX_SECRET, CARD_SANDBOX_PAGE_URL)
	// or empty (no card payments). CARD_HMAC_KEY verifies notifications either way.
	CardProvider string
	Adyen        cardprovider.Config
	// CardSandboxSecret signs the sandbox challenge's verdicts; devstack shares it with the page it serves.
	CardSandboxSecret  string
	CardSandboxPageURL string
	// CardSandboxDir is where the card sandbox appends the authorisations it voided (voids.jsonl),
	// for devstack's tests in other processes; empty keeps them in memory.
	CardSandboxDir string
	// PayPalProvider (PAYPAL_PROVIDER) is "paypal" (the REST API: PAYPAL_URL, PAYPAL_CLIENT_ID,
	// PAYPAL_CLIENT_SECRET, PAYPAL_PLAN_ID, PAYPAL_BRAND_NAME; PAYPAL_WEBHOOK_ID, the listener's id
	// at PayPal, verifies webhook deliveries: without it they are refused), "sandbox" (paypalsandbox:
	// PAYPAL_SANDBOX_SECRET, PAYPAL_SANDBOX_PAGE_URL) or empty (no PayPal subscriptions).
	PayPalProvider       string
	PayPal               paypal.Config
	PayPalSandboxSecret  string
	PayPalSandboxPageURL string
	// SecretKeys (PAYMENT_SECRET_KEYS, from a Secret) are the AES-256 keys that seal IBANs of SEPA
	// mandates, "id:base64,id:base64"; SecretKeyID (PAYMENT_SECRET_KEY_ID) names the sealing key
	// (default the first). Without keys SEPA orders are refused (payment.sepa_not_configured).
	SecretKeys  string
	SecretKeyID string
	// RateSession and RateIP (PAYMENT_RATELIMIT_SESSION, PAYMENT_RATELIMIT_IP, "rate/period[/burst]"
	// or "off") budget each of CreateCardPayment, SubmitCardPaymentDetails and
	// CreatePayPalSubscription per session and per client address (IPv6 per /64); the calls of one
	// idempotency key pay once, and the routes fail closed while Redis is down.
	RateSession ratelimit.Limit
	RateIP      ratelimit.Limit
	// OrderAddr (ORDER_ADDR) is the order service, which knows which payment references paid an
	// order; without it the reconciliation does not run.
	OrderAddr string
	// ReconcileAfter (PAYMENT_RECONCILE_AFTER, default 2h) is how old a card authorisation or
	// PayPal subscription no order used must be before it is voided; ReconcileInterval
	// (PAYMENT_RECONCILE_INTERVAL, default 5m) how often the reconciliation looks; 0 turns it off.
	ReconcileAfter    time.Duration
	ReconcileInterval time.Duration
	// MandateAbandonAfter (PAYMENT_MANDATE_ABANDON_AFTER, default 24h, at least 1h; 0 turns it
	// off) is how old a SEPA mandate no order carries must be before the reconciliation wipes its
	// holder, IBAN, BIC and bank and marks it abandoned.
	MandateAbandonAfter time.Duration
	GRPC                grpcserver.Config
	Client              grpcclient.Config
}

// ConfigFromEnv reads the configuration; malformed values fall back to the defaults.
func ConfigFromEnv() Config {
	return Config{
		DatabaseURL:    config.String("PAYMENT_DATABASE_URL", config.String("DATABASE_URL", "")),
		SQLitePath:     config.String("PAYMENT_SQLITE_PATH", DefaultSQLitePath),
		Seed:           config.Bool("PAYMENT_SEED", false),
		RedisURL:       config.String("REDIS_URL", ""),
		EmbeddedStores: config.EmbeddedStores(),
		SessionTTL:     config.Duration("PAYMENT_SESSION_TTL", redisstore.DefaultTTL),
		CatalogAddr:    config.String("CATALOG_ADDR", ""),
		CacheTTL:       config.Duration("PAYMENT_CACHE_TTL", brandprops.DefaultTTL),
		CartAddr:       config.String("CART_ADDR", ""),
		CustomerAddr:   config.String("CUSTOMER_ADDR", ""),
		CardProvider:   config.String("CARD_PROVIDER", ""),
		Adyen: cardprovider.Config{
			URL:             config.String("ADYEN_URL", ""),
			APIKey:          config.String("ADYEN_API_KEY", ""),
			MerchantAccount: config.String("ADYEN_MERCHANT_ACCOUNT", ""),
			HMACKey:         config.String("CARD_HMAC_KEY", ""),
			ClientKey:       config.String("ADYEN_CLIENT_KEY", ""),
			Environment:     config.String("ADYEN_ENVIRONMENT", "test"),
		},
		CardSandboxSecret:  config.String("CARD_SANDBOX_SECRET", ""),
		CardSandboxPageURL: config.String("CARD_SANDBOX_PAGE_URL", ""),
		CardSandboxDir:     config.String("CARD_SANDBOX_DIR", ""),
		PayPalProvider:     config.String("PAYPAL_PROVIDER", ""),
		PayPal: paypal.Config{
			URL:          config.String("PAYPAL_URL", ""),
			ClientID:     config.String("PAYPAL_CLIENT_ID", ""),
			ClientSecret: config.String("PAYPAL_CLIENT_SECRET", ""),
			PlanID:       config.String("PAYPAL_PLAN_ID", ""),
			BrandName:    config.String("PAYPAL_BRAND_NAME", ""),
			WebhookID:    config.String("PAYPAL_WEBHOOK_ID", ""),
		},
		PayPalSandboxSecret:  config.String("PAYPAL_SANDBOX_SECRET", ""),
		PayPalSandboxPageURL: config.String("PAYPAL_SANDBOX_PAGE_URL", ""),
		SecretKeys:           config.String("PAYMENT_SECRET_KEYS", ""),
		SecretKeyID:          config.String("PAYMENT_SECRET_KEY_ID", ""),
		RateSession:          ratelimit.FromEnv("PAYMENT_RATELIMIT_SESSION", DefaultRateSession),
		RateIP:               ratelimit.FromEnv("PAYMENT_RATELIMIT_IP", DefaultRateIP),
		OrderAddr:            config.String("ORDER_ADDR", ""),
		ReconcileAfter:       config.Duration("PAYMENT_RECONCILE_AFTER", DefaultReconcileAfter),
		ReconcileInterval:    config.Duration("PAYMENT_RECONCILE_INTERVAL", DefaultReconcileInterval),
		MandateAbandonAfter:  config.Duration("PAYMENT_MANDATE_ABANDON_AFTER", DefaultMandateAbandonAfter),
		GRPC:                 grpcserver.ConfigFromEnv(),
		Client:               grpcclient.ConfigFromEnv(),
	}
}
