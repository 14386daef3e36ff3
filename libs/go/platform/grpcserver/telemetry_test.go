package grpcserver_test

import (
	"context"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
)

// Instrumentation is left out until telemetry is set up, and once it is, a call made through the
// platform's client carries its trace to the platform's server (a child span of the same trace).
func TestTracingFollowsTelemetrySetup(t *testing.T) {
	if !telemetry.Active() && (len(telemetry.GRPCServerOptions()) != 0 || len(telemetry.GRPCDialOptions()) != 0) {
		t.Fatal("gRPC instrumentation installed before telemetry.Setup")
	}
	shutdown, err := telemetry.Setup(context.Background(), telemetry.Config{ServiceName: "test", TracesExporter: "none", MetricsExporter: "none"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = shutdown(context.Background()) })
	if !telemetry.Active() || len(telemetry.GRPCServerOptions()) == 0 || len(telemetry.GRPCDialOptions()) == 0 {
		t.Fatal("gRPC instrumentation missing after telemetry.Setup")
	}

	seen := make(chan trace.SpanContext, 1)
	capture := grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		seen <- trace.SpanContextFromContext(ctx)
		return h(ctx, req)
	})
	h := start(t, grpcserver.Config{}, &fakeCatalog{}, capture)
	conn, err := grpcclient.Dial(h.conn.Target(), nil, grpcclient.Config{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })

	callCtx, span := otel.Tracer("test").Start(context.Background(), "caller")
	defer span.End()
	if _, err := healthpb.NewHealthClient(conn).Check(callCtx, &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatal(err)
	}
	got := <-seen
	if !got.IsValid() || got.TraceID() != span.SpanContext().TraceID() {
		t.Fatalf("server span %v, want one in the caller's trace %s", got, span.SpanContext().TraceID())
	}
	if got.SpanID() == span.SpanContext().SpanID() {
		t.Fatal("server did not start a span of its own")
	}
}
