// Command cart runs the cart service alone: gRPC on CART_LISTEN (default 127.0.0.1:9103), operator
// endpoints on ADMIN_LISTEN; the other settings are read by cartsvc.ConfigFromEnv.
// Peers are dialled and the instance announced as DISCOVERY says (libs/go/discovery-ext/discovered).
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/discovery-ext/discovered"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/cart/cartsvc"
)

func main() {
	cfg := cartsvc.ConfigFromEnv()
	app.Main(cartsvc.ServiceName, config.String("CART_LISTEN", "127.0.0.1:9103"), discovered.Service(cartsvc.ServiceName, map[string]*string{"catalog": &cfg.CatalogAddr, "domain": &cfg.DomainAddr, "promotion": &cfg.PromotionAddr, "customer": &cfg.CustomerAddr}, func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return cartsvc.Run(ctx, cfg, lis, log)
	}))
}
