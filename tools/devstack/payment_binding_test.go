package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hostcart/checkout/services/payment/adapters/cardprovider"
	"github.com/hostcart/checkout/services/payment/domain"
)

// cardVoids reads the card sandbox's voids (CARD_SANDBOX_DIR/voids.jsonl): the psp references it
// cancelled, oldest first.
func cardVoids(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(os.Getenv("CARD_SANDBOX_DIR"), "voids.jsonl"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var v struct {
			PSPReference string `json:"psp_reference"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v.PSPReference)
	}
	return out
}

func countOf(list []string, s string) (n int) {
	for _, v := range list {
		if v == s {
			n++
		}
	}
	return n
}

// checkPaymentBinding is issue 20's "payment bound to what it paid" through the gateway: a card
// authorised for one cart does not pay a grown cart (refused with payment.amount_changed, the
// authorisation voided once at the provider, nothing placed), paid again the order is placed, and
// one authorisation never pays two orders, whatever keys the submits carry.
func checkPaymentBinding(t *testing.T, st *stack) {
	const berlin = `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`
	cardSession := func(t *testing.T) *browser {
		t.Helper()
		b := readySession(t, st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
		if code, _, body := b.do(http.MethodPut, "/api/v2/session/payment", `{"type":"adyen-scheme"}`); code != http.StatusOK {
			t.Fatalf("choose card: %d %v", code, body)
		}
		return b
	}
	pay := func(t *testing.T, b *browser, key string) (psp string, cents float64) {
		t.Helper()
		code, paid := b.withKey("/api/v2/adyen/create-payment", key, `{"payment_method":{"type":"scheme","number":"4111111111111111"}}`)
		option, _ := paid["payment"].(map[string]any)
		if code != http.StatusOK || paid["result_code"] != "Authorised" || option == nil || option["psp_reference"] == "" {
			t.Fatalf("authorise: %d %v", code, paid)
		}
		return option["psp_reference"].(string), num(option["charged_cents"])
	}
	total := func(t *testing.T, b *browser) float64 {
		t.Helper()
		_, _, priced := b.do(http.MethodGet, "/api/v2/session/cart/priced", "")
		return num(priced["priced"].(map[string]any)["totals"].(map[string]any)["total_gross_cents"])
	}

	t.Run("a card authorised for one cart does not pay a grown cart", func(t *testing.T) {
		b := cardSession(t)
		psp, charged := pay(t, b, "pay-1")
		if first := total(t, b); charged != first || first <= 0 {
			t.Fatalf("authorised %v for a cart of %v", charged, first)
		}
		if code, _, body := b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`); code != http.StatusOK {
			t.Fatalf("grow the cart: %d %v", code, body)
		}
		grown := total(t, b)
		code, body := b.withKey("/api/v2/orders", "order-1", `{`+consents+`}`)
		if code != http.StatusUnprocessableEntity || body["error"] != "payment.amount_changed" {
			t.Fatalf("order on the old authorisation: %d %v", code, body)
		}
		if voids := cardVoids(t); countOf(voids, psp) != 1 {
			t.Fatalf("authorisation %s voided %d times, want once (voids %v)", psp, countOf(voids, psp), voids)
		}
		_, _, opt := b.do(http.MethodGet, "/api/v2/session/payment", "")
		if p, _ := opt["payment"].(map[string]any); p == nil || p["type"] != "adyen-scheme" || p["psp_reference"] != nil && p["psp_reference"] != "" {
			t.Fatalf("option after the void: %v", opt)
		}
		if now := total(t, b); now != grown {
			t.Fatalf("the refused order changed the cart: total %v, was %v", now, grown)
		}
		// A retry of the refused attempt is refused again and voids nothing more.
		if code, body := b.withKey("/api/v2/orders", "order-1", `{`+consents+`}`); code != http.StatusUnprocessableEntity {
			t.Fatalf("retry: %d %v", code, body)
		}

		psp2, charged2 := pay(t, b, "pay-2")
		if psp2 == psp || charged2 != grown {
			t.Fatalf("second authorisation %s for %v, cart %v", psp2, charged2, grown)
		}
		code, placed := b.withKey("/api/v2/orders", "order-2", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if code != http.StatusOK || order == nil {
			t.Fatalf("order on the new authorisation: %d %v", code, placed)
		}
		if voids := cardVoids(t); countOf(voids, psp) != 1 || countOf(voids, psp2) != 0 {
			t.Fatalf("voids after the order: %v", voids)
		}

		// The provider later reports a chargeback of that payment: the order is cancelled, once,
		// however often the notification arrives.
		chargeback, err := cardprovider.SignedBatch(os.Getenv("CARD_HMAC_KEY"), "HostwerkECOM",
			domain.Notification{EventCode: "CHARGEBACK", Success: true, PSPReference: "CB-" + psp2, OriginalReference: psp2, Amount: domain.Money{Value: int64(grown), Currency: "EUR"}})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			resp, err := http.Post(st.base+"/webhooks/card-provider", "application/json", strings.NewReader(string(chargeback)))
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || string(raw) != "[accepted]" {
				t.Fatalf("chargeback notification: %d %s", resp.StatusCode, raw)
			}
		}
		_, _, got := b.do(http.MethodGet, "/api/v2/orders/"+order["order_id"].(string), "")
		if o, _ := got["order"].(map[string]any); o == nil || o["status"] != "cancelled" {
			t.Fatalf("order after a chargeback: %v", got)
		}
	})

	t.Run("one authorisation pays one order whatever the keys", func(t *testing.T) {
		b := cardSession(t)
		psp, _ := pay(t, b, "pay-1")
		const n = 8
		codes := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _ = b.withKey("/api/v2/orders", "attempt-"+itoa(i), `{`+consents+`}`)
			}()
		}
		wg.Wait()
		ok := 0
		for _, c := range codes {
			if c == http.StatusOK {
				ok++
			}
		}
		// One order; the others find the cart empty, the cart ordered (order_carts) or the
		// authorisation used (the store's reference constraint: services/order/adapters/sqlstore's
		// TestOnePaymentReferenceOneOrderOnPostgres refuses a second order on one psp reference on
		// PostgreSQL, one after the other and racing).
		if ok != 1 {
			t.Fatalf("%d orders from authorisation %s (answers %v)", ok, psp, codes)
		}
		if voids := cardVoids(t); countOf(voids, psp) != 0 {
			t.Fatalf("the authorisation that paid was voided: %v", voids)
		}
	})
}
