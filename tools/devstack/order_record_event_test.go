package main

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hostcart/checkout/libs/go/secretbox"
)

// checkOrderRecordEvent (issue 20 audit gap 2): a transferred domain with its auth code and a
// business-address product (Alpenhost's 2051: rental period, street, its customer-type addon) are
// on the order in PostgreSQL, the auth code sealed with the run's order key, and in the
// order.finalized event on NATS, the auth code there only as a reference to the order, never in
// clear and never as ciphertext.
func checkOrderRecordEvent(t *testing.T, st *stack, dbURL, natsURL, stream string) {
	t.Run("the finalized event carries the transfer and the business address, secrets as references", func(t *testing.T) {
		const (
			vienna   = `{"street":"Ring 1","postal_code":"1010","city":"Wien","country_code":"AT","phone":"+43 1 58801"}`
			authCode = "Tr4nsfer!Auth-77"
			street   = `{"street":"Stephansplatz","number":"3a"}`
		)
		b := readySession(t, st, "alpenhost.localhost", 2001, vienna, "AT61 1904 3002 3457 3201", "BKAUATWW")
		rowOf := func(product float64) string {
			_, _, cart := b.do(http.MethodGet, "/api/v2/session/cart", "")
			for _, it := range cart["cart"].(map[string]any)["items"].([]any) {
				m := it.(map[string]any)
				if num(m["product"].(map[string]any)["id"]) == product {
					return m["row_id"].(string)
				}
			}
			t.Fatalf("no product %v in the cart: %v", product, cart)
			return ""
		}
		hosting := rowOf(2001)
		if code, _, resp := b.do(http.MethodPost, "/api/v2/session/cart/items/"+hosting+"/domains", `{"name":"takenname.at","auth_code":"`+authCode+`"}`); code != http.StatusOK {
			t.Fatalf("transfer domain: %d %v", code, resp)
		}
		if code, _, resp := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":2051,"maturity_id":205103}`); code != http.StatusOK {
			t.Fatalf("business address: %d %v", code, resp)
		}
		nsa := rowOf(2051)
		if code, _, resp := b.do(http.MethodPost, "/api/v2/session/cart/items/"+nsa+"/addons", `{"addon_id":2211,"additional_fields":[{"field_id":13,"value":"2211"}]}`); code != http.StatusOK {
			t.Fatalf("customer type: %d %v", code, resp)
		}
		fields := `{"line":{"kind":"LINE_KIND_PRODUCT"},"additional_fields":[{"field_id":14,"value":"12"},{"field_id":16,"value":` + mustJSON(street) + `}]}`
		if code, _, resp := b.do(http.MethodPut, "/api/v2/session/cart/items/"+nsa+"/additional-fields", fields); code != http.StatusOK {
			t.Fatalf("business address fields: %d %v", code, resp)
		}
		code, placed := b.withKey("/api/v2/orders", "record-event-1", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if code != http.StatusOK || order == nil {
			t.Fatalf("order: %d %v", code, placed)
		}
		orderID := order["order_id"].(string)
		// Alpenhost's SEPA asks for an SMS code: the order is finalized (and its event sent) once
		// the code validates.
		if order["status"] == "awaiting_sms" {
			code, body := b.withKey("/api/v2/orders/"+orderID+"/validate", "", `{"smsCode":"`+lastSMSCode(t)+`","method":"sms"}`)
			if code != http.StatusOK || body["order"].(map[string]any)["status"] != "placed" {
				t.Fatalf("sms validation: %d %v", code, body)
			}
		}

		db, err := sql.Open("postgres", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var raw string
		if err := db.QueryRow(`SELECT items FROM orders WHERE id = $1`, orderID).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(raw, authCode) || !strings.Contains(raw, `"nsa_street"`) || !strings.Contains(raw, "Stephansplatz") || !strings.Contains(raw, `"type":"transfer"`) {
			t.Fatalf("order items %s", raw)
		}
		var stored []struct {
			Domains []struct {
				Name     string `json:"name"`
				Type     string `json:"type"`
				AuthCode *struct {
					Ref        string `json:"ref"`
					KeyID      string `json:"key_id"`
					Ciphertext string `json:"ciphertext"`
				} `json:"auth_code"`
			} `json:"domains"`
		}
		if err := json.Unmarshal([]byte(raw), &stored); err != nil {
			t.Fatalf("order items %s: %v", raw, err)
		}
		keys, err := secretbox.Parse(os.Getenv("ORDER_SECRET_KEYS"), "")
		if err != nil {
			t.Fatal(err)
		}
		var authRef string
		for _, it := range stored {
			for _, d := range it.Domains {
				if d.Name != "takenname.at" {
					continue
				}
				if d.Type != "transfer" || d.AuthCode == nil || d.AuthCode.Ciphertext == "" {
					t.Fatalf("transfer domain on the order: %+v", d)
				}
				ct, _ := base64.StdEncoding.DecodeString(d.AuthCode.Ciphertext)
				plain, err := keys.Open(secretbox.Sealed{KeyID: d.AuthCode.KeyID, Ciphertext: ct}, []byte(orderID+"#"+d.AuthCode.Ref))
				if err != nil || string(plain) != authCode {
					t.Fatalf("the sealed auth code opens to %q (%v)", plain, err)
				}
				authRef = d.AuthCode.Ref
			}
		}
		if authRef == "" {
			t.Fatalf("no transfer domain on the order: %s", raw)
		}

		nc, err := nats.Connect(natsURL)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		var event string
		for event == "" && ctx.Err() == nil {
			for _, data := range streamMessages(ctx, js, stream) {
				var ev map[string]any
				if json.Unmarshal(data, &ev) == nil && ev["event"] == "order.finalized" && ev["order_id"] == orderID {
					event = string(data)
				}
			}
			if event == "" {
				time.Sleep(200 * time.Millisecond)
			}
		}
		if event == "" {
			t.Fatalf("no order.finalized event for %s on %s", orderID, stream)
		}
		for _, want := range []string{`"type":"transfer"`, `"name":"takenname.at"`, `"ref":"` + authRef + `"`, `"nsa_street"`, "Stephansplatz", `"nsa_minimum_rental_period"`, `"nsa_customer_type"`} {
			if !strings.Contains(event, want) {
				t.Errorf("the finalized event lacks %s: %s", want, event)
			}
		}
		for _, never := range []string{authCode, "ciphertext", "key_id"} {
			if strings.Contains(event, never) {
				t.Errorf("the finalized event holds %q: %s", never, event)
			}
		}
	})
}
