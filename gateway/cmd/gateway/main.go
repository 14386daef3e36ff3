// Command gateway serves the shop's HTTP API (/api/v2) and frontend on PORT, operator endpoints on
// ADMIN_LISTEN; the services are found through static discovery (<NAME>_ADDR).
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/gateway/gatewaysvc"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

func main() {
	cfg := gatewaysvc.ConfigFromEnv()
	app.Main(gatewaysvc.ServiceName, net.JoinHostPort("", cfg.Port), func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return gatewaysvc.Run(ctx, cfg, lis, discovery.StaticFromEnv(gatewaysvc.Backends()...), log)
	})
}
