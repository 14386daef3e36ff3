// Command catalog runs the catalog service alone: gRPC on CATALOG_LISTEN (default 127.0.0.1:9101), operator
// endpoints on ADMIN_LISTEN; the other settings are read by catalogsvc.ConfigFromEnv.
// Peers are dialled and the instance announced as DISCOVERY says (libs/go/discovery-ext/discovered).
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/discovery-ext/discovered"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/catalog/catalogsvc"
)

func main() {
	cfg := catalogsvc.ConfigFromEnv()
	app.Main(catalogsvc.ServiceName, config.String("CATALOG_LISTEN", "127.0.0.1:9101"), discovered.Service(catalogsvc.ServiceName, nil, func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return catalogsvc.Run(ctx, cfg, lis, log)
	}))
}
