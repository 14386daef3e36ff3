// Command promotion runs the promotion service alone: gRPC on PROMOTION_LISTEN (default
// 127.0.0.1:9104).
package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/logging"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
	"github.com/hostcart/checkout/services/promotion/promotionsvc"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "promotion:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := logging.New("promotion", os.Stderr, logging.LevelFromEnv())

	shutdown, err := telemetry.Setup(ctx, telemetry.ConfigFromEnv("promotion"))
	if err != nil {
		return fmt.Errorf("telemetry: %w", err)
	}
	defer func() { _ = shutdown(context.WithoutCancel(ctx)) }()

	addr := config.String("PROMOTION_LISTEN", "127.0.0.1:9104")
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	return promotionsvc.Run(ctx, promotionsvc.ConfigFromEnv(), lis, log)
}
