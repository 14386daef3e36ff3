package main

import (
	"net/http"
	"testing"
)

// checkCartAPI builds a cart through the gateway as the shop does: add a product, read the priced
// view, redeem a code, refuse an unknown one, clear the cart. It runs in both store modes, so the
// cart's Redis and the promotion service's SQL store are exercised as `make run` configures them.
func checkCartAPI(t *testing.T, base string) {
	t.Run("cart round trip", func(t *testing.T) {
		b := newBrowser(t, base, "hostwerk.localhost")
		code, _, body := b.do(http.MethodGet, "/api/v2/session/cart", "")
		if code != http.StatusOK || len(cartItems(t, body)) != 0 {
			t.Fatalf("fresh cart: %d %v", code, body)
		}
		// Web hosting S (1001): the default term is 24 months, which Hostwerk's automatic
		// AUTO-WEB24-HALF promotion fits.
		code, _, body = b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		if code != http.StatusOK || body["row_id"] == "" || len(cartItems(t, body)) != 1 {
			t.Fatalf("add product: %d %v", code, body)
		}
		item := cartItems(t, body)[0]
		if p := item["product"].(map[string]any); p["id"] != float64(1001) || p["promotion"] != "AUTO-WEB24-HALF" {
			t.Fatalf("added item: %v", item)
		}

		code, _, body = b.do(http.MethodGet, "/api/v2/session/cart/priced", "")
		priced, _ := body["priced"].(map[string]any)
		if code != http.StatusOK || priced == nil || priced["item_count"] != float64(1) || priced["prices_with_vat"] != true {
			t.Fatalf("priced: %d %v", code, body)
		}
		promo := priced["items"].([]any)[0].(map[string]any)["product"].(map[string]any)["promotion"].(map[string]any)
		// 12 × 4.49 × 50 % = 26.94 net off the first year.
		if promo["applied"] != true || promo["discount_net_cents"] != float64(2694) {
			t.Fatalf("automatic promotion: %v", promo)
		}

		code, _, body = b.do(http.MethodPost, "/api/v2/session/cart/promotions", `{"code":"welcome10"}`)
		if code != http.StatusOK || body["code"] != "WELCOME10" {
			t.Fatalf("redeem: %d %v", code, body)
		}
		code, _, body = b.do(http.MethodPost, "/api/v2/session/cart/promotions", `{"code":"NOPE"}`)
		if code != http.StatusNotFound || body["error"] != "confirm.manual_promotion_not_found" {
			t.Fatalf("unknown code: %d %v", code, body)
		}

		code, _, body = b.do(http.MethodGet, "/api/v2/promotions", "")
		if list, _ := body["promotions"].([]any); code != http.StatusOK || len(list) == 0 {
			t.Fatalf("promotions: %d %v", code, body)
		}

		code, _, body = b.do(http.MethodDelete, "/api/v2/session/cart", "")
		if code != http.StatusOK || len(cartItems(t, body)) != 0 {
			t.Fatalf("clear: %d %v", code, body)
		}
	})
}

func cartItems(t *testing.T, body map[string]any) []map[string]any {
	t.Helper()
	cart, ok := body["cart"].(map[string]any)
	if !ok {
		t.Fatalf("no cart in %v", body)
	}
	raw, _ := cart["items"].([]any)
	out := make([]map[string]any, len(raw))
	for i := range raw {
		out[i] = raw[i].(map[string]any)
	}
	return out
}
