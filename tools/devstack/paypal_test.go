package main

import (
	"net/http"
	"net/url"
	"testing"
)

// checkPayPalSubscription goes through the PayPal sandbox as the confirm step will: create the
// subscription for the session's cart, approve it on the sandbox's page, come back to /confirm
// with its id, and keep it as paypal_reference; another session cannot claim it, and cancelling
// forgets it.
func checkPayPalSubscription(t *testing.T, st *stack) {
	t.Run("paypal subscription through the sandbox's approve page", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		b.do(http.MethodPut, "/api/v2/session/basic-info", `{"group":1,"gender":0,"first_name":"Max","last_name":"Mustermann","email":"max@example.com"}`)
		b.do(http.MethodPut, "/api/v2/session/address-info", `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`)

		// Paying by SEPA, the session has no subscription to create.
		if code, body := b.withKey("/api/v2/paypal/create-subscription", "pp-0", `{}`); code != http.StatusUnprocessableEntity || body["error"] != "payment.payment_data_missing" {
			t.Fatalf("without paypal chosen: %d %v", code, body)
		}
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"paypal-integration"}`); code != http.StatusOK {
			t.Fatalf("choose paypal: %d %v", code, body)
		}
		if code, body := b.withKey("/api/v2/paypal/create-subscription", "", `{}`); code != http.StatusBadRequest {
			t.Fatalf("without idempotency key: %d %v", code, body)
		}
		if code, body := b.withKey("/api/v2/paypal/create-subscription", "pp-1", `{"order_code":"../evil"}`); code != http.StatusBadRequest {
			t.Fatalf("order code with path characters: %d %v", code, body)
		}
		code, sub := b.withKey("/api/v2/paypal/create-subscription", "pp-1", `{}`)
		approve, _ := sub["approve_url"].(string)
		if code != http.StatusOK || approve == "" || sub["status"] != "APPROVAL_PENDING" {
			t.Fatalf("create subscription: %d %v", code, sub)
		}
		id := sub["subscription_id"].(string)

		page, _ := url.Parse(approve)
		if got := page.Query().Get("return"); got != "http://hostwerk.localhost/confirm" {
			t.Fatalf("return url %q", got)
		}
		if got := page.Query().Get("cancel"); got != "http://hostwerk.localhost/cancel-paypal-subscription/new" {
			t.Fatalf("cancel url %q", got)
		}
		form := page.Query()
		form.Set("verdict", "approve")
		noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := noRedirect.PostForm(page.Scheme+"://"+page.Host+page.Path, form)
		if err != nil || resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("approve page: %v %v", resp, err)
		}
		resp.Body.Close()
		back, _ := url.Parse(resp.Header.Get("Location"))
		if back.Path != "/confirm" || back.Query().Get("subscription_id") != id {
			t.Fatalf("sent back to %s", back)
		}

		other := newBrowser(t, st.base, "hostwerk.localhost")
		other.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		other.do(http.MethodPut, "/api/v2/session/payment", `{"type":"paypal-integration"}`)
		if code, body := other.withKey("/api/v2/paypal/confirm-subscription", "", `{"subscription_id":"`+id+`"}`); code != http.StatusUnprocessableEntity || body["error"] != "payment.refused" {
			t.Fatalf("another session claiming the subscription: %d %v", code, body)
		}

		code, done := b.withKey("/api/v2/paypal/confirm-subscription", "", `{"subscription_id":"`+id+`"}`)
		if code != http.StatusOK || done["payment"].(map[string]any)["paypal_reference"] != id {
			t.Fatalf("confirm subscription: %d %v", code, done)
		}
		if _, _, got := b.do(http.MethodGet, "/api/v2/session/payment", ""); got["payment"].(map[string]any)["paypal_reference"] != id {
			t.Fatalf("session payment after confirm: %v", got)
		}
		code, cancelled := b.withKey("/api/v2/paypal/cancel-subscription", "", `{}`)
		if ref := cancelled["payment"].(map[string]any)["paypal_reference"]; code != http.StatusOK || (ref != nil && ref != "") {
			t.Fatalf("cancel subscription: %d %v", code, cancelled)
		}
	})
}
