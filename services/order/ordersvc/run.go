package ordersvc

import (
	"context"
	"errors"
	"fmt"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/go-kit/kit/endpoint"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc"

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
	"github.com/hostcart/checkout/services/order/adapters/cartclient"
	"github.com/hostcart/checkout/services/order/adapters/catalogbrands"
	"github.com/hostcart/checkout/services/order/adapters/customerclient"
	"github.com/hostcart/checkout/services/order/adapters/embeddednats"
	"github.com/hostcart/checkout/services/order/adapters/ordermail"
	"github.com/hostcart/checkout/services/order/adapters/outbox"
	"github.com/hostcart/checkout/services/order/adapters/paymentclient"
	"github.com/hostcart/checkout/services/order/adapters/redisstore"
	"github.com/hostcart/checkout/services/order/adapters/smsgateway"
	"github.com/hostcart/checkout/services/order/adapters/smtpmail"
	"github.com/hostcart/checkout/services/order/adapters/sqlstore"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/endpoints"
	"github.com/hostcart/checkout/services/order/mail"
	"github.com/hostcart/checkout/services/order/sandbox/mailsandbox"
	"github.com/hostcart/checkout/services/order/sandbox/smssandbox"
	"github.com/hostcart/checkout/services/order/service"
	grpctransport "github.com/hostcart/checkout/services/order/transport/grpc"
)

// Run serves the order service on lis until ctx ends; it returns nil on a clean stop.
func Run(ctx context.Context, cfg Config, lis net.Listener, log *slog.Logger) (err error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	// The service's one clock, handed to every part that reads the time (use cases, mail consumer,
	// outbox relay): the only place the order service reads the wall clock.
	now := time.Now
	served := false
	defer func() {
		if !served {
			_ = lis.Close() // a failed start must not leave the caller's port bound
		}
	}()
	if cfg.CartAddr == "" || cfg.CustomerAddr == "" || cfg.PaymentAddr == "" {
		return errors.New("order: CART_ADDR, CUSTOMER_ADDR and PAYMENT_ADDR must be set")
	}
	sms, err := smsPort(cfg)
	if err != nil {
		return err
	}
	mailer, err := mailPort(cfg)
	if err != nil {
		return err
	}
	rdb, stopRedis, err := redisconn.Open(ctx, redisconn.Config{
		URL: cfg.RedisURL, Embedded: cfg.EmbeddedStores,
		Unreachable: "referrals and order placement fail with order.unavailable and SMS resends go unlimited until it is back",
	}, log)
	if err != nil {
		return fmt.Errorf("order: %w", err)
	}
	defer stopRedis()
	path := cfg.SQLitePath
	if path == "" {
		path = DefaultSQLitePath
	}
	store, err := sqldb.OpenStore(ctx, sqldb.StoreConfig{Service: ServiceName, DatabaseURL: cfg.DatabaseURL, SQLitePath: path, Embedded: cfg.EmbeddedStores},
		sqldb.Openers[*sqlstore.Store]{Postgres: sqlstore.OpenPostgres, SQLite: sqlstore.OpenSQLite}, log)
	if err != nil {
		return err
	}
	defer store.Close()
	nc, stopBroker, err := broker(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer stopBroker()
	publisher, err := outbox.NewPublisher(ctx, nc, cfg.Outbox)
	if err != nil {
		return fmt.Errorf("order: %w", err)
	}
	var conns []*grpc.ClientConn
	defer func() {
		for _, c := range conns {
			_ = c.Close()
		}
	}()
	dial := func(name, addr string) (*grpc.ClientConn, error) {
		c, err := grpcclient.Dial(addr, log, cfg.Client)
		if err != nil {
			return nil, fmt.Errorf("order: dial %s: %w", name, err)
		}
		conns = append(conns, c)
		return c, nil
	}
	// The catalog's brand properties sign the mails and SMS (sender, legal footer); without
	// CATALOG_ADDR they go out unsigned.
	var brands *catalogbrands.Brands
	if cfg.CatalogAddr != "" {
		catalogConn, err := dial("catalog", cfg.CatalogAddr)
		if err != nil {
			return err
		}
		brands = catalogbrands.New(brandprops.New(catalogv1.NewCatalogServiceClient(catalogConn), brandprops.DefaultTTL))
	} else {
		log.WarnContext(ctx, "CATALOG_ADDR not set; mails and SMS carry no brand")
	}
	// The mail consumer exists before the relay publishes anything, so it sees every event.
	var mails *ordermail.Consumer
	if mailer != nil {
		js, err := jetstream.New(nc)
		if err != nil {
			return fmt.Errorf("order: %w", err)
		}
		mails, err = ordermail.New(ctx, js, ordermail.Config{Stream: cfg.Outbox.Stream, SubjectPrefix: cfg.Outbox.SubjectPrefix, Now: now},
			store, mailBrands(brands), mailer, log)
		if err != nil {
			return fmt.Errorf("order: %w", err)
		}
	}

	cartConn, err := dial("cart", cfg.CartAddr)
	if err != nil {
		return err
	}
	customerConn, err := dial("customer", cfg.CustomerAddr)
	if err != nil {
		return err
	}
	paymentConn, err := dial("payment", cfg.PaymentAddr)
	if err != nil {
		return err
	}
	carts := cartclient.New(cartv1.NewCartServiceClient(cartConn))
	var secrets service.Sealer
	if cfg.SecretKeys != "" {
		keys, err := secretbox.Parse(cfg.SecretKeys, cfg.SecretKeyID)
		if err != nil {
			return fmt.Errorf("order: ORDER_SECRET_KEYS: %w", err)
		}
		secrets = keys
	} else {
		log.WarnContext(ctx, "ORDER_SECRET_KEYS not set; orders with auth codes or password fields are refused")
	}
	svc := service.New(service.Ports{
		Secrets:   secrets,
		Store:     store,
		Carts:     carts,
		Customers: customerclient.New(customerv1.NewCustomerServiceClient(customerConn)),
		Payments:  paymentclient.New(paymentv1.NewPaymentServiceClient(paymentConn)),
		SMS:       sms,
		Referrals: redisstore.New(rdb, "", cfg.ReferralTTL),
		Brands:    smsBrands(brands),
		Log:       log,
		Now:       now,
	})
	set := endpoints.New(svc, service.NewDrafts(svc, store, carts))
	set.ResendSMS = guardResend(set.ResendSMS, rdb, "rl:order:sms:", cfg, log)
	set.PlaceOrder = guardPlacement(set.PlaceOrder, rdb, "rl:order:place:", cfg, log)
	set = kitlog.Set(set, log, ServiceName)
	srv := grpcserver.New(ServiceName, log, cfg.GRPC)
	orderv1.RegisterOrderServiceServer(srv.GRPC(), grpctransport.NewServer(set))

	// The relay and the mail consumer stop before the store and the broker close (defers run last
	// in, first out).
	relayCtx, stopRelay := context.WithCancel(ctx)
	var relayDone sync.WaitGroup
	relayDone.Go(func() { _ = outbox.NewRelay(store, publisher, now, log).Run(relayCtx) })
	if mails != nil {
		relayDone.Go(func() {
			if err := mails.Run(relayCtx); err != nil {
				log.ErrorContext(relayCtx, "order mail consumer stopped", slog.Any("error", err))
			}
		})
	}
	defer func() { stopRelay(); relayDone.Wait() }()

	log.InfoContext(ctx, "order service starting", slog.String("cart", cfg.CartAddr), slog.String("customer", cfg.CustomerAddr),
		slog.String("payment", cfg.PaymentAddr), slog.String("nats", nc.ConnectedUrlRedacted()), slog.String("mail", cfg.MailProvider))
	served = true
	if err := srv.Serve(ctx, lis); err != nil {
		return fmt.Errorf("order: %w", err)
	}
	return nil
}

// guardResend puts the SMS resend behind the one rate-limit middleware. It fails closed: every
// resend is a paid SMS to a number the visitor chose, so while Redis cannot count none is sent
// (503 order.unavailable) rather than an unbounded burst. The budgets live in rdb under prefix.
func guardResend(resend endpoint.Endpoint, rdb redis.Scripter, prefix string, cfg Config, log *slog.Logger) endpoint.Endpoint {
	return ratelimit.Middleware(ratelimit.New(rdb, prefix),
		ratelimit.Budgets{PerSession: cfg.SMSRateSession, PerIP: cfg.SMSRateIP},
		ratelimit.Refuse(domain.KeySMSRateLimited), log, ratelimit.FailClosed(domain.KeyUnavailable))(resend)
}

// guardPlacement puts order placement behind the one rate-limit middleware: each order sends an
// SMS and a mail, so a session and a client address place a few per period, the submits of one
// idempotency key (a double click, a retry) paying once, and none while Redis cannot count. The
// budgets live in rdb under prefix.
func guardPlacement(place endpoint.Endpoint, rdb redis.Scripter, prefix string, cfg Config, log *slog.Logger) endpoint.Endpoint {
	return ratelimit.Middleware(ratelimit.New(rdb, prefix),
		ratelimit.Budgets{PerSession: cfg.OrderRateSession, PerIP: cfg.OrderRateIP},
		ratelimit.Refuse(KeyTooManyOrders), log, ratelimit.FailClosed(domain.KeyUnavailable),
		ratelimit.PerAttempt(func(request any) string {
			in, _ := request.(service.PlaceInput)
			return in.IdempotencyKey
		}))(place)
}

// broker connects to NATS_URL, or starts the embedded JetStream server where that is allowed.
func broker(ctx context.Context, cfg Config, log *slog.Logger) (*nats.Conn, func(), error) {
	url := cfg.NATSURL
	stopEmbedded := func() {}
	if url == "" {
		if !cfg.EmbeddedStores {
			return nil, nil, errors.New("order: NATS_URL is not set (set EMBEDDED_STORES=true to run an in-process JetStream, for development only)")
		}
		srv, err := embeddednats.Start(0)
		if err != nil {
			return nil, nil, fmt.Errorf("order: %w", err)
		}
		url, stopEmbedded = srv.URL(), srv.Stop
		log.WarnContext(ctx, "NATS_URL not set; using an in-process JetStream server (events lost on restart)", slog.String("url", url))
	}
	nc, err := outbox.Connect(url, ServiceName)
	if err != nil {
		stopEmbedded()
		return nil, nil, fmt.Errorf("order: %w", err)
	}
	return nc, func() { nc.Close(); stopEmbedded() }, nil
}

// smsPort is the configured SMS gateway.
func smsPort(cfg Config) (service.SMS, error) {
	switch cfg.SMSProvider {
	case "http":
		if cfg.SMS.URL == "" || cfg.SMS.APIKey == "" {
			return nil, errors.New("order: SMS_PROVIDER=http needs SMS_URL and SMS_API_KEY")
		}
		return smsgateway.New(cfg.SMS), nil
	case "sandbox":
		return &smssandbox.Sandbox{Dir: cfg.SMSSandboxDir}, nil
	}
	return nil, fmt.Errorf("order: SMS_PROVIDER %q is neither http nor sandbox", cfg.SMSProvider)
}

// mailPort is the configured mail sender; nil (MAIL_PROVIDER empty) sends no mails.
func mailPort(cfg Config) (mail.Sender, error) {
	switch cfg.MailProvider {
	case "":
		return nil, nil
	case "smtp":
		if cfg.SMTP.Host == "" || cfg.SMTP.From == "" {
			return nil, errors.New("order: MAIL_PROVIDER=smtp needs SMTP_HOST and SMTP_FROM")
		}
		c, err := smtpmail.New(cfg.SMTP)
		if err != nil {
			return nil, fmt.Errorf("order: %w", err)
		}
		return c, nil
	case "sandbox":
		return &mailsandbox.Sandbox{Dir: cfg.MailSandboxDir}, nil
	}
	return nil, fmt.Errorf("order: MAIL_PROVIDER %q is neither smtp nor sandbox", cfg.MailProvider)
}

// mailBrands and smsBrands keep a nil *catalogbrands.Brands a nil interface (no brand).
func mailBrands(b *catalogbrands.Brands) ordermail.Brands {
	if b == nil {
		return nil
	}
	return b
}

func smsBrands(b *catalogbrands.Brands) service.Brands {
	if b == nil {
		return nil
	}
	return b
}
