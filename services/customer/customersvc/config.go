// Package customersvc is the composition root of the customer service: it reads the
// configuration, connects the session store and the catalog, and serves the use cases over gRPC.
// cmd/customer and tools/devstack both call Run.
package customersvc

import (
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/customer/adapters/catalogclient"
	"github.com/hostcart/checkout/services/customer/adapters/oidcauthority"
	"github.com/hostcart/checkout/services/customer/adapters/redisstore"
	"github.com/hostcart/checkout/services/customer/adapters/vies"
)

// ServiceName names the service in logs, traces, health and discovery.
const ServiceName = "customer"

// DefaultListen is where cmd/customer serves gRPC unless CUSTOMER_LISTEN says otherwise.
const DefaultListen = "127.0.0.1:9105"

// Default login budgets: a visitor who mistypes a password a few times is never stopped, a script
// trying codes is.
const (
	DefaultLoginRateSession = "10/1m/10"
	DefaultLoginRateIP      = "120/1m/60"
)

// DefaultSQLitePath is the embedded customer database of devstack.
const DefaultSQLitePath = "customer.db"

// Config of the customer service.
type Config struct {
	// DatabaseURL selects PostgreSQL for the customer records (CUSTOMER_DATABASE_URL, else
	// DATABASE_URL); empty selects the embedded SQLite file at SQLitePath (CUSTOMER_SQLITE_PATH)
	// where EmbeddedStores allows it.
	DatabaseURL string
	SQLitePath  string
	// Seed (CUSTOMER_SEED) writes the shipped seed customers at start (devstack, demos).
	Seed bool
	// OIDC is how brands' authorities are reached: OIDC_ISSUERS (authority=issuer pairs, for an
	// authority served elsewhere, like devstack's local provider), OIDC_CLIENT_SECRETS
	// (client_id=secret pairs) and OIDC_TIMEOUT.
	OIDC oidcauthority.Config
	// VIES checks companies' foreign EU VAT ids: VIES_URL (the EU's REST API by default),
	// VIES_REQUESTER (the shop's own VAT id, for consultation numbers), VIES_TIMEOUT. VIES_SANDBOX
	// (devstack) answers from viessandbox instead, each answer VIES_SANDBOX_LATENCY late (a slow
	// VIES, for tests of the form being saved whatever VIES takes).
	VIES               vies.Config
	VIESSandbox        bool
	VIESSandboxLatency time.Duration
	// RedisURL (REDIS_URL) holds the sessions' customer data.
	RedisURL string
	// EmbeddedStores (EMBEDDED_STORES) lets an empty RedisURL start an in-process Redis-protocol
	// server; without it the service refuses to start, so no replica keeps customer data in its
	// own memory by accident.
	EmbeddedStores bool
	// SessionTTL (CUSTOMER_SESSION_TTL) is how long a session's customer data lives after its last
	// change; by default as long as its cart.
	SessionTTL time.Duration
	// CatalogAddr (CATALOG_ADDR) is the catalog service's dial target (brand rules, countries);
	// required.
	CatalogAddr string
	// CacheTTL (CUSTOMER_CACHE_TTL) bounds how long brand rules and countries are reused.
	CacheTTL time.Duration
	// LoginRateSession and LoginRateIP (CUSTOMER_LOGIN_RATELIMIT_SESSION, CUSTOMER_LOGIN_RATELIMIT_IP,
	// "rate/period/burst") bound login starts and attempts per session and per client address:
	// each attempt costs the authority a token request.
	LoginRateSession ratelimit.Limit
	LoginRateIP      ratelimit.Limit
	GRPC             grpcserver.Config
	Client           grpcclient.Config
}

// ConfigFromEnv reads the configuration; malformed values fall back to the defaults.
func ConfigFromEnv() Config {
	return Config{
		DatabaseURL: config.String("CUSTOMER_DATABASE_URL", config.String("DATABASE_URL", "")),
		SQLitePath:  config.String("CUSTOMER_SQLITE_PATH", DefaultSQLitePath),
		Seed:        config.Bool("CUSTOMER_SEED", false),
		OIDC: oidcauthority.Config{
			Issuers: config.Map("OIDC_ISSUERS"),
			Secrets: config.Map("OIDC_CLIENT_SECRETS"),
			Timeout: config.Duration("OIDC_TIMEOUT", oidcauthority.DefaultTimeout),
		},
		LoginRateSession: ratelimit.FromEnv("CUSTOMER_LOGIN_RATELIMIT_SESSION", DefaultLoginRateSession),
		LoginRateIP:      ratelimit.FromEnv("CUSTOMER_LOGIN_RATELIMIT_IP", DefaultLoginRateIP),
		VIES: vies.Config{
			URL:       config.String("VIES_URL", vies.DefaultURL),
			Requester: config.String("VIES_REQUESTER", ""),
			Timeout:   config.Duration("VIES_TIMEOUT", outbound.VIESTimeout),
		},
		VIESSandbox:        config.Bool("VIES_SANDBOX", false),
		VIESSandboxLatency: config.Duration("VIES_SANDBOX_LATENCY", 0),
		RedisURL:           config.String("REDIS_URL", ""),
		EmbeddedStores:     config.EmbeddedStores(),
		SessionTTL:         config.Duration("CUSTOMER_SESSION_TTL", redisstore.DefaultTTL),
		CatalogAddr:        config.String("CATALOG_ADDR", ""),
		CacheTTL:           config.Duration("CUSTOMER_CACHE_TTL", catalogclient.DefaultCacheTTL),
		GRPC:               grpcserver.ConfigFromEnv(),
		Client:             grpcclient.ConfigFromEnv(),
	}
}
