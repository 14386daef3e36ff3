package admin_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/admin"
	"github.com/hostcart/checkout/libs/go/platform/telemetry"
)

func TestServesMetricsProfilerAndLiveness(t *testing.T) {
	shutdown, err := telemetry.Setup(context.Background(), telemetry.Config{ServiceName: "admin-test", MetricsExporter: "prometheus"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = shutdown(context.Background()) })

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- admin.Serve(ctx, lis, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	base := "http://" + lis.Addr().String()
	for path, want := range map[string]string{
		"/metrics":                       "target_info",
		"/debug/pprof/goroutine?debug=1": "goroutine profile",
		"/healthz":                       `{"status":"ok"}`,
	} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
			t.Errorf("GET %s: %d, body without %q: %.200s", path, resp.StatusCode, want, body)
		}
	}
}
