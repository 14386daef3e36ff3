package main

import (
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/hostcart/checkout/libs/go/secretbox"
)

// checkOrderRecord is issue 20's fourth finding on PostgreSQL: every configured value of an item
// is on the order after the cart is gone: field values in clear, the root password and a transfer
// domain's auth code sealed with the run's order key (bound to the order), the domain's type.
func checkOrderRecord(t *testing.T, st *stack, dbURL string) {
	t.Run("the order keeps every configured value, secrets sealed", func(t *testing.T) {
		const vienna = `{"street":"Ring 1","postal_code":"1010","city":"Wien","country_code":"AT","phone":"+43 1 58801"}`
		b := readySession(t, st, "alpenhost.localhost", 2011, vienna, "AT61 1904 3002 3457 3201", "BKAUATWW")
		_, _, cart := b.do(http.MethodGet, "/api/v2/session/cart", "")
		items := cart["cart"].(map[string]any)["items"].([]any)
		var row string
		for _, it := range items {
			m := it.(map[string]any)
			if num(m["product"].(map[string]any)["id"]) == 2011 {
				row = m["row_id"].(string)
			}
		}
		if row == "" {
			t.Fatalf("no cloud server in the cart: %v", cart)
		}
		const password = "Xk9#mPq2$vL7wRz!"
		body := `{"line":{"kind":"LINE_KIND_PRODUCT"},"additional_fields":[{"field_id":4,"value":"debian-12"},{"field_id":3,"value":"` + password + `"},{"field_id":6,"value":"srv1.example.at"}]}`
		if code, _, resp := b.do(http.MethodPut, "/api/v2/session/cart/items/"+row+"/additional-fields", body); code != http.StatusOK {
			t.Fatalf("fields: %d %v", code, resp)
		}
		code, placed := b.withKey("/api/v2/orders", "record-1", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if code != http.StatusOK || order == nil {
			t.Fatalf("order: %d %v", code, placed)
		}
		db, err := sql.Open("postgres", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var raw string
		if err := db.QueryRow(`SELECT items FROM orders WHERE id = $1`, order["order_id"]).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(raw, password) || !strings.Contains(raw, "debian-12") || !strings.Contains(raw, "srv1.example.at") {
			t.Fatalf("order items %s", raw)
		}
		var stored []struct {
			Product struct {
				ID     int32 `json:"id"`
				Fields []struct {
					Key    string `json:"key"`
					Secret *struct {
						Ref        string `json:"ref"`
						KeyID      string `json:"key_id"`
						Ciphertext string `json:"ciphertext"`
					} `json:"secret"`
				} `json:"fields"`
			} `json:"product"`
		}
		if err := json.Unmarshal([]byte(raw), &stored); err != nil || len(stored) == 0 {
			t.Fatalf("order items %s: %v", raw, err)
		}
		keys, err := secretbox.Parse(os.Getenv("ORDER_SECRET_KEYS"), "")
		if err != nil {
			t.Fatal(err)
		}
		opened := false
		for _, f := range stored[0].Product.Fields {
			if f.Key != "root_password" {
				continue
			}
			if f.Secret == nil {
				t.Fatalf("root password not sealed: %s", raw)
			}
			ct, _ := base64.StdEncoding.DecodeString(f.Secret.Ciphertext)
			plain, err := keys.Open(secretbox.Sealed{KeyID: f.Secret.KeyID, Ciphertext: ct}, []byte(order["order_id"].(string)+"#"+f.Secret.Ref))
			if err != nil || string(plain) != password {
				t.Fatalf("the sealed root password opens to %q (%v)", plain, err)
			}
			opened = true
		}
		if !opened {
			t.Fatalf("no root password on the order: %s", raw)
		}
	})
}
