package grpcserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/logging"
)

// fakeCatalog answers GetSessionLocale with whatever handle decides.
type fakeCatalog struct {
	catalogv1.UnimplementedCatalogServiceServer
	handle func(ctx context.Context) (*catalogv1.GetSessionLocaleResponse, error)
}

func (f *fakeCatalog) GetSessionLocale(ctx context.Context, _ *catalogv1.GetSessionLocaleRequest) (*catalogv1.GetSessionLocaleResponse, error) {
	return f.handle(ctx)
}

// syncBuffer lets the test read logs the server goroutines write.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type harness struct {
	conn   *grpc.ClientConn
	client catalogv1.CatalogServiceClient
	logs   *syncBuffer
	stop   func() error // cancels Serve and returns its result
}

func start(t *testing.T, cfg grpcserver.Config, fake *fakeCatalog, opts ...grpc.ServerOption) *harness {
	t.Helper()
	logs := &syncBuffer{}
	srv := grpcserver.New("catalog", logging.New("catalog", logs, slog.LevelDebug), cfg, opts...)
	catalogv1.RegisterCatalogServiceServer(srv.GRPC(), fake)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis) }()

	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	var serveErr error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case serveErr = <-done:
			case <-time.After(5 * time.Second):
				t.Error("Serve did not return after cancel")
			}
		})
		return serveErr
	}
	t.Cleanup(func() {
		_ = conn.Close()
		if err := stop(); err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return &harness{conn: conn, client: catalogv1.NewCatalogServiceClient(conn), logs: logs, stop: stop}
}

func TestRecoveryKeepsServing(t *testing.T) {
	var calls int
	h := start(t, grpcserver.Config{}, &fakeCatalog{handle: func(ctx context.Context) (*catalogv1.GetSessionLocaleResponse, error) {
		calls++
		if calls == 1 {
			var m map[string]int
			//lint:ignore SA5000 the nil-map write is the real bug this test recovers from
			m["boom"] = 1 // nil map write: a real bug, not a deliberate panic call
		}
		return &catalogv1.GetSessionLocaleResponse{}, nil
	}})
	ctx := context.Background()

	_, err := h.client.GetSessionLocale(ctx, &catalogv1.GetSessionLocaleRequest{})
	if status.Code(err) != codes.Internal {
		t.Fatalf("panicking call: %v, want Internal", err)
	}
	if strings.Contains(status.Convert(err).Message(), "nil map") {
		t.Errorf("panic detail leaked to the caller: %v", err)
	}
	if _, err := h.client.GetSessionLocale(ctx, &catalogv1.GetSessionLocaleRequest{}); err != nil {
		t.Fatalf("call after panic: %v", err)
	}
	logs := h.logs.String()
	if !strings.Contains(logs, "grpc handler panic") || !strings.Contains(logs, "goroutine") {
		t.Errorf("panic not logged with stack: %s", logs)
	}
}

func TestDeadlines(t *testing.T) {
	var remaining time.Duration
	var hasDeadline bool
	h := start(t, grpcserver.Config{DefaultTimeout: 700 * time.Millisecond, MaxTimeout: 1500 * time.Millisecond},
		&fakeCatalog{handle: func(ctx context.Context) (*catalogv1.GetSessionLocaleResponse, error) {
			var dl time.Time
			dl, hasDeadline = ctx.Deadline()
			remaining = time.Until(dl)
			return &catalogv1.GetSessionLocaleResponse{}, nil
		}})

	if _, err := h.client.GetSessionLocale(context.Background(), &catalogv1.GetSessionLocaleRequest{}); err != nil {
		t.Fatal(err)
	}
	if !hasDeadline || remaining > 700*time.Millisecond || remaining < 400*time.Millisecond {
		t.Errorf("without caller deadline: has=%v remaining=%v, want about 700ms", hasDeadline, remaining)
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if _, err := h.client.GetSessionLocale(ctx, &catalogv1.GetSessionLocaleRequest{}); err != nil {
		t.Fatal(err)
	}
	if remaining > 1500*time.Millisecond || remaining < time.Second {
		t.Errorf("with 1h caller deadline: remaining=%v, want capped near 1.5s", remaining)
	}

	ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := h.client.GetSessionLocale(ctx, &catalogv1.GetSessionLocaleRequest{}); err != nil {
		t.Fatal(err)
	}
	if remaining > 300*time.Millisecond {
		t.Errorf("with 300ms caller deadline: remaining=%v, want the caller's", remaining)
	}
}

func TestHealthServingThenNotServing(t *testing.T) {
	h := start(t, grpcserver.Config{ShutdownGrace: 150 * time.Millisecond}, &fakeCatalog{})
	health := healthpb.NewHealthClient(h.conn)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()

	for _, svc := range []string{"", catalogv1.CatalogService_ServiceDesc.ServiceName} {
		resp, err := health.Check(ctx, &healthpb.HealthCheckRequest{Service: svc})
		if err != nil {
			t.Fatalf("Check(%q): %v", svc, err)
		}
		if resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
			t.Fatalf("Check(%q) = %v, want SERVING", svc, resp.GetStatus())
		}
	}

	watch, err := health.Watch(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		t.Fatal(err)
	}
	first, err := watch.Recv()
	if err != nil || first.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("first watch update = %v, %v", first, err)
	}

	stopped := make(chan error, 1)
	go func() { stopped <- h.stop() }()

	next, err := watch.Recv()
	if err != nil {
		t.Fatalf("watch after shutdown: %v", err)
	}
	if next.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
		t.Fatalf("status after shutdown = %v, want NOT_SERVING", next.GetStatus())
	}
	// The open Watch stream holds GracefulStop up; Serve must still return once the grace passes.
	select {
	case err := <-stopped:
		if err != nil {
			t.Fatalf("Serve returned %v, want nil", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Serve did not force-stop after the shutdown grace")
	}
}

func TestGracefulStopWaitsForInFlightCall(t *testing.T) {
	entered := make(chan struct{})
	h := start(t, grpcserver.Config{ShutdownGrace: 2 * time.Second}, &fakeCatalog{handle: func(ctx context.Context) (*catalogv1.GetSessionLocaleResponse, error) {
		close(entered)
		time.Sleep(100 * time.Millisecond)
		return &catalogv1.GetSessionLocaleResponse{Code: "de-DE"}, nil
	}})
	result := make(chan error, 1)
	go func() {
		_, err := h.client.GetSessionLocale(context.Background(), &catalogv1.GetSessionLocaleRequest{})
		result <- err
	}()
	<-entered
	if err := h.stop(); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if err := <-result; err != nil {
		t.Fatalf("in-flight call was cut off: %v", err)
	}
}

func TestLoggingAndMetrics(t *testing.T) {
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	prev := otel.GetMeterProvider()
	otel.SetMeterProvider(mp)
	t.Cleanup(func() { otel.SetMeterProvider(prev) })

	h := start(t, grpcserver.Config{}, &fakeCatalog{handle: func(ctx context.Context) (*catalogv1.GetSessionLocaleResponse, error) {
		return nil, status.Error(codes.NotFound, "no locale")
	}})
	for range 2 {
		if _, err := h.client.GetSessionLocale(context.Background(), &catalogv1.GetSessionLocaleRequest{}); status.Code(err) != codes.NotFound {
			t.Fatalf("err = %v, want NotFound", err)
		}
	}
	const method = "/checkout.catalog.v1.CatalogService/GetSessionLocale"

	var line map[string]any
	for _, l := range strings.Split(h.logs.String(), "\n") {
		if strings.Contains(l, `"grpc call"`) {
			if err := json.Unmarshal([]byte(l), &line); err != nil {
				t.Fatal(err)
			}
		}
	}
	if line["rpc.method"] != method || line["rpc.code"] != "NotFound" || line["level"] != "WARN" || line["request_id"] == nil {
		t.Errorf("call log line = %v", line)
	}

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	want := attribute.NewSet(attribute.String("rpc.method", method), attribute.Int("rpc.grpc.status_code", int(codes.NotFound)))
	sums := map[string]int64{}
	var histCount uint64
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			switch d := m.Data.(type) {
			case metricdata.Sum[int64]:
				for _, dp := range d.DataPoints {
					if dp.Attributes.Equals(&want) {
						sums[m.Name] += dp.Value
					}
				}
			case metricdata.Histogram[float64]:
				if m.Name != "rpc.server.handling.duration" {
					continue
				}
				for _, dp := range d.DataPoints {
					if dp.Attributes.Equals(&want) {
						histCount += dp.Count
					}
				}
			}
		}
	}
	if sums["rpc.server.requests"] != 2 || sums["rpc.server.errors"] != 2 || histCount != 2 {
		t.Errorf("requests=%d errors=%d durations=%d, want 2 each", sums["rpc.server.requests"], sums["rpc.server.errors"], histCount)
	}
}

// A panic is a bug of one request: answered Internal to that call, logged with its stack and
// counted in grpc.server.panics (grpc_server_panics_total in Prometheus). Every error status the
// application answered — the panic's too — carries the trailer that tells the client's breaker
// it came from a working server; a success carries none.
func TestPanicIsCountedAndAnswersAreMarked(t *testing.T) {
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	prev := otel.GetMeterProvider()
	otel.SetMeterProvider(mp)
	t.Cleanup(func() { otel.SetMeterProvider(prev) })

	var calls int
	h := start(t, grpcserver.Config{}, &fakeCatalog{handle: func(ctx context.Context) (*catalogv1.GetSessionLocaleResponse, error) {
		calls++
		switch calls {
		case 1, 2:
			var byID map[int]int
			//lint:ignore SA5000 the nil-map write is the real bug the test recovers from
			byID[calls]++ // a real bug: a write to a nil map
		case 3:
			return nil, status.Error(codes.Unavailable, "catalog.unavailable")
		}
		return &catalogv1.GetSessionLocaleResponse{}, nil
	}})
	const method = "/checkout.catalog.v1.CatalogService/GetSessionLocale"
	for i, want := range []codes.Code{codes.Internal, codes.Internal, codes.Unavailable, codes.OK} {
		var trailer metadata.MD
		_, err := h.client.GetSessionLocale(context.Background(), &catalogv1.GetSessionLocaleRequest{}, grpc.Trailer(&trailer))
		if status.Code(err) != want {
			t.Fatalf("call %d: %v, want %v", i+1, err, want)
		}
		answered := trailer.Get(callctx.MDAnsweredBy)
		if want != codes.OK && (len(answered) != 1 || answered[0] != "catalog") {
			t.Errorf("call %d (%v): trailer %v, want %s: catalog", i+1, want, trailer, callctx.MDAnsweredBy)
		}
		if want == codes.OK && len(answered) != 0 {
			t.Errorf("success carries %s: %v", callctx.MDAnsweredBy, answered)
		}
	}
	if logs := h.logs.String(); strings.Count(logs, "grpc handler panic") != 2 || !strings.Contains(logs, "goroutine") {
		t.Errorf("panics not logged with their stacks: %s", logs)
	}

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	want := attribute.NewSet(attribute.String("rpc.method", method))
	var panics int64
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if d, ok := m.Data.(metricdata.Sum[int64]); ok && m.Name == "grpc.server.panics" {
				for _, dp := range d.DataPoints {
					if dp.Attributes.Equals(&want) {
						panics += dp.Value
					}
				}
			}
		}
	}
	if panics != 2 {
		t.Errorf("grpc.server.panics = %d, want 2", panics)
	}
}
