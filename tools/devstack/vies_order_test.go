package main

import (
	"database/sql"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// checkOrderVIESEvidence is issue 20's "VIES evidence on the order" on PostgreSQL: an Austrian
// company orders on Hostwerk with a VAT id VIES (the sandbox) confirmed when basic info was saved;
// the order row keeps that evidence in its own column, as the customer service recorded it, beside
// the customer snapshot, and the reverse-charge order it justifies has no VAT.
func checkOrderVIESEvidence(t *testing.T, st *stack, dbURL string) {
	t.Run("the order keeps the customer's VIES evidence", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		steps := []struct{ method, path, body string }{
			{http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`},
			{http.MethodPut, "/api/v2/session/basic-info", `{"group":0,"gender":0,"first_name":"Lukas","last_name":"Gruber","company_name":"Gruber Bau KG","company_vat_id":"ATU 1234 5678","email":"office@gruber.example"}`},
			{http.MethodPut, "/api/v2/session/address-info", `{"street":"Ring 1","postal_code":"1010","city":"Wien","country_code":"AT","phone":"+43 1 58801"}`},
			{http.MethodPut, "/api/v2/session/payment", `{"type":"sepa","holder":"Gruber Bau KG","iban":"DE89 3704 0044 0532 0130 00","bic":"COBADEFFXXX","bank":"Hausbank","permission":true}`},
		}
		for _, s := range steps {
			if code, _, body := b.do(s.method, s.path, s.body); code != http.StatusOK {
				t.Fatalf("%s %s: %d %v", s.method, s.path, code, body)
			}
		}
		_, _, body := b.do(http.MethodGet, "/api/v2/session/customer", "")
		recorded, _ := customerOf(t, body)["vat_id_check"].(map[string]any)
		if recorded["status"] != "valid" {
			t.Fatalf("the customer service recorded no valid check: %v", body)
		}
		code, placed := b.withKey("/api/v2/orders", "vies-evidence-1", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if code != http.StatusOK || order == nil {
			t.Fatalf("order: %d %v", code, placed)
		}
		if totals, _ := order["totals"].(map[string]any); num(totals["vat_cents"]) != 0 {
			t.Fatalf("a reverse-charge order with VAT: %v", order)
		}
		db, err := sql.Open("postgres", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var column, customer string
		if err := db.QueryRow(`SELECT vat_id_check, customer FROM orders WHERE id = $1`, order["order_id"]).Scan(&column, &customer); err != nil {
			t.Fatal(err)
		}
		var check struct {
			VATID              string    `json:"vat_id"`
			Status             string    `json:"status"`
			ConsultationNumber string    `json:"consultation_number"`
			Name               string    `json:"name"`
			Address            string    `json:"address"`
			CheckedAt          time.Time `json:"checked_at"`
		}
		if err := json.Unmarshal([]byte(column), &check); err != nil {
			t.Fatalf("vat_id_check %s: %v", column, err)
		}
		if check.VATID != "ATU12345678" || check.Status != "valid" || check.ConsultationNumber != recorded["consultation_number"] ||
			!strings.HasPrefix(check.ConsultationNumber, "SANDBOX") || check.Name != "Sandbox Trader ATU12345678" || check.Address == "" ||
			check.CheckedAt.Format(time.RFC3339) != recorded["checked_at"] || check.Address != recorded["address"] {
			t.Fatalf("order's evidence %s, the customer service's %v", column, recorded)
		}
		if !strings.Contains(customer, `"company_vat_id":"ATU12345678"`) || !strings.Contains(customer, `"city":"Wien"`) {
			t.Fatalf("order's customer %s", customer)
		}
	})
}
