// Command payment runs the payment service alone: gRPC on PAYMENT_LISTEN (default
// 127.0.0.1:9106), operator endpoints on ADMIN_LISTEN; the other settings are read by
// paymentsvc.ConfigFromEnv.
// Peers are dialled and the instance announced as DISCOVERY says (libs/go/discovery-ext/discovered).
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/discovery-ext/discovered"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/payment/paymentsvc"
)

func main() {
	cfg := paymentsvc.ConfigFromEnv()
	app.Main(paymentsvc.ServiceName, config.String("PAYMENT_LISTEN", paymentsvc.DefaultListen), discovered.Service(paymentsvc.ServiceName, map[string]*string{"catalog": &cfg.CatalogAddr, "cart": &cfg.CartAddr, "customer": &cfg.CustomerAddr}, func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return paymentsvc.Run(ctx, cfg, lis, log)
	}))
}
