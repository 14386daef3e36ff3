// Command customer runs the customer service alone: gRPC on CUSTOMER_LISTEN (default
// 127.0.0.1:9105), operator endpoints on ADMIN_LISTEN; the other settings are read by
// customersvc.ConfigFromEnv.
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/customer/customersvc"
)

func main() {
	app.Main(customersvc.ServiceName, config.String("CUSTOMER_LISTEN", customersvc.DefaultListen), func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return customersvc.Run(ctx, customersvc.ConfigFromEnv(), lis, log)
	})
}
