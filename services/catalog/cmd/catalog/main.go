// Command catalog runs the catalog service on its own (see catalogsvc for the settings).
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/logging"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
	"github.com/hostcart/checkout/services/catalog/catalogsvc"
)

func main() {
	log := logging.New(catalogsvc.ServiceName, os.Stdout, logging.LevelFromEnv())
	if err := run(log); err != nil {
		log.Error("catalog stopped", slog.String("err", err.Error()))
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	shutdown, err := telemetry.Setup(ctx, telemetry.ConfigFromEnv(catalogsvc.ServiceName))
	if err != nil {
		return fmt.Errorf("telemetry: %w", err)
	}
	defer func() { _ = shutdown(context.Background()) }()

	addr := config.String("CATALOG_LISTEN", "127.0.0.1:9101")
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	return catalogsvc.Run(ctx, catalogsvc.ConfigFromEnv(), lis, log)
}
