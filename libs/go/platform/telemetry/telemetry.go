// Package telemetry installs the process-wide OpenTelemetry providers. Exporters are chosen by the
// standard OTEL_* environment variables so the same binary runs silent on a laptop and exports
// traces and metrics in a cluster.
package telemetry

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	otelprom "go.opentelemetry.io/otel/exporters/prometheus"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	"go.opentelemetry.io/otel/propagation"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/hostcart/checkout/libs/go/platform/config"
)

// Exporter names accepted in Config.
const (
	ExporterNone       = "none"
	ExporterStdout     = "stdout"
	ExporterOTLP       = "otlp"
	ExporterPrometheus = "prometheus"
)

// Config selects the exporters of one process.
type Config struct {
	ServiceName     string
	TracesExporter  string // none|stdout|otlp
	MetricsExporter string // none|prometheus
}

// ConfigFromEnv reads OTEL_TRACES_EXPORTER and OTEL_METRICS_EXPORTER; both default to none.
// OTEL_SERVICE_NAME overrides service when set, as the OTel specification asks.
func ConfigFromEnv(service string) Config {
	return Config{
		ServiceName:     config.String("OTEL_SERVICE_NAME", service),
		TracesExporter:  strings.ToLower(config.String("OTEL_TRACES_EXPORTER", ExporterNone)),
		MetricsExporter: strings.ToLower(config.String("OTEL_METRICS_EXPORTER", ExporterNone)),
	}
}

// registry holds the Prometheus registry of the last Setup with the prometheus exporter, so
// MetricsHandler can be mounted before or independently of Setup.
var registry atomic.Pointer[prometheus.Registry]

// MetricsHandler serves the metrics in Prometheus text format; 404 while the prometheus exporter
// is not enabled.
func MetricsHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reg := registry.Load()
		if reg == nil {
			http.Error(w, "metrics exporter disabled (set OTEL_METRICS_EXPORTER=prometheus)", http.StatusNotFound)
			return
		}
		promhttp.HandlerFor(reg, promhttp.HandlerOpts{}).ServeHTTP(w, r)
	})
}

// Setup installs global tracer and meter providers and the W3C trace-context and baggage
// propagator. Even with the none exporter a tracer provider is installed so every request gets a
// trace id that flows through gRPC metadata into the logs of all services.
func Setup(ctx context.Context, cfg Config) (shutdown func(context.Context) error, err error) {
	res, err := resource.New(ctx,
		resource.WithAttributes(attribute.String("service.name", cfg.ServiceName)),
		resource.WithFromEnv(),
		resource.WithTelemetrySDK(),
	)
	if err != nil {
		return nil, fmt.Errorf("telemetry: build resource: %w", err)
	}

	tp, err := tracerProvider(ctx, cfg.TracesExporter, res)
	if err != nil {
		return nil, err
	}
	mp, reg, err := meterProvider(cfg.MetricsExporter, res)
	if err != nil {
		_ = tp.Shutdown(ctx)
		return nil, err
	}

	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(
		propagation.TraceContext{}, propagation.Baggage{},
	))
	otel.SetTracerProvider(tp)
	if mp != nil {
		otel.SetMeterProvider(mp)
	}
	if reg != nil {
		registry.Store(reg)
	}
	exporting.Store(cfg.TracesExporter != "" && cfg.TracesExporter != ExporterNone)
	active.Store(true)

	return func(ctx context.Context) error {
		errs := []error{tp.Shutdown(ctx)}
		if mp != nil {
			errs = append(errs, mp.Shutdown(ctx))
		}
		if err := errors.Join(errs...); err != nil {
			return fmt.Errorf("telemetry: shutdown: %w", err)
		}
		return nil
	}, nil
}

func tracerProvider(ctx context.Context, exporter string, res *resource.Resource) (*sdktrace.TracerProvider, error) {
	opts := []sdktrace.TracerProviderOption{sdktrace.WithResource(res)}
	switch exporter {
	case "", ExporterNone:
		// Nothing exports, so recording spans (attributes, events, timestamps) is pure cost. Unsampled
		// spans still get valid trace and span ids, which is what logs and services need. A parent
		// sampled upstream is still honoured, so this process does not break a trace another one
		// exports.
		opts = append(opts, sdktrace.WithSampler(sdktrace.ParentBased(sdktrace.NeverSample())))
	case ExporterStdout:
		exp, err := stdouttrace.New()
		if err != nil {
			return nil, fmt.Errorf("telemetry: stdout trace exporter: %w", err)
		}
		opts = append(opts, sdktrace.WithBatcher(exp))
	case ExporterOTLP:
		// Endpoint, headers and TLS come from the standard OTEL_EXPORTER_OTLP_* variables.
		exp, err := otlptracegrpc.New(ctx)
		if err != nil {
			return nil, fmt.Errorf("telemetry: otlp trace exporter: %w", err)
		}
		opts = append(opts, sdktrace.WithBatcher(exp))
	default:
		return nil, fmt.Errorf("telemetry: unknown traces exporter %q (want none, stdout or otlp)", exporter)
	}
	return sdktrace.NewTracerProvider(opts...), nil
}

func meterProvider(exporter string, res *resource.Resource) (*sdkmetric.MeterProvider, *prometheus.Registry, error) {
	switch exporter {
	case "", ExporterNone:
		return nil, nil, nil
	case ExporterPrometheus:
		reg := prometheus.NewRegistry()
		if err := reg.Register(collectors.NewGoCollector()); err != nil {
			return nil, nil, fmt.Errorf("telemetry: register go collector: %w", err)
		}
		if err := reg.Register(collectors.NewProcessCollector(collectors.ProcessCollectorOpts{})); err != nil {
			return nil, nil, fmt.Errorf("telemetry: register process collector: %w", err)
		}
		exp, err := otelprom.New(otelprom.WithRegisterer(reg))
		if err != nil {
			return nil, nil, fmt.Errorf("telemetry: prometheus exporter: %w", err)
		}
		return sdkmetric.NewMeterProvider(sdkmetric.WithResource(res), sdkmetric.WithReader(exp)), reg, nil
	default:
		return nil, nil, fmt.Errorf("telemetry: unknown metrics exporter %q (want none or prometheus)", exporter)
	}
}
