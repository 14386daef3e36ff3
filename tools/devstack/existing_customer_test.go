package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
)

// checkExistingCustomerOrders is issue 20's third finding through the gateway: an existing
// customer (devstack's max, logged in through the brand's authority) orders without customer data
// and without a payment step, billed on the account; the order row carries the customer number.
// dbURL, when set, is the PostgreSQL database the order service writes to.
func checkExistingCustomerOrders(t *testing.T, st *stack, dbURL string) {
	t.Run("an existing customer orders without a payment step", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		if code, _, body := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`); code != http.StatusOK {
			t.Fatalf("add product: %d %v", code, body)
		}
		code, state, err := loginAtAuthority(authorizationURL(t, b), "hostwerk.localhost", "max", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		status, _, body := b.do(http.MethodPost, "/api/v2/customer/login", fmt.Sprintf(`{"authorization_code":%q,"state":%q,"clear_cart":false}`, code, state))
		if status != http.StatusOK || customerOf(t, body)["customer_no"] != "100001" {
			t.Fatalf("login: %d %v", status, body)
		}
		// The browser cannot pick the account payment for anyone.
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"existing"}`); code == http.StatusOK {
			t.Fatalf("the account payment was selectable: %v", body)
		}
		status, placed := b.withKey("/api/v2/orders", "existing-1", `{"generalbusinessterm":true,"privacyterm":true,"gtc_agreement":true}`)
		order, _ := placed["order"].(map[string]any)
		if status != http.StatusOK || order == nil || order["payment_type"] != "existing" || order["status"] != "placed" {
			t.Fatalf("order of an existing customer: %d %v", status, placed)
		}
		if dbURL == "" {
			return
		}
		db, err := sql.Open("postgres", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var raw, paymentType string
		if err := db.QueryRow(`SELECT customer, payment_type FROM orders WHERE id = $1`, order["order_id"]).Scan(&raw, &paymentType); err != nil {
			t.Fatalf("order row: %v", err)
		}
		var c struct {
			CustomerNo string `json:"customer_no"`
			Email      string `json:"email"`
		}
		if err := json.Unmarshal([]byte(raw), &c); err != nil || c.CustomerNo != "100001" || paymentType != "existing" || c.Email == "" {
			t.Fatalf("order row: customer %s (%v), payment %s", raw, err, paymentType)
		}
	})
}
