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
	"github.com/hostcart/checkout/services/payment/adapters/redisstore"
)

// ServiceName names the service in logs, traces, health and discovery.
const ServiceName = "payment"

// Defaults.
const (
	DefaultListen     = "127.0.0.1:9106"
	DefaultSQLitePath = "payment.db"
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
	GRPC     grpcserver.Config
	Client   grpcclient.Config
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
		GRPC:           grpcserver.ConfigFromEnv(),
		Client:         grpcclient.ConfigFromEnv(),
	}
}
