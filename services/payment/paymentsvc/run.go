package paymentsvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/go-kit/kit/endpoint"
	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/brandprops"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/kitlog"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/payment/adapters/cardprovider"
	"github.com/hostcart/checkout/services/payment/adapters/cartclient"
	"github.com/hostcart/checkout/services/payment/adapters/catalogbrands"
	"github.com/hostcart/checkout/services/payment/adapters/customerclient"
	"github.com/hostcart/checkout/services/payment/adapters/orderclient"
	"github.com/hostcart/checkout/services/payment/adapters/paypal"
	"github.com/hostcart/checkout/services/payment/adapters/redisstore"
	"github.com/hostcart/checkout/services/payment/adapters/sqlstore"
	"github.com/hostcart/checkout/services/payment/endpoints"
	"github.com/hostcart/checkout/services/payment/sandbox/cardsandbox"
	"github.com/hostcart/checkout/services/payment/sandbox/paypalsandbox"
	"github.com/hostcart/checkout/services/payment/seed"
	"github.com/hostcart/checkout/services/payment/service"
	grpctransport "github.com/hostcart/checkout/services/payment/transport/grpc"
)

// Run serves the payment service on lis until ctx ends; it returns nil on a clean stop.
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
	if cfg.CatalogAddr == "" {
		return errors.New("payment: CATALOG_ADDR is not set")
	}
	rdb, stopRedis, err := redisconn.Open(ctx, redisconn.Config{
		URL: cfg.RedisURL, Embedded: cfg.EmbeddedStores,
		Unreachable: "calls fail with payment.unavailable until it is back",
	}, log)
	if err != nil {
		return fmt.Errorf("payment: %w", err)
	}
	defer stopRedis()
	storeCfg, openers := storeSettings(cfg, log)
	types, err := sqldb.OpenStore(ctx, storeCfg, openers, log)
	if err != nil {
		return err
	}
	defer types.Close()
	catalogConn, err := grpcclient.Dial(cfg.CatalogAddr, log, cfg.Client)
	if err != nil {
		return fmt.Errorf("payment: %w", err)
	}
	defer catalogConn.Close()

	// The keys seal the IBAN both in the session's option (Redis) and in the mandate (PostgreSQL).
	var keys *secretbox.Keyring
	if cfg.SecretKeys != "" {
		if keys, err = secretbox.Parse(cfg.SecretKeys, cfg.SecretKeyID); err != nil {
			return fmt.Errorf("payment: PAYMENT_SECRET_KEYS: %w", err)
		}
	}
	ports := service.Ports{
		Types:         types,
		Sessions:      redisstore.New(rdb, redisstore.Options{TTL: cfg.SessionTTL, Keys: keys}),
		Brands:        catalogbrands.New(brandprops.New(catalogv1.NewCatalogServiceClient(catalogConn), cfg.CacheTTL)),
		Notifications: redisstore.NewNotifications(rdb, ""),
		Log:           log,
	}
	if keys != nil {
		mandates := types.Mandates(keys)
		ports.Mandates, ports.MandateSweep = mandates, mandates
	} else {
		log.WarnContext(ctx, "PAYMENT_SECRET_KEYS not set; SEPA mandates cannot be sealed, SEPA orders are refused")
	}
	if ports.Card, err = cardPort(cfg); err != nil {
		return err
	}
	if ports.PayPal, err = paypalPort(cfg); err != nil {
		return err
	}
	// PayPal's webhooks are verified by the same PayPal: the REST API's verify-webhook-signature
	// (needs the listener's PAYPAL_WEBHOOK_ID) or the sandbox's own signature.
	if hooks, ok := ports.PayPal.(service.PayPalWebhooks); ok && (cfg.PayPalProvider != "paypal" || cfg.PayPal.WebhookID != "") {
		ports.PayPalWebhooks = hooks
	} else if cfg.PayPalProvider == "paypal" {
		log.WarnContext(ctx, "PAYPAL_WEBHOOK_ID not set; PayPal webhooks are refused")
	}
	if cfg.CartAddr != "" && cfg.CustomerAddr != "" {
		cartConn, err := grpcclient.Dial(cfg.CartAddr, log, cfg.Client)
		if err != nil {
			return fmt.Errorf("payment: %w", err)
		}
		defer cartConn.Close()
		customerConn, err := grpcclient.Dial(cfg.CustomerAddr, log, cfg.Client)
		if err != nil {
			return fmt.Errorf("payment: %w", err)
		}
		defer customerConn.Close()
		ports.Carts = cartclient.New(cartv1.NewCartServiceClient(cartConn))
		customers := customerclient.New(customerv1.NewCustomerServiceClient(customerConn))
		ports.Shoppers, ports.Accounts = customers, customers
	} else {
		log.WarnContext(ctx, "CART_ADDR or CUSTOMER_ADDR not set; card payments are refused")
	}
	ports.References = types.References()
	if cfg.OrderAddr != "" {
		orderConn, err := grpcclient.Dial(cfg.OrderAddr, log, cfg.Client)
		if err != nil {
			return fmt.Errorf("payment: %w", err)
		}
		defer orderConn.Close()
		ports.Orders = orderclient.New(orderv1.NewOrderServiceClient(orderConn))
	}
	svc := service.New(ports)
	if ports.Orders != nil && cfg.ReconcileInterval > 0 {
		stopReconcile := startReconciliation(ctx, svc, cfg, log)
		defer stopReconcile()
	} else {
		log.WarnContext(ctx, "ORDER_ADDR not set or PAYMENT_RECONCILE_INTERVAL 0; unused authorisations and subscriptions are not voided, abandoned SEPA mandates not wiped")
	}
	set := guard(endpoints.New(svc), rdb, "rl:payment:", cfg, log)
	set = kitlog.Set(set, log, ServiceName)
	srv := grpcserver.New(ServiceName, log, cfg.GRPC)
	paymentv1.RegisterPaymentServiceServer(srv.GRPC(), grpctransport.NewServer(set))
	log.InfoContext(ctx, "payment service starting", slog.String("catalog", cfg.CatalogAddr))
	served = true
	if err := srv.Serve(ctx, lis); err != nil {
		return fmt.Errorf("payment: %w", err)
	}
	return nil
}

// guard puts the routes a card tester would hammer behind the one rate-limit middleware: each of
// card payment creation, card payment details and PayPal subscription creation with a budget of
// its own, per session and per client address, paid once per idempotency key, failing closed
// while Redis is down. The budgets live in rdb under prefix.
func guard(set endpoints.Set, rdb redis.Scripter, prefix string, cfg Config, log *slog.Logger) endpoints.Set {
	budgets := ratelimit.Budgets{PerSession: cfg.RateSession, PerIP: cfg.RateIP}
	limit := func(route string) endpoint.Middleware {
		return ratelimit.Middleware(ratelimit.New(rdb, prefix+route+":"), budgets,
			ratelimit.Refuse(KeyTooManyAttempts), log, ratelimit.FailClosed(KeyUnavailable), ratelimit.PerAttempt(idempotencyKey))
	}
	set.CreateCard = limit("create")(set.CreateCard)
	set.CardDetails = limit("details")(set.CardDetails)
	set.CreatePayPal = limit("paypal")(set.CreatePayPal)
	return set
}

// idempotencyKey is the attempt a guarded call belongs to.
func idempotencyKey(request any) string {
	switch r := request.(type) {
	case service.CardInput:
		return r.IdempotencyKey
	case endpoints.CardDetailsRequest:
		return r.IdempotencyKey
	case service.PayPalInput:
		return r.IdempotencyKey
	}
	return ""
}

// cardPort is the configured card provider, nil for none.
func cardPort(cfg Config) (service.CardProvider, error) {
	switch cfg.CardProvider {
	case "":
		return nil, nil
	case "adyen":
		if cfg.Adyen.URL == "" || cfg.Adyen.APIKey == "" || cfg.Adyen.MerchantAccount == "" || cfg.Adyen.HMACKey == "" {
			return nil, errors.New("payment: CARD_PROVIDER=adyen needs ADYEN_URL, ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT and CARD_HMAC_KEY")
		}
		return cardprovider.New(cfg.Adyen), nil
	case "sandbox":
		if cfg.CardSandboxSecret == "" || cfg.Adyen.HMACKey == "" {
			return nil, errors.New("payment: CARD_PROVIDER=sandbox needs CARD_SANDBOX_SECRET and CARD_HMAC_KEY")
		}
		return &cardsandbox.Sandbox{Secret: []byte(cfg.CardSandboxSecret), PageURL: cfg.CardSandboxPageURL, HMACKey: cfg.Adyen.HMACKey, Dir: cfg.CardSandboxDir}, nil
	}
	return nil, fmt.Errorf("payment: CARD_PROVIDER %q is neither adyen nor sandbox", cfg.CardProvider)
}

// paypalPort is the configured PayPal, nil for none.
func paypalPort(cfg Config) (service.PayPal, error) {
	switch cfg.PayPalProvider {
	case "":
		return nil, nil
	case "paypal":
		p := cfg.PayPal
		if p.URL == "" || p.ClientID == "" || p.ClientSecret == "" || p.PlanID == "" {
			return nil, errors.New("payment: PAYPAL_PROVIDER=paypal needs PAYPAL_URL, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_PLAN_ID")
		}
		return paypal.New(p), nil
	case "sandbox":
		if cfg.PayPalSandboxSecret == "" || cfg.PayPalSandboxPageURL == "" {
			return nil, errors.New("payment: PAYPAL_PROVIDER=sandbox needs PAYPAL_SANDBOX_SECRET and PAYPAL_SANDBOX_PAGE_URL")
		}
		return &paypalsandbox.Sandbox{Secret: []byte(cfg.PayPalSandboxSecret), PageURL: cfg.PayPalSandboxPageURL}, nil
	}
	return nil, fmt.Errorf("payment: PAYPAL_PROVIDER %q is neither paypal nor sandbox", cfg.PayPalProvider)
}

// storeSettings says which SQL store holds the payment types and how it is seeded.
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
				data, err := seed.Types()
				if err != nil {
					return err
				}
				if err := store.Seed(ctx, data); err != nil {
					return err
				}
				log.InfoContext(ctx, "payment types seeded", slog.Int("types", len(data)))
				return nil
			},
		}
}

// startReconciliation runs the reconciliation every ReconcileInterval until ctx ends (the first
// run after one interval, so a starting stack is not asked before it answers); the returned stop
// waits for a run in progress. Every replica runs it: the store's claims keep them apart.
func startReconciliation(ctx context.Context, svc service.Service, cfg Config, log *slog.Logger) (stop func()) {
	// A mandate younger than service.MinMandateAge may still be carried by an order being placed:
	// a shorter setting is raised to it.
	mandatesAfter := cfg.MandateAbandonAfter
	if mandatesAfter > 0 && mandatesAfter < service.MinMandateAge {
		log.WarnContext(ctx, "PAYMENT_MANDATE_ABANDON_AFTER below the minimum; the minimum is used",
			slog.Duration("set", mandatesAfter), slog.Duration("minimum", service.MinMandateAge))
		mandatesAfter = service.MinMandateAge
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		timer := time.NewTimer(cfg.ReconcileInterval)
		defer timer.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-timer.C:
			}
			out, err := svc.Reconcile(ctx, service.ReconcileSettings{After: cfg.ReconcileAfter, Lease: reconcileLease, MandatesAfter: mandatesAfter})
			if err != nil && ctx.Err() == nil {
				log.WarnContext(ctx, "payment reconciliation failed; tried again next interval", slog.Any("error", err))
			}
			if out != (service.ReconcileOutcome{}) {
				log.InfoContext(ctx, "payment reconciliation", slog.Int("voided", out.Voided), slog.Int("paid", out.Paid), slog.Int("failed", out.Failed),
					slog.Int("mandates_kept", out.MandatesKept), slog.Int("mandates_abandoned", out.MandatesAbandoned))
			}
			timer.Reset(cfg.ReconcileInterval)
		}
	}()
	return func() {
		cancel()
		wg.Wait()
	}
}
