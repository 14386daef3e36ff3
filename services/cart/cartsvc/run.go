package cartsvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/kitlog"
	"github.com/hostcart/checkout/services/cart/adapters/catalogclient"
	"github.com/hostcart/checkout/services/cart/adapters/domainclient"
	"github.com/hostcart/checkout/services/cart/adapters/promotionclient"
	"github.com/hostcart/checkout/services/cart/adapters/redisstore"
	"github.com/hostcart/checkout/services/cart/endpoints"
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

	rdb, stopRedis, err := openRedis(ctx, cfg.RedisURL, log)
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
		promotionConn, err := grpcclient.Dial(cfg.PromotionAddr, log, cfg.Client)
		if err != nil {
			return fmt.Errorf("cart: %w", err)
		}
		defer promotionConn.Close()
		ports.Promotions = promotionclient.New(promotionv1.NewPromotionServiceClient(promotionConn), cfg.CacheTTL)
	} else if ports.Promotions == nil {
		log.WarnContext(ctx, "PROMOTION_ADDR not set; the cart carries no promotions")
	}

	set := kitlog.Set(endpoints.New(service.New(ports, log)), log, ServiceName)
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

// openRedis connects to url, or starts an in-process Redis-protocol server when url is empty.
// Redis being down at start is not fatal: calls fail with cart.unavailable until it is back.
func openRedis(ctx context.Context, url string, log *slog.Logger) (*redis.Client, func(), error) {
	var mr *miniredis.Miniredis
	if url == "" {
		mr = miniredis.NewMiniRedis()
		if err := mr.Start(); err != nil {
			return nil, nil, fmt.Errorf("cart: start in-process redis: %w", err)
		}
		url = "redis://" + mr.Addr()
		log.WarnContext(ctx, "REDIS_URL not set; carts live in an in-process Redis-protocol server", slog.String("addr", mr.Addr()))
	}
	opt, err := redis.ParseURL(url)
	if err != nil {
		if mr != nil {
			mr.Close()
		}
		return nil, nil, fmt.Errorf("cart: parse REDIS_URL: %w", err)
	}
	rdb := redis.NewClient(opt)
	if err := rdb.Ping(ctx).Err(); err != nil {
		log.WarnContext(ctx, "redis not reachable yet", slog.String("err", err.Error()))
	}
	return rdb, func() {
		rdb.Close()
		if mr != nil {
			mr.Close()
		}
	}, nil
}
