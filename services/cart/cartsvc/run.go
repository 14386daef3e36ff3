package cartsvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"

	"github.com/go-kit/kit/endpoint"
	"github.com/redis/go-redis/v9"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/kitlog"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
	"github.com/hostcart/checkout/services/cart/adapters/catalogclient"
	"github.com/hostcart/checkout/services/cart/adapters/customerclient"
	"github.com/hostcart/checkout/services/cart/adapters/domainclient"
	"github.com/hostcart/checkout/services/cart/adapters/promotionclient"
	"github.com/hostcart/checkout/services/cart/adapters/redisstore"
	"github.com/hostcart/checkout/services/cart/adapters/transferhttp"
	"github.com/hostcart/checkout/services/cart/domain"
	"github.com/hostcart/checkout/services/cart/endpoints"
	"github.com/hostcart/checkout/services/cart/sandbox/transfersandbox"
	"github.com/hostcart/checkout/services/cart/service"
	grpctransport "github.com/hostcart/checkout/services/cart/transport/grpc"
)

// Run serves the cart service on lis until ctx ends; it returns nil on a clean stop.
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
		return errors.New("cart: CATALOG_ADDR is not set")
	}

	rdb, stopRedis, err := redisconn.Open(ctx, redisconn.Config{
		URL: cfg.RedisURL, Embedded: cfg.EmbeddedStores,
		Unreachable: "calls fail with cart.unavailable until it is back",
	}, log)
	if err != nil {
		return err
	}
	defer stopRedis()
	store := redisstore.New(rdb, redisstore.Options{TTL: cfg.CartTTL})

	catalogConn, err := grpcclient.Dial(cfg.CatalogAddr, log, cfg.Client)
	if err != nil {
		return fmt.Errorf("cart: %w", err)
	}
	defer catalogConn.Close()
	ports := service.Ports{
		Store:      store,
		Catalog:    catalogclient.New(catalogv1.NewCatalogServiceClient(catalogConn), cfg.CacheTTL),
		Promotions: cfg.Promotions,
	}
	if cfg.DomainAddr != "" {
		domainConn, err := grpcclient.Dial(cfg.DomainAddr, log, cfg.Client)
		if err != nil {
			return fmt.Errorf("cart: %w", err)
		}
		defer domainConn.Close()
		ports.TLDs = domainclient.New(domainv1.NewDomainServiceClient(domainConn), cfg.CacheTTL)
	} else {
		log.WarnContext(ctx, "DOMAIN_ADDR not set; domains are checked for their shape only and not priced")
	}
	if ports.Promotions == nil && cfg.PromotionAddr != "" {
		// The cart works without promotions (it says so in the priced view): calls fail at once
		// while the promotion service is away instead of spending the visitor's deadline waiting.
		optional := cfg.Client
		optional.FailFast = true
		promotionConn, err := grpcclient.Dial(cfg.PromotionAddr, log, optional)
		if err != nil {
			return fmt.Errorf("cart: %w", err)
		}
		defer promotionConn.Close()
		ports.Promotions = promotionclient.New(promotionv1.NewPromotionServiceClient(promotionConn), cfg.CacheTTL)
	} else if ports.Promotions == nil {
		log.WarnContext(ctx, "PROMOTION_ADDR not set; the cart carries no promotions")
	}

	if cfg.CustomerAddr != "" {
		// The priced view says when the customer's rate is unknown: fail fast instead of waiting.
		optional := cfg.Client
		optional.FailFast = true
		customerConn, err := grpcclient.Dial(cfg.CustomerAddr, log, optional)
		if err != nil {
			return fmt.Errorf("cart: %w", err)
		}
		defer customerConn.Close()
		customers := customerclient.New(customerv1.NewCustomerServiceClient(customerConn))
		ports.Customers, ports.CustomerNumbers = customers, customers
	} else {
		log.WarnContext(ctx, "CUSTOMER_ADDR not set; carts are priced with the brand's VAT rates whatever the customer's address")
	}

	transfers, err := transferPort(cfg.Transfer)
	if err != nil {
		return err
	}
	if transfers != nil {
		ports.Transfers, ports.TransferProducts = transfers, ports.Catalog.(service.TransferProducts)
	} else {
		log.WarnContext(ctx, "TRANSFER_PROVIDER not set; contract transfers answer that the service is unavailable")
	}

	set := endpoints.New(service.New(ports, log))
	set.StartTransfer = guardTransfers(set.StartTransfer, rdb, "rl:cart:transfer:", cfg.Transfer, log)
	set = kitlog.Set(set, log, ServiceName)
	srv := grpcserver.New(ServiceName, log, cfg.GRPC)
	cartv1.RegisterCartServiceServer(srv.GRPC(), grpctransport.NewServer(set))
	log.InfoContext(ctx, "cart service starting",
		slog.String("catalog", cfg.CatalogAddr), slog.String("domain", cfg.DomainAddr),
		slog.String("promotion", cfg.PromotionAddr), slog.String("cart_ttl", cfg.CartTTL.String()),
		slog.Bool("promotions", ports.Promotions != nil))
	served = true
	if err := srv.Serve(ctx, lis); err != nil {
		return fmt.Errorf("cart: %w", err)
	}
	return nil
}

// guardTransfers puts contract transfer lookups behind the one rate-limit middleware: each asks
// the hoster's transfer service and answers the contract's holder, so a session and a client
// address look up a few per period, and none while Redis cannot count. The budgets live in rdb
// under prefix.
func guardTransfers(start endpoint.Endpoint, rdb redis.Scripter, prefix string, cfg TransferConfig, log *slog.Logger) endpoint.Endpoint {
	return ratelimit.Middleware(ratelimit.New(rdb, prefix), ratelimit.Budgets{PerSession: cfg.RateSession, PerIP: cfg.RateIP},
		ratelimit.Refuse(domain.KeyTooManyTransferLookups), log, ratelimit.FailClosed(domain.ErrUnavailable.MessageKey()))(start)
}

// transferPort builds the contract transfer port of cfg; nil when none is configured.
func transferPort(cfg TransferConfig) (service.Transfers, error) {
	switch cfg.Provider {
	case "":
		return nil, nil
	case TransferSandbox:
		return transfersandbox.New(), nil
	case TransferHTTP:
		if cfg.URL == "" {
			return nil, errors.New("cart: TRANSFER_PROVIDER=http needs TRANSFER_URL")
		}
		return transferhttp.New(transferhttp.Config{URL: cfg.URL, APIKey: cfg.APIKey, Timeout: cfg.Timeout}), nil
	default:
		return nil, fmt.Errorf("cart: TRANSFER_PROVIDER %q is neither %q nor %q", cfg.Provider, TransferHTTP, TransferSandbox)
	}
}
