package catalogsvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/kitlog"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/catalog/adapters/redisstore"
	"github.com/hostcart/checkout/services/catalog/adapters/sqlstore"
	"github.com/hostcart/checkout/services/catalog/endpoints"
	"github.com/hostcart/checkout/services/catalog/seed"
	"github.com/hostcart/checkout/services/catalog/service"
	grpctransport "github.com/hostcart/checkout/services/catalog/transport/grpc"
)

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
	path := cfg.SQLitePath
	if path == "" {
		path = sqlstore.MemorySQLite
	}
	repo, err := sqldb.OpenStore(ctx, sqldb.StoreConfig{Service: ServiceName, DatabaseURL: cfg.DatabaseURL, SQLitePath: path, Embedded: cfg.EmbeddedStores},
		sqldb.Openers[*sqlstore.Store]{
			Postgres: sqlstore.OpenPostgres,
			SQLite:   sqlstore.OpenSQLite,
			Seed: func(ctx context.Context, repo *sqlstore.Store) error {
				if !cfg.Seed {
					return nil
				}
				c, err := seed.Default()
				if err != nil {
					return err
				}
				if err := repo.Import(ctx, c); err != nil {
					return err
				}
				log.InfoContext(ctx, "catalog seed imported", slog.Int("brands", len(c.Brands)))
				return nil
			},
		}, log)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, closeWith("catalog database", repo.Close)) }()
	locales, closeLocales, err := openSessionStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, closeLocales()) }()

	cacheTTL := cfg.ReadCacheTTL
	if cacheTTL == 0 {
		cacheTTL = service.DefaultReadCacheTTL
	}
	set := kitlog.Set(endpoints.New(service.New(service.NewReadCache(repo, cacheTTL, nil), locales)), log, ServiceName)
	srv := grpcserver.New(ServiceName, log, cfg.GRPC)
	catalogv1.RegisterCatalogServiceServer(srv.GRPC(), grpctransport.NewServer(set))
	served = true
	return srv.Serve(ctx, lis)
}

// openSessionStore wraps the platform's Redis connection in the session-locale store. An
// unreachable Redis does not stop the start: only the session locale depends on it.
func openSessionStore(ctx context.Context, cfg Config, log *slog.Logger) (*redisstore.Store, func() error, error) {
	client, closeClient, err := redisconn.Open(ctx, redisconn.Config{
		URL: cfg.RedisURL, Embedded: cfg.EmbeddedStores,
		Unreachable: "session locales fall back to brand defaults until it is",
	}, log)
	if err != nil {
		return nil, nil, fmt.Errorf("catalog: %w", err)
	}
	return redisstore.New(client), func() error { closeClient(); return nil }, nil
}

func closeWith(what string, close func() error) error {
	if err := close(); err != nil {
		return fmt.Errorf("close %s: %w", what, err)
	}
	return nil
}
