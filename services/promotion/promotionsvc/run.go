package promotionsvc

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/promotion/adapters/sqlstore"
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

	store, err := openStore(startCtx, cfg, log)
	if err != nil {
		lis.Close()
		return err
	}
	defer store.Close()

	rdb, stopRedis, err := openRedis(startCtx, cfg.RedisURL, log)
	if err != nil {
		lis.Close()
		return err
	}
	defer stopRedis()

	var svc service.Service = service.New(store, service.Config{BookTTL: cfg.BookTTL}, log)
	svc = service.LoggingMiddleware(log)(svc)
	limiter := ratelimit.New(rdb, "rl:promotion:")
	set := endpoints.New(svc, endpoints.Options{
		CodeGuard: endpoints.RateLimit(limiter, endpoints.RateLimits{PerSession: cfg.RateSession, PerIP: cfg.RateIP}, log),
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

func openStore(ctx context.Context, cfg Config, log *slog.Logger) (*sqlstore.Store, error) {
	var (
		store *sqlstore.Store
		err   error
	)
	if cfg.DatabaseURL != "" {
		store, err = sqlstore.OpenPostgres(ctx, cfg.DatabaseURL)
	} else {
		path := cfg.SQLitePath
		if path == "" {
			path = DefaultSQLitePath
		}
		log.InfoContext(ctx, "using embedded SQLite", slog.String("path", path))
		store, err = sqlstore.OpenSQLite(ctx, path)
	}
	if err != nil {
		return nil, fmt.Errorf("promotion: open store: %w", err)
	}
	if err := store.Migrate(ctx); err != nil {
		store.Close()
		return nil, fmt.Errorf("promotion: %w", err)
	}
	if cfg.Seed {
		ps, err := seed.Default()
		if err != nil {
			store.Close()
			return nil, fmt.Errorf("promotion: %w", err)
		}
		if err := store.Seed(ctx, ps); err != nil {
			store.Close()
			return nil, fmt.Errorf("promotion: %w", err)
		}
		log.InfoContext(ctx, "promotions seeded", slog.Int("promotions", len(ps)))
	}
	return store, nil
}

// openRedis connects to url, or starts an in-process Redis-protocol server when url is empty.
// Redis being down at start is not fatal: the rate limits fail open until it is back.
func openRedis(ctx context.Context, url string, log *slog.Logger) (*redis.Client, func(), error) {
	var mr *miniredis.Miniredis
	if url == "" {
		mr = miniredis.NewMiniRedis()
		if err := mr.Start(); err != nil {
			return nil, nil, fmt.Errorf("promotion: start in-process redis: %w", err)
		}
		url = "redis://" + mr.Addr()
		log.WarnContext(ctx, "REDIS_URL not set; using an in-process Redis-protocol server", slog.String("addr", mr.Addr()))
	}
	opt, err := redis.ParseURL(url)
	if err != nil {
		if mr != nil {
			mr.Close()
		}
		return nil, nil, fmt.Errorf("promotion: parse REDIS_URL: %w", err)
	}
	rdb := redis.NewClient(opt)
	if err := rdb.Ping(ctx).Err(); err != nil {
		log.WarnContext(ctx, "redis not reachable yet; code lookups are not rate limited until it is", slog.String("err", err.Error()))
	}
	return rdb, func() {
		rdb.Close()
		if mr != nil {
			mr.Close()
		}
	}, nil
}
