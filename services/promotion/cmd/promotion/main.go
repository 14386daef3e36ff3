// Command promotion runs the promotion service alone: gRPC on PROMOTION_LISTEN (default 127.0.0.1:9104), operator
// endpoints on ADMIN_LISTEN; the other settings are read by promotionsvc.ConfigFromEnv.
package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/services/promotion/promotionsvc"
)

func main() {
	app.Main(promotionsvc.ServiceName, config.String("PROMOTION_LISTEN", "127.0.0.1:9104"), func(ctx context.Context, lis net.Listener, log *slog.Logger) error {
		return promotionsvc.Run(ctx, promotionsvc.ConfigFromEnv(), lis, log)
	})
}
