// Command gateway serves the shop's HTTP API (/api/v2) and frontend.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hostcart/checkout/gateway/gatewaysvc"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
	"github.com/hostcart/checkout/libs/go/platform/logging"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
)

func main() {
	log := logging.New("gateway", os.Stdout, logging.LevelFromEnv())
	if err := run(log); err != nil {
		log.Error("gateway failed", slog.Any("error", err))
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	shutdownTelemetry, err := telemetry.Setup(ctx, telemetry.ConfigFromEnv("gateway"))
	if err != nil {
		return err
	}
	defer func() {
		flushCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := shutdownTelemetry(flushCtx); err != nil {
			log.Warn("telemetry shutdown", slog.Any("error", err))
		}
	}()

	cfg := gatewaysvc.ConfigFromEnv()
	lis, err := net.Listen("tcp", net.JoinHostPort("", cfg.Port))
	if err != nil {
		return fmt.Errorf("listen on port %s: %w", cfg.Port, err)
	}
	return gatewaysvc.Run(ctx, cfg, lis, discovery.StaticFromEnv(gatewaysvc.Backends()...), log)
}
