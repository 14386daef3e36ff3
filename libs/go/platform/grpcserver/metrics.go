package grpcserver

import (
	"context"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"google.golang.org/grpc/codes"
)

const meterName = "github.com/hostcart/checkout/libs/go/platform/grpcserver"

// metrics records RED metrics per method. otelgrpc records call durations too, but its error
// view depends on semconv versions; these names are ours and stable for dashboards and alerts.
type metrics struct {
	requests metric.Int64Counter
	errors   metric.Int64Counter
	duration metric.Float64Histogram
	// panics counts recovered handler panics (grpc_server_panics_total in Prometheus): each is a
	// bug, answered Internal to its one caller; alert on any increase.
	panics metric.Int64Counter
}

func newMetrics() *metrics {
	return newMetricsFrom(otel.GetMeterProvider())
}

func newMetricsFrom(mp metric.MeterProvider) *metrics {
	meter := mp.Meter(meterName)
	// Instrument creation only fails on invalid names, which are constants here; the returned
	// instruments are still usable no-ops in that case, so the errors are deliberately ignored.
	requests, _ := meter.Int64Counter("rpc.server.requests",
		metric.WithDescription("gRPC calls handled"), metric.WithUnit("{call}"))
	errs, _ := meter.Int64Counter("rpc.server.errors",
		metric.WithDescription("gRPC calls that ended with a non-OK status"), metric.WithUnit("{call}"))
	duration, _ := meter.Float64Histogram("rpc.server.handling.duration",
		metric.WithDescription("Time spent handling a gRPC call"), metric.WithUnit("s"),
		metric.WithExplicitBucketBoundaries(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
	panics, _ := meter.Int64Counter("grpc.server.panics",
		metric.WithDescription("gRPC handler panics recovered by the server (bugs; each answered Internal)"), metric.WithUnit("{panic}"))
	return &metrics{requests: requests, errors: errs, duration: duration, panics: panics}
}

// recordPanic counts one recovered panic of method.
func (m *metrics) recordPanic(ctx context.Context, method string) {
	if !m.panics.Enabled(ctx) {
		return
	}
	m.panics.Add(context.WithoutCancel(ctx), 1, metric.WithAttributeSet(attribute.NewSet(attribute.String("rpc.method", method))))
}

// record counts one finished call. Without a meter provider (or with one that drops these
// instruments) nothing is built: the attribute set cost more than the rest of the chain.
func (m *metrics) record(ctx context.Context, method string, code codes.Code, took time.Duration) {
	if !m.requests.Enabled(ctx) && !m.duration.Enabled(ctx) && !(code != codes.OK && m.errors.Enabled(ctx)) {
		return
	}
	set := metric.WithAttributeSet(attribute.NewSet(
		attribute.String("rpc.method", method),
		attribute.Int("rpc.grpc.status_code", int(code)),
	))
	// A cancelled caller must not suppress the measurement.
	mctx := context.WithoutCancel(ctx)
	m.requests.Add(mctx, 1, set)
	if code != codes.OK {
		m.errors.Add(mctx, 1, set)
	}
	m.duration.Record(mctx, took.Seconds(), set)
}
