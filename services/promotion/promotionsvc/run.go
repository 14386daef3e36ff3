package promotionsvc

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/promotion/adapters/sqlstore"
	"github.com/hostcart/checkout/services/promotion/domain"
	"github.com/hostcart/checkout/services/promotion/endpoints"
	"github.com/hostcart/checkout/services/promotion/seed"
	"github.com/hostcart/checkout/services/promotion/service"
	grpctransport "github.com/hostcart/checkout/services/promotion/transport/grpc"
)

// startupTimeout bounds connecting, migrating and seeding.
const startupTimeout = 30 * time.Second

// Run serves the promotion service on lis until ctx ends; it returns nil on a clean stop.
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
		Unreachable: "code lookups are not rate limited until it is",
	}, log)
	if err != nil {
		lis.Close()
		return err
	}
	defer stopRedis()

	var svc service.Service = service.New(store, service.Config{BookTTL: cfg.BookTTL}, log)
	svc = service.LoggingMiddleware(log)(svc)
	limiter := ratelimit.New(rdb, "rl:promotion:")
	set := endpoints.New(svc, endpoints.Options{
		CodeGuard: ratelimit.Middleware(limiter, ratelimit.Budgets{PerSession: cfg.RateSession, PerIP: cfg.RateIP},
			func(retryAfter time.Duration, scope string) error {
				return &domain.RateLimitedError{RetryAfter: retryAfter, Scope: scope}
			}, log),
	})

	srv := grpcserver.New(ServiceName, log, cfg.GRPC)
	promotionv1.RegisterPromotionServiceServer(srv.GRPC(), grpctransport.NewServer(set))
	log.InfoContext(ctx, "promotion service starting",
		slog.String("book_ttl", cfg.BookTTL.String()),
		slog.String("rate_session", cfg.RateSession.String()),
		slog.String("rate_ip", cfg.RateIP.String()))
	if err := srv.Serve(ctx, lis); err != nil {
		return fmt.Errorf("promotion: %w", err)
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
				ps, err := seed.Default()
				if err != nil {
					return err
				}
				if err := store.Seed(ctx, ps); err != nil {
					return err
				}
				log.InfoContext(ctx, "promotions seeded", slog.Int("promotions", len(ps)))
				return nil
			},
		}
}
