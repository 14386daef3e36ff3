package telemetry

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
)

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("OTEL_TRACES_EXPORTER", "")
	t.Setenv("OTEL_METRICS_EXPORTER", "Prometheus")
	t.Setenv("OTEL_SERVICE_NAME", "")
	got := ConfigFromEnv("cart")
	want := Config{ServiceName: "cart", TracesExporter: "none", MetricsExporter: "prometheus"}
	if got != want {
		t.Fatalf("ConfigFromEnv = %+v, want %+v", got, want)
	}
}

func setup(t *testing.T, cfg Config) {
	t.Helper()
	shutdown, err := Setup(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Setup(%+v): %v", cfg, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
}

func TestNoneStillPropagatesTraceIDs(t *testing.T) {
	setup(t, Config{ServiceName: "gateway", TracesExporter: "none", MetricsExporter: "none"})

	ctx, span := otel.Tracer("test").Start(context.Background(), "root")
	defer span.End()
	if !span.SpanContext().IsValid() {
		t.Fatal("span has no valid trace id with the none exporter")
	}
	carrier := propagation.MapCarrier{}
	otel.GetTextMapPropagator().Inject(ctx, carrier)
	if tp := carrier.Get("traceparent"); !strings.Contains(tp, span.SpanContext().TraceID().String()) {
		t.Fatalf("traceparent = %q, want trace id %s", tp, span.SpanContext().TraceID())
	}
}

// With nothing to export, spans must cost no recording, yet a trace sampled by an upstream process
// keeps being recorded and marked sampled so that process's trace stays whole.
func TestNoneRecordsNothingButHonoursSampledParents(t *testing.T) {
	setup(t, Config{ServiceName: "gateway", TracesExporter: "none", MetricsExporter: "none"})

	_, root := otel.Tracer("test").Start(context.Background(), "root")
	defer root.End()
	if root.IsRecording() || root.SpanContext().IsSampled() {
		t.Fatalf("root span recording=%v sampled=%v, want neither", root.IsRecording(), root.SpanContext().IsSampled())
	}

	parent := propagation.MapCarrier{"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}
	ctx := otel.GetTextMapPropagator().Extract(context.Background(), parent)
	_, child := otel.Tracer("test").Start(ctx, "child")
	defer child.End()
	if !child.SpanContext().IsSampled() || child.SpanContext().TraceID().String() != "4bf92f3577b34da6a3ce929d0e0e4736" {
		t.Fatalf("child of a sampled parent: %v", child.SpanContext())
	}
}

func TestPrometheusMetrics(t *testing.T) {
	setup(t, Config{ServiceName: "catalog", TracesExporter: "stdout", MetricsExporter: "prometheus"})

	counter, err := otel.Meter("test").Int64Counter("checkout.test.hits")
	if err != nil {
		t.Fatal(err)
	}
	counter.Add(context.Background(), 3)

	srv := httptest.NewServer(MetricsHandler())
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	for _, want := range []string{"checkout_test_hits_total", "go_goroutines"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics output lacks %s", want)
		}
	}
}

func TestMetricsHandlerDisabled(t *testing.T) {
	old := registry.Swap(nil)
	t.Cleanup(func() { registry.Store(old) })
	rec := httptest.NewRecorder()
	MetricsHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("status = %d, want 404 while disabled", rec.Code)
	}
}

func TestOTLPExporterStartsWithoutCollector(t *testing.T) {
	// The exporter connects lazily, so a missing collector must not stop a service from starting.
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:1")
	setup(t, Config{ServiceName: "order", TracesExporter: "otlp", MetricsExporter: "none"})
}

func TestUnknownExporters(t *testing.T) {
	for _, cfg := range []Config{
		{ServiceName: "x", TracesExporter: "jaeger", MetricsExporter: "none"},
		{ServiceName: "x", TracesExporter: "none", MetricsExporter: "statsd"},
	} {
		if _, err := Setup(context.Background(), cfg); err == nil {
			t.Errorf("Setup(%+v) succeeded, want error", cfg)
		}
	}
}
