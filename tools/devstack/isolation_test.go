package main

import (
	"net/http"
	"testing"
	"time"
)

// overBudgetCalls is more than the gateway's breaker threshold (GRPC_BREAKER_FAILURES, 5): if
// rate-limit answers counted as backend failures, the breaker would be open after these.
const overBudgetCalls = 12

// One session that spends its domain-availability budget gets 429 with Retry-After, again and
// again; every other session of the shop keeps getting 200 through the same gateway connection.
func TestStackDomainRateLimitIsolatesTheSession(t *testing.T) {
	t.Setenv("DOMAIN_RATELIMIT_SESSION", "3/1m/3")
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	eager := newBrowser(t, base, "hostwerk.localhost")
	for i := range 3 {
		if code, _, body := eager.availability("budget.de"); code != http.StatusOK {
			t.Fatalf("check %d within the budget: %d %v", i+1, code, body)
		}
	}
	for i := range overBudgetCalls {
		code, header, body := eager.availability("budget.de")
		if code != http.StatusTooManyRequests || body["error"] != "domain.too_many_requests" {
			t.Fatalf("check %d over the budget: %d %v", i+1, code, body)
		}
		if ra := header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Fatalf("Retry-After = %q", ra)
		}
	}
	// TLD lists never reach the registry and stay open for the eager session too.
	if code, _, _ := eager.do(http.MethodGet, "/api/v2/domains", ""); code != http.StatusOK {
		t.Fatalf("/domains after the limit: %d", code)
	}
	for _, host := range []string{"hostwerk.localhost", "alpenhost.localhost"} {
		if code, _, body := newBrowser(t, base, host).availability("budget.de", "other.de"); code != http.StatusOK {
			t.Fatalf("another session (%s) after %d refusals of the first: %d %v", host, overBudgetCalls, code, body)
		}
	}
}

// The same for promotion-code lookups: one session guessing codes is refused with 429 while
// another session looks up a real code (200) and a wrong one (404, not 503).
func TestStackPromotionCodeRateLimitIsolatesTheSession(t *testing.T) {
	t.Setenv("PROMOTION_RATELIMIT_SESSION", "3/1m/3")
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	guesser := newBrowser(t, base, "hostwerk.localhost")
	for i := range 3 {
		if code, _, body := guesser.do(http.MethodGet, "/api/v2/promotions/GUESS"+string(rune('A'+i)), ""); code != http.StatusNotFound {
			t.Fatalf("guess %d within the budget: %d %v", i+1, code, body)
		}
	}
	for i := range overBudgetCalls {
		code, header, body := guesser.do(http.MethodGet, "/api/v2/promotions/GUESSX", "")
		if code != http.StatusTooManyRequests || header.Get("Retry-After") == "" {
			t.Fatalf("guess %d over the budget: %d %v", i+1, code, body)
		}
	}
	other := newBrowser(t, base, "hostwerk.localhost")
	if code, _, body := other.do(http.MethodGet, "/api/v2/promotions/welcome10", ""); code != http.StatusOK || body["code"] != "WELCOME10" {
		t.Fatalf("another session's real code after %d refusals of the first: %d %v", overBudgetCalls, code, body)
	}
	if code, _, body := other.do(http.MethodGet, "/api/v2/promotions/NOPE", ""); code != http.StatusNotFound || body["error"] != "confirm.manual_promotion_not_found" {
		t.Fatalf("another session's unknown code: %d %v", code, body)
	}
	if code, _, body := other.do(http.MethodGet, "/api/v2/promotions", ""); code != http.StatusOK {
		t.Fatalf("promotion list: %d %v", code, body)
	}
}

// A backend that goes away takes only its own routes with it: /readyz stays 200 and names it, the
// other services' routes keep working, and its routes answer 503 within the client deadline.
func TestStackOneBackendDown(t *testing.T) {
	const deadline = time.Second
	t.Setenv("GRPC_CLIENT_TIMEOUT", deadline.String())
	st := startStackHandle(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	b := newBrowser(t, st.base, "hostwerk.localhost")
	if code, _, body := b.availability("before.de"); code != http.StatusOK {
		t.Fatalf("availability before the stop: %d %v", code, body)
	}
	if err := st.stop("domain"); err != nil {
		t.Fatal(err)
	}

	code, _, body := b.do(http.MethodGet, "/readyz", "")
	checks, _ := body["checks"].(map[string]any)
	if code != http.StatusOK || body["status"] != "degraded" || checks["domain"] == "SERVING" || checks["catalog"] != "SERVING" {
		t.Fatalf("readyz with the domain service down: %d %v", code, body)
	}
	for _, path := range []string{"/api/v2/brands/current", "/api/v2/categories", "/api/v2/promotions", "/api/v2/session/cart"} {
		if code, _, body := b.do(http.MethodGet, path, ""); code != http.StatusOK {
			t.Errorf("%s with the domain service down: %d %v", path, code, body)
		}
	}
	for i := range 3 {
		began := time.Now()
		code, _, body := b.availability("after.de")
		took := time.Since(began)
		if code != http.StatusServiceUnavailable || body["error"] != "error.service_unavailable" {
			t.Fatalf("availability %d with the domain service down: %d %v", i+1, code, body)
		}
		// The gateway's own work is small next to the deadline; two seconds of slack cover a busy CI
		// machine running the race detector.
		if took > deadline+2*time.Second {
			t.Fatalf("availability %d took %v, want 503 within the %v deadline", i+1, took, deadline)
		}
	}
}
