package router

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
)

// A handler panic is a bug of that request: answered 500 with the generic key, logged with its
// stack, counted in http.server.panics by route; the next request is served as usual.
func TestRecoveryLogsStackAndCountsPanics(t *testing.T) {
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	var logs bytes.Buffer
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	engine.Use(recovery(slog.New(slog.NewJSONHandler(&logs, nil)), mp))
	engine.GET("/boom/:id", func(c *gin.Context) {
		if c.Param("id") == "bad" {
			var byID map[string]int
			//lint:ignore SA5000 the nil-map write is the real bug the test recovers from
			byID[c.Param("id")]++
		}
		c.String(http.StatusOK, "ok")
	})
	for i, tt := range []struct {
		path string
		code int
		body string
	}{
		{"/boom/bad", 500, `{"error":"error.something_went_wrong","errors":{}}`},
		{"/boom/bad", 500, `{"error":"error.something_went_wrong","errors":{}}`},
		{"/boom/good", 200, "ok"},
	} {
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
		if rec.Code != tt.code || rec.Body.String() != tt.body {
			t.Fatalf("request %d %s: %d %s, want %d %s", i+1, tt.path, rec.Code, rec.Body, tt.code, tt.body)
		}
	}
	if out := logs.String(); strings.Count(out, "panic in http handler") != 2 || !strings.Contains(out, "goroutine") ||
		!strings.Contains(out, "recovery_test.go") || !strings.Contains(out, `"http.route":"/boom/:id"`) {
		t.Errorf("panics not logged with their stacks and route: %s", out)
	}

	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	want := attribute.NewSet(attribute.String("http.route", "/boom/:id"))
	var panics int64
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if d, ok := m.Data.(metricdata.Sum[int64]); ok && m.Name == "http.server.panics" {
				for _, dp := range d.DataPoints {
					if dp.Attributes.Equals(&want) {
						panics += dp.Value
					}
				}
			}
		}
	}
	if panics != 2 {
		t.Errorf("http.server.panics = %d, want 2", panics)
	}
}
