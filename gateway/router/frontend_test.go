package router_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

func TestFrontendServing(t *testing.T) {
	e := newEnv(t, envOptions{})
	tests := []struct {
		target    string
		wantCode  int
		wantBody  string
		wantCache string
	}{
		{"/", 200, indexHTML, "no-cache"},
		{"/index.html", 200, indexHTML, "no-cache"},
		{"/products/webhosting", 200, indexHTML, "no-cache"},
		{"/confirm/ABC-123?redirectResult=x", 200, indexHTML, "no-cache"},
		{"/main.3f2a1b9c7d6e5f40.js", 200, "console.log('main')", "public, max-age=31536000, immutable"},
		{"/flow/123.a1b2c3d4e5f6a7b8.js", 200, "chunk", "public, max-age=31536000, immutable"},
		{"/flow/remoteEntry.js", 200, "var flow", "no-cache"},
		{"/mf-manifest.json", 200, "{}", "no-cache"},
		{"/assets/logo.svg", 200, "<svg/>", "no-cache"},
		{"/assets/missing.js", 404, "", ""},
		{"/../../../etc/passwd", 200, indexHTML, "no-cache"},
		{"/healthz/extra", 404, "", ""},
	}
	for _, tt := range tests {
		rec := e.do(t, request{target: tt.target})
		if rec.Code != tt.wantCode {
			t.Fatalf("%s: status %d, want %d (%s)", tt.target, rec.Code, tt.wantCode, rec.Body)
		}
		if tt.wantBody != "" && rec.Body.String() != tt.wantBody {
			t.Fatalf("%s: body %q, want %q", tt.target, rec.Body, tt.wantBody)
		}
		if tt.wantCache != "" && rec.Header().Get("Cache-Control") != tt.wantCache {
			t.Fatalf("%s: Cache-Control %q, want %q", tt.target, rec.Header().Get("Cache-Control"), tt.wantCache)
		}
	}
	rec := e.do(t, request{target: "/cart"})
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("index content type %q", ct)
	}
	if cookieNamed(rec, "sid") != nil {
		t.Fatal("static pages must not set the session cookie (they may be cached)")
	}
	if rec := e.do(t, request{method: http.MethodPost, target: "/cart"}); rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST to a page: %d", rec.Code)
	}
}

func TestFrontendNotBuilt(t *testing.T) {
	e := newEnv(t, envOptions{staticDir: filepath.Join(t.TempDir(), "missing")})
	rec := e.do(t, request{target: "/"})
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "not built") || !strings.Contains(rec.Body.String(), "make build") {
		t.Fatalf("/: %d %s", rec.Code, rec.Body)
	}
	if rec := e.do(t, request{target: "/api/v2/countries"}); rec.Code != http.StatusOK {
		t.Fatalf("API without frontend: %d", rec.Code)
	}
}

// Scripts and styles carry only the headers that act on them; pages and images keep the document
// headers (an SVG opened on its own is a document).
func TestFrontendSubresourceHeaders(t *testing.T) {
	e := newEnv(t, envOptions{})
	documentHeaders := []string{"Content-Security-Policy", "X-Frame-Options", "Referrer-Policy"}
	for _, target := range []string{"/main.3f2a1b9c7d6e5f40.js", "/flow/remoteEntry.js"} {
		rec := e.do(t, request{target: target})
		if rec.Code != http.StatusOK || rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("%s: %d, nosniff %q", target, rec.Code, rec.Header().Get("X-Content-Type-Options"))
		}
		for _, name := range append(documentHeaders, "X-Request-Id") {
			if v := rec.Header().Get(name); v != "" {
				t.Errorf("%s: %s %q on a script", target, name, v)
			}
		}
	}
	// The page and the API keep the request id a visitor's report can be matched with.
	for _, target := range []string{"/", "/api/v2/countries"} {
		if rec := e.do(t, request{target: target}); rec.Header().Get("X-Request-Id") == "" {
			t.Errorf("%s: no X-Request-Id", target)
		}
	}
	for _, target := range []string{"/", "/cart", "/assets/logo.svg"} {
		rec := e.do(t, request{target: target})
		for _, name := range documentHeaders {
			if rec.Header().Get(name) == "" {
				t.Errorf("%s: no %s", target, name)
			}
		}
	}
}
