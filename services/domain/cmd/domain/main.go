// Command domain runs the domain service alone: gRPC on DOMAIN_LISTEN (default 127.0.0.1:9102), operator
// endpoints on ADMIN_LISTEN; the other settings are read by domainsvc.ConfigFromEnv.
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/domain/domainsvc"
)

func main() {
	app.Main(domainsvc.ServiceName, config.String("DOMAIN_LISTEN", "127.0.0.1:9102"), func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return domainsvc.Run(ctx, domainsvc.ConfigFromEnv(), lis, log)
	})
}
