package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/gateway/router"
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
	// The availability route's deadline is the longer of the client deadline and the registry's
	// timeout plus the margin (gateway/router deadlines), so that a slow registry is answered
	// rather than cut off: the refusal comes within that deadline, not the client's.
	routeDeadline := router.Deadlines{Default: deadline}.For(http.MethodPost, router.APIPrefix+"/domain-availability")
	for i := range 3 {
		began := time.Now()
		code, _, body := b.availability("after.de")
		took := time.Since(began)
		if code != http.StatusServiceUnavailable || body["error"] != "error.service_unavailable" {
			t.Fatalf("availability %d with the domain service down: %d %v", i+1, code, body)
		}
		// The gateway's own work is small next to the deadline; two seconds of slack cover a busy CI
		// machine running the race detector.
		if took > routeDeadline+2*time.Second {
			t.Fatalf("availability %d took %v, want 503 within the route's %v deadline", i+1, took, routeDeadline)
		}
	}
}

// abusiveCalls is one more than the gateway's breaker threshold (GRPC_BREAKER_FAILURES, 5): sent
// in a row, they would open a breaker that counted them.
const abusiveCalls = 6

// others are three sessions of the shop besides the abusive one.
func others(t *testing.T, base string) []*browser {
	t.Helper()
	return []*browser{
		newBrowser(t, base, "hostwerk.localhost"),
		newBrowser(t, base, "hostwerk.localhost"),
		newBrowser(t, base, "alpenhost.localhost"),
	}
}

// One session sending a company's VAT id that starts with ı (which upper-cases to one byte
// fewer) crashed the customer service's VIES check: 500, and after five of them in a row the
// gateway's breaker took the customer routes away from every visitor. Each such form is refused
// at the field now, and three other sessions keep reading and saving their customer before and
// right after the six (while a breaker that had counted them would be open). The six go in a
// row: another session's success in between would reset a breaker's count of consecutive
// failures and hide the fault.
func TestStackMalformedVATIDIsolatesTheSession(t *testing.T) {
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	abuser := newBrowser(t, base, "hostwerk.localhost")
	rest := others(t, base)
	const malformed = `{"group":0,"gender":0,"first_name":"E","last_name":"M","email":"e@example.de","company_name":"X GmbH","company_vat_id":"ıX123"}`
	const valid = `{"group":0,"gender":1,"first_name":"Erika","last_name":"Mustermann","email":"erika@example.de","company_name":"Muster GmbH","company_vat_id":"DE123456789"}`
	othersServed := func(after string) {
		t.Helper()
		for i, b := range rest {
			if code, _, body := b.do(http.MethodGet, "/api/v2/session/customer", ""); code != http.StatusOK {
				t.Fatalf("session %d: GET /session/customer %s: %d %v", i+1, after, code, body)
			}
			if code, _, body := b.do(http.MethodPut, "/api/v2/session/basic-info", valid); code != http.StatusOK {
				t.Fatalf("session %d: PUT /session/basic-info %s: %d %v", i+1, after, code, body)
			}
		}
	}
	othersServed("before the malformed VAT ids")
	for i := range abusiveCalls {
		code, _, body := abuser.do(http.MethodPut, "/api/v2/session/basic-info", malformed)
		errs, _ := body["errors"].(map[string]any)
		if code != http.StatusBadRequest || body["error"] != "validation.failed" || firstKey(errs["company_vat_id"]) != "customer.vat_id_malformed" {
			t.Fatalf("malformed VAT id %d: %d %v, want 400 customer.vat_id_malformed at company_vat_id", i+1, code, body)
		}
	}
	othersServed(fmt.Sprintf("after %d malformed VAT ids", abusiveCalls))
	// The abusive session itself is not locked out either: a good form is saved.
	if code, _, body := abuser.do(http.MethodPut, "/api/v2/session/basic-info", valid); code != http.StatusOK {
		t.Fatalf("the same session's valid form: %d %v", code, body)
	}
}

// One session asking again and again for the transfer whose provider is down (the sandbox's
// T-503) is told so each time (503 domain.contract_transfer_unavailable), and the outage of that
// outside system does not open the gateway's breaker for the cart service: three other sessions'
// carts answer 200 before and right after six such requests in a row.
func TestStackTransferOutageIsolatesTheSession(t *testing.T) {
	// The six lookups go past the session's transfer budget; its 429s are another test's.
	t.Setenv("TRANSFER_RATELIMIT_SESSION", "off")
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	abuser := newBrowser(t, base, "hostwerk.localhost")
	rest := others(t, base)
	othersServed := func(after string) {
		t.Helper()
		for i, b := range rest {
			if code, _, body := b.do(http.MethodGet, "/api/v2/session/cart", ""); code != http.StatusOK {
				t.Fatalf("session %d: GET /session/cart %s: %d %v", i+1, after, code, body)
			}
		}
	}
	othersServed("before the transfer outage")
	for i := range abusiveCalls {
		code, _, body := abuser.do(http.MethodPost, "/api/v2/contract-transfer/T-503", "")
		if code != http.StatusServiceUnavailable || body["error"] != "domain.contract_transfer_unavailable" {
			t.Fatalf("transfer T-503 %d: %d %v, want 503 domain.contract_transfer_unavailable", i+1, code, body)
		}
	}
	othersServed(fmt.Sprintf("after %d transfer outages", abusiveCalls))
	if code, _, body := abuser.do(http.MethodGet, "/api/v2/session/cart", ""); code != http.StatusOK {
		t.Fatalf("the same session's cart: %d %v", code, body)
	}
}

// Sessions are created after the brand is known, live briefly until their cookie comes back, and
// one address starting sessions in a loop (no cookies) is refused with 429 and Retry-After once
// over its budget, while sessions that exist keep answering 200 (issue 21, finding 5).
func TestStackNewSessionBudgetIsolatesTheLoop(t *testing.T) {
	t.Setenv("SESSION_NEW_RATELIMIT_IP", "5/1m/5")
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	others := []*browser{newBrowser(t, base, "hostwerk.localhost"), newBrowser(t, base, "alpenhost.localhost")}
	cookieless := func(host string) (int, string, string) {
		req, err := http.NewRequest(http.MethodGet, base+"/api/v2/config", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode, resp.Header.Get("Retry-After"), resp.Header.Get("Set-Cookie")
	}
	// A host without a brand gets no session at all.
	if code, _, cookie := cookieless("nobrand.localhost"); code != http.StatusNotFound || strings.Contains(cookie, "sid=") {
		t.Fatalf("unknown host: %d, cookie %q", code, cookie)
	}
	refused := 0
	for range 12 {
		code, retry, _ := cookieless("hostwerk.localhost")
		switch code {
		case http.StatusOK:
		case http.StatusTooManyRequests:
			refused++
			if retry == "" || retry == "0" {
				t.Fatalf("429 without Retry-After")
			}
		default:
			t.Fatalf("cookieless request: %d", code)
		}
		for _, b := range others {
			if code, _, body := b.do(http.MethodGet, "/api/v2/session/cart", ""); code != http.StatusOK {
				t.Fatalf("an existing session during the loop: %d %v", code, body)
			}
		}
	}
	if refused == 0 {
		t.Fatal("twelve new sessions from one address in a row were all created")
	}
}
