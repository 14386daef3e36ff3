// Package cartsvc is the composition root of the cart service: it reads the configuration,
// connects the cart store, the catalog, the domain and the promotion service, and serves the use
// cases over gRPC. cmd/cart and tools/devstack both call Run.
package cartsvc

import (
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/cart/adapters/redisstore"
	"github.com/hostcart/checkout/services/cart/adapters/transferhttp"
	"github.com/hostcart/checkout/services/cart/service"
)

// ServiceName names the service in logs, traces, health and discovery.
const ServiceName = "cart"

// DefaultCacheTTL is how long brand settings, the domain-only product, TLDs and the brand's
// promotion list are reused.
const DefaultCacheTTL = 30 * time.Second

// Budgets of contract transfer lookups: a shopper opens a transfer link once or twice, someone
// guessing transfer ids (each answer names a contract's holder) hundreds of times.
const (
	DefaultTransferRateSession = "10/10m/5"
	DefaultTransferRateIP      = "60/10m/20"
)

// Config of the cart service.
type Config struct {
	// RedisURL (REDIS_URL) holds the carts; empty starts an in-process Redis-protocol server,
	// which forgets carts on restart (fine on a laptop, not for more than one instance).
	RedisURL string
	// EmbeddedStores (EMBEDDED_STORES) lets empty store URLs select the embedded stores; without it
	// the service refuses to start, so no replica keeps its data in its own memory by accident.
	EmbeddedStores bool
	// CartTTL (CART_TTL) is how long a cart lives after its last change.
	CartTTL time.Duration
	// CatalogAddr (CATALOG_ADDR) is the catalog service's dial target; required.
	CatalogAddr string
	// DomainAddr (DOMAIN_ADDR) is the domain service's dial target; empty leaves domain names
	// checked for their shape only and domains unpriced.
	DomainAddr string
	// CacheTTL (CART_CACHE_TTL) bounds how long data of other services that rarely changes is
	// reused.
	CacheTTL time.Duration
	// PromotionAddr (PROMOTION_ADDR) is the promotion service's dial target; empty leaves the
	// cart without promotions: no automatic ones, no codes to redeem, no discounts.
	PromotionAddr string
	// CustomerAddr (CUSTOMER_ADDR) is the customer service's dial target, for the VAT rate the
	// session's customer pays; empty prices every cart with the brand's rates.
	CustomerAddr string
	// Transfer configures the hoster's contract transfer service.
	Transfer TransferConfig
	// Promotions, when set, is used instead of dialing PromotionAddr (tests, a process that
	// serves promotions itself).
	Promotions service.Promotions
	GRPC       grpcserver.Config
	Client     grpcclient.Config
}

// ConfigFromEnv reads the configuration; malformed values fall back to the defaults.
func ConfigFromEnv() Config {
	return Config{
		RedisURL:       config.String("REDIS_URL", ""),
		EmbeddedStores: config.EmbeddedStores(),
		CartTTL:        config.Duration("CART_TTL", redisstore.DefaultTTL),
		CatalogAddr:    config.String("CATALOG_ADDR", ""),
		DomainAddr:     config.String("DOMAIN_ADDR", ""),
		PromotionAddr:  config.String("PROMOTION_ADDR", ""),
		CustomerAddr:   config.String("CUSTOMER_ADDR", ""),
		CacheTTL:       config.Duration("CART_CACHE_TTL", DefaultCacheTTL),
		Transfer: TransferConfig{
			Provider:    config.String("TRANSFER_PROVIDER", ""),
			URL:         config.String("TRANSFER_URL", ""),
			APIKey:      config.String("TRANSFER_API_KEY", ""),
			Timeout:     config.Duration("TRANSFER_TIMEOUT", transferhttp.DefaultTimeout),
			RateSession: ratelimit.FromEnv("TRANSFER_RATELIMIT_SESSION", DefaultTransferRateSession),
			RateIP:      ratelimit.FromEnv("TRANSFER_RATELIMIT_IP", DefaultTransferRateIP),
		},
		GRPC:   grpcserver.ConfigFromEnv(),
		Client: grpcclient.ConfigFromEnv(),
	}
}

// Transfer providers (TRANSFER_PROVIDER).
const (
	TransferHTTP    = "http"
	TransferSandbox = "sandbox"
)

// TransferConfig selects the contract transfer service: "http" (TRANSFER_URL, the key
// TRANSFER_API_KEY from a Secret, TRANSFER_TIMEOUT), "sandbox" (devstack: the deterministic
// stand-in of transfersandbox), or empty: every contract transfer answers that the service is
// unavailable.
type TransferConfig struct {
	Provider string
	URL      string
	APIKey   string
	Timeout  time.Duration
	// RateSession and RateIP (TRANSFER_RATELIMIT_SESSION, TRANSFER_RATELIMIT_IP,
	// "rate/period[/burst]" or "off") budget StartContractTransfer per session and per client
	// address (IPv6 per /64); the lookups fail closed (cart.unavailable) while Redis is down.
	RateSession ratelimit.Limit
	RateIP      ratelimit.Limit
}
