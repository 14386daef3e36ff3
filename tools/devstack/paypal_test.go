package main

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/sandbox/paypalsandbox"
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

// checkPayPalWebhooks is issue 20's PayPal lifecycle through the gateway: a placed PayPal order is
// moved by PayPal's signed PAYMENT.SALE.DENIED to payment_failed, once (a replay changes
// nothing); a delivery without PayPal's signature answers 401 and changes nothing.
func checkPayPalWebhooks(t *testing.T, st *stack) {
	t.Run("paypal webhooks move the order paid with the subscription", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		b.do(http.MethodPut, "/api/v2/session/basic-info", `{"group":1,"gender":0,"first_name":"Max","last_name":"Mustermann","email":"max@example.com"}`)
		b.do(http.MethodPut, "/api/v2/session/address-info", `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`)
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"paypal-integration"}`); code != http.StatusOK {
			t.Fatalf("choose paypal: %d %v", code, body)
		}
		code, sub := b.withKey("/api/v2/paypal/create-subscription", "pp-hook-1", `{}`)
		if code != http.StatusOK {
			t.Fatalf("create subscription: %d %v", code, sub)
		}
		id := sub["subscription_id"].(string)
		if code, body := b.withKey("/api/v2/paypal/confirm-subscription", "", `{"subscription_id":"`+id+`"}`); code != http.StatusOK {
			t.Fatalf("confirm subscription: %d %v", code, body)
		}
		code, placed := b.withKey("/api/v2/orders", "pp-hook-order", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if code != http.StatusOK || order == nil || order["status"] != "placed" {
			t.Fatalf("place the paypal order: %d %v", code, placed)
		}
		status := func() any {
			_, _, got := b.do(http.MethodGet, "/api/v2/orders/"+order["order_id"].(string), "")
			o, _ := got["order"].(map[string]any)
			return o["status"]
		}
		post := func(d domain.PayPalDelivery) (int, string) {
			req, err := http.NewRequest(http.MethodPost, st.base+"/webhooks/paypal", bytes.NewReader(d.Body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			for k, v := range map[string]string{"PAYPAL-TRANSMISSION-ID": d.TransmissionID, "PAYPAL-TRANSMISSION-TIME": d.TransmissionTime,
				"PAYPAL-TRANSMISSION-SIG": d.TransmissionSig, "PAYPAL-CERT-URL": d.CertURL, "PAYPAL-AUTH-ALGO": d.AuthAlgo} {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			raw, _ := io.ReadAll(resp.Body)
			return resp.StatusCode, string(raw)
		}
		event := []byte(`{"id":"WH-DENIED-` + id + `","event_version":"1.0","create_time":"2026-11-27T05:00:00Z","resource_type":"sale",` +
			`"event_type":"PAYMENT.SALE.DENIED","summary":"A payment was denied","resource":{"id":"SALE-1","state":"denied","billing_agreement_id":"` + id + `"}}`)
		paypal := &paypalsandbox.Sandbox{Secret: []byte(os.Getenv("PAYPAL_SANDBOX_SECRET"))}
		forged := (&paypalsandbox.Sandbox{Secret: []byte("not the sandbox's")}).SignWebhook("t-forged", "2026-11-27T05:00:01Z", event)
		if code, body := post(forged); code != http.StatusUnauthorized || !strings.Contains(body, "payment.bad_signature") || status() != "placed" {
			t.Fatalf("forged delivery: %d %s, order %v", code, body, status())
		}
		unsigned := forged
		unsigned.TransmissionSig = ""
		if code, _ := post(unsigned); code != http.StatusUnauthorized || status() != "placed" {
			t.Fatalf("unsigned delivery: %d, order %v", code, status())
		}
		signed := paypal.SignWebhook("t-1", "2026-11-27T05:00:01Z", event)
		if code, body := post(signed); code != http.StatusOK || status() != "payment_failed" {
			t.Fatalf("signed denied sale: %d %s, order %v", code, body, status())
		}
		// PayPal delivers again until it got a 2xx: a replay answers 200 and changes nothing.
		if code, body := post(paypal.SignWebhook("t-2", "2026-11-27T05:05:00Z", event)); code != http.StatusOK || status() != "payment_failed" {
			t.Fatalf("replayed denied sale: %d %s, order %v", code, body, status())
		}
		// The subscription cancelled at PayPal: the failed order is given up.
		cancelled := []byte(`{"id":"WH-CANCEL-` + id + `","event_type":"BILLING.SUBSCRIPTION.CANCELLED","resource_type":"subscription","resource":{"id":"` + id + `","status":"CANCELLED"}}`)
		if code, body := post(paypal.SignWebhook("t-3", "2026-11-27T05:06:00Z", cancelled)); code != http.StatusOK || status() != "cancelled" {
			t.Fatalf("cancelled subscription: %d %s, order %v", code, body, status())
		}
	})
}
