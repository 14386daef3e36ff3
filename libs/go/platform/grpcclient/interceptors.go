package grpcclient

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/sony/gobreaker"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
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
		return p.attempt(ctx, method, req, reply, cc, invoker, opts, nil)
	}
	// The trailer of the last attempt says whether the server application answered
	// (callctx.MDAnsweredBy). The breaker sees errBackendFailure for what BackendFailure counts and
	// success for everything else; the caller gets the call's own error.
	cs := callStates.Get().(*callState)
	defer cs.release()
	var callErr error
	_, err := p.cb.Execute(func() (any, error) {
		callErr = p.withRetries(ctx, method, req, reply, cc, invoker, cs.options(opts), &cs.trailer)
		if BackendFailure(callErr, cs.trailer) {
			return nil, errBackendFailure
		}
		return nil, nil
	})
	if errors.Is(err, gobreaker.ErrOpenState) || errors.Is(err, gobreaker.ErrTooManyRequests) {
		return status.Error(codes.Unavailable, "circuit open")
	}
	return callErr
}

// errBackendFailure is what the breaker is told of a call BackendFailure counts.
var errBackendFailure = errors.New("grpcclient: backend failure")

// callState holds what a call needs to read its trailer — the trailer and the call options with
// grpc.Trailer pointing at it — pooled, so the breaker's rule costs no allocation per call.
type callState struct {
	trailer metadata.MD
	opts    []grpc.CallOption
}

var callStates = sync.Pool{New: func() any { return new(callState) }}

// options returns the caller's options followed by the one that fills cs.trailer.
func (cs *callState) options(opts []grpc.CallOption) []grpc.CallOption {
	cs.opts = append(append(cs.opts[:0], opts...), grpc.Trailer(&cs.trailer))
	return cs.opts
}

// release returns cs to the pool without keeping the call's options or trailer alive.
func (cs *callState) release() {
	clear(cs.opts)
	cs.opts, cs.trailer = cs.opts[:0], nil
	callStates.Put(cs)
}

// BackendFailure is the one rule of what the circuit breaker counts: whether the outcome of a call
// (its error and the trailer the server sent with it) says the backend itself is failing. Only
// failures of the transport count: no connection, a connection reset or closed (Unavailable
// that no handler answered) and no answer within the deadline (DeadlineExceeded that no handler
// answered, which is the caller's own deadline passing).
//
// Everything the server application answered never counts, whatever the code: the platform's
// server chain marks those answers with the callctx.MDAnsweredBy trailer. That covers answers
// about the caller (a rate limit, a bad or unknown request, a refused precondition or
// permission), a handler's recovered panic (Internal: a bug of one request, logged and counted
// on the server as grpc.server.panics) and an outage of something behind the service (an outside
// system, its database): the service is up and answering, and counting any of these would let one
// visitor — by hitting their rate limit, sending the input that hits a bug, or asking for the one
// transfer whose provider is down — open the breaker and take the service away from everyone. An
// answer naming an outside system's outage (apperr.ReasonDependencyUnavailable) never counts
// either, even from a server without the platform's chain. Internal, Unknown and DataLoss without
// the trailer (a server or proxy outside the platform) are no transport failure and do not count.
func BackendFailure(err error, trailer metadata.MD) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded:
	default:
		return false
	}
	if len(trailer.Get(callctx.MDAnsweredBy)) > 0 {
		return false
	}
	return apperr.DependencyDown(err) == ""
}

func newBreaker(target string, cfg Config, log *slog.Logger) *gobreaker.CircuitBreaker {
	return gobreaker.NewCircuitBreaker(gobreaker.Settings{
		Name:        target,
		MaxRequests: 1,
		Timeout:     cfg.BreakerOpenFor,
		ReadyToTrip: func(c gobreaker.Counts) bool {
			return c.ConsecutiveFailures >= cfg.BreakerFailures
		},
		OnStateChange: func(name string, from, to gobreaker.State) {
			log.Warn("grpc circuit breaker state change",
				slog.String("target", name), slog.String("from", from.String()), slog.String("to", to.String()))
		},
	})
}

// withRetries sends a call again while it is answered Unavailable, up to MaxRetries times, when the
// contract declares it idempotent or the caller sent an idempotency key (a mutation without one
// might have been applied before the connection broke), as long as the retry budget and the
// deadline leave room. An answer that names an outside system's outage is not sent again: the
// service answered, and asking again at once would only add load on the system that is down.
func (p *policy) withRetries(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts []grpc.CallOption, trailer *metadata.MD) error {
	err := p.attempt(ctx, method, req, reply, cc, invoker, opts, trailer)
	if !retryable(err) || !(Idempotent(method) || hasIdempotencyKey(ctx)) {
		return err
	}
	for attempt := 0; attempt < p.cfg.MaxRetries && retryable(err); attempt++ {
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
		err = p.attempt(ctx, method, req, reply, cc, invoker, opts, trailer)
	}
	return err
}

// retryable reports whether an attempt's answer may be sent again: Unavailable, unless it names an
// outside system's outage (apperr.ReasonDependencyUnavailable). Such answers cost no retry token
// either.
func retryable(err error) bool {
	return status.Code(err) == codes.Unavailable && apperr.DependencyDown(err) == ""
}

// backoff doubles base per attempt and adds up to 50 % jitter so clients that failed together do
// not retry in lockstep.
func backoff(base time.Duration, attempt int) time.Duration {
	d := base << attempt
	return d + time.Duration(rand.Int64N(int64(d)/2+1))
}

// attempt sends the call once and logs it: failures at warn, successes at debug. The attributes
// are only built when the line is written. trailer, when not nil, is the address opts' grpc.Trailer
// fills; it is cleared first, so an attempt that never reached a server leaves none of an earlier
// attempt's trailer behind.
func (p *policy) attempt(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts []grpc.CallOption, trailer *metadata.MD) error {
	if trailer != nil {
		*trailer = nil
	}
	start := time.Now()
	err := invoker(ctx, method, req, reply, cc, opts...)
	if retryable(err) {
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
