package telemetry

import (
	"context"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// instrumentationName names the tracer of the light gRPC propagation.
const instrumentationName = "github.com/hostcart/checkout/libs/go/platform/telemetry"

// When no span leaves the process (OTEL_TRACES_EXPORTER=none, the default), the gRPC calls only need
// the trace context carried from caller to server so that every service's log lines share the
// request's trace id. otelgrpc's stats handlers did that at about 106 allocations and a fifth to a
// third of a warm domain-availability request's CPU (docs/performance.md, issue 26 rounds 4 and 6):
// gRPC copies the whole metadata for any stats handler, otelgrpc copies it twice more and builds
// attributes and metric records for spans nobody receives. These interceptors do only the
// propagation: the client adds traceparent (and tracestate, baggage when set) to the outgoing
// metadata, the server reads them and starts the server span under the configured sampler, so a
// service's logs get the caller's trace id and a span id of their own, and a parent sampled
// upstream stays sampled downstream.

// lightServerOptions must come before the platform's own interceptors, so its call log and metrics
// see the span.
func lightServerOptions() []grpc.ServerOption {
	tracer := otel.GetTracerProvider().Tracer(instrumentationName)
	propagator := otel.GetTextMapPropagator()
	return []grpc.ServerOption{
		grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
			ctx, span := serverSpan(ctx, tracer, propagator, info.FullMethod)
			defer span.End()
			return handler(ctx, req)
		}),
		grpc.ChainStreamInterceptor(func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
			ctx, span := serverSpan(ss.Context(), tracer, propagator, info.FullMethod)
			defer span.End()
			return handler(srv, callctx.StreamWithContext(ss, ctx))
		}),
	}
}

func lightDialOptions() []grpc.DialOption {
	propagator := otel.GetTextMapPropagator()
	return []grpc.DialOption{
		grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
			return invoker(inject(ctx, propagator), method, req, reply, cc, opts...)
		}),
		grpc.WithChainStreamInterceptor(func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
			return streamer(inject(ctx, propagator), desc, cc, method, opts...)
		}),
	}
}

// serverSpan starts the call's server span as a child of the trace context the caller sent.
func serverSpan(ctx context.Context, tracer trace.Tracer, propagator propagation.TextMapPropagator, fullMethod string) (context.Context, trace.Span) {
	ctx = propagator.Extract(ctx, incomingCarrier{ctx: ctx})
	name := fullMethod
	if len(name) > 0 && name[0] == '/' {
		name = name[1:] // otelgrpc's span name: package.Service/Method
	}
	return tracer.Start(ctx, name, trace.WithSpanKind(trace.SpanKindServer))
}

// inject appends the trace context of ctx to its outgoing metadata; a context without one is
// passed on as it is.
func inject(ctx context.Context, propagator propagation.TextMapPropagator) context.Context {
	var kv outgoingCarrier
	propagator.Inject(ctx, &kv)
	if len(kv) == 0 {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, kv...)
}

// incomingCarrier reads single keys of the call's incoming metadata: metadata.FromIncomingContext
// would copy all of it for the two or three keys the propagators ask for.
type incomingCarrier struct{ ctx context.Context }

func (c incomingCarrier) Get(key string) string {
	if v := metadata.ValueFromIncomingContext(c.ctx, key); len(v) > 0 {
		return v[0]
	}
	return ""
}

func (incomingCarrier) Set(string, string) {}

func (c incomingCarrier) Keys() []string {
	md, _ := metadata.FromIncomingContext(c.ctx)
	keys := make([]string, 0, len(md))
	for k := range md {
		keys = append(keys, k)
	}
	return keys
}

// outgoingCarrier collects key, value pairs for metadata.AppendToOutgoingContext.
type outgoingCarrier []string

func (c *outgoingCarrier) Get(key string) string {
	for i := 0; i+1 < len(*c); i += 2 {
		if (*c)[i] == key {
			return (*c)[i+1]
		}
	}
	return ""
}

func (c *outgoingCarrier) Set(key, value string) { *c = append(*c, key, value) }

func (c *outgoingCarrier) Keys() []string {
	keys := make([]string, 0, len(*c)/2)
	for i := 0; i < len(*c); i += 2 {
		keys = append(keys, (*c)[i])
	}
	return keys
}
