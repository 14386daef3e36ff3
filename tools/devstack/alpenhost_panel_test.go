package main

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/hostcart/checkout/services/customer/sandbox/localoidc"
)

// checkAlpenhostPanelOrder is issues 20 and 22 on the second brand (spec §2 "Login or register",
// §6 "Customer" and "Panel (oauth) user"): Alpenhost has an authority (login.alpenhost.at, here
// the local provider of its client alpenhost-checkout) but allow_crm false, so the shop offers no
// login popup there, while a cloud-panel user signs in at Alpenhost's authority as the brand's
// customer and orders billed on the account. Hostwerk's customers are unknown to Alpenhost's
// authority, and a panel sign-in cannot be finished as the login the brand does not offer. dbURL,
// when set, is the PostgreSQL database the order service writes to: the order row carries the
// Alpenhost customer's number.
func checkAlpenhostPanelOrder(t *testing.T, st *stack, dbURL string) {
	t.Run("Alpenhost: no login popup; a panel user signs in at its authority and orders on the account", func(t *testing.T) {
		b := newBrowser(t, st.base, "alpenhost.localhost")
		if status, _, body := b.do(http.MethodPost, "/api/v2/customer/authorization-url", ""); status != http.StatusUnprocessableEntity || body["error"] != "customer.login_not_offered" {
			t.Fatalf("the login popup on Alpenhost: %d %v", status, body)
		}
		const oauthData = `{"order_type":"redirect","external_product_id":"AH-WEB-START","webhosting_id":"wh2001"}`
		data := base64.StdEncoding.EncodeToString([]byte(oauthData))
		panelURL := func() string {
			t.Helper()
			code, _, body := b.do(http.MethodPost, "/api/v2/customer/authorization-url?data="+url.QueryEscape(data), "")
			authURL, _ := body["url"].(string)
			u, err := url.Parse(authURL)
			if code != http.StatusOK || err != nil || u.Query().Get("client_id") != "alpenhost-checkout" {
				t.Fatalf("panel authorization url: %d %v", code, body)
			}
			return authURL
		}
		authURL := panelURL()
		// Alpenhost's authority knows Alpenhost's customers only.
		if _, err := localoidc.LogIn(authURL, "max", "hostwerk-demo"); err == nil {
			t.Fatal("Hostwerk's max logged in at Alpenhost's authority")
		}
		back, err := localoidc.LogIn(authURL, "anna", "alpenhost-demo")
		if err != nil {
			t.Fatal(err)
		}
		status, _, body := b.do(http.MethodPost, "/api/v2/customer/login", fmt.Sprintf(`{"authorization_code":%q,"state":%q,"clear_cart":false}`,
			back.Query().Get("code"), back.Query().Get("state")))
		if status != http.StatusUnauthorized || body["error"] != "customer.login_failed" {
			t.Fatalf("a panel sign-in finished as the login Alpenhost does not offer: %d %v", status, body)
		}
		if _, _, body := b.do(http.MethodGet, "/api/v2/session/customer", ""); customerOf(t, body)["customer_no"] != "" {
			t.Fatalf("the refused login made the session a customer: %v", body)
		}

		back, err = localoidc.LogIn(panelURL(), "anna", "alpenhost-demo")
		if err != nil {
			t.Fatal(err)
		}
		if back.Host != "alpenhost.localhost" || back.Path != "/oauth/callback" || back.Query().Get("data") != data {
			t.Fatalf("sent back to %s", back)
		}
		status, _, body = b.do(http.MethodPost, "/api/v2/customer/login", fmt.Sprintf(`{"authorization_code":%q,"state":%q,"clear_cart":true,"oauth_data":%s}`,
			back.Query().Get("code"), back.Query().Get("state"), oauthData))
		customer := customerOf(t, body)
		if panel, _ := customer["panel"].(map[string]any); status != http.StatusOK || customer["customer_no"] != "200001" || panel["order_type"] != "redirect" ||
			body["external_product_id"] != "AH-WEB-START" {
			t.Fatalf("panel login at Alpenhost: %d %v", status, body)
		}
		if code, _, body := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":2001}`); code != http.StatusOK {
			t.Fatalf("add product as a panel user: %d %v", code, body)
		}
		// The browser cannot pick the account payment: the server decides it for the existing customer.
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"existing"}`); code == http.StatusOK {
			t.Fatalf("the account payment was selectable: %v", body)
		}
		status, placed := b.withKey("/api/v2/orders", "alpenhost-panel-1", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if status != http.StatusOK || order == nil || order["payment_type"] != "existing" || order["status"] != "placed" {
			t.Fatalf("order of an Alpenhost panel user: %d %v", status, placed)
		}
		if dbURL != "" {
			if row := readOrderRow(t, dbURL, order["order_id"]); row.CustomerNo != "200001" || row.PaymentType != "existing" || row.BrandID != 2 {
				t.Fatalf("order row: %+v", row)
			}
		}
		// The way back goes to Alpenhost's authority.
		if status, _, body := b.do(http.MethodPost, "/api/v2/customer/logout", ""); status != http.StatusOK || body["panel_url"] != "https://login.alpenhost.at" {
			t.Fatalf("logout: %d %v", status, body)
		}
	})
}
