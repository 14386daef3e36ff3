// Package admin serves a process's operator endpoints — Prometheus metrics, the Go profiler and a
// liveness probe — on a listener of their own. They reveal internals (heap, goroutines, command
// line) and cost CPU on demand, so they never share the public port; in a cluster the admin port
// is reachable only by the scraper and operators.
package admin

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
)

// ListenFromEnv reads ADMIN_LISTEN: the admin listener's address, or "" (the default) for none.
func ListenFromEnv() string { return config.String("ADMIN_LISTEN", "") }

// Handler serves /metrics (when telemetry.Setup configured the Prometheus exporter; 404 else),
// /debug/pprof/ and /healthz.
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", telemetry.MetricsHandler())
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})
	return mux
}

// Serve serves Handler on lis until ctx ends. It returns nil after a clean stop.
func Serve(ctx context.Context, lis net.Listener, log *slog.Logger) error {
	srv := &http.Server{
		Handler:           Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.InfoContext(ctx, "admin listener (metrics, pprof)", slog.String("addr", lis.Addr().String()))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(lis) }()
	select {
	case err := <-errc:
		return fmt.Errorf("admin: serve: %w", err)
	case <-ctx.Done():
	}
	// Profiles may run for 30 s; the process is stopping, so they are cut off.
	_ = srv.Close()
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("admin: serve: %w", err)
	}
	return nil
}
