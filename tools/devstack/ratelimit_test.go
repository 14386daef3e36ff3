package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// post sends a mutation with an Idempotency-Key (none when key is empty) and answers its status,
// headers and JSON body.
func (b *browser) post(path, key, body string) (int, http.Header, map[string]any) {
	b.t.Helper()
	req, err := http.NewRequest(http.MethodPost, b.base+path, strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Host = b.host
	for _, c := range b.cookies {
		req.AddCookie(c)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-XSRF-TOKEN", b.cookies["XSRF-TOKEN"].Value)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		b.t.Fatalf("%s: %d %s", path, resp.StatusCode, raw)
	}
	return resp.StatusCode, resp.Header, out
}

// refusedWithRetry fails unless the answer is 429 with key and a Retry-After of whole seconds.
func refusedWithRetry(t *testing.T, what string, code int, header http.Header, body map[string]any, key string) {
	t.Helper()
	if code != http.StatusTooManyRequests || body["error"] != key {
		t.Fatalf("%s: %d %v, want 429 %s", what, code, body, key)
	}
	if ra := header.Get("Retry-After"); ra == "" || ra == "0" || strings.Trim(ra, "0123456789") != "" {
		t.Fatalf("%s: Retry-After = %q", what, ra)
	}
}

// One session trying card after card (card testing) and order after order (each order sends an
// SMS and a mail) spends its budgets: 429 with Retry-After, again and again, while three other
// sessions pay and order as usual before, in between and after, through the same gateway. The
// abusive session's refusals run in a row, more of them than the gateway's breaker threshold.
func TestStackPaymentAndOrderRateLimitIsolateTheSession(t *testing.T) {
	t.Setenv("PAYMENT_RATELIMIT_SESSION", "3/1m/3")
	t.Setenv("ORDER_RATELIMIT_SESSION", "3/1m/3")
	st := startStackHandle(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	const berlin = `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`
	const card = `{"payment_method":{"type":"scheme","number":"4111111111111111"}}`
	cardSession := func() *browser {
		t.Helper()
		b := readySession(t, st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"adyen-scheme"}`); code != http.StatusOK {
			t.Fatalf("choose card: %d %v", code, body)
		}
		return b
	}
	abuser := cardSession()
	rest := []*browser{cardSession(), cardSession(), cardSession()}
	pay := func(b *browser, i int, key string) {
		t.Helper()
		code, _, body := b.post("/api/v2/adyen/create-payment", key, card)
		if code != http.StatusOK || body["result_code"] != "Authorised" {
			t.Fatalf("session %d: create-payment %s: %d %v", i+1, key, code, body)
		}
	}

	for i, b := range rest {
		pay(b, i, "before")
	}
	for i := range 3 {
		code, _, body := abuser.post("/api/v2/adyen/create-payment", fmt.Sprintf("card-%d", i), card)
		if code != http.StatusOK || body["result_code"] != "Authorised" {
			t.Fatalf("card %d within the budget: %d %v", i+1, code, body)
		}
	}
	// A retry of an attempt (same key) is no new attempt: it is answered as before, not refused.
	if code, _, body := abuser.post("/api/v2/adyen/create-payment", "card-2", card); code != http.StatusOK {
		t.Fatalf("retry of the last attempt: %d %v", code, body)
	}
	for i := range overBudgetCalls {
		code, header, body := abuser.post("/api/v2/adyen/create-payment", fmt.Sprintf("guess-%d", i), card)
		refusedWithRetry(t, fmt.Sprintf("card %d over the budget", i+1), code, header, body, "payment.too_many_attempts")
	}
	for i, b := range rest {
		pay(b, i, "after-the-abuse")
	}

	// The abusive session's first order goes through, the next find its cart empty (answers within
	// the budget), then the budget is spent.
	if code, _, body := abuser.post("/api/v2/orders", "order-0", `{`+consents+`}`); code != http.StatusOK {
		t.Fatalf("the abusive session's order: %d %v", code, body)
	}
	for i := 1; i < 3; i++ {
		if code, _, body := abuser.post("/api/v2/orders", fmt.Sprintf("order-%d", i), `{`+consents+`}`); code != http.StatusUnprocessableEntity || body["error"] != "order.cart_empty" {
			t.Fatalf("order %d within the budget: %d %v", i+1, code, body)
		}
	}
	for i := range overBudgetCalls {
		code, header, body := abuser.post("/api/v2/orders", fmt.Sprintf("spam-%d", i), `{`+consents+`}`)
		refusedWithRetry(t, fmt.Sprintf("order %d over the budget", i+1), code, header, body, "order.too_many_orders")
	}
	for i, b := range rest {
		code, _, body := b.post("/api/v2/orders", "confirm-1", `{`+consents+`}`)
		order, _ := body["order"].(map[string]any)
		if code != http.StatusOK || order == nil {
			t.Fatalf("session %d: order after the abuse: %d %v", i+1, code, body)
		}
		if code, _, body := b.do(http.MethodGet, "/api/v2/orders/"+order["order_id"].(string), ""); code != http.StatusOK {
			t.Fatalf("session %d: its order: %d %v", i+1, code, body)
		}
	}
	// The abusive session keeps the routes that cost nothing.
	if code, _, body := abuser.do(http.MethodGet, "/api/v2/session/cart", ""); code != http.StatusOK {
		t.Fatalf("the abusive session's cart: %d %v", code, body)
	}
}

// One session guessing transfer ids (each lookup asks the hoster's transfer service) is refused
// with 429 and Retry-After once its budget is spent, while three other sessions' lookups are
// answered.
func TestStackTransferLookupRateLimitIsolatesTheSession(t *testing.T) {
	t.Setenv("TRANSFER_RATELIMIT_SESSION", "3/1m/3")
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	guesser := newBrowser(t, base, "hostwerk.localhost")
	rest := others(t, base)
	lookup := func(b *browser, id string) (int, http.Header, map[string]any) {
		t.Helper()
		return b.post("/api/v2/contract-transfer/"+id, "", "")
	}
	for i := range 3 {
		if code, _, body := lookup(guesser, fmt.Sprintf("T-%d", 100+i)); code != http.StatusOK {
			t.Fatalf("lookup %d within the budget: %d %v", i+1, code, body)
		}
	}
	for i := range overBudgetCalls {
		code, header, body := lookup(guesser, fmt.Sprintf("T-%d", 200+i))
		refusedWithRetry(t, fmt.Sprintf("lookup %d over the budget", i+1), code, header, body, "domain.too_many_transfer_lookups")
		if strings.Contains(mustJSON(body), "Mustermann") {
			t.Fatalf("a refused lookup named the holder: %v", body)
		}
	}
	for i, b := range rest {
		if code, _, body := lookup(b, "T-7"); code != http.StatusOK {
			t.Fatalf("session %d: lookup after the abuse: %d %v", i+1, code, body)
		}
	}
}

// A cart replace carrying a valid code that was never redeemed applies nothing and says nothing
// (its answer is the one of a replace carrying a wrong code), for a visitor and for a sales agent,
// whose replace took codes as given: past the code rate limit and the brand's manual_promotions,
// with notices telling valid guesses from wrong ones. A redeemed code stays; new codes come through
// the redeem route.
func TestStackCartReplaceKeepsOnlyRedeemedCodes(t *testing.T) {
	st := startStackHandle(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	agent := newBrowser(t, st.base, "hostwerk.localhost")
	signInAgent(t, st, agent, "sales-agent")
	for _, who := range []struct {
		name string
		b    *browser
	}{{"visitor", newBrowser(t, st.base, "hostwerk.localhost")}, {"sales agent", agent}} {
		b := who.b
		if code, _, body := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`); code != http.StatusOK {
			t.Fatalf("%s: add: %d %v", who.name, code, body)
		}
		if code, _, body := b.post("/api/v2/session/cart/promotions", "", `{"code":"welcome10"}`); code != http.StatusOK || body["code"] != "WELCOME10" {
			t.Fatalf("%s: redeem: %d %v", who.name, code, body)
		}
		_, _, current := b.do(http.MethodGet, "/api/v2/session/cart", "")
		first := current["cart"].(map[string]any)["items"].([]any)[0]
		// From the same cart each time (the redeemed item alone), a replace keeps that item and
		// adds one whose product carries the guess.
		put := func(items ...any) (int, map[string]any) {
			t.Helper()
			raw, _ := json.Marshal(map[string]any{"version": 0, "items": items})
			code, _, out := b.do(http.MethodPut, "/api/v2/session/cart", string(raw))
			return code, out
		}
		replace := func(guess string) (int, map[string]any) {
			t.Helper()
			if code, body := put(first); code != http.StatusOK {
				t.Fatalf("%s: reset: %d %v", who.name, code, body)
			}
			return put(first, map[string]any{"product": map[string]any{"id": 1002, "promotion": guess}})
		}
		code, wrong := replace("NO-SUCH-CODE")
		if code != http.StatusOK {
			t.Fatalf("%s: replace with a wrong code: %d %v", who.name, code, wrong)
		}
		code, valid := replace("HOSTING24")
		if code != http.StatusOK {
			t.Fatalf("%s: replace with a valid code: %d %v", who.name, code, valid)
		}
		if answer := mustJSON(valid); strings.Contains(answer, "HOSTING24") || !strings.Contains(answer, "WELCOME10") {
			t.Fatalf("%s: replace placed the guessed code or lost the redeemed one: %s", who.name, answer)
		}
		if w, v := mustJSON(wrong["notices"]), mustJSON(valid["notices"]); w != v {
			t.Fatalf("%s: notices tell the guesses apart: wrong %s, valid %s", who.name, w, v)
		}
		if _, _, priced := b.do(http.MethodGet, "/api/v2/session/cart/priced", ""); strings.Contains(mustJSON(priced), "HOSTING24") {
			t.Fatalf("%s: priced cart carries the guessed code: %v", who.name, priced)
		}
		// The redeem route places it (rate limited, manual_promotions enforced).
		if code, _, body := b.post("/api/v2/session/cart/promotions", "", `{"code":"hosting24"}`); code != http.StatusOK || body["code"] != "HOSTING24" {
			t.Fatalf("%s: redeem of the code: %d %v", who.name, code, body)
		}
	}
}
