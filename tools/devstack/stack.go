package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"

	"github.com/alicebob/miniredis/v2"
	"golang.org/x/sync/errgroup"

	"github.com/hostcart/checkout/gateway/gatewaysvc"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
	"github.com/hostcart/checkout/services/cart/cartsvc"
	"github.com/hostcart/checkout/services/catalog/catalogsvc"
	"github.com/hostcart/checkout/services/domain/domainsvc"
	"github.com/hostcart/checkout/services/promotion/promotionsvc"
)

// run starts the stores, every service and the gateway, and stops them all when ctx ends or one of
// them fails. Services are configured through the same environment variables they read when deployed
// alone, so devstack exercises the production wiring.
func run(ctx context.Context, cfg Config, log *slog.Logger) error {
	dataDir := cfg.DataDir
	if dataDir == "" {
		dir, err := os.MkdirTemp("", "devstack-")
		if err != nil {
			return fmt.Errorf("create data folder: %w", err)
		}
		defer os.RemoveAll(dir)
		dataDir = dir
	}

	redisURL := cfg.RedisURL
	if redisURL == "" {
		mr := miniredis.NewMiniRedis()
		if err := mr.Start(); err != nil {
			return fmt.Errorf("start in-process redis: %w", err)
		}
		defer mr.Close()
		redisURL = "redis://" + mr.Addr()
		log.Info("embedded redis-protocol server started", "addr", mr.Addr())
	} else {
		log.Info("using redis", "url", redactURL(redisURL))
	}
	if cfg.DatabaseURL == "" {
		log.Info("using embedded SQL store", "dir", dataDir)
	} else {
		log.Info("using postgresql", "url", redactURL(cfg.DatabaseURL))
	}

	if err := setenv(map[string]string{
		"REDIS_URL":             redisURL,
		"DATABASE_URL":          cfg.DatabaseURL,
		"CATALOG_SQLITE_PATH":   filepath.Join(dataDir, "catalog.db"),
		"CATALOG_SEED":          "true",
		"DOMAIN_SQLITE_PATH":    filepath.Join(dataDir, "domain.db"),
		"DOMAIN_SEED":           "true",
		"DOMAIN_REGISTRY":       "sandbox",
		"PROMOTION_SQLITE_PATH": filepath.Join(dataDir, "promotion.db"),
		"PROMOTION_SEED":        "true",
		"FRONTEND_DIR":          cfg.FrontendDir,
		"DEV_BRAND_HOSTS":       "true",
	}); err != nil {
		return err
	}

	// Every service gets its own loopback port, so the stack speaks real gRPC between them.
	names := []string{"catalog", "domain", "promotion", "cart"}
	listeners := make(map[string]net.Listener, len(names))
	closeAll := func() {
		for _, lis := range listeners {
			_ = lis.Close()
		}
	}
	for _, name := range names {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			closeAll()
			return fmt.Errorf("listen for %s: %w", name, err)
		}
		listeners[name] = lis
	}
	gatewayAddr := net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port))
	gatewayLis, err := net.Listen("tcp", gatewayAddr)
	if err != nil {
		closeAll()
		return fmt.Errorf("listen for gateway on %s (set PORT to use another port): %w", gatewayAddr, err)
	}

	resolver := discovery.Static{}
	for name, lis := range listeners {
		resolver[name] = lis.Addr().String()
	}
	// The cart finds its neighbours through the variables it reads when deployed alone.
	if err := setenv(map[string]string{
		"CATALOG_ADDR":   resolver["catalog"],
		"DOMAIN_ADDR":    resolver["domain"],
		"PROMOTION_ADDR": resolver["promotion"],
	}); err != nil {
		closeAll()
		_ = gatewayLis.Close()
		return err
	}
	catalogLis, domainLis := listeners["catalog"], listeners["domain"]

	g, ctx := errgroup.WithContext(ctx)
	if cfg.PprofAddr != "" {
		g.Go(func() error { return servePprof(ctx, cfg.PprofAddr, log) })
	}
	g.Go(func() error {
		log.Info("catalog service listening", "grpc", catalogLis.Addr().String())
		return serviceErr("catalog", catalogsvc.Run(ctx, catalogsvc.ConfigFromEnv(), catalogLis, log.With("component", "catalog")))
	})
	g.Go(func() error {
		domainCfg := domainsvc.ConfigFromEnv()
		log.Info("domain service listening", "grpc", domainLis.Addr().String(),
			"registry", domainCfg.Registry, "sandbox_latency", domainCfg.SandboxLatency.String())
		return serviceErr("domain", domainsvc.Run(ctx, domainCfg, domainLis, log.With("component", "domain")))
	})
	g.Go(func() error {
		log.Info("promotion service listening", "grpc", listeners["promotion"].Addr().String())
		return serviceErr("promotion", promotionsvc.Run(ctx, promotionsvc.ConfigFromEnv(), listeners["promotion"], log.With("component", "promotion")))
	})
	g.Go(func() error {
		log.Info("cart service listening", "grpc", listeners["cart"].Addr().String())
		return serviceErr("cart", cartsvc.Run(ctx, cartsvc.ConfigFromEnv(), listeners["cart"], log.With("component", "cart")))
	})
	g.Go(func() error {
		return serviceErr("gateway", gatewaysvc.Run(ctx, gatewaysvc.ConfigFromEnv(), gatewayLis, resolver, log.With("component", "gateway")))
	})

	port := gatewayLis.Addr().(*net.TCPAddr).Port
	log.Info("shop is starting; open it in a browser",
		"hostwerk", fmt.Sprintf("http://hostwerk.localhost:%d/", port),
		"alpenhost", fmt.Sprintf("http://alpenhost.localhost:%d/", port),
		"api", fmt.Sprintf("http://localhost:%d/api/v2/brands/current", port),
		"stop", "Ctrl-C")
	if cfg.Banner != nil {
		fmt.Fprintf(cfg.Banner, "\n  Shop:  http://hostwerk.localhost:%d/  (Hostwerk, DE)\n         http://alpenhost.localhost:%d/ (Alpenhost, AT)\n  API:   http://localhost:%d/api/v2/brands/current\n  Stop:  Ctrl-C\n\n", port, port, port)
	}

	err = g.Wait()
	log.Info("devstack stopped")
	return err
}

func serviceErr(name string, err error) error {
	if err == nil || errors.Is(err, context.Canceled) {
		return nil
	}
	return fmt.Errorf("%s: %w", name, err)
}

func setenv(vars map[string]string) error {
	for k, v := range vars {
		if err := os.Setenv(k, v); err != nil {
			return fmt.Errorf("set %s: %w", k, err)
		}
	}
	return nil
}
