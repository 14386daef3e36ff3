// Command domain runs the domain service alone: gRPC on DOMAIN_LISTEN (default 127.0.0.1:9102), operator
// endpoints on ADMIN_LISTEN; the other settings are read by domainsvc.ConfigFromEnv.
// Peers are dialled and the instance announced as DISCOVERY says (libs/go/discovery-ext/discovered).
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/discovery-ext/discovered"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/domain/domainsvc"
)

func main() {
	cfg := domainsvc.ConfigFromEnv()
	app.Main(domainsvc.ServiceName, config.String("DOMAIN_LISTEN", "127.0.0.1:9102"), discovered.Service(domainsvc.ServiceName, nil, func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return domainsvc.Run(ctx, cfg, lis, log)
	}))
}
