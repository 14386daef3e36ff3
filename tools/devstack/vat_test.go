package main

import (
	"fmt"
	"net/http"
	"testing"
)

// checkVAT drives the session VAT through the gateway: the address and the VIES check of a
// company's VAT id (devstack's VIES sandbox: ids ending 9 are unknown, 0 unanswered) decide the
// rate, and the cart's priced view follows it.
func checkVAT(t *testing.T, st *stack) {
	vatOf := func(t *testing.T, b *browser) map[string]any {
		t.Helper()
		code, _, body := b.do(http.MethodGet, "/api/v2/session/vat", "")
		if code != http.StatusOK {
			t.Fatalf("session vat: %d %v", code, body)
		}
		return body
	}
	grossOf := func(t *testing.T, b *browser) float64 {
		t.Helper()
		_, _, body := b.do(http.MethodGet, "/api/v2/session/cart/priced", "")
		priced, _ := body["priced"].(map[string]any)
		totals, _ := priced["totals"].(map[string]any)
		return num(totals["total_gross_cents"])
	}
	basicInfo := func(group int, vatID string) string {
		return fmt.Sprintf(`{"group":%d,"gender":1,"first_name":"Lukas","last_name":"Gruber","company_name":"Gruber Bau KG","company_vat_id":%q,"email":"office@gruber.example"}`, group, vatID)
	}
	const vienna = `{"street":"Ring 1","postal_code":"1010","city":"Wien","country_code":"AT","phone":"+43 1 58801"}`

	t.Run("an Austrian consumer pays Austrian VAT, in the cart too", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		if code, _, body := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`); code != http.StatusOK {
			t.Fatalf("add product: %d %v", code, body)
		}
		if v := vatOf(t, b); num(v["vat_percent"]) != 19 || v["reason"] != "domestic" {
			t.Fatalf("no address: %v", v)
		}
		before := grossOf(t, b)
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/basic-info", basicInfo(1, "")); code != http.StatusOK {
			t.Fatalf("basic info: %d %v", code, body)
		}
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/address-info", vienna); code != http.StatusOK {
			t.Fatalf("address: %d %v", code, body)
		}
		if v := vatOf(t, b); num(v["vat_percent"]) != 20 || v["reason"] != "destination" || v["country_code"] != "AT" {
			t.Fatalf("Austrian consumer: %v", v)
		}
		after := grossOf(t, b)
		if !(after > before) {
			t.Fatalf("priced cart gross %v at 20 %%, %v at 19 %%: prices did not follow the VAT", after, before)
		}
	})

	t.Run("a company with a verified Austrian VAT id gets the reverse charge with the evidence kept", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		if code, _, body := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`); code != http.StatusOK {
			t.Fatalf("add product: %d %v", code, body)
		}
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/basic-info", basicInfo(0, "ATU 1234 5678")); code != http.StatusOK || len(body["notices"].([]any)) != 0 {
			t.Fatalf("basic info: %d %v", code, body)
		}
		b.do(http.MethodPut, "/api/v2/session/address-info", vienna)
		if v := vatOf(t, b); num(v["vat_percent"]) != 0 || v["reason"] != "reverse_charge" || v["reverse_charge"] != true {
			t.Fatalf("verified company: %v", v)
		}
		_, _, body := b.do(http.MethodGet, "/api/v2/session/customer", "")
		check, _ := customerOf(t, body)["vat_id_check"].(map[string]any)
		if check["status"] != "valid" || check["vat_id"] != "ATU12345678" || check["consultation_number"] == "" || check["checked_at"] == "" {
			t.Fatalf("evidence: %v", check)
		}
		_, _, priced := b.do(http.MethodGet, "/api/v2/session/cart/priced", "")
		p, _ := priced["priced"].(map[string]any)
		totals, _ := p["totals"].(map[string]any)
		if p["vat_reason"] != "reverse_charge" || num(totals["total_vat_cents"]) != 0 {
			t.Fatalf("priced cart under reverse charge: reason %v, VAT %v", p["vat_reason"], totals["total_vat_cents"])
		}
	})

	for _, tc := range []struct{ id, notice string }{{"ATU12345679", "customer.vat_id_invalid"}, {"ATU12345670", "customer.vat_id_unchecked"}} {
		t.Run("VAT id "+tc.id+": saved, normal VAT, told why", func(t *testing.T) {
			b := newBrowser(t, st.base, "hostwerk.localhost")
			code, _, body := b.do(http.MethodPut, "/api/v2/session/basic-info", basicInfo(0, tc.id))
			notices, _ := body["notices"].([]any)
			if code != http.StatusOK || len(notices) != 1 || notices[0].(map[string]any)["key"] != tc.notice || basicInfoOf(t, body)["company_vat_id"] != tc.id {
				t.Fatalf("%d %v", code, body)
			}
			b.do(http.MethodPut, "/api/v2/session/address-info", vienna)
			if v := vatOf(t, b); num(v["vat_percent"]) != 20 || v["reason"] != "destination" {
				t.Fatalf("unconfirmed id: %v", v)
			}
		})
	}
}

// num reads a JSON number (protojson writes doubles as numbers, int64 as strings).
func num(v any) float64 {
	switch n := v.(type) {
	case float64:
		return n
	case string:
		var f float64
		_, _ = fmt.Sscan(n, &f)
		return f
	}
	return -1
}
