package gatewaysvc

import (
	"context"
	"errors"
	"fmt"
	"github.com/hostcart/checkout/gateway/sessions"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/brands"
	"github.com/hostcart/checkout/gateway/configapi"
	"github.com/hostcart/checkout/gateway/locales"
	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/router"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
)

// ServiceName names the gateway in logs, traces and metrics.
const ServiceName = "gateway"

// backends are the services the gateway calls, by discovery name. Each is required (its
// <NAME>_ADDR with static discovery) and checked by /readyz.
var backends = []string{"catalog", "domain", "cart", "promotion", "customer", "payment", "order"}

// Backends returns the discovery names of the services the gateway needs, for resolvers that
// must be told which to look up (discovery.StaticFromEnv).
func Backends() []string { return append([]string(nil), backends...) }

// Run serves the gateway on lis until ctx is done, then stops accepting requests and gives the
// running ones ShutdownGrace to finish. It returns nil after a clean stop.
func Run(ctx context.Context, cfg Config, lis net.Listener, resolver discovery.Resolver, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg = cfg.withDefaults()

	// Connections are lazy: the gateway starts while a service is still down and /readyz reports
	// it, instead of failing the whole process.
	conns := map[string]*grpc.ClientConn{}
	defer func() {
		for _, conn := range conns {
			_ = conn.Close()
		}
	}()
	targets := map[string]string{}
	for _, service := range backends {
		target, err := resolver.Target(service)
		if err != nil {
			return fmt.Errorf("gatewaysvc: %w", err)
		}
		conn, err := grpcclient.Dial(target, log, cfg.Client)
		if err != nil {
			return fmt.Errorf("gatewaysvc: %s: %w", service, err)
		}
		conns[service], targets[service] = conn, target
	}
	ready := make(map[string]healthpb.HealthClient, len(conns))
	for service, conn := range conns {
		ready[service] = healthpb.NewHealthClient(conn)
	}
	catalog := catalogv1.NewCatalogServiceClient(conns["catalog"])
	rdb, stopRedis, err := redisconn.Open(ctx, redisconn.Config{
		URL: cfg.RedisURL, Embedded: cfg.EmbeddedStores,
		Unreachable: "API calls answer 503 until it is back",
	}, log)
	if err != nil {
		return fmt.Errorf("gatewaysvc: sessions: %w", err)
	}
	defer stopRedis()
	var draining atomic.Bool
	spa, err := configapi.New(cfg.SPA)
	if err != nil {
		return fmt.Errorf("gatewaysvc: %w", err)
	}
	keys, err := adminauth.KeysFromEnvValue(cfg.AdminTokens.PublicKeys)
	if err != nil {
		return fmt.Errorf("gatewaysvc: %w", err)
	}
	adminSettings := cfg.AdminTokens
	adminSettings.PublicKeys = keys
	adminTokens, err := adminauth.NewVerifier(adminSettings)
	if err != nil {
		return fmt.Errorf("gatewaysvc: %w", err)
	}
	if adminTokens == nil {
		log.Info("admin sign-in is off: no ADMIN_TOKEN_PUBLIC_KEYS")
	}
	csp := cfg.ContentSecurityPolicy
	if csp == "" && spa.ErrorReportingDSN != "" {
		// The browser sends its error reports to the DSN's host, which the default policy forbids.
		origin, _ := configapi.DSNOrigin(spa.ErrorReportingDSN)
		csp = middleware.DefaultContentSecurityPolicy + "; connect-src 'self' " + origin
	}

	handler, err := router.New(router.Deps{
		Log:        log,
		Catalog:    catalog,
		Domains:    domainv1.NewDomainServiceClient(conns["domain"]),
		Cart:       cartv1.NewCartServiceClient(conns["cart"]),
		Promotions: promotionv1.NewPromotionServiceClient(conns["promotion"]),
		Customers:  customerv1.NewCustomerServiceClient(conns["customer"]),
		Payments:   paymentv1.NewPaymentServiceClient(conns["payment"]),
		Orders:     orderv1.NewOrderServiceClient(conns["order"]),
		Ready:      ready,
		// Resolved sessions answered from memory for a minute, rotations announced to every
		// replica (issue 26: a GETEX per request was the warm path's Redis round trip).
		Sessions: sessions.NewCached(ctx, sessions.NewRedis(rdb, sessions.RedisOptions{TTL: cfg.SessionTTL, NewTTL: cfg.SessionNewTTL}),
			rdb, sessions.CachedOptions{}),
		NewSessionBudget: newSessionBudget(ratelimit.New(rdb, "rl:gateway:session:"), cfg.SessionNewLimit),
		Brands: brands.NewResolver(catalog, brands.Options{
			TTL:         cfg.BrandCacheTTL,
			DevHosts:    cfg.DevBrandHosts,
			DefaultSlug: cfg.DefaultBrand,
		}),
		Locales:               locales.New(catalog, locales.Options{TTL: cfg.LocaleCacheTTL}),
		SlowRequest:           cfg.SlowRequest,
		StaticDir:             cfg.StaticDir,
		TrustedProxies:        cfg.TrustedProxies,
		ContentSecurityPolicy: csp,
		SPAConfig:             spa,
		AdminTokens:           adminTokens,
		AdminPanelURL:         cfg.AdminPanelURL,
		ReadyTimeout:          cfg.ReadyTimeout,
		Deadlines:             cfg.Deadlines,
		Draining:              &draining,
	})
	if err != nil {
		return fmt.Errorf("gatewaysvc: %w", err)
	}

	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(lis) }()
	log.InfoContext(ctx, "gateway listening",
		slog.String("addr", lis.Addr().String()), slog.Any("services", targets),
		slog.String("frontend_dir", cfg.StaticDir), slog.Bool("dev_brand_hosts", cfg.DevBrandHosts))

	select {
	case err := <-errc:
		return fmt.Errorf("gatewaysvc: serve: %w", err)
	case <-ctx.Done():
	}

	// /readyz answers 503 from now on, so a load balancer that probes during the drain stops
	// sending new requests while the running ones finish.
	draining.Store(true)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Warn("gateway graceful shutdown timed out, closing connections", slog.Any("error", err))
		_ = srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("gatewaysvc: serve: %w", err)
	}
	log.Info("gateway stopped")
	return nil
}

// newSessionBudget draws new sessions from the address's budget in Redis; nil when the limit is off.
func newSessionBudget(l *ratelimit.Limiter, limit ratelimit.Limit) middleware.NewSessionBudget {
	if !limit.Enabled() {
		return nil
	}
	return func(ctx context.Context, address string) (time.Duration, error) {
		r, err := l.Allow(ctx, ratelimit.Rule{Key: "addr:" + address, Limit: limit})
		if err != nil {
			return 0, fmt.Errorf("new session budget: %w", err)
		}
		if r.Allowed {
			return 0, nil
		}
		return max(r.RetryAfter, time.Second), nil
	}
}
