package grpcserver

import (
	"context"
	"log/slog"
	"runtime/debug"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// chain is the platform's whole unary server chain in one interceptor: call context → panic
// recovery → deadline → log line → RED metrics. As five chained interceptors gRPC built a closure
// per link and call, and each link its own deferred closure and allocations; the order and
// behaviour are those of that chain.
type chain struct {
	log     *slog.Logger
	cfg     Config
	metrics *metrics
	// answered is the trailer of every error status the handler answered (callctx.MDAnsweredBy):
	// built once, sent only with errors.
	answered metadata.MD
}

func newChain(service string, log *slog.Logger, cfg Config, m *metrics) *chain {
	return &chain{log: log, cfg: cfg, metrics: m, answered: metadata.Pairs(callctx.MDAnsweredBy, service)}
}

func (ch *chain) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
	ctx = callctx.ServerContext(ctx)
	if timeout, ok := ch.timeout(ctx); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	start := time.Now()
	returned := false
	defer func() {
		// A handler panic becomes codes.Internal for this call only, so one bad request cannot
		// crash the process; the stack goes to the log, never to the caller, and the panic is
		// counted (grpc.server.panics): it is a bug to fix, not an outage.
		if !returned {
			if r := recover(); r != nil {
				logPanic(ctx, ch.log, info.FullMethod, r)
				ch.metrics.recordPanic(ctx, info.FullMethod)
				resp, err = nil, status.Error(codes.Internal, "internal error")
			}
		}
		if err != nil {
			// The application answered: whatever the code, the caller's breaker must not take
			// it for a backend that is down (grpcclient.BackendFailure).
			_ = grpc.SetTrailer(ctx, ch.answered)
		}
		code := outcome(err, returned)
		took := time.Since(start)
		ch.logCall(ctx, info.FullMethod, code, err, returned, took)
		ch.metrics.record(ctx, info.FullMethod, code, took)
	}()
	resp, err = handler(ctx, req)
	returned = true
	return resp, err
}

// timeout gives every call a deadline: DefaultTimeout when the caller sent none, and never more
// than MaxTimeout, so a forgotten deadline upstream cannot pin resources forever. ok is false when
// the caller's deadline already lies within MaxTimeout: wrapping would change nothing.
func (ch *chain) timeout(ctx context.Context) (time.Duration, bool) {
	deadline, ok := ctx.Deadline()
	if !ok {
		return ch.cfg.DefaultTimeout, true
	}
	if time.Until(deadline) <= ch.cfg.MaxTimeout {
		return 0, false
	}
	return ch.cfg.MaxTimeout, true
}

// logCall writes the call's line at the level its code deserves; the attributes are only built
// when the line is written (successes are debug, dropped at the usual info level).
func (ch *chain) logCall(ctx context.Context, method string, code codes.Code, err error, returned bool, took time.Duration) {
	level := LevelFor(code)
	if !ch.log.Enabled(ctx, level) {
		return
	}
	attrs := []slog.Attr{
		slog.String("rpc.method", method),
		slog.String("rpc.code", code.String()),
		slog.Duration("duration", took),
	}
	if err != nil && returned {
		attrs = append(attrs, slog.String("error", status.Convert(err).Message()))
	}
	ch.log.LogAttrs(ctx, level, "grpc call", attrs...)
}

func recoveryStream(log *slog.Logger, m *metrics) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) (err error) {
		defer func() {
			if r := recover(); r != nil {
				logPanic(ss.Context(), log, info.FullMethod, r)
				m.recordPanic(ss.Context(), info.FullMethod)
				err = status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(srv, ss)
	}
}

func logPanic(ctx context.Context, log *slog.Logger, method string, r any) {
	log.ErrorContext(ctx, "grpc handler panic",
		slog.String("rpc.method", method),
		slog.Any("panic", r),
		slog.String("stack", string(debug.Stack())),
	)
}

// outcome reports the status code of a finished call; a handler that panicked (returned is false)
// counts as Internal, matching what the recovery interceptor answers.
func outcome(err error, returned bool) codes.Code {
	if !returned {
		return codes.Internal
	}
	return status.Code(err)
}

// LevelFor maps a status code to a log level: success is debug noise, caller mistakes are warnings,
// failures of ours are errors.
func LevelFor(code codes.Code) slog.Level {
	switch code {
	case codes.OK:
		return slog.LevelDebug
	case codes.Canceled, codes.InvalidArgument, codes.NotFound, codes.AlreadyExists,
		codes.PermissionDenied, codes.Unauthenticated, codes.FailedPrecondition, codes.Aborted,
		codes.OutOfRange, codes.ResourceExhausted, codes.DeadlineExceeded:
		return slog.LevelWarn
	default:
		return slog.LevelError
	}
}
