// Package catalogsvc is the composition root of the catalog service: it opens the stores, applies
// migrations and seed data, and serves the gRPC contract until its context ends. cmd/catalog runs
// it as a process; devstack runs it in-process with its own listener.
package catalogsvc

import (
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/catalog/adapters/sqlstore"
	"github.com/hostcart/checkout/services/catalog/service"
)

// ServiceName names the service in logs, traces, health and discovery.
const ServiceName = "catalog"

// Config selects the stores and start-up behaviour.
type Config struct {
	// DatabaseURL is a postgres:// URL selecting PostgreSQL; empty selects the embedded SQLite.
	DatabaseURL string
	// SQLitePath is the embedded database file, or ":memory:".
	SQLitePath string
	// RedisURL is a redis:// URL of the session store; empty starts an in-process server, which
	// forgets locales on restart (good enough for a laptop, not for more than one instance).
	RedisURL string
	// EmbeddedStores (EMBEDDED_STORES) lets empty URLs select the embedded stores; without it the
	// service refuses to start, so no replica keeps its data in its own memory by accident.
	EmbeddedStores bool
	// Seed imports the seed files at start (idempotent).
	Seed bool
	// ReadCacheTTL (CATALOG_CACHE_TTL) is how long brands, categories and products are kept in
	// the process (service.ReadCache): 0 takes service.DefaultReadCacheTTL, negative turns it off.
	ReadCacheTTL time.Duration
	GRPC         grpcserver.Config
}

// ConfigFromEnv reads CATALOG_DATABASE_URL (else DATABASE_URL), CATALOG_SQLITE_PATH (default
// :memory:), REDIS_URL, CATALOG_SEED and the GRPC_* settings of grpcserver.
func ConfigFromEnv() Config {
	return Config{
		DatabaseURL:    config.String("CATALOG_DATABASE_URL", config.String("DATABASE_URL", "")),
		SQLitePath:     config.String("CATALOG_SQLITE_PATH", sqlstore.MemorySQLite),
		RedisURL:       config.String("REDIS_URL", ""),
		EmbeddedStores: config.EmbeddedStores(),
		Seed:           config.Bool("CATALOG_SEED", false),
		ReadCacheTTL:   config.Duration("CATALOG_CACHE_TTL", service.DefaultReadCacheTTL),
		GRPC:           grpcserver.ConfigFromEnv(),
	}
}
