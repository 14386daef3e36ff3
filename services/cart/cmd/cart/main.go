// Command cart runs the cart service alone: gRPC on CART_LISTEN (default 127.0.0.1:9103).
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
	"github.com/hostcart/checkout/services/cart/cartsvc"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "cart:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := logging.New(cartsvc.ServiceName, os.Stderr, logging.LevelFromEnv())

	shutdown, err := telemetry.Setup(ctx, telemetry.ConfigFromEnv(cartsvc.ServiceName))
	if err != nil {
		return fmt.Errorf("telemetry: %w", err)
	}
	defer func() { _ = shutdown(context.WithoutCancel(ctx)) }()

	addr := config.String("CART_LISTEN", "127.0.0.1:9103")
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	return cartsvc.Run(ctx, cartsvc.ConfigFromEnv(), lis, log)
}
