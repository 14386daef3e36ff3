package grpcserver

import (
	"context"
	"log/slog"
	"runtime/debug"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// recoveryUnary turns a handler panic into codes.Internal so one bad request cannot crash the
// process; the stack goes to the log, never to the caller.
func recoveryUnary(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		defer func() {
			if r := recover(); r != nil {
				logPanic(ctx, log, info.FullMethod, r)
				resp, err = nil, status.Error(codes.Internal, "internal error")
			}
		}()
		return handler(ctx, req)
	}
}

func recoveryStream(log *slog.Logger) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) (err error) {
		defer func() {
			if r := recover(); r != nil {
				logPanic(ss.Context(), log, info.FullMethod, r)
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

// deadlineUnary gives every call a deadline: DefaultTimeout when the caller sent none, and never
// more than MaxTimeout, so a forgotten deadline upstream cannot pin resources forever.
func deadlineUnary(cfg Config) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		timeout := cfg.MaxTimeout
		if _, ok := ctx.Deadline(); !ok {
			timeout = cfg.DefaultTimeout
		}
		// WithTimeout keeps the caller's deadline when it is the earlier one.
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return handler(ctx, req)
	}
}

// outcome reports the status code of a finished call; a handler that panicked (returned is false)
// counts as Internal, matching what the recovery interceptor answers.
func outcome(err error, returned bool) codes.Code {
	if !returned {
		return codes.Internal
	}
	return status.Code(err)
}

func loggingUnary(log *slog.Logger) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		start := time.Now()
		returned := false
		defer func() {
			code := outcome(err, returned)
			attrs := []slog.Attr{
				slog.String("rpc.method", info.FullMethod),
				slog.String("rpc.code", code.String()),
				slog.Duration("duration", time.Since(start)),
			}
			if err != nil && returned {
				attrs = append(attrs, slog.String("error", status.Convert(err).Message()))
			}
			log.LogAttrs(ctx, LevelFor(code), "grpc call", attrs...)
		}()
		resp, err = handler(ctx, req)
		returned = true
		return resp, err
	}
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
