// Command domain runs the domain service alone: gRPC on DOMAIN_LISTEN (default 127.0.0.1:9102).
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
	"github.com/hostcart/checkout/services/domain/domainsvc"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "domain:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := logging.New("domain", os.Stderr, logging.LevelFromEnv())

	shutdown, err := telemetry.Setup(ctx, telemetry.ConfigFromEnv("domain"))
	if err != nil {
		return fmt.Errorf("telemetry: %w", err)
	}
	defer func() { _ = shutdown(context.WithoutCancel(ctx)) }()

	addr := config.String("DOMAIN_LISTEN", "127.0.0.1:9102")
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	return domainsvc.Run(ctx, domainsvc.ConfigFromEnv(), lis, log)
}
