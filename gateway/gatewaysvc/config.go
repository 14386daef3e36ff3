// Package gatewaysvc is the composition root of the gateway: it reads the configuration, dials the
// services, builds the router and serves HTTP until its context ends.
package gatewaysvc

import (
	"strings"
	"time"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/configapi"
	"github.com/hostcart/checkout/gateway/locales"
	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/router"
	"github.com/hostcart/checkout/gateway/sessions"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
)

// Config of the gateway. ConfigFromEnv documents the variable of each field.
type Config struct {
	// Port is where cmd/gateway listens; Run serves on the listener it is given.
	Port string
	// StaticDir holds the built frontend shell.
	StaticDir string
	// DefaultBrand is the slug served on localhost when DevBrandHosts is on.
	DefaultBrand string
	// DevBrandHosts enables <slug>.localhost and localhost as brand hosts. Off in production, where
	// every brand is reached under its fqdn.
	DevBrandHosts bool
	// TrustedProxies (IPs or CIDRs) may set X-Forwarded-For and X-Forwarded-Proto.
	TrustedProxies []string
	// BrandCacheTTL is how long a host's brand is reused before asking the catalog again.
	BrandCacheTTL time.Duration
	// ReadyTimeout bounds each backend health check of /readyz.
	ReadyTimeout time.Duration
	// ShutdownGrace is how long in-flight requests may finish after the context ends.
	ShutdownGrace time.Duration
	// SlowRequest is the duration from which the access log reports a successful request at warn;
	// faster successful requests are logged at debug only.
	SlowRequest time.Duration
	// LocaleCacheTTL is how long a session's locale is reused before asking the catalog again.
	LocaleCacheTTL time.Duration
	// ContentSecurityPolicy overrides the default policy when set.
	ContentSecurityPolicy string
	// RedisURL (REDIS_URL) holds the sessions shared by every replica.
	RedisURL string
	// EmbeddedStores (EMBEDDED_STORES) lets an empty RedisURL start an in-process Redis.
	EmbeddedStores bool
	// SessionTTL (SESSION_TTL) is how long a session lives after its last request.
	SessionTTL time.Duration
	// SessionNewTTL (SESSION_NEW_TTL) is how long a new session lives until its cookie comes back.
	SessionNewTTL time.Duration
	// SessionNewLimit (SESSION_NEW_RATELIMIT_IP, rate/period/burst) is how many sessions one
	// address (an IPv6 /64) may start.
	SessionNewLimit ratelimit.Limit
	// Client is the resilience policy of the gRPC connections to the services.
	Client grpcclient.Config
	// Deadlines are the route deadlines: ROUTE_TIMEOUT (default GRPC_CLIENT_TIMEOUT) and
	// PROVIDER_ROUTE_TIMEOUT (12 s) for the routes with a payment provider or the SMS gateway
	// behind them (router.Deadlines, the one table).
	Deadlines router.Deadlines
	// AdminTokens (ADMIN_TOKEN_PUBLIC_KEYS: inline PEM or a file path; ADMIN_TOKEN_ISSUER,
	// ADMIN_TOKEN_AUDIENCE) verifies the admin panel's sales-agent tokens; no keys, no agents.
	AdminTokens adminauth.Settings
	// AdminPanelURL (ADMIN_PANEL_URL) is the admin panel: agents' back link, saved drafts' page.
	AdminPanelURL string
	// SPA is the frontend's runtime configuration (APP_ENV, APP_RELEASE, ERROR_REPORTING_DSN,
	// FLASH_MESSAGE_TYPE, FLASH_MESSAGE), answered by GET /api/v2/config.
	SPA configapi.Settings
}

// Defaults of ConfigFromEnv and for zero fields.
const (
	DefaultPort          = "8080"
	DefaultStaticDir     = "dist/frontend/shell"
	DefaultBrandSlug     = "hostwerk"
	DefaultBrandCacheTTL = 30 * time.Second
	DefaultReadyTimeout  = time.Second
	DefaultShutdownGrace = 10 * time.Second
)

// ConfigFromEnv reads PORT, FRONTEND_DIR, DEFAULT_BRAND, DEV_BRAND_HOSTS, TRUSTED_PROXIES
// (comma-separated), BRAND_CACHE_TTL, LOCALE_CACHE_TTL, ACCESS_LOG_SLOW, READY_TIMEOUT, HTTP_SHUTDOWN_GRACE, CONTENT_SECURITY_POLICY,
// REDIS_URL, EMBEDDED_STORES, SESSION_TTL, ADMIN_TOKEN_PUBLIC_KEYS, ADMIN_TOKEN_ISSUER, ADMIN_TOKEN_AUDIENCE,
// ADMIN_PANEL_URL, ROUTE_TIMEOUT, PROVIDER_ROUTE_TIMEOUT
// and the gRPC client variables of grpcclient.ConfigFromEnv.
func ConfigFromEnv() Config {
	return Config{
		Port:                  config.String("PORT", DefaultPort),
		StaticDir:             config.String("FRONTEND_DIR", DefaultStaticDir),
		DefaultBrand:          config.String("DEFAULT_BRAND", DefaultBrandSlug),
		DevBrandHosts:         config.Bool("DEV_BRAND_HOSTS", false),
		TrustedProxies:        splitList(config.String("TRUSTED_PROXIES", "")),
		BrandCacheTTL:         config.Duration("BRAND_CACHE_TTL", DefaultBrandCacheTTL),
		ReadyTimeout:          config.Duration("READY_TIMEOUT", DefaultReadyTimeout),
		ShutdownGrace:         config.Duration("HTTP_SHUTDOWN_GRACE", DefaultShutdownGrace),
		ContentSecurityPolicy: config.String("CONTENT_SECURITY_POLICY", ""),
		SlowRequest:           config.Duration("ACCESS_LOG_SLOW", middleware.DefaultSlowRequest),
		LocaleCacheTTL:        config.Duration("LOCALE_CACHE_TTL", locales.DefaultTTL),
		Client:                grpcclient.ConfigFromEnv(),
		RedisURL:              config.String("REDIS_URL", ""),
		EmbeddedStores:        config.EmbeddedStores(),
		SessionTTL:            config.Duration("SESSION_TTL", sessions.DefaultTTL),
		SessionNewTTL:         config.Duration("SESSION_NEW_TTL", sessions.DefaultNewTTL),
		SessionNewLimit:       ratelimit.FromEnv("SESSION_NEW_RATELIMIT_IP", "120/1m/240"),
		AdminTokens: adminauth.Settings{
			PublicKeys: config.String("ADMIN_TOKEN_PUBLIC_KEYS", ""),
			Issuer:     config.String("ADMIN_TOKEN_ISSUER", adminauth.DefaultIssuer),
			Audience:   config.String("ADMIN_TOKEN_AUDIENCE", adminauth.DefaultAudience),
		},
		AdminPanelURL: config.String("ADMIN_PANEL_URL", ""),
		SPA: configapi.Settings{
			Env: config.String("APP_ENV", configapi.LocalEnv), Release: config.String("APP_RELEASE", ""),
			DSN:       config.String("ERROR_REPORTING_DSN", ""),
			FlashType: config.String("FLASH_MESSAGE_TYPE", "info"), FlashMsg: config.String("FLASH_MESSAGE", ""),
		},
		Deadlines: router.Deadlines{
			Default:  config.Duration("ROUTE_TIMEOUT", config.Duration("GRPC_CLIENT_TIMEOUT", grpcclient.DefaultTimeout)),
			Provider: config.Duration("PROVIDER_ROUTE_TIMEOUT", router.DefaultProviderRouteTimeout),
		},
	}
}

func (c Config) withDefaults() Config {
	if c.StaticDir == "" {
		c.StaticDir = DefaultStaticDir
	}
	if c.DefaultBrand == "" {
		c.DefaultBrand = DefaultBrandSlug
	}
	if c.BrandCacheTTL <= 0 {
		c.BrandCacheTTL = DefaultBrandCacheTTL
	}
	if c.ReadyTimeout <= 0 {
		c.ReadyTimeout = DefaultReadyTimeout
	}
	if c.ShutdownGrace <= 0 {
		c.ShutdownGrace = DefaultShutdownGrace
	}
	return c
}

func splitList(s string) []string {
	var out []string
	for part := range strings.SplitSeq(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
