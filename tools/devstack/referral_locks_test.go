package main

import (
	"net/http"
	"testing"
)

// TestStackReferralAndLocks is issue 22's gaps 3 and 11 through the gateway: the referral source
// order of spec §7 ends in the order; preconfigured items of an agent's draft cannot be changed
// by the customer through any cart route, and an existing customer cannot change the payment
// (spec §6).
func TestStackReferralAndLocks(t *testing.T) {
	st := startStackHandle(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	checkReferralAttribution(t, st)
	checkPreconfiguredLocks(t, st)
	checkExistingCustomerPaymentLocked(t, st)
}

func checkReferralAttribution(t *testing.T, st *stack) {
	const berlin = `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`
	t.Run("a visit with ?referrer=partner-1 ends in an order whose referral id is partner-1", func(t *testing.T) {
		b := readySession(t, st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
		// The landing page's ?referrer is stored for the session (what the frontend does).
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/referral", `{"id":"partner-1"}`); code != http.StatusOK || body["id"] != "partner-1" {
			t.Fatalf("PUT /session/referral: %d %v", code, body)
		}
		if code, _, body := b.do(http.MethodGet, "/api/v2/session/referral", ""); code != http.StatusOK || body["id"] != "partner-1" || body["source"] != "referrer" {
			t.Fatalf("GET /session/referral: %d %v", code, body)
		}
		code, placed := b.withKey("/api/v2/orders", "referrer-1", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if code != http.StatusOK || order["referral_id"] != "partner-1" || order["referral_source"] != "referrer" {
			t.Fatalf("order: %d %v", code, placed)
		}
		_, _, got := b.do(http.MethodGet, "/api/v2/orders/"+order["order_id"].(string), "")
		if o, _ := got["order"].(map[string]any); o["referral_id"] != "partner-1" {
			t.Fatalf("order read back: %v", got)
		}
	})
	t.Run("cookies pvid and emid come before the referrer link, the order's own id before them", func(t *testing.T) {
		b := readySession(t, st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
		b.do(http.MethodPut, "/api/v2/session/referral", `{"id":"partner-1"}`)
		b.cookies["emid"] = &http.Cookie{Name: "emid", Value: "mail_42"}
		if _, _, body := b.do(http.MethodGet, "/api/v2/session/referral", ""); body["id"] != "mail_42" || body["source"] != "emid" {
			t.Fatalf("with emid: %v", body)
		}
		b.cookies["pvid"] = &http.Cookie{Name: "pvid", Value: "pv-77"}
		if _, _, body := b.do(http.MethodGet, "/api/v2/session/referral", ""); body["id"] != "pv-77" || body["source"] != "pvid" {
			t.Fatalf("with pvid: %v", body)
		}
		code, placed := b.withKey("/api/v2/orders", "cookie-1", `{`+consents+`}`)
		if order, _ := placed["order"].(map[string]any); code != http.StatusOK || order["referral_id"] != "pv-77" || order["referral_source"] != "pvid" {
			t.Fatalf("order with cookies: %d %v", code, placed)
		}
		own := readySession(t, st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
		own.cookies["pvid"] = &http.Cookie{Name: "pvid", Value: "pv-77"}
		code, placed = own.withKey("/api/v2/orders", "own-1", `{`+consents+`,"referral_id":"typed_in"}`)
		if order, _ := placed["order"].(map[string]any); code != http.StatusOK || order["referral_id"] != "typed_in" || order["referral_source"] != "order" {
			t.Fatalf("order with its own id: %d %v", code, placed)
		}
	})
}

// checkPreconfiguredLocks: a customer continuing an agent's draft changes no preconfigured item
// through any cart route (term, addons, upsells, domains, additional fields, removal); the sales
// agent may (spec §6 "Preconfigured items are non-interactive except for sales agents").
func checkPreconfiguredLocks(t *testing.T, st *stack) {
	t.Run("preconfigured items are locked for the customer on every cart route", func(t *testing.T) {
		_, code := createDraft(t, st, 1001)
		customer := newBrowser(t, st.base, "hostwerk.localhost")
		if c, _, body := customer.do(http.MethodPost, "/api/v2/order-drafts/continue", `{"session_code":"`+code+`"}`); c != http.StatusOK {
			t.Fatalf("continue: %d %v", c, body)
		}
		items, version, _ := cartOf(t, customer)
		row := items[0].(map[string]any)["row_id"].(string)
		base := "/api/v2/session/cart/items/" + row
		for _, r := range []struct{ method, path, body string }{
			{http.MethodPut, base + "/period", `{"maturity_id":2,"interval_id":1}`},
			{http.MethodPost, base + "/addons", `{"addon_id":2001}`},
			{http.MethodDelete, base + "/addons/2001", ""},
			{http.MethodPost, base + "/upsells", `{"upsell_id":2001}`},
			{http.MethodDelete, base + "/upsells/2001", ""},
			{http.MethodPut, base + "/addons/2001/period", `{"maturity_id":2,"interval_id":1}`},
			{http.MethodPost, base + "/domains", `{"name":"locked-draft-example.de"}`},
			{http.MethodPut, base + "/additional-fields", `{"line":{"kind":"product"},"additional_fields":[{"id":1,"value":"x"}]}`},
			{http.MethodDelete, base, ""},
			{http.MethodDelete, "/api/v2/session/cart", ""},
		} {
			if c, _, body := customer.do(r.method, r.path, r.body); c != http.StatusForbidden || errorKey(body) != "cart.preconfigured_item_locked" {
				t.Errorf("customer %s %s: %d %v, want 403 cart.preconfigured_item_locked", r.method, r.path, c, body)
			}
		}
		if _, v, _ := cartOf(t, customer); v != version {
			t.Fatalf("refusals changed the draft cart: version %s→%s", version, v)
		}
	})
}

// checkExistingCustomerPaymentLocked: an existing customer's order is billed on the account, so
// the payment routes refuse them with payment.existing_customer (spec §6).
func checkExistingCustomerPaymentLocked(t *testing.T, st *stack) {
	t.Run("an existing customer cannot change the payment", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		code, state, err := loginAtAuthority(authorizationURL(t, b), "hostwerk.localhost", "max", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		if status, _, body := b.do(http.MethodPost, "/api/v2/customer/login", `{"authorization_code":"`+code+`","state":"`+state+`","clear_cart":false}`); status != http.StatusOK {
			t.Fatalf("login: %d %v", status, body)
		}
		if c, _, body := b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"sepa","holder":"Max","iban":"DE89 3704 0044 0532 0130 00","bic":"COBADEFFXXX","permission":true}`); c != http.StatusForbidden || errorKey(body) != "payment.existing_customer" {
			t.Fatalf("PUT /session/payment: %d %v", c, body)
		}
		if c, body := b.withKey("/api/v2/adyen/create-payment", "existing-card-1", `{"payment_method":{"type":"scheme","number":"4111111111111111"}}`); c != http.StatusForbidden || errorKey(body) != "payment.existing_customer" {
			t.Fatalf("create-payment: %d %v", c, body)
		}
		if c, body := b.withKey("/api/v2/paypal/create-subscription", "existing-paypal-1", `{}`); c != http.StatusForbidden || errorKey(body) != "payment.existing_customer" {
			t.Fatalf("paypal create-subscription: %d %v", c, body)
		}
		// Ordering on the account still works.
		status, placed := b.withKey("/api/v2/orders", "existing-locked-1", `{`+consents+`}`)
		if order, _ := placed["order"].(map[string]any); status != http.StatusOK || order["payment_type"] != "existing" {
			t.Fatalf("order on the account: %d %v", status, placed)
		}
	})
}
