// Package app is the one way a process of the system starts: structured logs, a context that ends
// on SIGINT/SIGTERM, telemetry, the admin listener (metrics, pprof) and the public listener, then
// the composition root's Run. Every cmd/<name>/main.go is a call to Main, so a new service starts
// like the others by construction.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/hostcart/checkout/libs/go/platform/admin"
	"github.com/hostcart/checkout/libs/go/platform/logging"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
)

// RunFunc is a composition root: it serves on lis until ctx ends and returns nil on a clean stop.
type RunFunc func(ctx context.Context, lis net.Listener, log *slog.Logger) error

// Main runs service on listenAddr and exits the process: status 0 after a clean stop, 1 when
// start-up or serving failed (the reason is logged).
func Main(service, listenAddr string, run RunFunc) {
	log := logging.New(service, os.Stderr, logging.LevelFromEnv())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, service, listenAddr, admin.ListenFromEnv(), log, run)
	stop()
	if err != nil {
		log.Error(service+" stopped", slog.String("error", err.Error()))
		os.Exit(1)
	}
}

// StartTelemetry sets up OpenTelemetry from the OTEL_* variables (telemetry.Setup); build gRPC
// servers and clients after it. stop flushes what is buffered, also after ctx has ended, but never
// waits on a collector for more than 5 s.
func StartTelemetry(ctx context.Context, service string, log *slog.Logger) (stop func(), err error) {
	shutdown, err := telemetry.Setup(ctx, telemetry.ConfigFromEnv(service))
	if err != nil {
		return nil, fmt.Errorf("%s: telemetry: %w", service, err)
	}
	return func() {
		flushCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := shutdown(flushCtx); err != nil {
			log.Warn("telemetry shutdown", slog.String("error", err.Error()))
		}
	}, nil
}

// Run is Main without the process concerns (signals, exit status), for tests.
func Run(ctx context.Context, service, listenAddr, adminAddr string, log *slog.Logger, run RunFunc) error {
	stopTelemetry, err := StartTelemetry(ctx, service, log)
	if err != nil {
		return err
	}
	defer stopTelemetry()

	lis, err := net.Listen("tcp", listenAddr)
	if err != nil {
		return fmt.Errorf("%s: listen on %s: %w", service, listenAddr, err)
	}
	// Both listeners are open before anything is served, so a port clash fails the start.
	var adminLis net.Listener
	if adminAddr != "" {
		if adminLis, err = net.Listen("tcp", adminAddr); err != nil {
			_ = lis.Close()
			return fmt.Errorf("%s: admin listener on %s (ADMIN_LISTEN): %w", service, adminAddr, err)
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	// The admin listener lives as long as the service: when the service stops, so does it.
	adminCtx, stopAdmin := context.WithCancel(gctx)
	if adminLis != nil {
		g.Go(func() error { return admin.Serve(adminCtx, adminLis, log) })
	}
	g.Go(func() error {
		defer stopAdmin()
		if err := run(gctx, lis, log); err != nil && !errors.Is(err, context.Canceled) {
			return err
		}
		return nil
	})
	return g.Wait()
}
