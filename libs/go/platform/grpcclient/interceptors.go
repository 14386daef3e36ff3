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
)

func deadlineUnary(timeout time.Duration) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		if _, ok := ctx.Deadline(); !ok {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, timeout)
			defer cancel()
		}
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}

// IsIdempotent reports whether a full method name ("/pkg.Service/GetThing") is a read that may be
// sent again: by convention of our protos, rpcs named Get* or List*.
func IsIdempotent(fullMethod string) bool {
	name := fullMethod[strings.LastIndex(fullMethod, "/")+1:]
	return strings.HasPrefix(name, "Get") || strings.HasPrefix(name, "List")
}

// breakerFailure reports whether err says the remote side is unhealthy. Answers about the request
// itself (NotFound, InvalidArgument ...) prove the service works and must not open the breaker.
func breakerFailure(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded, codes.ResourceExhausted, codes.Internal:
		return true
	default:
		return false
	}
}

type breaker struct {
	cb *gobreaker.CircuitBreaker
}

func newBreaker(target string, cfg Config, log *slog.Logger) *breaker {
	return &breaker{cb: gobreaker.NewCircuitBreaker(gobreaker.Settings{
		Name:        target,
		MaxRequests: 1,
		Timeout:     cfg.BreakerOpenFor,
		ReadyToTrip: func(c gobreaker.Counts) bool {
			return c.ConsecutiveFailures >= cfg.BreakerFailures
		},
		IsSuccessful: func(err error) bool { return !breakerFailure(err) },
		OnStateChange: func(name string, from, to gobreaker.State) {
			log.Warn("grpc circuit breaker state change",
				slog.String("target", name), slog.String("from", from.String()), slog.String("to", to.String()))
		},
	})}
}

func (b *breaker) unary() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		_, err := b.cb.Execute(func() (any, error) {
			return nil, invoker(ctx, method, req, reply, cc, opts...)
		})
		if errors.Is(err, gobreaker.ErrOpenState) || errors.Is(err, gobreaker.ErrTooManyRequests) {
			return status.Error(codes.Unavailable, "circuit open")
		}
		return err
	}
}

func retryUnary(cfg Config) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		err := invoker(ctx, method, req, reply, cc, opts...)
		if !IsIdempotent(method) {
			return err
		}
		for attempt := 0; attempt < cfg.MaxRetries && status.Code(err) == codes.Unavailable; attempt++ {
			wait := backoff(cfg.RetryBackoff, attempt)
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
			err = invoker(ctx, method, req, reply, cc, opts...)
		}
		return err
	}
}

// backoff doubles base per attempt and adds up to 50 % jitter so clients that failed together do
// not retry in lockstep.
func backoff(base time.Duration, attempt int) time.Duration {
	d := base << attempt
	return d + time.Duration(rand.Int64N(int64(d)/2+1))
}

func loggingUnary(target string, log *slog.Logger) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		start := time.Now()
		err := invoker(ctx, method, req, reply, cc, opts...)
		code := status.Code(err)
		level := slog.LevelDebug
		if err != nil {
			level = slog.LevelWarn
		}
		attrs := []slog.Attr{
			slog.String("rpc.target", target),
			slog.String("rpc.method", method),
			slog.String("rpc.code", code.String()),
			slog.Duration("duration", time.Since(start)),
		}
		if err != nil {
			attrs = append(attrs, slog.String("error", status.Convert(err).Message()))
		}
		log.LogAttrs(ctx, level, "grpc client call", attrs...)
		return err
	}
}
