package main

import (
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/hostcart/checkout/libs/go/secretbox"
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
		if row := readOrderRow(t, dbURL, order["order_id"]); row.CustomerNo != "100001" || row.PaymentType != "existing" || row.Email == "" {
			t.Fatalf("order row: %+v", row)
		}
	})
}

// checkSEPAMandates is issue 20's second finding on PostgreSQL: a SEPA order has a mandate row in
// the payment service's database whose IBAN column is not the IBAN and opens, with the run's key,
// to it; the order names the mandate's reference and the brand's creditor; answers show the IBAN
// masked only.
func checkSEPAMandates(t *testing.T, st *stack, dbURL string) {
	t.Run("a SEPA order has a mandate with the IBAN sealed", func(t *testing.T) {
		const iban = "DE89370400440532013000"
		b := readySession(t, st, "hostwerk.localhost", 1001,
			`{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
		if _, _, body := b.do(http.MethodGet, "/api/v2/session/payment", ""); strings.Contains(fmt.Sprint(body), "0532013000") {
			t.Fatalf("the session's option answers the IBAN in clear: %v", body)
		}
		status, placed := b.withKey("/api/v2/orders", "sepa-mandate-1", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if status != http.StatusOK || order == nil || strings.Contains(fmt.Sprint(placed), "0532013000") {
			t.Fatalf("SEPA order: %d %v", status, placed)
		}
		db, err := sql.Open("postgres", dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var payment string
		if err := db.QueryRow(`SELECT payment FROM orders WHERE id = $1`, order["order_id"]).Scan(&payment); err != nil {
			t.Fatal(err)
		}
		var p struct {
			MandateReference string `json:"mandate_reference"`
			CreditorID       string `json:"creditor_id"`
		}
		if err := json.Unmarshal([]byte(payment), &p); err != nil || p.MandateReference == "" || p.CreditorID != "DE98ZZZ09999999999" || strings.Contains(payment, "0532013000") {
			t.Fatalf("order payment %s (%v)", payment, err)
		}
		var sealed, keyID, masked, orderID string
		if err := db.QueryRow(`SELECT iban_sealed, iban_key_id, iban_masked, order_id FROM sepa_mandates WHERE reference = $1`, p.MandateReference).
			Scan(&sealed, &keyID, &masked, &orderID); err != nil {
			t.Fatalf("mandate row: %v", err)
		}
		if strings.Contains(sealed, iban) || orderID != order["order_id"] || masked != "DE89••••••••••••••3000" {
			t.Fatalf("mandate row: sealed %q masked %q order %q", sealed, masked, orderID)
		}
		keys, err := secretbox.Parse(os.Getenv("PAYMENT_SECRET_KEYS"), "")
		if err != nil {
			t.Fatal(err)
		}
		ct, err := base64.StdEncoding.DecodeString(sealed)
		if err != nil {
			t.Fatal(err)
		}
		clear, err := keys.Open(secretbox.Sealed{KeyID: keyID, Ciphertext: ct}, []byte(p.MandateReference))
		if err != nil || string(clear) != iban {
			t.Fatalf("the sealed IBAN opens to %q (%v)", clear, err)
		}
	})
}

// orderRow is what the order service's PostgreSQL row of an order says about who ordered and how
// it is paid.
type orderRow struct {
	BrandID     int    `json:"-"`
	PaymentType string `json:"-"`
	CustomerNo  string `json:"customer_no"`
	Email       string `json:"email"`
}

// readOrderRow reads the order's row from the order service's database at dbURL.
func readOrderRow(t *testing.T, dbURL string, orderID any) orderRow {
	t.Helper()
	db, err := sql.Open("postgres", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var row orderRow
	var customer string
	if err := db.QueryRow(`SELECT customer, payment_type, brand_id FROM orders WHERE id = $1`, orderID).Scan(&customer, &row.PaymentType, &row.BrandID); err != nil {
		t.Fatalf("order row: %v", err)
	}
	if err := json.Unmarshal([]byte(customer), &row); err != nil {
		t.Fatalf("order row's customer %s: %v", customer, err)
	}
	return row
}
