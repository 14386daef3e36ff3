// Package domainsvc is the composition root of the domain service: it reads the configuration,
// builds stores, registry adapter, cache, rate limiter and use cases, and serves them over gRPC.
// cmd/domain and tools/devstack both call Run.
package domainsvc

import (
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
)

// ServiceName names the service in logs, traces and health checks.
const ServiceName = "domain"

// Registry adapters DOMAIN_REGISTRY selects.
const (
	RegistrySandbox = "sandbox"
	RegistryRDAP    = "rdap"
)

// Defaults of the settings below.
const (
	DefaultSQLitePath      = "domain.db"
	DefaultCacheTTL        = 60 * time.Second
	DefaultLocalCacheTTL   = 2 * time.Second
	DefaultRegistryTimeout = outbound.RegistryTimeout
	DefaultRDAPMaxWait     = 2 * time.Second
	DefaultCatalogueTTL    = 30 * time.Second
	DefaultRateSession     = "120/1m/60"
	DefaultRateIP          = "600/1m/300"
)

// Config of the domain service.
type Config struct {
	// DatabaseURL selects PostgreSQL (DOMAIN_DATABASE_URL, else DATABASE_URL); empty selects the
	// embedded SQLite file at SQLitePath (DOMAIN_SQLITE_PATH).
	DatabaseURL string
	SQLitePath  string
	// RedisURL (REDIS_URL) holds the availability cache and the rate limits; empty starts an
	// in-process Redis-protocol server, for running the service alone on a laptop.
	RedisURL string
	// EmbeddedStores (EMBEDDED_STORES) lets empty store URLs select the embedded stores; without it
	// the service refuses to start, so no replica keeps its data in its own memory by accident.
	EmbeddedStores bool
	// Seed (DOMAIN_SEED) replaces the TLD catalogue with the shipped seed at start.
	Seed bool
	// Registry (DOMAIN_REGISTRY) is sandbox or rdap.
	Registry string
	// SandboxLatency (DOMAIN_SANDBOX_LATENCY) delays every sandbox answer, like a real registry.
	SandboxLatency time.Duration
	// RegistryTimeout (DOMAIN_REGISTRY_TIMEOUT) bounds one registry request.
	RegistryTimeout time.Duration
	// RDAPBootstrap (DOMAIN_RDAP_BOOTSTRAP) is a dns.json to use instead of the shipped one.
	RDAPBootstrap string
	// RDAPMaxWait (DOMAIN_RDAP_MAX_WAIT) is the longest Retry-After waited out within a check.
	RDAPMaxWait time.Duration
	// CacheTTL (DOMAIN_CACHE_TTL) is how long availability answers are reused.
	CacheTTL time.Duration
	// LocalCacheTTL (DOMAIN_LOCAL_CACHE_TTL) keeps answers in process too; 0 turns that off.
	LocalCacheTTL time.Duration
	// CatalogueTTL (DOMAIN_CATALOGUE_TTL) is how long a brand's TLD list is reused.
	CatalogueTTL time.Duration
	// RateSession and RateIP (DOMAIN_RATELIMIT_SESSION, DOMAIN_RATELIMIT_IP, "rate/period[/burst]"
	// or "off") budget the calls that reach the registry.
	RateSession ratelimit.Limit
	RateIP      ratelimit.Limit
	GRPC        grpcserver.Config
}

// ConfigFromEnv reads the configuration; malformed values fall back to the defaults.
func ConfigFromEnv() Config {
	return Config{
		DatabaseURL:     config.String("DOMAIN_DATABASE_URL", config.String("DATABASE_URL", "")),
		SQLitePath:      config.String("DOMAIN_SQLITE_PATH", DefaultSQLitePath),
		RedisURL:        config.String("REDIS_URL", ""),
		EmbeddedStores:  config.EmbeddedStores(),
		Seed:            config.Bool("DOMAIN_SEED", false),
		Registry:        config.String("DOMAIN_REGISTRY", RegistrySandbox),
		SandboxLatency:  config.Duration("DOMAIN_SANDBOX_LATENCY", 0),
		RegistryTimeout: config.Duration("DOMAIN_REGISTRY_TIMEOUT", DefaultRegistryTimeout),
		RDAPBootstrap:   config.String("DOMAIN_RDAP_BOOTSTRAP", ""),
		RDAPMaxWait:     config.Duration("DOMAIN_RDAP_MAX_WAIT", DefaultRDAPMaxWait),
		CacheTTL:        config.Duration("DOMAIN_CACHE_TTL", DefaultCacheTTL),
		LocalCacheTTL:   config.Duration("DOMAIN_LOCAL_CACHE_TTL", DefaultLocalCacheTTL),
		CatalogueTTL:    config.Duration("DOMAIN_CATALOGUE_TTL", DefaultCatalogueTTL),
		RateSession:     limitFromEnv("DOMAIN_RATELIMIT_SESSION", DefaultRateSession),
		RateIP:          limitFromEnv("DOMAIN_RATELIMIT_IP", DefaultRateIP),
		GRPC:            grpcserver.ConfigFromEnv(),
	}
}

func limitFromEnv(key, def string) ratelimit.Limit {
	if l, err := ratelimit.Parse(config.String(key, def)); err == nil {
		return l
	}
	l, _ := ratelimit.Parse(def)
	return l
}
