// Package grpcclient dials other services with the platform's resilience policy: a deadline on
// every call, waiting for a starting backend within it, a circuit breaker per connection that only
// backend failures open, retries of calls the contract declares idempotent (or that carry an
// idempotency key) within a retry budget, tracing and logs.
package grpcclient

import (
	"fmt"
	"log/slog"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/config"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
)

// Config is the resilience policy of one connection.
type Config struct {
	Timeout         time.Duration // per call, when the caller's ctx has no deadline
	MaxRetries      int           // extra attempts of an idempotent call answered Unavailable
	RetryBackoff    time.Duration // first backoff; doubles per attempt, plus jitter
	BreakerFailures uint32        // consecutive failures that open the breaker
	BreakerOpenFor  time.Duration // how long the breaker fails fast before probing again
	RetryBudget     int           // retry tokens per connection; retries stop at half (gRFC A6)
	// FailFast makes calls fail at once while the backend is unreachable instead of waiting for
	// it within their deadline: for optional dependencies the caller can do without.
	FailFast bool
}

// Defaults used by ConfigFromEnv and for zero fields of a Config (MaxRetries 0 means no retries).
const (
	DefaultTimeout         = 3 * time.Second
	DefaultMaxRetries      = 2
	DefaultRetryBackoff    = 50 * time.Millisecond
	DefaultBreakerFailures = 5
	DefaultBreakerOpenFor  = 5 * time.Second
	DefaultRetryBudget     = 10
)

// ConfigFromEnv reads GRPC_CLIENT_TIMEOUT, GRPC_CLIENT_RETRIES, GRPC_CLIENT_RETRY_BACKOFF,
// GRPC_BREAKER_FAILURES, GRPC_BREAKER_OPEN_FOR and GRPC_RETRY_BUDGET.
func ConfigFromEnv() Config {
	failures := config.Int("GRPC_BREAKER_FAILURES", DefaultBreakerFailures)
	if failures < 1 {
		failures = DefaultBreakerFailures
	}
	return Config{
		Timeout:         config.Duration("GRPC_CLIENT_TIMEOUT", DefaultTimeout),
		MaxRetries:      config.Int("GRPC_CLIENT_RETRIES", DefaultMaxRetries),
		RetryBackoff:    config.Duration("GRPC_CLIENT_RETRY_BACKOFF", DefaultRetryBackoff),
		BreakerFailures: uint32(failures),
		BreakerOpenFor:  config.Duration("GRPC_BREAKER_OPEN_FOR", DefaultBreakerOpenFor),
		RetryBudget:     config.Int("GRPC_RETRY_BUDGET", DefaultRetryBudget),
	}
}

func (c Config) withDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxRetries < 0 {
		c.MaxRetries = 0
	}
	if c.RetryBackoff <= 0 {
		c.RetryBackoff = DefaultRetryBackoff
	}
	if c.BreakerFailures == 0 {
		c.BreakerFailures = DefaultBreakerFailures
	}
	if c.BreakerOpenFor <= 0 {
		c.BreakerOpenFor = DefaultBreakerOpenFor
	}
	if c.RetryBudget <= 0 {
		c.RetryBudget = DefaultRetryBudget
	}
	return c
}

// Static HTTP/2 flow-control windows, per stream and per connection, as grpcserver.New sets
// them for the other direction. Setting them turns off grpc-go's BDP estimator, which otherwise
// answers received DATA with a WINDOW_UPDATE and a PING whenever no estimate is under way (on
// every call while calls do not overlap) and has the peer ack it: frames that cost writes and
// reads on both sides (issue 26 round 4: a warm gateway request 27 -> 19 syscalls and 309 -> 297
// allocations, docs/performance.md). On loopback or inside a cluster the estimator has nothing to
// find: 1 MiB per stream carries a 4 MiB message (gRPC's default receive limit) with the window
// refilled while it is read, and 4 MiB per connection lets several such streams proceed at once.
// Windows are credit, not buffers allocated up front.
const (
	streamWindow = 1 << 20
	connWindow   = 4 << 20
)

// Dial creates a client connection to target (connecting lazily, as grpc.NewClient does). The
// transport is plaintext: traffic stays on loopback or inside the mesh, which adds TLS. opts are
// appended after the platform's options. Calls are traced when telemetry.Setup ran before Dial.
//
// Calls wait for the connection to become ready within their deadline (gRPC's wait-for-ready)
// instead of failing at once while a backend starts or restarts: the deadline still bounds them,
// and the breaker turns a backend that stays away into fast failures. Config.FailFast turns the
// waiting off for optional dependencies.
func Dial(target string, log *slog.Logger, cfg Config, opts ...grpc.DialOption) (*grpc.ClientConn, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg = cfg.withDefaults()
	base := append([]grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.WaitForReady(!cfg.FailFast)),
		grpc.WithChainUnaryInterceptor(newPolicy(target, cfg, log).unary),
		grpc.WithChainStreamInterceptor(callctx.StreamClientInterceptor()),
		grpc.WithInitialWindowSize(streamWindow),
		grpc.WithInitialConnWindowSize(connWindow),
	}, telemetry.GRPCDialOptions()...)
	conn, err := grpc.NewClient(target, append(base, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("grpcclient: dial %s: %w", target, err)
	}
	return conn, nil
}
