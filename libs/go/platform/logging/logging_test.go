package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

func decode(t *testing.T, buf *bytes.Buffer) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatalf("log line is not JSON: %v: %s", err, buf)
	}
	return m
}

func TestContextFields(t *testing.T) {
	tp := sdktrace.NewTracerProvider()
	t.Cleanup(func() { _ = tp.Shutdown(context.Background()) })
	ctx, span := tp.Tracer("test").Start(context.Background(), "op")
	defer span.End()
	ctx = callctx.With(ctx, callctx.Values{SessionID: "secret-session", BrandID: 1, RequestID: "req-1"})

	var buf bytes.Buffer
	New("catalog", &buf, slog.LevelInfo).With("component", "store").InfoContext(ctx, "hello", "n", 1)

	if strings.Contains(buf.String(), "secret-session") {
		t.Fatalf("session id leaked into log: %s", &buf)
	}
	m := decode(t, &buf)
	sc := span.SpanContext()
	for k, want := range map[string]any{
		"service":    "catalog",
		"component":  "store",
		"msg":        "hello",
		"trace_id":   sc.TraceID().String(),
		"span_id":    sc.SpanID().String(),
		"request_id": "req-1",
	} {
		if m[k] != want {
			t.Errorf("%s = %v, want %v", k, m[k], want)
		}
	}
}

func TestNoContextFieldsWithoutContext(t *testing.T) {
	var buf bytes.Buffer
	New("gateway", &buf, slog.LevelInfo).Info("plain")
	m := decode(t, &buf)
	for _, k := range []string{"trace_id", "span_id", "request_id"} {
		if _, ok := m[k]; ok {
			t.Errorf("unexpected %s in %v", k, m)
		}
	}
}

func TestLevel(t *testing.T) {
	var buf bytes.Buffer
	log := New("x", &buf, slog.LevelWarn)
	log.Info("dropped")
	if buf.Len() != 0 {
		t.Fatalf("info logged at warn level: %s", &buf)
	}
	log.Warn("kept")
	if buf.Len() == 0 {
		t.Fatal("warn not logged")
	}
}

func TestLevelFromEnv(t *testing.T) {
	for raw, want := range map[string]slog.Level{
		"debug": slog.LevelDebug, "WARN": slog.LevelWarn, "error": slog.LevelError,
		"info": slog.LevelInfo, "": slog.LevelInfo, "loud": slog.LevelInfo,
	} {
		t.Setenv("LOG_LEVEL", raw)
		if got := LevelFromEnv(); got != want {
			t.Errorf("LevelFromEnv(%q) = %v, want %v", raw, got, want)
		}
	}
}
