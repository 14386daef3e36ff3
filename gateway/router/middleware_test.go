package router_test

import (
	"encoding/base64"
	"net/http"
	"testing"
)

func TestBrandByHost(t *testing.T) {
	e := newEnv(t, envOptions{})
	tests := []struct {
		host   string
		wantID float64
	}{
		{"shop.hostwerk.de", 1},
		{"shop.alpenhost.at:443", 2},
		{"alpenhost.localhost:8080", 2},
		{"hostwerk.localhost", 1},
		{"localhost:8080", 1},
		{"127.0.0.1:8080", 1},
	}
	for _, tt := range tests {
		rec := e.do(t, request{target: "/api/v2/brands/current", host: tt.host})
		if rec.Code != http.StatusOK || decode(t, rec.Body.Bytes())["id"] != tt.wantID {
			t.Fatalf("host %s: %d %s, want brand %v", tt.host, rec.Code, rec.Body, tt.wantID)
		}
	}
	for _, host := range []string{"shop.unknown.example", "nope.localhost", "shop.hidden.example"} {
		rec := e.do(t, request{target: "/api/v2/categories", host: host})
		if rec.Code != http.StatusNotFound || rec.Body.String() != `{"error":"brand.not_found","errors":{}}` {
			t.Fatalf("host %s: %d %s", host, rec.Code, rec.Body)
		}
	}
	if n := len(e.fake.CallsTo("ListCategories")); n != 0 {
		t.Fatalf("catalog served categories for an unknown brand (%d calls)", n)
	}
}

func TestSessionAndBrandReachCatalogAsMetadata(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{
		target: "/api/v2/categories", host: "shop.alpenhost.at",
		header: map[string]string{"X-Request-Id": "req-abc.123"},
	})
	sid := cookieNamed(rec, "sid")
	if rec.Code != http.StatusOK || sid == nil {
		t.Fatalf("status %d, sid %v", rec.Code, sid)
	}
	if got := rec.Header().Get("X-Request-Id"); got != "req-abc.123" {
		t.Fatalf("request id echoed as %q", got)
	}
	calls := e.fake.CallsTo("ListCategories")
	if len(calls) != 1 {
		t.Fatalf("%d calls", len(calls))
	}
	v := calls[0].Values
	if v.SessionID != e.sessionID(t, sid.Value) || v.SessionID == sid.Value || v.BrandID != 2 || v.RequestID != "req-abc.123" {
		t.Fatalf("catalog got %+v, want session %s, brand 2, request id req-abc.123", v, sid.Value)
	}

	// An unsafe request id is replaced, not forwarded into every service's logs.
	rec = e.do(t, request{target: "/api/v2/countries", header: map[string]string{"X-Request-Id": "bad id\n"}})
	got := rec.Header().Get("X-Request-Id")
	if got == "" || got == "bad id\n" {
		t.Fatalf("request id %q", got)
	}
	if c := e.fake.CallsTo("ListCountries"); c[0].Values.RequestID != got {
		t.Fatalf("catalog saw request id %q, response says %q", c[0].Values.RequestID, got)
	}
}

func TestSessionCookieAttributes(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/countries"})
	sid := cookieNamed(rec, "sid")
	if sid == nil {
		t.Fatal("no session cookie")
	}
	raw, err := base64.RawURLEncoding.DecodeString(sid.Value)
	if err != nil || len(raw)*8 < 128 {
		t.Fatalf("session token %q carries %d bits (err %v), want at least 128", sid.Value, len(raw)*8, err)
	}
	if !sid.HttpOnly || sid.SameSite != http.SameSiteLaxMode || sid.Path != "/" || sid.Secure {
		t.Fatalf("cookie attributes: %+v", sid)
	}

	other := cookieNamed(e.do(t, request{target: "/api/v2/countries"}), "sid")
	if other == nil || other.Value == sid.Value {
		t.Fatal("two browsers got the same session id")
	}

	// The browser sends its cookie back: it is kept, not reissued.
	rec = e.do(t, request{target: "/api/v2/countries", cookies: []*http.Cookie{{Name: "sid", Value: sid.Value}}})
	if cookieNamed(rec, "sid") != nil {
		t.Fatal("existing session cookie was replaced")
	}
	calls := e.fake.CallsTo("ListCountries")
	if calls[len(calls)-1].Values.SessionID != e.sessionID(t, sid.Value) {
		t.Fatal("existing session id not forwarded")
	}

	// Over TLS the cookie is Secure.
	if c := cookieNamed(e.do(t, request{target: "/api/v2/countries", tls: true}), "sid"); c == nil || !c.Secure {
		t.Fatalf("cookie over TLS: %+v", c)
	}
	// A client's X-Forwarded-Proto means nothing without a trusted proxy.
	rec = e.do(t, request{target: "/api/v2/countries", header: map[string]string{"X-Forwarded-Proto": "https"}})
	if c := cookieNamed(rec, "sid"); c == nil || c.Secure {
		t.Fatalf("untrusted X-Forwarded-Proto made the cookie Secure: %+v", c)
	}
}

func TestSessionCookieSecureBehindTrustedProxy(t *testing.T) {
	// httptest requests come from 192.0.2.1.
	e := newEnv(t, envOptions{trustedProxies: []string{"192.0.2.0/24"}})
	rec := e.do(t, request{target: "/api/v2/countries", header: map[string]string{"X-Forwarded-Proto": "https"}})
	if c := cookieNamed(rec, "sid"); c == nil || !c.Secure {
		t.Fatalf("cookie behind TLS-terminating proxy: %+v", c)
	}
	if rec.Header().Get("Strict-Transport-Security") == "" {
		t.Fatal("no HSTS over HTTPS")
	}
	rec = e.do(t, request{target: "/api/v2/countries"})
	if c := cookieNamed(rec, "sid"); c == nil || c.Secure {
		t.Fatalf("plain HTTP through the proxy: %+v", c)
	}
}

func TestMalformedSessionCookieIsReplaced(t *testing.T) {
	e := newEnv(t, envOptions{})
	long := make([]byte, 5000)
	for i := range long {
		long[i] = 'a'
	}
	for _, bad := range []string{"abc", string(long), "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"} {
		rec := e.do(t, request{target: "/api/v2/countries", cookies: []*http.Cookie{{Name: "sid", Value: bad}}})
		fresh := cookieNamed(rec, "sid")
		if fresh == nil || fresh.Value == bad {
			t.Fatalf("cookie %.10q not replaced", bad)
		}
		calls := e.fake.CallsTo("ListCountries")
		if calls[len(calls)-1].Values.SessionID != e.sessionID(t, fresh.Value) {
			t.Fatal("catalog did not get the replacement id")
		}
	}
}

func TestCSRFDoubleSubmit(t *testing.T) {
	e := newEnv(t, envOptions{})
	first := e.do(t, request{target: "/api/v2/brands/current"})
	sid, xsrf := cookieNamed(first, "sid"), cookieNamed(first, "XSRF-TOKEN")
	if xsrf == nil || xsrf.HttpOnly || xsrf.SameSite != http.SameSiteLaxMode || xsrf.Path != "/" {
		t.Fatalf("XSRF-TOKEN cookie must be readable by the frontend: %+v", xsrf)
	}
	wrong := []byte(xsrf.Value)
	wrong[0] ^= 1 // still base64url, but another token
	const body = `{"code":"en-GB"}`
	const forbidden = `{"error":"error.csrf_token_invalid","errors":{}}`
	cases := []struct {
		name    string
		cookies []*http.Cookie
		header  map[string]string
		want    int
	}{
		{"no header", []*http.Cookie{sid, xsrf}, nil, http.StatusForbidden},
		{"wrong header", []*http.Cookie{sid, xsrf}, map[string]string{"X-XSRF-TOKEN": string(wrong)}, http.StatusForbidden},
		{"header without cookie", []*http.Cookie{sid}, map[string]string{"X-XSRF-TOKEN": xsrf.Value}, http.StatusForbidden},
		{"matching token", []*http.Cookie{sid, xsrf}, map[string]string{"X-XSRF-TOKEN": xsrf.Value}, http.StatusOK},
	}
	for _, tc := range cases {
		rec := e.do(t, request{method: http.MethodPut, target: "/api/v2/session/locale", body: body, cookies: tc.cookies, header: tc.header})
		if rec.Code != tc.want {
			t.Fatalf("%s: %d %s, want %d", tc.name, rec.Code, rec.Body, tc.want)
		}
		if tc.want == http.StatusForbidden && rec.Body.String() != forbidden {
			t.Fatalf("%s: body %s", tc.name, rec.Body)
		}
	}
	if n := len(e.fake.CallsTo("SetSessionLocale")); n != 1 {
		t.Fatalf("catalog got %d writes, want only the one with a valid token", n)
	}
	// The token stays stable while the cookie is valid, so open tabs keep working.
	rec := e.do(t, request{target: "/api/v2/countries", cookies: []*http.Cookie{sid, xsrf}})
	if cookieNamed(rec, "XSRF-TOKEN") != nil {
		t.Fatal("valid XSRF-TOKEN was reissued")
	}
}

// A mutation carrying another site's Origin (or Referer) is refused even with a valid token
// (issue 14: defence in depth); the brand's own origin, or neither header, passes to the token check.
func TestSameOriginMutations(t *testing.T) {
	e := newEnv(t, envOptions{})
	first := e.do(t, request{target: "/api/v2/brands/current"})
	sid, xsrf := cookieNamed(first, "sid"), cookieNamed(first, "XSRF-TOKEN")
	cases := []struct {
		name   string
		header map[string]string
		tls    bool
		want   int
	}{
		{"own origin", map[string]string{"Origin": "http://shop.hostwerk.de"}, false, http.StatusOK},
		{"own origin over TLS", map[string]string{"Origin": "https://shop.hostwerk.de"}, true, http.StatusOK},
		{"own referer", map[string]string{"Referer": "http://shop.hostwerk.de/confirm?x=1"}, false, http.StatusOK},
		{"neither header", nil, false, http.StatusOK},
		{"other site", map[string]string{"Origin": "http://evil.example"}, false, http.StatusForbidden},
		{"other brand", map[string]string{"Origin": "http://shop.alpenhost.at"}, false, http.StatusForbidden},
		{"lookalike subdomain", map[string]string{"Origin": "http://shop.hostwerk.de.evil.example"}, false, http.StatusForbidden},
		{"plain http page posting to the TLS site", map[string]string{"Origin": "http://shop.hostwerk.de"}, true, http.StatusForbidden},
		{"opaque origin", map[string]string{"Origin": "null"}, false, http.StatusForbidden},
		{"other site's referer", map[string]string{"Referer": "http://evil.example/shop.hostwerk.de"}, false, http.StatusForbidden},
		{"origin wins over referer", map[string]string{"Origin": "http://evil.example", "Referer": "http://shop.hostwerk.de/"}, false, http.StatusForbidden},
	}
	writes := 0
	for _, tc := range cases {
		header := map[string]string{"X-XSRF-TOKEN": xsrf.Value}
		for k, v := range tc.header {
			header[k] = v
		}
		rec := e.do(t, request{method: http.MethodPut, target: "/api/v2/session/locale", body: `{"code":"en-GB"}`, cookies: []*http.Cookie{sid, xsrf}, header: header, tls: tc.tls})
		if rec.Code != tc.want {
			t.Errorf("%s: %d %s, want %d", tc.name, rec.Code, rec.Body, tc.want)
		}
		if tc.want == http.StatusOK {
			writes++
		}
	}
	if n := len(e.fake.CallsTo("SetSessionLocale")); n != writes {
		t.Fatalf("catalog got %d writes, want %d", n, writes)
	}
	// Reads are not affected: a cross-site GET changes nothing.
	if rec := e.do(t, request{target: "/api/v2/countries", cookies: []*http.Cookie{sid, xsrf}, header: map[string]string{"Origin": "http://evil.example"}}); rec.Code != http.StatusOK {
		t.Fatalf("cross-site read: %d", rec.Code)
	}
}

func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t, envOptions{})
	for _, target := range []string{"/api/v2/countries", "/", "/products/webhosting"} {
		rec := e.do(t, request{target: target})
		h := rec.Header()
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" ||
			h.Get("Referrer-Policy") == "" || h.Get("Content-Security-Policy") == "" {
			t.Fatalf("%s: security headers missing: %v", target, h)
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Fatalf("%s: HSTS over plain HTTP", target)
		}
	}
}

// The SPA's runtime configuration is answered under the API, uncached.
func TestSPAConfig(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/config"})
	if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "no-store" ||
		rec.Body.String() != `{"env":"local","release":"","error_reporting_dsn":"","sample_rate":1,"flash_message":null}` {
		t.Fatalf("%d %v %s", rec.Code, rec.Header(), rec.Body)
	}
}
