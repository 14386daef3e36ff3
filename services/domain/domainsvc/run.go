package domainsvc

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"time"

	"google.golang.org/grpc"

	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/kitlog"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/domain/adapters/availabilitycache"
	"github.com/hostcart/checkout/services/domain/adapters/rdap"
	"github.com/hostcart/checkout/services/domain/adapters/sandbox"
	"github.com/hostcart/checkout/services/domain/adapters/sqlstore"
	"github.com/hostcart/checkout/services/domain/domain"
	"github.com/hostcart/checkout/services/domain/endpoints"
	"github.com/hostcart/checkout/services/domain/fieldrules"
	"github.com/hostcart/checkout/services/domain/seed"
	"github.com/hostcart/checkout/services/domain/service"
	grpctransport "github.com/hostcart/checkout/services/domain/transport/grpc"
)

// startupTimeout bounds connecting, migrating and seeding.
const startupTimeout = 30 * time.Second

// Run serves the domain service on lis until ctx ends; it returns nil on a clean stop.
func Run(ctx context.Context, cfg Config, lis net.Listener, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	startCtx, cancel := context.WithTimeout(ctx, startupTimeout)
	defer cancel()

	storeCfg, openers := storeSettings(cfg, log)
	store, err := sqldb.OpenStore(startCtx, storeCfg, openers, log)
	if err != nil {
		lis.Close()
		return err
	}
	defer store.Close()

	rdb, stopRedis, err := redisconn.Open(startCtx, redisconn.Config{
		URL: cfg.RedisURL, Embedded: cfg.EmbeddedStores,
		Unreachable: "availability cache and rate limits are off until it is",
	}, log)
	if err != nil {
		lis.Close()
		return err
	}
	defer stopRedis()

	registry, err := newRegistry(cfg, log)
	if err != nil {
		lis.Close()
		return err
	}

	var cache service.AvailabilityCache = availabilitycache.NewRedis(rdb, "")
	if cfg.LocalCacheTTL > 0 {
		cache = availabilitycache.NewLocal(cache, min(cfg.LocalCacheTTL, cfg.CacheTTL), 0)
	}
	checker := service.NewChecker(registry, cache, service.CheckerConfig{
		CacheTTL:        cfg.CacheTTL,
		RegistryTimeout: cfg.RegistryTimeout,
	}, log)
	svc := service.New(store, checker, service.NoSessionDomains{}, &fieldrules.Engine{},
		service.Config{CatalogueTTL: cfg.CatalogueTTL}, log)

	limiter := ratelimit.New(rdb, "rl:domain:")
	set := kitlog.Set(endpoints.New(svc, endpoints.Options{
		RegistryGuard: ratelimit.Middleware(limiter, ratelimit.Budgets{PerSession: cfg.RateSession, PerIP: cfg.RateIP},
			func(retryAfter time.Duration, scope string) error {
				return &domain.RateLimitedError{RetryAfter: retryAfter, Scope: scope}
			}, log),
	}), log, "domain")

	// A fresh goroutine per RPC grows its stack from the minimum on every availability check (copying
	// stacks was 7 % of the warm path's CPU); workers keep their grown stacks. When all are busy,
	// gRPC falls back to a goroutine per RPC, so slow registry calls cannot starve the rest.
	srv := grpcserver.New(ServiceName, log, cfg.GRPC, grpc.NumStreamWorkers(uint32(max(64, 16*runtime.GOMAXPROCS(0)))))
	domainv1.RegisterDomainServiceServer(srv.GRPC(), grpctransport.NewServer(set))
	log.InfoContext(ctx, "domain service starting",
		slog.String("registry", cfg.Registry),
		slog.String("cache_ttl", cfg.CacheTTL.String()),
		slog.String("rate_session", cfg.RateSession.String()),
		slog.String("rate_ip", cfg.RateIP.String()))
	if err := srv.Serve(ctx, lis); err != nil {
		return fmt.Errorf("domain: %w", err)
	}
	return nil
}

// storeSettings says which SQL store the service uses and how it is opened and seeded.
func storeSettings(cfg Config, log *slog.Logger) (sqldb.StoreConfig, sqldb.Openers[*sqlstore.Store]) {
	path := cfg.SQLitePath
	if path == "" {
		path = DefaultSQLitePath
	}
	return sqldb.StoreConfig{Service: ServiceName, DatabaseURL: cfg.DatabaseURL, SQLitePath: path, Embedded: cfg.EmbeddedStores},
		sqldb.Openers[*sqlstore.Store]{
			Postgres: sqlstore.OpenPostgres,
			SQLite:   sqlstore.OpenSQLite,
			Seed: func(ctx context.Context, store *sqlstore.Store) error {
				if !cfg.Seed {
					return nil
				}
				data, err := seed.Default()
				if err != nil {
					return err
				}
				if err := store.Seed(ctx, data); err != nil {
					return err
				}
				log.InfoContext(ctx, "TLD catalogue seeded", slog.Int("tlds", len(data.TLDs)))
				return nil
			},
		}
}

func newRegistry(cfg Config, log *slog.Logger) (service.Registry, error) {
	switch cfg.Registry {
	case "", RegistrySandbox:
		return sandbox.New(cfg.SandboxLatency), nil
	case RegistryRDAP:
		boot, err := loadBootstrap(cfg.RDAPBootstrap)
		if err != nil {
			return nil, fmt.Errorf("domain: %w", err)
		}
		log.Info("RDAP registry", slog.Int("tlds", boot.Len()), slog.String("bootstrap_publication", boot.Publication))
		hc := &http.Client{Transport: &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
			TLSHandshakeTimeout: cfg.RegistryTimeout,
		}}
		return rdap.New(boot, hc, rdap.Config{Timeout: cfg.RegistryTimeout, MaxWait: cfg.RDAPMaxWait}), nil
	default:
		return nil, fmt.Errorf("domain: DOMAIN_REGISTRY %q: want %s or %s", cfg.Registry, RegistrySandbox, RegistryRDAP)
	}
}

func loadBootstrap(path string) (*rdap.Bootstrap, error) {
	if path == "" {
		return rdap.DefaultBootstrap()
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open rdap bootstrap: %w", err)
	}
	defer f.Close()
	boot, err := rdap.ParseBootstrap(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return boot, nil
}
