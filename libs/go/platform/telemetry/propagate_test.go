package telemetry

import (
	"context"
	"net"
	"testing"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// seen records the span context each call's handler ran with.
type seen struct{ unary, stream chan trace.SpanContext }

// serveHealth serves the standard health service with GRPCServerOptions on a loopback port, with
// an inner interceptor that records what the handler sees, and returns a client dialled with
// GRPCDialOptions.
func serveHealth(t *testing.T) (healthpb.HealthClient, seen) {
	t.Helper()
	s := seen{unary: make(chan trace.SpanContext, 4), stream: make(chan trace.SpanContext, 4)}
	opts := append(GRPCServerOptions(),
		grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
			s.unary <- trace.SpanContextFromContext(ctx)
			return h(ctx, req)
		}),
		grpc.ChainStreamInterceptor(func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
			s.stream <- trace.SpanContextFromContext(ss.Context())
			return nil
		}),
	)
	srv := grpc.NewServer(opts...)
	healthpb.RegisterHealthServer(srv, health.NewServer())
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), append(GRPCDialOptions(), grpc.WithTransportCredentials(insecure.NewCredentials()))...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return healthpb.NewHealthClient(conn), s
}

// With the none exporter the trace context crosses a real gRPC hop without otelgrpc: the server's
// handler runs in a span of the caller's trace with a span id of its own, unary and streaming, and
// a context sampled upstream stays sampled.
func TestNoneCarriesTheTraceOverGRPCWithoutStatsHandlers(t *testing.T) {
	setup(t, Config{ServiceName: "gateway", TracesExporter: "none", MetricsExporter: "none"})
	client, s := serveHealth(t)
	ctx, span := otel.Tracer("test").Start(context.Background(), "request")
	defer span.End()
	caller := span.SpanContext()
	if !caller.IsValid() {
		t.Fatal("no valid span context with the none exporter")
	}

	if _, err := client.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatalf("Check: %v", err)
	}
	got := <-s.unary
	if got.TraceID() != caller.TraceID() || got.SpanID() == caller.SpanID() || !got.SpanID().IsValid() || got.IsSampled() {
		t.Fatalf("unary handler span %v, want trace %s with a new unsampled span id (caller span %s)", got, caller.TraceID(), caller.SpanID())
	}

	w, err := client.Watch(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		t.Fatalf("Watch: %v", err)
	}
	_, _ = w.Recv()
	if got := <-s.stream; got.TraceID() != caller.TraceID() || got.SpanID() == caller.SpanID() {
		t.Fatalf("stream handler span %v, want trace %s with its own span id", got, caller.TraceID())
	}

	sampled := otel.GetTextMapPropagator().Extract(context.Background(),
		propagation.MapCarrier{"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"})
	if _, err := client.Check(sampled, &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatalf("Check: %v", err)
	}
	if got := <-s.unary; got.TraceID().String() != "4bf92f3577b34da6a3ce929d0e0e4736" || !got.IsSampled() {
		t.Fatalf("handler span of a sampled caller %v, want its trace, sampled", got)
	}

	// A call without a trace context starts its own trace on the server.
	if _, err := client.Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatalf("Check: %v", err)
	}
	if got := <-s.unary; !got.IsValid() || got.TraceID() == caller.TraceID() {
		t.Fatalf("handler span of a call without trace context %v, want a new valid trace", got)
	}
}

// Which instrumentation the options carry follows the exporter: the two light interceptors with
// none, otelgrpc's stats handler (spans with attributes for the exporter) otherwise, nothing before
// Setup.
func TestInstrumentationFollowsTheExporter(t *testing.T) {
	active.Store(false)
	if len(GRPCServerOptions()) != 0 || len(GRPCDialOptions()) != 0 {
		t.Fatal("options before Setup, want none")
	}
	setup(t, Config{ServiceName: "gateway", TracesExporter: "none", MetricsExporter: "none"})
	if len(GRPCServerOptions()) != 2 || len(GRPCDialOptions()) != 2 {
		t.Fatalf("none exporter: %d server and %d dial options, want the two interceptors each", len(GRPCServerOptions()), len(GRPCDialOptions()))
	}
	exporting.Store(true)
	defer exporting.Store(false)
	if len(GRPCServerOptions()) != 1 || len(GRPCDialOptions()) != 1 {
		t.Fatalf("exporting: %d server and %d dial options, want otelgrpc's stats handler each", len(GRPCServerOptions()), len(GRPCDialOptions()))
	}
}
