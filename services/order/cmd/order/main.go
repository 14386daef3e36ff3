// Command order runs the order service alone: gRPC on ORDER_LISTEN (default 127.0.0.1:9107),
// operator endpoints on ADMIN_LISTEN; the other settings are read by ordersvc.ConfigFromEnv.
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/order/ordersvc"
)

func main() {
	app.Main(ordersvc.ServiceName, config.String("ORDER_LISTEN", ordersvc.DefaultListen), func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return ordersvc.Run(ctx, ordersvc.ConfigFromEnv(), lis, log)
	})
}
