// Command promotion runs the promotion service alone: gRPC on PROMOTION_LISTEN (default 127.0.0.1:9104), operator
// endpoints on ADMIN_LISTEN; the other settings are read by promotionsvc.ConfigFromEnv.
// Peers are dialled and the instance announced as DISCOVERY says (libs/go/discovery-ext/discovered).
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/discovery-ext/discovered"
	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/promotion/promotionsvc"
)

func main() {
	cfg := promotionsvc.ConfigFromEnv()
	app.Main(promotionsvc.ServiceName, config.String("PROMOTION_LISTEN", "127.0.0.1:9104"), discovered.Service(promotionsvc.ServiceName, nil, func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return promotionsvc.Run(ctx, cfg, lis, log)
	}))
}
