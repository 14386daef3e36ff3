package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/hostcart/checkout/services/payment/adapters/cardprovider"
	"github.com/hostcart/checkout/services/payment/domain"
)

// withKey sends a mutating call with an Idempotency-Key, as the confirm step does (post without
// the headers).
func (b *browser) withKey(path, key, body string) (int, map[string]any) {
	b.t.Helper()
	code, _, out := b.post(path, key, body)
	return code, out
}

// checkCardPayment pays with the card sandbox through the gateway: the amount is the priced
// cart's whatever the browser sends, 3-D Secure goes through the sandbox's challenge page, and
// notifications need the provider's signature.
func checkCardPayment(t *testing.T, st *stack) {
	t.Run("card payment charges the priced cart's total, with 3-D Secure", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		b.do(http.MethodPut, "/api/v2/session/basic-info", `{"group":1,"gender":0,"first_name":"Max","last_name":"Mustermann","email":"max@example.com"}`)
		b.do(http.MethodPut, "/api/v2/session/address-info", `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`)
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"adyen-scheme"}`); code != http.StatusOK {
			t.Fatalf("choose card: %d %v", code, body)
		}
		_, _, priced := b.do(http.MethodGet, "/api/v2/session/cart/priced", "")
		total := num(priced["priced"].(map[string]any)["totals"].(map[string]any)["total_gross_cents"])
		code, _, methods := b.do(http.MethodPost, "/api/v2/adyen/payment-methods", `{"country_code":"DE"}`)
		if code != http.StatusOK || num(methods["amount_cents"]) != total || total <= 0 || methods["environment"] != "sandbox" {
			t.Fatalf("payment methods: %d %v (cart total %v)", code, methods, total)
		}

		// Spec §7: the card calls name the brand's card provider; another name is a 404 that asks
		// neither the provider nor the rate limit.
		for _, path := range []string{"/api/v2/stripe/payment-methods", "/api/v2/stripe/create-payment", "/api/v2/paypal/payment-details"} {
			if code, body := b.withKey(path, "unknown-provider", `{"payment_method":{"type":"scheme","number":"4111111111111111"},"redirect_result":"x"}`); code != http.StatusNotFound || body["error"] != "payment.card_provider_not_found" {
				t.Fatalf("%s: %d %v", path, code, body)
			}
		}
		if code, body := b.withKey("/api/v2/adyen/create-payment", "", `{"payment_method":{"type":"scheme","number":"4111111111111111"}}`); code != http.StatusBadRequest {
			t.Fatalf("without idempotency key: %d %v", code, body)
		}
		// "amount" (and the shopper, return URL, origin of spec §7's shape) are the browser's wish
		// and mean nothing.
		code, paid := b.withKey("/api/v2/adyen/create-payment", "attempt-1", `{"payment_method":{"type":"scheme","number":"4111111111111111"},"amount":{"value":1,"currency":"EUR"},"shopperEmail":"mallory@example.com","returnUrl":"https://evil.example/"}`)
		option, _ := paid["payment"].(map[string]any)
		if code != http.StatusOK || paid["result_code"] != "Authorised" || option["psp_reference"] == "" {
			t.Fatalf("authorised card: %d %v", code, paid)
		}
		// The path before spec §7's is an alias of the same payment.
		code, again := b.withKey("/api/v2/create-payment", "attempt-1", `{"payment_method":{"type":"scheme","number":"4111111111111111"}}`)
		if code != http.StatusOK || again["payment"].(map[string]any)["psp_reference"] != option["psp_reference"] {
			t.Fatalf("retried attempt is another payment: %v vs %v", again, paid)
		}
		// 20 concurrent submits of one new attempt: one payment at the provider, the same answer to all.
		refs := make([]any, 20)
		var wg sync.WaitGroup
		for i := range refs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if code, body := b.withKey("/api/v2/adyen/create-payment", "attempt-concurrent", `{"payment_method":{"type":"scheme","number":"4111111111111111"}}`); code == http.StatusOK {
					refs[i] = body["payment"].(map[string]any)["psp_reference"]
				}
			}()
		}
		wg.Wait()
		for _, ref := range refs {
			if ref == nil || ref != refs[0] || ref == option["psp_reference"] {
				t.Fatalf("concurrent submits of one attempt: %v (first attempt %v)", refs, option["psp_reference"])
			}
		}
		if code, body := b.withKey("/api/v2/adyen/create-payment", "attempt-2", `{"payment_method":{"type":"scheme","number":"4000000000000002"}}`); code != http.StatusUnprocessableEntity || body["error"] != "payment.refused" {
			t.Fatalf("refused card: %d %v", code, body)
		}

		code, challenge := b.withKey("/api/v2/adyen/create-payment", "attempt-3", `{"payment_method":{"type":"scheme","number":"4000000000003220"}}`)
		var action struct{ URL string }
		if code != http.StatusOK || challenge["result_code"] != "RedirectShopper" || json.Unmarshal([]byte(challenge["action_json"].(string)), &action) != nil {
			t.Fatalf("3-D Secure: %d %v", code, challenge)
		}
		page, _ := url.Parse(action.URL)
		form := page.Query()
		form.Set("verdict", "approved")
		noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := noRedirect.PostForm(page.Scheme+"://"+page.Host+page.Path, form)
		if err != nil || resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("challenge page: %v %v", resp, err)
		}
		resp.Body.Close()
		back, _ := url.Parse(resp.Header.Get("Location"))
		if back.Host != "hostwerk.localhost" || back.Path != "/confirm" {
			t.Fatalf("sent back to %s", back)
		}
		// Spec §7's shape: details with the decoded redirectResult.
		body, _ := json.Marshal(map[string]any{"details": map[string]string{"redirectResult": back.Query().Get("redirectResult")}})
		code, done := b.withKey("/api/v2/adyen/payment-details", "attempt-3-details", string(body))
		if code != http.StatusOK || done["result_code"] != "Authorised" {
			t.Fatalf("payment details: %d %v", code, done)
		}
	})

	t.Run("a brand without card payment types has no card provider", func(t *testing.T) {
		b := newBrowser(t, st.base, "alpenhost.localhost")
		if code, _, body := b.do(http.MethodPost, "/api/v2/adyen/payment-methods", `{"country_code":"AT"}`); code != http.StatusNotFound || body["error"] != "payment.card_provider_not_found" {
			t.Fatalf("alpenhost card methods: %d %v", code, body)
		}
	})

	t.Run("card provider notifications need its signature", func(t *testing.T) {
		post := func(body []byte) (int, string) {
			resp, err := http.Post(st.base+"/webhooks/card-provider", "application/json", strings.NewReader(string(body)))
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			raw, _ := io.ReadAll(resp.Body)
			return resp.StatusCode, string(raw)
		}
		n := domain.Notification{EventCode: "AUTHORISATION", Success: true, PSPReference: fmt.Sprintf("PSP-%d", os.Getpid()), Amount: domain.Money{Value: 100, Currency: "EUR"}}
		forged, err := cardprovider.SignedBatch("00112233445566778899AABBCCDDEEFF", "HostwerkECOM", n)
		if err != nil {
			t.Fatal(err)
		}
		if code, body := post(forged); code != http.StatusForbidden || !strings.Contains(body, "payment.bad_signature") {
			t.Fatalf("forged notification: %d %s", code, body)
		}
		signed, err := cardprovider.SignedBatch(os.Getenv("CARD_HMAC_KEY"), "HostwerkECOM", n)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if code, body := post(signed); code != http.StatusOK || body != "[accepted]" {
				t.Fatalf("signed notification: %d %s", code, body)
			}
		}
	})
}
