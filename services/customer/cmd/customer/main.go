// Command customer runs the customer service alone: gRPC on CUSTOMER_LISTEN (default
// 127.0.0.1:9105), operator endpoints on ADMIN_LISTEN; the other settings are read by
// customersvc.ConfigFromEnv.
// Peers are dialled and the instance announced as DISCOVERY says (libs/go/discovery-ext/discovered).
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/discovery-ext/discovered"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/customer/customersvc"
)

func main() {
	cfg := customersvc.ConfigFromEnv()
	app.Main(customersvc.ServiceName, config.String("CUSTOMER_LISTEN", customersvc.DefaultListen), discovered.Service(customersvc.ServiceName, map[string]*string{"catalog": &cfg.CatalogAddr}, func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return customersvc.Run(ctx, cfg, lis, log)
	}))
}
