package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostcart/checkout/gateway/paymentapi"
	"github.com/hostcart/checkout/gateway/router"
)

// Issue 21's isolation tests for outside systems and the SMS resend (the rest are
// isolation_test.go and ratelimit_test.go): one session waits on a slow or broken outside system,
// or abuses a route, while three other sessions' requests keep answering 200 throughout, and no
// breaker of the gateway opens. The tests run with GRPC_BREAKER_FAILURES=1 (and a long
// GRPC_BREAKER_OPEN_FOR), so a single backend failure the gateway counted would leave its breaker
// open and the sessions' next requests refused: 200s right after the abuse show none was counted.

// request is one call a session keeps sending.
type request struct{ method, path, body string }

// try sends one request like do, without failing the test: for the sessions' own goroutines.
func (b *browser) try(r request) (int, error) {
	req, err := http.NewRequest(r.method, b.base+r.path, strings.NewReader(r.body))
	if err != nil {
		return 0, err
	}
	req.Host = b.host
	for _, c := range b.cookies {
		req.AddCookie(c)
	}
	if r.method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
		if c := b.cookies["XSRF-TOKEN"]; c != nil {
			req.Header.Set("X-XSRF-TOKEN", c.Value)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		b.cookies[c.Name] = c
	}
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", r.method, r.path, resp.StatusCode, raw)
	}
	return resp.StatusCode, nil
}

// served is a session and the requests it keeps sending.
type served struct {
	b    *browser
	reqs []request
}

// roundEvery paces the sessions' rounds: steady traffic beside the abuse, not a flood of its own.
const roundEvery = 50 * time.Millisecond

// keepServed has each session send its requests in rounds, each round one after the other, until
// the returned stop is called; stop then sends one more round of each session (right after the
// abuse), fails the test for every answer other than 200, and answers the fewest rounds a session
// finished meanwhile (how long the abuse's window was, counted in the others' rounds).
func keepServed(t *testing.T, sessions []served) (stop func() (fewest int)) {
	t.Helper()
	done := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures []string
	rounds := make([]int, len(sessions))
	for i, s := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(roundEvery)
			defer tick.Stop()
			for {
				for _, r := range s.reqs {
					if _, err := s.b.try(r); err != nil {
						mu.Lock()
						failures = append(failures, fmt.Sprintf("session %d during the abuse: %v", i+1, err))
						mu.Unlock()
					}
				}
				rounds[i]++
				select {
				case <-done:
					return
				case <-tick.C:
				}
			}
		}()
	}
	return func() int {
		t.Helper()
		close(done)
		wg.Wait()
		for i, s := range sessions {
			for _, r := range s.reqs {
				if _, err := s.b.try(r); err != nil {
					failures = append(failures, fmt.Sprintf("session %d right after the abuse: %v", i+1, err))
				}
			}
		}
		for i, f := range failures {
			if i == 10 {
				t.Errorf("… and %d more answers other than 200", len(failures)-i)
				break
			}
			t.Error(f)
		}
		if len(failures) > 0 {
			t.FailNow()
		}
		return slices.Min(rounds)
	}
}

// countedFailuresOpenTheBreaker makes the gateway's breakers open on the first failure they count
// and stay open for the rest of the test.
func countedFailuresOpenTheBreaker(t *testing.T) {
	t.Setenv("GRPC_BREAKER_FAILURES", "1")
	t.Setenv("GRPC_BREAKER_OPEN_FOR", "10m")
}

// routeSlack covers the gateway's own work next to a route's deadline on a busy CI machine running
// the race detector.
const routeSlack = 2 * time.Second

// Issue 21, finding 6: with VIES slower than the basic-info route's deadline (the sandbox answers
// an hour late), a company saving its form with a foreign VAT id gets it saved within that
// deadline, the id unchecked (status unavailable, notice customer.vat_id_unchecked, normal VAT),
// while three other sessions' cart, config and basic info (without a VAT id, so no VIES) keep
// answering 200 throughout; afterwards the gateway's breaker for the customer service is closed:
// every customer route answers.
func TestStackSlowVIESIsolatesTheSession(t *testing.T) {
	t.Setenv("VIES_SANDBOX_LATENCY", "1h")
	countedFailuresOpenTheBreaker(t)
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	company := newBrowser(t, base, "hostwerk.localhost")
	const plain = `{"group":1,"gender":1,"first_name":"Erika","last_name":"Muster","email":"erika@example.org"}`
	var rest []served
	for _, b := range others(t, base) {
		rest = append(rest, served{b, []request{
			{http.MethodGet, "/api/v2/session/cart", ""},
			{http.MethodGet, "/api/v2/config", ""},
			{http.MethodPut, "/api/v2/session/basic-info", plain},
		}})
	}
	deadline := router.Deadlines{}.For(http.MethodPut, router.APIPrefix+"/session/basic-info")

	stop := keepServed(t, rest)
	began := time.Now()
	code, _, body := company.do(http.MethodPut, "/api/v2/session/basic-info",
		`{"group":0,"gender":1,"first_name":"Lukas","last_name":"Gruber","company_name":"Gruber Bau KG","company_vat_id":"ATU 1234 5678","email":"office@gruber.example"}`)
	took := time.Since(began)
	if rounds := stop(); rounds < 2 {
		t.Fatalf("the other sessions finished %d rounds while the company waited %v, want them served meanwhile", rounds, took)
	}

	notices, _ := body["notices"].([]any)
	if code != http.StatusOK || len(notices) != 1 || notices[0].(map[string]any)["key"] != "customer.vat_id_unchecked" {
		t.Fatalf("basic info with VIES slower than the route: %d %v, want 200 with customer.vat_id_unchecked", code, body)
	}
	if took > deadline+routeSlack {
		t.Fatalf("basic info took %v, want the answer within the route's %v deadline", took, deadline)
	}
	code, _, body = company.do(http.MethodGet, "/api/v2/session/customer", "")
	c := customerOf(t, body)
	check, _ := c["vat_id_check"].(map[string]any)
	if code != http.StatusOK || basicInfoOf(t, body)["company_vat_id"] != "ATU12345678" || check["status"] != "unavailable" {
		t.Fatalf("the company's saved form: %d %v, want the id saved and its check unavailable", code, body)
	}
	if code, _, body := company.do(http.MethodGet, "/api/v2/session/vat", ""); code != http.StatusOK || body["reverse_charge"] == true {
		t.Fatalf("VAT of an unchecked id: %d %v, want normal VAT", code, body)
	}
	// The breaker for the customer service: closed, for the company and for a new session.
	if code, _, body := company.do(http.MethodPut, "/api/v2/session/address-info", `{"street":"Ring 1","postal_code":"1010","city":"Wien","country_code":"AT","phone":"+43 1 58801"}`); code != http.StatusOK {
		t.Fatalf("the company's address after the slow check: %d %v", code, body)
	}
	fresh := newBrowser(t, base, "alpenhost.localhost")
	if code, _, body := fresh.do(http.MethodGet, "/api/v2/session/customer", ""); code != http.StatusOK {
		t.Fatalf("a new session's customer after the slow check: %d %v", code, body)
	}
}

// cardProvider is a card provider on the Checkout API's paths that never answers (it holds each
// request until the caller gives up) and is gone once closed.
type cardProvider struct {
	server *httptest.Server
	asked  atomic.Int32
}

func startCardProvider(t *testing.T) *cardProvider {
	p := &cardProvider{}
	gone := make(chan struct{})
	p.server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.asked.Add(1)
		// The server notices the caller hanging up only once the body is read.
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-gone:
		}
	}))
	t.Cleanup(func() {
		close(gone)
		p.server.Close()
	})
	return p
}

// The card provider slow beyond every deadline, then down (issue 21): one visitor's
// POST /{card-provider}/create-payment answers 503 error.service_unavailable naming the
// card-provider within the route's deadline, each time, while three other sessions' cart, config,
// basic info and the payment service's other routes (payment types, the session's payment option)
// keep answering 200 throughout; no breaker of the gateway opens.
func TestStackCardProviderOutageIsolatesTheSession(t *testing.T) {
	provider := startCardProvider(t)
	t.Setenv("CARD_PROVIDER", "adyen")
	t.Setenv("ADYEN_URL", provider.server.URL)
	t.Setenv("ADYEN_API_KEY", "devstack-test")
	t.Setenv("ADYEN_MERCHANT_ACCOUNT", "DevstackTest")
	// Six attempts in a row go past the session's payment budget; its 429s are another test's.
	t.Setenv("PAYMENT_RATELIMIT_SESSION", "off")
	countedFailuresOpenTheBreaker(t)
	st := startStackHandle(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	const berlin = `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`
	visitor := readySession(t, st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
	if code, _, body := visitor.do(http.MethodPut, "/api/v2/session/payment", `{"type":"adyen-scheme"}`); code != http.StatusOK {
		t.Fatalf("choose card: %d %v", code, body)
	}
	const plain = `{"group":1,"gender":1,"first_name":"Erika","last_name":"Muster","email":"erika@example.org"}`
	var rest []served
	for _, b := range others(t, st.base) {
		rest = append(rest, served{b, []request{
			{http.MethodGet, "/api/v2/session/cart", ""},
			{http.MethodGet, "/api/v2/config", ""},
			{http.MethodPut, "/api/v2/session/basic-info", plain},
			{http.MethodGet, "/api/v2/payment-types", ""},
			{http.MethodGet, "/api/v2/session/payment", ""},
		}})
	}
	deadline := router.Deadlines{}.For(http.MethodPost, router.APIPrefix+"/:"+paymentapi.ProviderParam+"/create-payment")
	pay := func(what, key string) {
		t.Helper()
		began := time.Now()
		code, _, body := visitor.post("/api/v2/adyen/create-payment", key, `{"payment_method":{"type":"scheme","number":"4111111111111111"}}`)
		took := time.Since(began)
		t.Logf("create-payment, provider %s: %d in %v", what, code, took.Round(time.Millisecond))
		params, _ := body["params"].(map[string]any)
		if code != http.StatusServiceUnavailable || body["error"] != "error.service_unavailable" || params["dependency"] != "card-provider" {
			t.Fatalf("create-payment, provider %s: %d %v, want 503 error.service_unavailable naming card-provider", what, code, body)
		}
		if took > deadline+routeSlack {
			t.Fatalf("create-payment, provider %s: took %v, want the answer within the route's %v deadline", what, took, deadline)
		}
	}

	stop := keepServed(t, rest)
	pay("slow", "slow-1")
	if rounds := stop(); rounds < 2 {
		t.Fatalf("the other sessions finished %d rounds while the visitor waited for the slow provider, want them served meanwhile", rounds)
	}
	if provider.asked.Load() == 0 {
		t.Fatal("the provider was never asked")
	}

	provider.server.Close()
	stop = keepServed(t, rest)
	for i := range abusiveCalls {
		pay("down", fmt.Sprintf("down-%d", i+1))
	}
	stop()
	// The visitor keeps every route that needs no provider.
	for _, path := range []string{"/api/v2/session/payment", "/api/v2/payment-types", "/api/v2/session/cart", "/api/v2/session/customer"} {
		if code, _, body := visitor.do(http.MethodGet, path, ""); code != http.StatusOK {
			t.Fatalf("the visitor's %s after the provider's outage: %d %v", path, code, body)
		}
	}
}

// One session hammering the SMS resend of its order (each resend a paid SMS) gets 429
// order.sms_rate_limited with Retry-After once its budget is spent, again and again, more times in
// a row than the gateway's breaker threshold; three other sessions, one of them waiting for its
// own order's SMS code, keep answering 200 throughout, and that one's resend and validation go
// through right after.
func TestStackSMSResendLimitIsolatesTheSession(t *testing.T) {
	t.Setenv("ORDER_SMS_RATELIMIT_SESSION", "2/1m/2")
	// Every session of the test comes from loopback: one address. The per-address budget is not
	// what this test is about.
	t.Setenv("ORDER_SMS_RATELIMIT_IP", "off")
	countedFailuresOpenTheBreaker(t)
	st := startStackHandle(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	const vienna = `{"street":"Ring 1","postal_code":"1010","city":"Wien","country_code":"AT","phone":"+43 1 58801"}`
	awaiting := func(key string) (*browser, string) {
		t.Helper()
		b := readySession(t, st, "alpenhost.localhost", 2001, vienna, "AT61 1904 3002 3457 3201", "BKAUATWW")
		code, placed := b.withKey("/api/v2/orders", key, `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if code != http.StatusOK || order["status"] != "awaiting_sms" {
			t.Fatalf("order awaiting its SMS code: %d %v", code, placed)
		}
		return b, order["order_id"].(string)
	}
	abuser, abusersOrder := awaiting("sms-abuser")
	waiting, waitingOrder := awaiting("sms-waiting")
	plain := others(t, st.base)[:2]
	reads := []request{{http.MethodGet, "/api/v2/session/cart", ""}, {http.MethodGet, "/api/v2/config", ""}}
	stop := keepServed(t, []served{
		{waiting, append([]request{{http.MethodGet, "/api/v2/orders/" + waitingOrder, ""}}, reads...)},
		{plain[0], reads},
		{plain[1], reads},
	})
	for i := range 2 {
		if code, _, body := abuser.do(http.MethodPost, "/api/v1/"+abusersOrder+"/sms", ""); code != http.StatusOK || body["sent"] != true {
			t.Fatalf("resend %d within the budget: %d %v", i+1, code, body)
		}
	}
	for i := range overBudgetCalls {
		code, header, body := abuser.do(http.MethodPost, "/api/v1/"+abusersOrder+"/sms", "")
		refusedWithRetry(t, fmt.Sprintf("resend %d over the budget", i+1), code, header, body, "order.sms_rate_limited")
	}
	stop()

	if code, _, body := waiting.do(http.MethodPost, "/api/v1/"+waitingOrder+"/sms", ""); code != http.StatusOK || body["sent"] != true {
		t.Fatalf("the waiting session's resend after the abuse: %d %v", code, body)
	}
	code, body := waiting.withKey("/api/v2/orders/"+waitingOrder+"/validate", "", `{"smsCode":"`+lastSMSCode(t)+`","method":"sms"}`)
	if order, _ := body["order"].(map[string]any); code != http.StatusOK || order["status"] != "placed" {
		t.Fatalf("the waiting session's validation: %d %v", code, body)
	}
	// The abuser keeps its order and the routes that cost nothing.
	if code, _, body := abuser.do(http.MethodGet, "/api/v2/orders/"+abusersOrder, ""); code != http.StatusOK {
		t.Fatalf("the abusive session's order: %d %v", code, body)
	}
}
