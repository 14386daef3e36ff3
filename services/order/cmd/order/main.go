// Command order runs the order service alone: gRPC on ORDER_LISTEN (default 127.0.0.1:9107),
// operator endpoints on ADMIN_LISTEN; the other settings are read by ordersvc.ConfigFromEnv.
// Peers are dialled and the instance announced as DISCOVERY says (libs/go/discovery-ext/discovered).
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/discovery-ext/discovered"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/order/ordersvc"
)

func main() {
	cfg := ordersvc.ConfigFromEnv()
	app.Main(ordersvc.ServiceName, config.String("ORDER_LISTEN", ordersvc.DefaultListen), discovered.Service(ordersvc.ServiceName, map[string]*string{"cart": &cfg.CartAddr, "customer": &cfg.CustomerAddr, "payment": &cfg.PaymentAddr}, func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return ordersvc.Run(ctx, cfg, lis, log)
	}))
}
