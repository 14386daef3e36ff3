package customersvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/kitlog"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/customer/adapters/catalogclient"
	"github.com/hostcart/checkout/services/customer/adapters/oidcauthority"
	"github.com/hostcart/checkout/services/customer/adapters/redisstore"
	"github.com/hostcart/checkout/services/customer/adapters/sqlstore"
	"github.com/hostcart/checkout/services/customer/adapters/vies"
	"github.com/hostcart/checkout/services/customer/domain"
	"github.com/hostcart/checkout/services/customer/endpoints"
	"github.com/hostcart/checkout/services/customer/sandbox/viessandbox"
	"github.com/hostcart/checkout/services/customer/seed"
	"github.com/hostcart/checkout/services/customer/service"
	grpctransport "github.com/hostcart/checkout/services/customer/transport/grpc"
)

// Run serves the customer service on lis until ctx ends; it returns nil on a clean stop.
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

	rdb, stopRedis, err := redisconn.Open(ctx, redisconn.Config{
		URL: cfg.RedisURL, Embedded: cfg.EmbeddedStores,
		Unreachable: "calls fail with customer.unavailable until it is back",
	}, log)
	if err != nil {
		return fmt.Errorf("customer: %w", err)
	}
	defer stopRedis()
	if cfg.CatalogAddr == "" {
		return errors.New("customer: CATALOG_ADDR is not set")
	}
	catalogConn, err := grpcclient.Dial(cfg.CatalogAddr, log, cfg.Client)
	if err != nil {
		return fmt.Errorf("customer: %w", err)
	}
	defer catalogConn.Close()

	storeCfg, openers := storeSettings(cfg, log)
	customers, err := sqldb.OpenStore(ctx, storeCfg, openers, log)
	if err != nil {
		return err
	}
	defer customers.Close()

	svc := service.New(service.Ports{
		Store:     redisstore.New(rdb, redisstore.Options{TTL: cfg.SessionTTL}),
		Brands:    catalogclient.New(catalogv1.NewCatalogServiceClient(catalogConn), cfg.CacheTTL),
		Customers: customers,
		Authority: oidcauthority.New(cfg.OIDC),
		VIES:      viesPort(cfg),
	})
	set := endpoints.New(svc)
	guard := ratelimit.Middleware(ratelimit.New(rdb, "rl:customer:login:"),
		ratelimit.Budgets{PerSession: cfg.LoginRateSession, PerIP: cfg.LoginRateIP},
		ratelimit.Refuse(domain.KeyTooManyLogins), log)
	set.BeginLogin, set.CompleteLogin = guard(set.BeginLogin), guard(set.CompleteLogin)
	set = kitlog.Set(set, log, ServiceName)
	srv := grpcserver.New(ServiceName, log, cfg.GRPC)
	customerv1.RegisterCustomerServiceServer(srv.GRPC(), grpctransport.NewServer(set))
	log.InfoContext(ctx, "customer service starting",
		slog.String("catalog", cfg.CatalogAddr), slog.String("session_ttl", cfg.SessionTTL.String()))
	served = true
	if err := srv.Serve(ctx, lis); err != nil {
		return fmt.Errorf("customer: %w", err)
	}
	return nil
}

// viesPort is the real VIES unless the sandbox was asked for (devstack).
func viesPort(cfg Config) service.VIES {
	if cfg.VIESSandbox {
		return viessandbox.Sandbox{Latency: cfg.VIESSandboxLatency}
	}
	return vies.New(cfg.VIES)
}

// storeSettings says which SQL store holds the customer records and how it is seeded.
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
				customers, err := seed.Customers()
				if err != nil {
					return err
				}
				records := make([]domain.ExistingCustomer, len(customers))
				for i, c := range customers {
					records[i] = c.ExistingCustomer
				}
				if err := store.Upsert(ctx, records); err != nil {
					return err
				}
				log.InfoContext(ctx, "seed customers written", slog.Int("customers", len(records)))
				return nil
			},
		}
}
