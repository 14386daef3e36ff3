// Package promotionsvc is the composition root of the promotion service: it reads the
// configuration, builds the store, the rate limiter and the use cases, and serves them over gRPC.
// cmd/promotion and tools/devstack both call Run.
package promotionsvc

import (
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
)

// ServiceName names the service in logs, traces and health checks.
const ServiceName = "promotion"

// Defaults of the settings below.
const (
	DefaultSQLitePath  = "promotion.db"
	DefaultBookTTL     = 10 * time.Second
	DefaultRateSession = "20/1m/10"
	DefaultRateIP      = "120/1m/60"
)

// Config of the promotion service.
type Config struct {
	// DatabaseURL selects PostgreSQL (PROMOTION_DATABASE_URL, else DATABASE_URL); empty selects the
	// embedded SQLite file at SQLitePath (PROMOTION_SQLITE_PATH; ":memory:" keeps it in memory).
	DatabaseURL string
	SQLitePath  string
	// RedisURL (REDIS_URL) holds the rate limits; empty starts an in-process Redis-protocol server.
	RedisURL string
	// EmbeddedStores (EMBEDDED_STORES) lets empty store URLs select the embedded stores; without it
	// the service refuses to start, so no replica keeps its data in its own memory by accident.
	EmbeddedStores bool
	// Seed (PROMOTION_SEED) replaces the promotions of the seeded brands with the shipped ones.
	Seed bool
	// BookTTL (PROMOTION_CACHE_TTL) is how long a brand's promotions are reused by listings and
	// cart decisions; code lookups always read the store.
	BookTTL time.Duration
	// RateSession and RateIP (PROMOTION_RATELIMIT_SESSION, PROMOTION_RATELIMIT_IP,
	// "rate/period[/burst]" or "off") budget code lookups (GetPromotionByCode, RedeemCode).
	RateSession ratelimit.Limit
	RateIP      ratelimit.Limit
	GRPC        grpcserver.Config
}

// ConfigFromEnv reads the configuration; malformed values fall back to the defaults.
func ConfigFromEnv() Config {
	return Config{
		DatabaseURL:    config.String("PROMOTION_DATABASE_URL", config.String("DATABASE_URL", "")),
		SQLitePath:     config.String("PROMOTION_SQLITE_PATH", DefaultSQLitePath),
		RedisURL:       config.String("REDIS_URL", ""),
		EmbeddedStores: config.EmbeddedStores(),
		Seed:           config.Bool("PROMOTION_SEED", false),
		BookTTL:        config.Duration("PROMOTION_CACHE_TTL", DefaultBookTTL),
		RateSession:    limitFromEnv("PROMOTION_RATELIMIT_SESSION", DefaultRateSession),
		RateIP:         limitFromEnv("PROMOTION_RATELIMIT_IP", DefaultRateIP),
		GRPC:           grpcserver.ConfigFromEnv(),
	}
}

func limitFromEnv(key, def string) ratelimit.Limit {
	if l, err := ratelimit.Parse(config.String(key, def)); err == nil {
		return l
	}
	l, _ := ratelimit.Parse(def)
	return l
}
