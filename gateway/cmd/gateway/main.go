// Command gateway serves the shop's HTTP API (/api/v2) and frontend on PORT, operator endpoints on
// ADMIN_LISTEN. The services are found as DISCOVERY says (discovery.FromEnv): static <NAME>_ADDR
// (default), consul (healthy instances in Consul) or kubernetes (ready endpoints of the Services'
// EndpointSlices); the last two balance calls round robin over the instances.
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/gateway/gatewaysvc"
	// The consul:// and kubernetes:// gRPC resolvers that DISCOVERY=consul|kubernetes dial through.
	_ "github.com/hostcart/checkout/libs/go/discovery-ext/consulresolver"
	_ "github.com/hostcart/checkout/libs/go/discovery-ext/k8sresolver"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

func main() {
	cfg := gatewaysvc.ConfigFromEnv()
	app.Main(gatewaysvc.ServiceName, net.JoinHostPort("", cfg.Port), func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		resolver, err := discovery.FromEnv(gatewaysvc.Backends()...)
		if err != nil {
			return err
		}
		return gatewaysvc.Run(ctx, cfg, lis, resolver, log)
	})
}
