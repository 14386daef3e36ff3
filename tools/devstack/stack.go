package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sync/errgroup"

	"github.com/hostcart/checkout/gateway/gatewaysvc"
	"github.com/hostcart/checkout/libs/go/platform/admin"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
	"github.com/hostcart/checkout/services/cart/cartsvc"
	"github.com/hostcart/checkout/services/catalog/catalogsvc"
	"github.com/hostcart/checkout/services/customer/customersvc"
	"github.com/hostcart/checkout/services/domain/domainsvc"
	"github.com/hostcart/checkout/services/order/ordersvc"
	"github.com/hostcart/checkout/services/payment/paymentsvc"
	"github.com/hostcart/checkout/services/promotion/promotionsvc"
)

// run starts the whole stack, announces the shop once it answers, and serves until ctx ends or a
// service fails.
func run(ctx context.Context, cfg Config, log *slog.Logger) error {
	st, err := start(ctx, cfg, log)
	if err != nil {
		return err
	}
	announce(cfg, st, log)
	err = st.wait()
	log.Info("devstack stopped")
	return err
}

// start starts the stores, every service and the gateway, and returns once the gateway's /readyz
// reports every backend serving. Services are configured through the same environment variables
// they read when deployed alone, so devstack exercises the production wiring. They all stop when
// ctx ends or one of them fails.
func start(ctx context.Context, cfg Config, log *slog.Logger) (*stack, error) {
	cfg = cfg.withDefaults()
	var cleanups []func()
	stores := func() {
		for i := len(cleanups) - 1; i >= 0; i-- {
			cleanups[i]()
		}
	}
	dataDir := cfg.DataDir
	if dataDir == "" {
		dir, err := os.MkdirTemp("", "devstack-")
		if err != nil {
			return nil, fmt.Errorf("create data folder: %w", err)
		}
		cleanups = append(cleanups, func() { os.RemoveAll(dir) })
		dataDir = dir
	}

	redisURL := cfg.RedisURL
	if redisURL == "" {
		url, stop, err := redisconn.StartEmbedded()
		if err != nil {
			stores()
			return nil, err
		}
		cleanups = append(cleanups, stop)
		redisURL = url
		log.Info("embedded redis-protocol server started", "url", url)
	} else {
		log.Info("using redis", "url", redactURL(redisURL))
	}
	if cfg.DatabaseURL == "" {
		log.Info("using embedded SQL store", "dir", dataDir)
	} else {
		log.Info("using postgresql", "url", redactURL(cfg.DatabaseURL))
	}

	auth, err := startAuthority()
	if err != nil {
		stores()
		return nil, err
	}
	cleanups = append(cleanups, func() { _ = auth.Close() })
	log.Info("local login authorities started", "issuers", auth.Issuers())
	if err := setenv(auth.env); err != nil {
		stores()
		return nil, err
	}
	// The gateway's port first: the panel simulation links to it. PORT=0 (the tests) takes a free
	// port here, held from now on, rather than one found free earlier and maybe taken since.
	gatewayAddr := net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port))
	gatewayLis, err := net.Listen("tcp", gatewayAddr)
	if err != nil {
		stores()
		return nil, fmt.Errorf("listen for gateway on %s (set PORT to use another port): %w", gatewayAddr, err)
	}
	cleanups = append(cleanups, func() { _ = gatewayLis.Close() })
	cfg.Port = gatewayLis.Addr().(*net.TCPAddr).Port
	panel, err := startPanel(fmt.Sprintf("http://hostwerk.localhost:%d", cfg.Port))
	if err != nil {
		stores()
		return nil, err
	}
	cleanups = append(cleanups, func() { _ = panel.server.Close() })
	log.Info("cloud panel simulation started (panel sign-in)", "url", panel.url)
	cards, err := startCardSandbox()
	if err != nil {
		stores()
		return nil, err
	}
	cleanups = append(cleanups, func() { _ = cards.server.Close() })
	if err := setenv(cards.env); err != nil {
		stores()
		return nil, err
	}

	admins, err := startAdminPanel(dataDir)
	if err != nil {
		stores()
		return nil, err
	}
	cleanups = append(cleanups, func() { _ = admins.server.Close() })
	if err := setenv(admins.env); err != nil {
		stores()
		return nil, err
	}
	log.Info("local admin panel started", "url", admins.url)

	if err := os.MkdirAll(filepath.Join(dataDir, "sms"), 0o700); err != nil {
		stores()
		return nil, fmt.Errorf("devstack: sms folder: %w", err)
	}
	if err := os.MkdirAll(filepath.Join(dataDir, "mail"), 0o700); err != nil {
		stores()
		return nil, fmt.Errorf("devstack: mail folder: %w", err)
	}
	if err := os.MkdirAll(filepath.Join(dataDir, "card"), 0o700); err != nil {
		stores()
		return nil, fmt.Errorf("devstack: card sandbox folder: %w", err)
	}
	// The payment service seals the IBANs of SEPA mandates, the order service an order's auth codes
	// and passwords, with keys of this run (Secrets in production); the data folder goes with the
	// stack, so the keys need not outlive it.
	secretKey, err := secretbox.NewKey("devstack")
	if err != nil {
		stores()
		return nil, fmt.Errorf("devstack: payment secret key: %w", err)
	}
	orderKey, err := secretbox.NewKey("devstack")
	if err != nil {
		stores()
		return nil, fmt.Errorf("devstack: order secret key: %w", err)
	}
	// Every browser of devstack's tests and of a local shop comes from one loopback address: the
	// budget of new sessions per address is the production one times fifty unless a test sets it.
	if os.Getenv("SESSION_NEW_RATELIMIT_IP") == "" {
		if err := os.Setenv("SESSION_NEW_RATELIMIT_IP", "6000/1m/12000"); err != nil {
			stores()
			return nil, fmt.Errorf("devstack: %w", err)
		}
	}
	if err := setenv(map[string]string{
		"PAYMENT_SECRET_KEYS":   secretKey,
		"ORDER_SECRET_KEYS":     orderKey,
		"REDIS_URL":             redisURL,
		"DATABASE_URL":          cfg.DatabaseURL,
		"CATALOG_SQLITE_PATH":   filepath.Join(dataDir, "catalog.db"),
		"CATALOG_SEED":          "true",
		"DOMAIN_SQLITE_PATH":    filepath.Join(dataDir, "domain.db"),
		"DOMAIN_SEED":           "true",
		"DOMAIN_REGISTRY":       "sandbox",
		"PROMOTION_SQLITE_PATH": filepath.Join(dataDir, "promotion.db"),
		"PROMOTION_SEED":        "true",
		"CUSTOMER_SQLITE_PATH":  filepath.Join(dataDir, "customer.db"),
		"CUSTOMER_SEED":         "true",
		"VIES_SANDBOX":          "true",
		"PAYMENT_SQLITE_PATH":   filepath.Join(dataDir, "payment.db"),
		"PAYMENT_SEED":          "true",
		"ORDER_SQLITE_PATH":     filepath.Join(dataDir, "order.db"),
		"NATS_URL":              cfg.NATSURL,
		// The SMS sandbox writes what it sends to sms.jsonl there, where tests read the codes.
		"SMS_PROVIDER":    "sandbox",
		"SMS_SANDBOX_DIR": filepath.Join(dataDir, "sms"),
		// The order confirmation mails go to mail.jsonl in the mail folder, one JSON line each.
		"MAIL_PROVIDER":    "sandbox",
		"MAIL_SANDBOX_DIR": filepath.Join(dataDir, "mail"),
		// The card sandbox lists the authorisations it voided in voids.jsonl there.
		"CARD_SANDBOX_DIR": filepath.Join(dataDir, "card"),
		"FRONTEND_DIR":     cfg.FrontendDir,
		"DEV_BRAND_HOSTS":  "true",
		// Devstack is the one place where in-process stores are the intended default; a service
		// started alone refuses to run without REDIS_URL / DATABASE_URL unless told the same.
		"EMBEDDED_STORES": "true",

		// Contract transfers ask the deterministic sandbox (ids T-<n>; T-503 an outage).
		"TRANSFER_PROVIDER": "sandbox",
	}); err != nil {
		stores()
		return nil, err
	}

	// Every visitor of devstack comes from the same loopback address (the developer's browser, the
	// e2e walk, the tests, a load generator): per-address budgets of the payment, order and
	// transfer routes would make them one visitor. They are off unless set; the per-session
	// budgets are production's.
	for _, k := range []string{"PAYMENT_RATELIMIT_IP", "ORDER_RATELIMIT_IP", "TRANSFER_RATELIMIT_IP"} {
		if _, set := os.LookupEnv(k); !set {
			if err := setenv(map[string]string{k: "off"}); err != nil {
				stores()
				return nil, err
			}
		}
	}

	// Every service gets its own loopback port, so the stack speaks real gRPC between them.
	names := []string{"catalog", "domain", "promotion", "cart", "customer", "payment", "order"}
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
			stores()
			return nil, fmt.Errorf("listen for %s: %w", name, err)
		}
		listeners[name] = lis
	}

	resolver := discovery.Static{}
	for name, lis := range listeners {
		resolver[name] = lis.Addr().String()
	}
	// The cart and the customer service find their neighbours through the variables they read
	// when deployed alone.
	if err := setenv(map[string]string{
		"CATALOG_ADDR":   resolver["catalog"],
		"DOMAIN_ADDR":    resolver["domain"],
		"PROMOTION_ADDR": resolver["promotion"],
		"CUSTOMER_ADDR":  resolver["customer"],
		"CART_ADDR":      resolver["cart"],
		"PAYMENT_ADDR":   resolver["payment"],
		// The payment service asks the order service which payments paid an order (its
		// reconciliation voids the others after PAYMENT_RECONCILE_AFTER).
		"ORDER_ADDR": resolver["order"],
	}); err != nil {
		closeAll()
		stores()
		return nil, err
	}

	g, gctx := errgroup.WithContext(ctx)
	st := &stack{
		base:     fmt.Sprintf("http://%s", net.JoinHostPort(loopbackFor(cfg.Host), strconv.Itoa(gatewayLis.Addr().(*net.TCPAddr).Port))),
		group:    g,
		services: map[string]*module{},
		stores:   stores,
		redisURL: redisURL,
	}
	if cfg.AdminAddr != "" {
		adminLis, err := net.Listen("tcp", cfg.AdminAddr)
		if err != nil {
			closeAll()
			stores()
			return nil, fmt.Errorf("listen for the admin endpoints on %s (ADMIN_LISTEN): %w", cfg.AdminAddr, err)
		}
		g.Go(func() error { return admin.Serve(gctx, adminLis, log) })
	}
	st.launch(gctx, "catalog", log, func(ctx context.Context, log *slog.Logger) error {
		return catalogsvc.Run(ctx, catalogsvc.ConfigFromEnv(), listeners["catalog"], log)
	})
	domainCfg := domainsvc.ConfigFromEnv()
	log.Info("domain registry", "registry", domainCfg.Registry, "sandbox_latency", domainCfg.SandboxLatency.String())
	st.launch(gctx, "domain", log, func(ctx context.Context, log *slog.Logger) error {
		return domainsvc.Run(ctx, domainCfg, listeners["domain"], log)
	})
	st.launch(gctx, "promotion", log, func(ctx context.Context, log *slog.Logger) error {
		return promotionsvc.Run(ctx, promotionsvc.ConfigFromEnv(), listeners["promotion"], log)
	})
	st.launch(gctx, "cart", log, func(ctx context.Context, log *slog.Logger) error {
		return cartsvc.Run(ctx, cartsvc.ConfigFromEnv(), listeners["cart"], log)
	})
	st.launch(gctx, "customer", log, func(ctx context.Context, log *slog.Logger) error {
		return customersvc.Run(ctx, customersvc.ConfigFromEnv(), listeners["customer"], log)
	})
	st.launch(gctx, "payment", log, func(ctx context.Context, log *slog.Logger) error {
		return paymentsvc.Run(ctx, paymentsvc.ConfigFromEnv(), listeners["payment"], log)
	})
	st.launch(gctx, "order", log, func(ctx context.Context, log *slog.Logger) error {
		return ordersvc.Run(ctx, ordersvc.ConfigFromEnv(), listeners["order"], log)
	})
	gatewayResolver := resolver
	if cfg.GatewayDial != nil {
		gatewayResolver = discovery.Static{}
		for name, addr := range resolver {
			dial, err := cfg.GatewayDial(name, addr)
			if err != nil {
				for _, m := range st.services {
					m.cancel()
				}
				return nil, errors.Join(err, st.wait())
			}
			gatewayResolver[name] = dial
		}
	}
	st.launch(gctx, "gateway", log, func(ctx context.Context, log *slog.Logger) error {
		return gatewaysvc.Run(ctx, gatewaysvc.ConfigFromEnv(), gatewayLis, gatewayResolver, log)
	})
	for name, lis := range listeners {
		log.Info(name+" service listening", "grpc", lis.Addr().String())
	}
	st.adminPanel = admins.url
	st.addrs = resolver
	if err := writeDevstackFile(dataDir, resolver, admins.url); err != nil {
		log.Warn("devstack.json not written; draftctl needs -order-addr", "error", err)
	}

	// The shop is announced only once every service answers: a visitor's first domain search
	// must not meet a service that is still migrating its store.
	if err := st.waitReady(gctx, cfg.StartTimeout); err != nil {
		cancelAll := func() {
			for _, m := range st.services {
				m.cancel()
			}
		}
		cancelAll()
		if werr := st.wait(); werr != nil {
			return nil, fmt.Errorf("%w (%w)", err, werr)
		}
		return nil, err
	}
	return st, nil
}

// announce tells the developer where the shop is.
func announce(cfg Config, st *stack, log *slog.Logger) {
	port := st.port()
	log.Info("shop is ready; open it in a browser",
		"hostwerk", fmt.Sprintf("http://hostwerk.localhost:%d/", port),
		"alpenhost", fmt.Sprintf("http://alpenhost.localhost:%d/", port),
		"api", fmt.Sprintf("http://localhost:%d/api/v2/brands/current", port),
		"stop", "Ctrl-C")
	if cfg.Banner != nil {
		fmt.Fprintf(cfg.Banner, "\n  Shop:  http://hostwerk.localhost:%d/  (Hostwerk, DE)\n         http://alpenhost.localhost:%d/ (Alpenhost, AT)\n  API:   http://localhost:%d/api/v2/brands/current\n  Stop:  Ctrl-C\n\n", port, port, port)
	}
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
