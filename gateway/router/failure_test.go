package router_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestReadyWhenCatalogServes(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/readyz"})
	if rec.Code != http.StatusOK || rec.Body.String() != `{"checks":{"cart":"SERVING","catalog":"SERVING","domain":"SERVING","promotion":"SERVING"},"status":"ok"}` {
		t.Fatalf("readyz: %d %s", rec.Code, rec.Body)
	}
}

func TestCatalogDown(t *testing.T) {
	e := newEnv(t, envOptions{catalogAddr: closedAddr(t)})

	if rec := e.do(t, request{target: "/healthz"}); rec.Code != http.StatusOK {
		t.Fatalf("healthz: %d %s", rec.Code, rec.Body)
	}
	// The gateway itself can serve: it stays in the load balancer and reports the missing backend.
	rec := e.do(t, request{target: "/readyz"})
	if rec.Code != http.StatusOK {
		t.Fatalf("readyz: %d %s", rec.Code, rec.Body)
	}
	body := decode(t, rec.Body.Bytes())
	if body["status"] != "degraded" || body["checks"].(map[string]any)["catalog"] != "UNAVAILABLE" {
		t.Fatalf("readyz body: %v", body)
	}
	for _, target := range []string{"/api/v2/categories", "/api/v2/brands/current", "/api/v2/zipcodes/10115"} {
		rec := e.do(t, request{target: target})
		if rec.Code != http.StatusServiceUnavailable || rec.Body.String() != `{"error":"error.service_unavailable","errors":{}}` {
			t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
		}
	}
	// The frontend still loads, so it can show the error.
	if rec := e.do(t, request{target: "/cart"}); rec.Code != http.StatusOK || rec.Body.String() != indexHTML {
		t.Fatalf("frontend with catalog down: %d %s", rec.Code, rec.Body)
	}
}

func TestCatalogErrorsAreMapped(t *testing.T) {
	tests := []struct {
		err      error
		wantCode int
		wantBody string
	}{
		{status.Error(codes.Unavailable, "overloaded"), 503, `{"error":"error.service_unavailable","errors":{}}`},
		{status.Error(codes.Internal, "pq: relation does not exist"), 500, `{"error":"error.something_went_wrong","errors":{}}`},
		{status.Error(codes.PermissionDenied, "admin.not_sales_agent"), 403, `{"error":"admin.not_sales_agent","errors":{}}`},
		{status.Error(codes.FailedPrecondition, "session.missing"), 422, `{"error":"session.missing","errors":{}}`},
	}
	for _, tt := range tests {
		e := newEnv(t, envOptions{})
		// Resolve the brand first; the failure then hits the route's own call.
		if rec := e.do(t, request{target: "/api/v2/brands/current"}); rec.Code != http.StatusOK {
			t.Fatalf("brand: %d", rec.Code)
		}
		e.fake.FailWith(tt.err)
		rec := e.do(t, request{target: "/api/v2/countries"})
		if rec.Code != tt.wantCode || rec.Body.String() != tt.wantBody {
			t.Fatalf("%v: %d %s, want %d %s", tt.err, rec.Code, rec.Body, tt.wantCode, tt.wantBody)
		}
	}
}

func TestUnknownAPIRouteIsJSON404(t *testing.T) {
	e := newEnv(t, envOptions{})
	for _, target := range []string{"/api/v2/nope", "/api/v1/whatever", "/api"} {
		rec := e.do(t, request{target: target})
		if rec.Code != http.StatusNotFound || rec.Body.String() != `{"error":"error.not_found","errors":{}}` {
			t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
		}
	}
}

// Metrics and the profiler live on the admin listener: the public port neither serves them nor
// hands their paths to the SPA.
func TestNoOperatorEndpointsOnThePublicPort(t *testing.T) {
	e := newEnv(t, envOptions{})
	for _, target := range []string{"/metrics", "/debug/pprof/", "/debug/pprof/goroutine"} {
		rec := e.do(t, request{target: target})
		if rec.Code == http.StatusOK || strings.Contains(rec.Body.String(), "goroutine") || strings.Contains(rec.Body.String(), "# HELP") {
			t.Fatalf("%s on the public port: %d %.200s", target, rec.Code, rec.Body)
		}
	}
}

// While the gateway drains for shutdown /readyz answers 503, so load balancers stop sending it new
// requests; the backends' states stay in the body.
func TestReadyzDrains(t *testing.T) {
	var draining atomic.Bool
	e := newEnv(t, envOptions{draining: &draining})
	if rec := e.do(t, request{target: "/readyz"}); rec.Code != http.StatusOK {
		t.Fatalf("readyz before draining: %d %s", rec.Code, rec.Body)
	}
	draining.Store(true)
	rec := e.do(t, request{target: "/readyz"})
	body := decode(t, rec.Body.Bytes())
	if rec.Code != http.StatusServiceUnavailable || body["status"] != "draining" || body["checks"].(map[string]any)["catalog"] != "SERVING" {
		t.Fatalf("readyz while draining: %d %s", rec.Code, rec.Body)
	}
}
