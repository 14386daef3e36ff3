// Package grpcserver builds the gRPC server every service runs: health service, the shared
// interceptor chain, tracing and graceful shutdown, so a service's main only registers its handlers.
package grpcserver

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
)

// Config bounds how long calls and shutdown may take.
type Config struct {
	DefaultTimeout time.Duration // applied when the caller sent no deadline
	MaxTimeout     time.Duration // cap on any caller's deadline
	ShutdownGrace  time.Duration // time in-flight calls get before the server stops hard
}

// Defaults used by ConfigFromEnv and for zero fields of a Config.
const (
	DefaultDefaultTimeout = 5 * time.Second
	DefaultMaxTimeout     = 30 * time.Second
	DefaultShutdownGrace  = 10 * time.Second
)

// ConfigFromEnv reads GRPC_DEFAULT_TIMEOUT, GRPC_MAX_TIMEOUT and GRPC_SHUTDOWN_GRACE.
func ConfigFromEnv() Config {
	return Config{
		DefaultTimeout: config.Duration("GRPC_DEFAULT_TIMEOUT", DefaultDefaultTimeout),
		MaxTimeout:     config.Duration("GRPC_MAX_TIMEOUT", DefaultMaxTimeout),
		ShutdownGrace:  config.Duration("GRPC_SHUTDOWN_GRACE", DefaultShutdownGrace),
	}
}

func (c Config) withDefaults() Config {
	if c.DefaultTimeout <= 0 {
		c.DefaultTimeout = DefaultDefaultTimeout
	}
	if c.MaxTimeout <= 0 {
		c.MaxTimeout = DefaultMaxTimeout
	}
	if c.DefaultTimeout > c.MaxTimeout {
		c.DefaultTimeout = c.MaxTimeout
	}
	if c.ShutdownGrace <= 0 {
		c.ShutdownGrace = DefaultShutdownGrace
	}
	return c
}

// Static HTTP/2 flow-control windows, per stream and per connection, as grpcclient.Dial sets them
// for the other direction: fixed windows turn off grpc-go's BDP estimator, whose WINDOW_UPDATE and
// PING after received DATA, and the peer's ack, cost writes and reads on both sides of most small
// calls (issue 26 round 4, docs/performance.md). 1 MiB per stream refills while a 4 MiB message
// (the default receive limit) is read; 4 MiB per connection lets several such streams run at once.
const (
	streamWindow = 1 << 20
	connWindow   = 4 << 20
)

// Server is a gRPC server with health reporting and graceful shutdown.
type Server struct {
	service string
	log     *slog.Logger
	cfg     Config
	grpc    *grpc.Server
	health  *health.Server
}

// New builds a server for service. Zero Config fields take the defaults. opts are appended after
// the platform's own options, so extra interceptors run inside the platform chain. Calls are traced
// when telemetry.Setup ran before New.
func New(service string, log *slog.Logger, cfg Config, opts ...grpc.ServerOption) *Server {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg = cfg.withDefaults()
	m := newMetrics()
	// Telemetry first: the platform chain's call log and metrics run inside the call's span.
	base := append(telemetry.GRPCServerOptions(),
		grpc.ChainUnaryInterceptor(newChain(service, log, cfg, m).unary),
		grpc.ChainStreamInterceptor(
			callctx.StreamServerInterceptor(),
			recoveryStream(log, m),
		),
		grpc.InitialWindowSize(streamWindow),
		grpc.InitialConnWindowSize(connWindow),
	)
	s := &Server{
		service: service,
		log:     log,
		cfg:     cfg,
		grpc:    grpc.NewServer(append(base, opts...)...),
		health:  health.NewServer(),
	}
	// Not serving until Serve runs, so probes do not route traffic to a half-started process.
	s.health.SetServingStatus("", healthpb.HealthCheckResponse_NOT_SERVING)
	healthpb.RegisterHealthServer(s.grpc, s.health)
	return s
}

// GRPC returns the underlying server; register services on it before Serve.
func (s *Server) GRPC() *grpc.Server { return s.grpc }

// Health returns the health server, for services that report readiness of their dependencies.
func (s *Server) Health() *health.Server { return s.health }

// Serve serves on lis until ctx is done, then reports NOT_SERVING and stops gracefully; calls still
// running after ShutdownGrace are cut off. It returns nil on a clean stop.
func (s *Server) Serve(ctx context.Context, lis net.Listener) error {
	s.setServing(healthpb.HealthCheckResponse_SERVING)

	errc := make(chan error, 1)
	go func() { errc <- s.grpc.Serve(lis) }()
	s.log.InfoContext(ctx, "grpc server listening", slog.String("addr", lis.Addr().String()))

	select {
	case err := <-errc:
		s.health.Shutdown()
		if err != nil {
			return fmt.Errorf("grpcserver: serve %s: %w", s.service, err)
		}
		return nil
	case <-ctx.Done():
	}

	// Shutdown flips every status to NOT_SERVING and notifies watchers before connections drain.
	s.health.Shutdown()
	stopped := make(chan struct{})
	go func() {
		s.grpc.GracefulStop()
		close(stopped)
	}()
	timer := time.NewTimer(s.cfg.ShutdownGrace)
	defer timer.Stop()
	select {
	case <-stopped:
	case <-timer.C:
		s.log.Warn("grpc graceful stop timed out, forcing stop", slog.Duration("grace", s.cfg.ShutdownGrace))
		s.grpc.Stop()
		<-stopped
	}
	<-errc
	s.log.Info("grpc server stopped")
	return nil
}

func (s *Server) setServing(st healthpb.HealthCheckResponse_ServingStatus) {
	s.health.SetServingStatus("", st)
	for name := range s.grpc.GetServiceInfo() {
		if name == healthpb.Health_ServiceDesc.ServiceName {
			continue
		}
		s.health.SetServingStatus(name, st)
	}
}
