package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/hostcart/checkout/services/customer/sandbox/localoidc"
)

// The simulated panel sends its user to the shop's /oauth with the oauth data as base64 JSON.
func TestPanelLinksToTheShopsOAuthWithTheData(t *testing.T) {
	h := panelHandler("http://hostwerk.localhost:8080")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/panel", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "cloudpit_domains") || !strings.Contains(rec.Body.String(), `value="http://hostwerk.localhost:8080"`) {
		t.Fatalf("page: %d %s", rec.Code, rec.Body)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/panel/open?shop=http://alpenhost.localhost:9000/&order_type=redirect_product_category&category_slug=webhosting&use_cp_2=true&webhosting_id=wh7", nil))
	if rec.Code != http.StatusFound {
		t.Fatalf("open: %d %s", rec.Code, rec.Body)
	}
	to, err := url.Parse(rec.Header().Get("Location"))
	if err != nil || to.Host != "alpenhost.localhost:9000" || to.Path != "/oauth" {
		t.Fatalf("redirected to %s", rec.Header().Get("Location"))
	}
	raw, err := base64.StdEncoding.DecodeString(to.Query().Get("data"))
	if err != nil {
		t.Fatal(err)
	}
	var d panelData
	if err := json.Unmarshal(raw, &d); err != nil || d != (panelData{OrderType: "redirect_product_category", UseCP2: true, WebhostingID: "wh7", CategorySlug: "webhosting"}) {
		t.Fatalf("data %s: %+v, %v", raw, d, err)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/panel/open?shop=javascript:alert(1)&order_type=redirect", nil))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("a non-http shop: %d", rec.Code)
	}
}

// checkPanelSignIn signs a panel user in through the gateway and the local authority as the
// shop's /oauth does: the data comes back in the callback URL, the login keeps it with the
// session, the cart's priced view has no amounts, the cart carries no automatic promotion (spec
// §4 "Promotions": the panel's items are priced as the panel sold them), and the logout answers
// the brand's authority.
func checkPanelSignIn(t *testing.T, st *stack) {
	t.Run("panel user signs in, sees no prices and goes back to the panel", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		// Before the sign-in the session is a visitor's: Web hosting S (1001) gets Hostwerk's
		// automatic AUTO-WEB24-HALF.
		code, _, body := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		if code != http.StatusOK || productPromotion(t, body) != "AUTO-WEB24-HALF" {
			t.Fatalf("add product as a visitor: %d %v", code, body)
		}
		data := base64.StdEncoding.EncodeToString([]byte(`{"order_type":"cloudpit_domains","webhosting_id":"wh1"}`))
		code, _, body = b.do(http.MethodPost, "/api/v2/customer/authorization-url?data="+url.QueryEscape(data), "")
		authURL, _ := body["url"].(string)
		if code != http.StatusOK || authURL == "" {
			t.Fatalf("authorization url: %d %v", code, body)
		}
		back, err := localoidc.LogIn(authURL, "max", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		if back.Path != "/oauth/callback" || back.Query().Get("data") != data || back.Query().Get("code") == "" {
			t.Fatalf("sent back to %s", back)
		}
		status, _, body := b.do(http.MethodPost, "/api/v2/customer/login", fmt.Sprintf(
			`{"authorization_code":%q,"state":%q,"clear_cart":true,"oauth_data":{"order_type":"cloudpit_domains","webhosting_id":"wh1","external_product_id":"HW-WEB-S"}}`,
			back.Query().Get("code"), back.Query().Get("state")))
		panel, _ := customerOf(t, body)["panel"].(map[string]any)
		// The catalogue's external product ids have hyphens: they must survive (HW-WEB-S).
		if status != http.StatusOK || panel["order_type"] != "cloudpit_domains" || panel["webhosting_id"] != "wh1" || body["external_product_id"] != "HW-WEB-S" {
			t.Fatalf("panel login: %d %v", status, body)
		}
		// clear_cart emptied the cart; a product added now is priced without amounts.
		if _, _, cart := b.do(http.MethodGet, "/api/v2/session/cart", ""); len(cart["cart"].(map[string]any)["items"].([]any)) != 0 {
			t.Fatalf("cart after clear_cart: %v", cart)
		}
		// The same product in the panel user's cart gets no automatic promotion, stored so (the
		// gateway strips amounts from the priced view only).
		code, _, body = b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		if code != http.StatusOK || productPromotion(t, body) != "" {
			t.Fatalf("add product as a panel user: %d %v", code, body)
		}
		if _, _, cart := b.do(http.MethodGet, "/api/v2/session/cart", ""); productPromotion(t, cart) != "" {
			t.Fatalf("panel user's cart: %v", cart)
		}
		status, _, priced := b.do(http.MethodGet, "/api/v2/session/cart/priced", "")
		p, _ := priced["priced"].(map[string]any)
		raw, _ := json.Marshal(p["items"])
		totals, _ := json.Marshal(p["totals"])
		if status != http.StatusOK || strings.Contains(string(raw), `"show_price":true`) || !strings.Contains(string(raw), `"name":`) ||
			strings.Contains(string(raw), `"promotion":{`) {
			t.Fatalf("panel user's priced cart: %d %s %s", status, raw, totals)
		}
		var t2 map[string]float64
		_ = json.Unmarshal(totals, &t2)
		for k, v := range t2 {
			if v != 0 {
				t.Errorf("total %s = %v for a panel user", k, v)
			}
		}
		status, _, body = b.do(http.MethodPost, "/api/v2/customer/logout", "")
		if status != http.StatusOK || body["panel_url"] != "https://login.hostwerk.de" {
			t.Fatalf("logout: %d %v", status, body)
		}
		// After the logout the same cart is priced again.
		_, _, priced = b.do(http.MethodGet, "/api/v2/session/cart/priced", "")
		raw, _ = json.Marshal(priced)
		if !strings.Contains(string(raw), `"show_price":true`) {
			t.Fatalf("priced cart after logout: %s", raw)
		}
		// ... and a visitor's again: the automatic promotion is back.
		if _, _, cart := b.do(http.MethodGet, "/api/v2/session/cart", ""); productPromotion(t, cart) != "AUTO-WEB24-HALF" {
			t.Fatalf("cart after logout: %v", cart)
		}
	})
}

// productPromotion is the promotion code the first item's product carries in a cart answer.
func productPromotion(t *testing.T, body map[string]any) string {
	t.Helper()
	items := cartItems(t, body)
	if len(items) == 0 {
		t.Fatalf("no items in %v", body)
	}
	product, _ := items[0]["product"].(map[string]any)
	code, _ := product["promotion"].(string)
	return code
}

// checkPanelOrder (issue 20 audit gap 7): a panel sign-in user orders: signed in through the
// panel's /oauth with its data, a product in the cart, the order placed without a payment step,
// billed on the account (payment type existing); the PostgreSQL row carries the customer number.
func checkPanelOrder(t *testing.T, st *stack, dbURL string) {
	t.Run("a panel user orders, billed on the account", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		data := base64.StdEncoding.EncodeToString([]byte(`{"order_type":"cloudpit_domains","webhosting_id":"wh1"}`))
		code, _, body := b.do(http.MethodPost, "/api/v2/customer/authorization-url?data="+url.QueryEscape(data), "")
		authURL, _ := body["url"].(string)
		if code != http.StatusOK || authURL == "" {
			t.Fatalf("authorization url: %d %v", code, body)
		}
		back, err := localoidc.LogIn(authURL, "max", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		status, _, body := b.do(http.MethodPost, "/api/v2/customer/login", fmt.Sprintf(
			`{"authorization_code":%q,"state":%q,"clear_cart":true,"oauth_data":{"order_type":"cloudpit_domains","webhosting_id":"wh1"}}`,
			back.Query().Get("code"), back.Query().Get("state")))
		customer := customerOf(t, body)
		if panel, _ := customer["panel"].(map[string]any); status != http.StatusOK || panel["webhosting_id"] != "wh1" || customer["customer_no"] != "100001" {
			t.Fatalf("panel login: %d %v", status, body)
		}
		if code, _, body := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`); code != http.StatusOK {
			t.Fatalf("add product as a panel user: %d %v", code, body)
		}
		status, placed := b.withKey("/api/v2/orders", "panel-1", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if status != http.StatusOK || order == nil || order["payment_type"] != "existing" || order["status"] != "placed" {
			t.Fatalf("order of a panel user: %d %v", status, placed)
		}
		if row := readOrderRow(t, dbURL, order["order_id"]); row.CustomerNo != "100001" || row.PaymentType != "existing" {
			t.Fatalf("order row: %+v", row)
		}
	})
}
