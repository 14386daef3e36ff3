// Command cart runs the cart service alone: gRPC on CART_LISTEN (default 127.0.0.1:9103), operator
// endpoints on ADMIN_LISTEN; the other settings are read by cartsvc.ConfigFromEnv.
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/cart/cartsvc"
)

func main() {
	app.Main(cartsvc.ServiceName, config.String("CART_LISTEN", "127.0.0.1:9103"), func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return cartsvc.Run(ctx, cartsvc.ConfigFromEnv(), lis, log)
	})
}
