// Package catalogsvc is the composition root of the catalog service: it opens the stores, applies
// migrations and seed data, and serves the gRPC contract until its context ends. cmd/catalog runs
// it as a process; devstack runs it in-process with its own listener.
package catalogsvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/kitlog"
	"github.com/hostcart/checkout/services/catalog/adapters/redisstore"
	"github.com/hostcart/checkout/services/catalog/adapters/sqlstore"
	"github.com/hostcart/checkout/services/catalog/endpoints"
	"github.com/hostcart/checkout/services/catalog/seed"
	"github.com/hostcart/checkout/services/catalog/service"
	grpctransport "github.com/hostcart/checkout/services/catalog/transport/grpc"
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
	// Seed imports the seed files at start (idempotent).
	Seed bool
	GRPC grpcserver.Config
}

// ConfigFromEnv reads CATALOG_DATABASE_URL (else DATABASE_URL), CATALOG_SQLITE_PATH (default
// :memory:), REDIS_URL, CATALOG_SEED and the GRPC_* settings of grpcserver.
func ConfigFromEnv() Config {
	return Config{
		DatabaseURL: config.String("CATALOG_DATABASE_URL", config.String("DATABASE_URL", "")),
		SQLitePath:  config.String("CATALOG_SQLITE_PATH", sqlstore.MemorySQLite),
		RedisURL:    config.String("REDIS_URL", ""),
		Seed:        config.Bool("CATALOG_SEED", false),
		GRPC:        grpcserver.ConfigFromEnv(),
	}
}

// Run serves the catalog on lis until ctx is done. It returns nil after a clean shutdown.
func Run(ctx context.Context, cfg Config, lis net.Listener, log *slog.Logger) (err error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	served := false
	defer func() {
		if !served {
			_ = lis.Close() // a failed start must not leave the caller's port bound
		}
	}()
	repo, err := openRepository(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, closeWith("catalog database", repo.Close)) }()
	if err := repo.Migrate(ctx); err != nil {
		return err
	}
	if cfg.Seed {
		c, err := seed.Default()
		if err != nil {
			return fmt.Errorf("catalog seed: %w", err)
		}
		if err := repo.Import(ctx, c); err != nil {
			return err
		}
		log.InfoContext(ctx, "catalog seed imported", slog.Int("brands", len(c.Brands)))
	}
	locales, closeLocales, err := openSessionStore(ctx, cfg.RedisURL, log)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, closeLocales()) }()

	set := kitlog.Set(endpoints.New(service.New(repo, locales)), log, ServiceName)
	srv := grpcserver.New(ServiceName, log, cfg.GRPC)
	catalogv1.RegisterCatalogServiceServer(srv.GRPC(), grpctransport.NewServer(set))
	served = true
	return srv.Serve(ctx, lis)
}

func openRepository(ctx context.Context, cfg Config, log *slog.Logger) (*sqlstore.Store, error) {
	switch {
	case cfg.DatabaseURL == "":
		path := cfg.SQLitePath
		if path == "" {
			path = sqlstore.MemorySQLite
		}
		log.InfoContext(ctx, "catalog uses the embedded database", slog.String("path", path))
		return sqlstore.OpenSQLite(ctx, path)
	case strings.HasPrefix(cfg.DatabaseURL, "postgres://"), strings.HasPrefix(cfg.DatabaseURL, "postgresql://"):
		log.InfoContext(ctx, "catalog uses PostgreSQL")
		return sqlstore.OpenPostgres(ctx, cfg.DatabaseURL)
	default:
		return nil, fmt.Errorf("catalog: DATABASE_URL must be a postgres:// URL or empty for the embedded database")
	}
}

// openSessionStore connects to Redis, or starts an in-process server when no URL is given. An
// unreachable Redis does not stop the start: only the session locale depends on it.
func openSessionStore(ctx context.Context, url string, log *slog.Logger) (*redisstore.Store, func() error, error) {
	var stopEmbedded func()
	if url == "" {
		mr := miniredis.NewMiniRedis()
		if err := mr.Start(); err != nil {
			return nil, nil, fmt.Errorf("start embedded session store: %w", err)
		}
		stopEmbedded = mr.Close
		url = "redis://" + mr.Addr()
		log.InfoContext(ctx, "catalog uses an in-process session store")
	}
	opts, err := redis.ParseURL(url)
	if err != nil {
		if stopEmbedded != nil {
			stopEmbedded()
		}
		return nil, nil, fmt.Errorf("catalog: REDIS_URL: %w", err)
	}
	client := redis.NewClient(opts)
	store := redisstore.New(client)
	if err := store.Ping(ctx); err != nil {
		log.WarnContext(ctx, "session store unreachable at start; session locales fall back to brand defaults", slog.String("err", err.Error()))
	}
	closeAll := func() error {
		err := closeWith("session store", client.Close)
		if stopEmbedded != nil {
			stopEmbedded()
		}
		return err
	}
	return store, closeAll, nil
}

func closeWith(what string, close func() error) error {
	if err := close(); err != nil {
		return fmt.Errorf("close %s: %w", what, err)
	}
	return nil
}
