package grpcclient

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/sony/gobreaker"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// policy is the platform's whole unary client chain in one interceptor: call context → deadline →
// circuit breaker → retries → one log line per attempt. As five chained interceptors, gRPC built a
// closure per link and call and each link built its own small allocations; the order and behaviour
// are those of that chain.
type policy struct {
	target string
	cfg    Config
	cb     *gobreaker.CircuitBreaker
	budget *retryBudget
	log    *slog.Logger
}

// healthMethodPrefix is the full-method prefix of the standard gRPC health service.
const healthMethodPrefix = "/grpc.health.v1.Health/"

func newPolicy(target string, cfg Config, log *slog.Logger) *policy {
	return &policy{target: target, cfg: cfg, cb: newBreaker(target, cfg, log), budget: newRetryBudget(cfg.RetryBudget), log: log}
}

func (p *policy) unary(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	ctx = callctx.ToOutgoing(ctx, callctx.From(ctx))
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, p.cfg.Timeout)
		defer cancel()
	}
	// Health checks report on the backend itself, not on the breaker's opinion of it: they bypass
	// it, so a probe neither fails fast on an open breaker nor resets its failure count.
	if strings.HasPrefix(method, healthMethodPrefix) {
		return p.attempt(ctx, method, req, reply, cc, invoker, opts)
	}
	_, err := p.cb.Execute(func() (any, error) {
		return nil, p.withRetries(ctx, method, req, reply, cc, invoker, opts)
	})
	if errors.Is(err, gobreaker.ErrOpenState) || errors.Is(err, gobreaker.ErrTooManyRequests) {
		return status.Error(codes.Unavailable, "circuit open")
	}
	return err
}

// BackendFailure reports whether err says the remote side itself is unhealthy: unreachable
// (transport errors arrive as Unavailable), too slow, or broken. Answers about the caller — a rate
// limit (ResourceExhausted), a bad or unknown request, a refused precondition or permission — prove
// the service works; counting them would let one visitor who hits their own rate limit open the
// breaker and take the service away from every other visitor.
func BackendFailure(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded, codes.Internal, codes.Unknown, codes.DataLoss:
		return true
	default:
		return false
	}
}

func newBreaker(target string, cfg Config, log *slog.Logger) *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(gobreaker.Settings{
		Name:        target,
		MaxRequests: 1,
		Timeout:     cfg.BreakerOpenFor,
		ReadyToTrip: func(c gobreaker.Counts) bool {
			return c.ConsecutiveFailures >= cfg.BreakerFailures
		},
		IsSuccessful: func(err error) bool { return !BackendFailure(err) },
		OnStateChange: func(name string, from, to gobreaker.State) {
			log.Warn("grpc circuit breaker state change",
				slog.String("target", name), slog.String("from", from.String()), slog.String("to", to.String()))
		},
	})
}

// withRetries sends a call again while it is answered Unavailable, up to MaxRetries times, when the
// contract declares it idempotent or the caller sent an idempotency key (a mutation without one
// might have been applied before the connection broke), as long as the retry budget and the
// deadline leave room.
func (p *policy) withRetries(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts []grpc.CallOption) error {
	err := p.attempt(ctx, method, req, reply, cc, invoker, opts)
	if err == nil || status.Code(err) != codes.Unavailable || !(Idempotent(method) || hasIdempotencyKey(ctx)) {
		return err
	}
	for attempt := 0; attempt < p.cfg.MaxRetries && status.Code(err) == codes.Unavailable; attempt++ {
		if !p.budget.allow() {
			return err // the backend is failing for many calls: retries would only add load
		}
		wait := backoff(p.cfg.RetryBackoff, attempt)
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) <= wait {
			return err // no time left for another attempt; the last answer is the honest one
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		err = p.attempt(ctx, method, req, reply, cc, invoker, opts)
	}
	return err
}

// backoff doubles base per attempt and adds up to 50 % jitter so clients that failed together do
// not retry in lockstep.
func backoff(base time.Duration, attempt int) time.Duration {
	d := base << attempt
	return d + time.Duration(rand.Int64N(int64(d)/2+1))
}

// attempt sends the call once and logs it: failures at warn, successes at debug. The attributes
// are only built when the line is written.
func (p *policy) attempt(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts []grpc.CallOption) error {
	start := time.Now()
	err := invoker(ctx, method, req, reply, cc, opts...)
	if status.Code(err) == codes.Unavailable {
		p.budget.failure()
	} else {
		p.budget.success()
	}
	level := slog.LevelDebug
	// A failed health check is the probe's answer, reported by whoever asked (readiness); at warn
	// it would repeat every poll while a backend starts.
	if err != nil && !strings.HasPrefix(method, healthMethodPrefix) {
		level = slog.LevelWarn
	}
	if !p.log.Enabled(ctx, level) {
		return err
	}
	attrs := []slog.Attr{
		slog.String("rpc.target", p.target),
		slog.String("rpc.method", method),
		slog.String("rpc.code", status.Code(err).String()),
		slog.Duration("duration", time.Since(start)),
	}
	if err != nil {
		attrs = append(attrs, slog.String("error", status.Convert(err).Message()))
	}
	p.log.LogAttrs(ctx, level, "grpc client call", attrs...)
	return err
}
