// Command devstack runs the whole shop on one machine with nothing to install: every service on its
// own loopback port speaking real gRPC, the gateway serving /api/v2 and the built frontend on PORT.
// Stores are embedded (SQLite file, in-process Redis-protocol server) unless DATABASE_URL / REDIS_URL
// point at real PostgreSQL / Redis.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/hostcart/checkout/libs/go/platform/app"
	"github.com/hostcart/checkout/libs/go/platform/logging"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	log := logging.New("devstack", os.Stderr, logging.LevelFromEnv())
	cfg := configFromEnv()
	if cfg.Telemetry {
		// As every deployed process does (app.Run): the gateway's and services' servers and clients
		// are built after this, so they carry the deployed instrumentation.
		stopTelemetry, err := app.StartTelemetry(ctx, "devstack", log)
		if err != nil {
			fmt.Fprintln(os.Stderr, "devstack:", err)
			os.Exit(1)
		}
		defer stopTelemetry()
	}
	if err := run(ctx, cfg, log); err != nil {
		fmt.Fprintln(os.Stderr, "devstack:", err)
		os.Exit(1)
	}
}
