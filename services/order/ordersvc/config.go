// Package ordersvc is the composition root of the order service: it reads the configuration, opens
// the orders' SQL store, the sessions' Redis and the broker, dials the cart, customer and payment
// services, runs the outbox relay and the confirmation mail consumer and serves the use cases over gRPC. cmd/order (and, once wired,
// tools/devstack) call Run.
package ordersvc

import (
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/order/adapters/outbox"
	"github.com/hostcart/checkout/services/order/adapters/redisstore"
	"github.com/hostcart/checkout/services/order/adapters/smsgateway"
	"github.com/hostcart/checkout/services/order/adapters/smtpmail"
)

// ServiceName names the service in logs, traces, health and discovery.
const ServiceName = "order"

// Defaults.
const (
	DefaultListen     = "127.0.0.1:9107"
	DefaultSQLitePath = "order.db"
	// An SMS costs money and reaches a person: a few resends per session, more per address (offices).
	DefaultSMSRateSession = "3/10m/3"
	DefaultSMSRateIP      = "30/10m/10"
	// Every order sends an SMS and a mail to a number and an address the visitor chooses: a shopper
	// places one or two (a refused feedback form, a payment asked again), a spammer hundreds.
	DefaultOrderRateSession = "5/10m/3"
	DefaultOrderRateIP      = "30/10m/10"
)

// Message keys of the guarded order placement.
const (
	// KeyTooManyOrders refuses an order over the session's or the address's budget
	// (RESOURCE_EXHAUSTED, HTTP 429 with Retry-After).
	KeyTooManyOrders = "order.too_many_orders"
)

// Config of the order service.
type Config struct {
	// DatabaseURL (ORDER_DATABASE_URL, else DATABASE_URL) holds the orders; empty selects the
	// embedded SQLite file SQLitePath (ORDER_SQLITE_PATH) where EmbeddedStores allows it.
	DatabaseURL string
	SQLitePath  string
	// RedisURL (REDIS_URL) holds the sessions' referral ids and the SMS rate limits.
	RedisURL string
	// NATSURL (NATS_URL) is the broker the outbox is relayed to; empty starts an embedded JetStream
	// server where EmbeddedStores allows it.
	NATSURL string
	// EmbeddedStores (EMBEDDED_STORES) allows the embedded stores and broker.
	EmbeddedStores bool
	// Outbox: NATS_STREAM, NATS_SUBJECT_PREFIX, ORDER_OUTBOX_INTERVAL.
	Outbox outbox.Config
	// CartAddr, CustomerAddr, PaymentAddr (CART_ADDR, CUSTOMER_ADDR, PAYMENT_ADDR) are the services an
	// order is built from; all required.
	CartAddr string
	// CatalogAddr (CATALOG_ADDR) is the catalog: brand properties that sign the mails and SMS
	// (sender, signature, legal footer). Optional: without it they carry no brand.
	CatalogAddr  string
	CustomerAddr string
	PaymentAddr  string
	// SMSProvider (SMS_PROVIDER) is "http" (the REST gateway: SMS_URL, SMS_API_KEY, SMS_SENDER,
	// SMS_TIMEOUT) or "sandbox" (messages kept in memory and, with SMS_SANDBOX_DIR, in sms.jsonl).
	SMSProvider   string
	SMS           smsgateway.Config
	SMSSandboxDir string
	// MailProvider (MAIL_PROVIDER) sends the order confirmation mails: "smtp" (SMTP_HOST,
	// SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD, SMTP_FROM, SMTP_TIMEOUT), "sandbox" (kept in memory
	// and, with MAIL_SANDBOX_DIR, in mail.jsonl) or empty: no mails, no mail consumer.
	MailProvider   string
	SMTP           smtpmail.Config
	MailSandboxDir string
	// SecretKeys (ORDER_SECRET_KEYS, from a Secret) are the AES-256 keys sealing an order's secrets
	// (transfer auth codes, password fields), "id:base64,..."; SecretKeyID (ORDER_SECRET_KEY_ID)
	// names the sealing key (default the first). Without keys orders with secrets are refused.
	SecretKeys  string
	SecretKeyID string
	// SMSRateSession and SMSRateIP (ORDER_SMS_RATELIMIT_SESSION, ORDER_SMS_RATELIMIT_IP) bound resends.
	SMSRateSession ratelimit.Limit
	SMSRateIP      ratelimit.Limit
	// OrderRateSession and OrderRateIP (ORDER_RATELIMIT_SESSION, ORDER_RATELIMIT_IP,
	// "rate/period[/burst]" or "off") budget PlaceOrder per session and per client address (IPv6
	// per /64); the calls of one idempotency key pay once, and placement fails closed
	// (order.unavailable) while Redis is down.
	OrderRateSession ratelimit.Limit
	OrderRateIP      ratelimit.Limit
	// ReferralTTL (ORDER_REFERRAL_TTL) is how long a session's referral id is kept.
	ReferralTTL time.Duration
	GRPC        grpcserver.Config
	Client      grpcclient.Config
}

// ConfigFromEnv reads the configuration; malformed values fall back to the defaults.
func ConfigFromEnv() Config {
	return Config{
		DatabaseURL:    config.String("ORDER_DATABASE_URL", config.String("DATABASE_URL", "")),
		SQLitePath:     config.String("ORDER_SQLITE_PATH", DefaultSQLitePath),
		RedisURL:       config.String("REDIS_URL", ""),
		NATSURL:        config.String("NATS_URL", ""),
		EmbeddedStores: config.EmbeddedStores(),
		Outbox: outbox.Config{
			Stream:        config.String("NATS_STREAM", outbox.DefaultStream),
			SubjectPrefix: config.String("NATS_SUBJECT_PREFIX", outbox.DefaultSubjectPrefix),
			Interval:      config.Duration("ORDER_OUTBOX_INTERVAL", outbox.DefaultInterval),
		},
		CartAddr:     config.String("CART_ADDR", ""),
		CatalogAddr:  config.String("CATALOG_ADDR", ""),
		CustomerAddr: config.String("CUSTOMER_ADDR", ""),
		PaymentAddr:  config.String("PAYMENT_ADDR", ""),
		SMSProvider:  config.String("SMS_PROVIDER", ""),
		SMS: smsgateway.Config{
			URL:     config.String("SMS_URL", ""),
			APIKey:  config.String("SMS_API_KEY", ""),
			Sender:  config.String("SMS_SENDER", ""),
			Timeout: config.Duration("SMS_TIMEOUT", smsgateway.DefaultTimeout),
		},
		SMSSandboxDir: config.String("SMS_SANDBOX_DIR", ""),
		MailProvider:  config.String("MAIL_PROVIDER", ""),
		SMTP: smtpmail.Config{
			Host:     config.String("SMTP_HOST", ""),
			Port:     config.Int("SMTP_PORT", smtpmail.DefaultPort),
			Username: config.String("SMTP_USERNAME", ""),
			Password: config.String("SMTP_PASSWORD", ""),
			From:     config.String("SMTP_FROM", ""),
			Timeout:  config.Duration("SMTP_TIMEOUT", smtpmail.DefaultTimeout),
		},
		MailSandboxDir:   config.String("MAIL_SANDBOX_DIR", ""),
		SecretKeys:       config.String("ORDER_SECRET_KEYS", ""),
		SecretKeyID:      config.String("ORDER_SECRET_KEY_ID", ""),
		SMSRateSession:   ratelimit.FromEnv("ORDER_SMS_RATELIMIT_SESSION", DefaultSMSRateSession),
		SMSRateIP:        ratelimit.FromEnv("ORDER_SMS_RATELIMIT_IP", DefaultSMSRateIP),
		OrderRateSession: ratelimit.FromEnv("ORDER_RATELIMIT_SESSION", DefaultOrderRateSession),
		OrderRateIP:      ratelimit.FromEnv("ORDER_RATELIMIT_IP", DefaultOrderRateIP),
		ReferralTTL:      config.Duration("ORDER_REFERRAL_TTL", redisstore.DefaultTTL),
		GRPC:             grpcserver.ConfigFromEnv(),
		Client:           grpcclient.ConfigFromEnv(),
	}
}
