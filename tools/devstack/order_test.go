package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// readySession is a visitor of the brand with product in the cart, a validated customer and SEPA
// chosen: everything the confirm step needs.
func readySession(t *testing.T, st *stack, host string, product int, address, iban, bic string) *browser {
	t.Helper()
	b := newBrowser(t, st.base, host)
	steps := []struct{ method, path, body string }{
		{http.MethodPost, "/api/v2/session/cart/items", `{"product_id":` + itoa(product) + `}`},
		{http.MethodPut, "/api/v2/session/basic-info", `{"group":1,"gender":1,"first_name":"Erika","last_name":"Muster","email":"erika@example.org"}`},
		{http.MethodPut, "/api/v2/session/address-info", address},
		{http.MethodPut, "/api/v2/session/payment", `{"type":"sepa","holder":"Erika Muster","iban":"` + iban + `","bic":"` + bic + `","bank":"Hausbank","permission":true}`},
	}
	for _, s := range steps {
		if code, _, body := b.do(s.method, s.path, s.body); code != http.StatusOK {
			t.Fatalf("%s %s: %d %v", s.method, s.path, code, body)
		}
	}
	return b
}

func mustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// lastSMSCode reads the SMS sandbox's file (SMS_SANDBOX_DIR/sms.jsonl) for the newest code sent.
func lastSMSCode(t *testing.T) string {
	t.Helper()
	f, err := os.Open(filepath.Join(os.Getenv("SMS_SANDBOX_DIR"), "sms.jsonl"))
	if err != nil {
		t.Fatalf("sms sandbox: %v", err)
	}
	defer f.Close()
	var last struct{ Text string }
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		_ = json.Unmarshal(sc.Bytes(), &last)
	}
	_, code, ok := strings.Cut(last.Text, ": ")
	if !ok || len(code) < 5 {
		t.Fatalf("no code in %q", last.Text)
	}
	return code[:5]
}

// confirmationMails reads the mail sandbox's file (MAIL_SANDBOX_DIR/mail.jsonl) and counts the
// mails to address whose subject names each order code.
func confirmationMails(t *testing.T, address string, codes []string) map[string]int {
	t.Helper()
	seen := map[string]int{}
	f, err := os.Open(filepath.Join(os.Getenv("MAIL_SANDBOX_DIR"), "mail.jsonl"))
	if os.IsNotExist(err) {
		return seen
	}
	if err != nil {
		t.Fatalf("mail sandbox: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m struct{ To, Subject, Text string }
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("mail sandbox line %q: %v", sc.Bytes(), err)
		}
		for _, code := range codes {
			if m.To == address && strings.HasSuffix(m.Subject, " "+code) && strings.Contains(m.Text, code) {
				seen[code]++
				// The sessions speak their brand's default de-DE (issue 23: the order keeps the
				// session's locale); the mail names its brand and carries its legal footer.
				if !strings.HasPrefix(m.Subject, "Ihre ") || !strings.Contains(m.Text, "Guten Tag") || !strings.Contains(m.Text, "GmbH") {
					t.Errorf("mail of %s not German or without its brand: %q\n%s", code, m.Subject, m.Text)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("mail sandbox: %v", err)
	}
	return seen
}

// consents accepts what every order needs and the general terms (gtc) Hostwerk's hosting asks for.
const consents = `"generalbusinessterm":true,"privacyterm":true,"gtc_agreement":true`

// checkOrders is issue 11's API acceptance through the gateway: exactly one order per idempotency
// key however often and concurrently it is sent, with the priced cart's totals whatever the body
// says; refused feedback at its fields; another session cannot read it; SMS validation with wrong,
// malformed, reused codes and the attempt limit.
func checkOrders(t *testing.T, st *stack) (orderIDs, awaitingIDs []string) {
	const berlin = `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`
	const vienna = `{"street":"Ring 1","postal_code":"1010","city":"Wien","country_code":"AT","phone":"+43 1 58801"}`
	var codes []string         // of the orders placed, for their confirmation mails
	var awaitingCodes []string // of the orders left awaiting their SMS code: no mail

	t.Run("one order per idempotency key, priced by the server", func(t *testing.T) {
		b := readySession(t, st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
		_, _, priced := b.do(http.MethodGet, "/api/v2/session/cart/priced", "")
		totals := priced["priced"].(map[string]any)["totals"].(map[string]any)
		gross := num(totals["total_gross_cents"])

		if code, body := b.withKey("/api/v2/orders", "", `{`+consents+`}`); code != http.StatusBadRequest || body["error"] != "order.idempotency_key_required" {
			t.Fatalf("without key: %d %v", code, body)
		}
		code, refused := b.withKey("/api/v2/orders", "refused-1", `{"comment":"`+strings.Repeat("x", 501)+`","referral_id":"a b"}`)
		errs, _ := refused["errors"].(map[string]any)
		if code != http.StatusBadRequest || refused["error"] != "validation.failed" || errs["generalbusinessterm"] == nil || errs["privacyterm"] == nil ||
			errs["gtc_agreement"] == nil || errs["comment"] == nil || errs["referral_id"] == nil {
			t.Fatalf("refused feedback: %d %v", code, refused)
		}

		// A tampered body: prices, totals, another customer and payment mean nothing.
		tampered := `{` + consents + `,"comment":"bitte anrufen","total":1,"totals":{"gross_cents":1},"cart":{"items":[{"product":{"id":1001,"price":1}}]},` +
			`"basic_info":{"email":"mallory@example.org"},"payment":{"type":"sepa","iban":"DE02120300000000202051"}}`
		const n = 20
		ids := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				code, body := b.withKey("/api/v2/orders", "confirm-attempt-1", tampered)
				if code != http.StatusOK {
					t.Errorf("submit %d: %d %v", i, code, body)
					return
				}
				ids[i] = body["order"].(map[string]any)["order_id"].(string)
			}()
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		for _, id := range ids[1:] {
			if id != ids[0] {
				t.Fatalf("concurrent submits of one key made several orders: %v", ids)
			}
		}
		orderIDs = append(orderIDs, ids[0])
		_, _, got := b.do(http.MethodGet, "/api/v2/orders/"+ids[0], "")
		order := got["order"].(map[string]any)
		codes = append(codes, fmt.Sprint(order["order_code"]))
		ot := order["totals"].(map[string]any)
		if num(ot["gross_cents"]) != gross || gross <= 0 || order["status"] != "placed" || order["payment_type"] != "sepa" || order["order_code"] == "" {
			t.Fatalf("order %v, want the priced cart's gross %v", order, gross)
		}
		if code, body := b.withKey("/api/v2/orders", "confirm-attempt-1", `{`+consents+`,"comment":"another body"}`); code != http.StatusConflict || body["error"] != "order.idempotency_key_reused" {
			t.Fatalf("reused key: %d %v", code, body)
		}
		// The order emptied the cart and used up the payment option.
		if _, _, cart := b.do(http.MethodGet, "/api/v2/session/cart", ""); strings.Contains(mustJSON(cart), `"row_id"`) {
			t.Fatalf("cart after the order: %v", cart)
		}
		if _, _, payment := b.do(http.MethodGet, "/api/v2/session/payment", ""); payment["payment"] != nil {
			t.Fatalf("payment option after the order: %v", payment)
		}
		if code, body := b.withKey("/api/v2/orders", "confirm-attempt-2", `{`+consents+`}`); code != http.StatusUnprocessableEntity || body["error"] != "order.cart_empty" {
			t.Fatalf("second order from the empty cart: %d %v", code, body)
		}
		other := newBrowser(t, st.base, "hostwerk.localhost")
		if code, _, body := other.do(http.MethodGet, "/api/v2/orders/"+ids[0], ""); code != http.StatusNotFound || body["error"] != "order.not_found" {
			t.Fatalf("another session read the order: %d %v", code, body)
		}
	})

	t.Run("confirm needs a customer and a payment", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		b.do(http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
		if code, body := b.withKey("/api/v2/orders", "k", `{`+consents+`}`); code != http.StatusUnprocessableEntity || body["error"] != "order.customer_missing" {
			t.Fatalf("without customer: %d %v", code, body)
		}
	})

	t.Run("SMS validation: malformed, wrong, limit, resend, then the right code once", func(t *testing.T) {
		b := readySession(t, st, "alpenhost.localhost", 2001, vienna, "AT61 1904 3002 3457 3201", "BKAUATWW")
		code, placed := b.withKey("/api/v2/orders", "sms-1", `{`+consents+`}`)
		order, _ := placed["order"].(map[string]any)
		if code != http.StatusOK || order["sms_required"] != true || order["status"] != "awaiting_sms" {
			t.Fatalf("order needing SMS: %d %v", code, placed)
		}
		id := order["order_id"].(string)
		orderIDs = append(orderIDs, id)
		codes = append(codes, fmt.Sprint(order["order_code"]))
		right := lastSMSCode(t)
		validate := func(smsCode string) (int, map[string]any) {
			return b.withKey("/api/v2/orders/"+id+"/validate", "", `{"smsCode":"`+smsCode+`","method":"sms"}`)
		}
		fieldKey := func(body map[string]any) any {
			errs, _ := body["errors"].(map[string]any)
			list, _ := errs["smsCode"].([]any)
			if len(list) == 0 {
				return nil
			}
			return list[0]
		}
		if code, body := validate("0OlI1"); code != http.StatusBadRequest || fieldKey(body) != "order.sms_code_format" {
			t.Fatalf("malformed code: %d %v", code, body)
		}
		wrong := "AAAAA"
		if right == wrong {
			wrong = "BBBBB"
		}
		for i := range 5 {
			if code, body := validate(wrong); code != http.StatusBadRequest || fieldKey(body) != "order.sms_code_invalid" {
				t.Fatalf("wrong code %d: %d %v", i, code, body)
			}
		}
		if code, body := validate(right); code != http.StatusBadRequest || fieldKey(body) != "order.sms_attempts_exceeded" {
			t.Fatalf("right code after 5 wrong ones: %d %v", code, body)
		}
		if code, _, body := b.do(http.MethodPost, "/api/v1/"+id+"/sms", ""); code != http.StatusOK || body["sent"] != true {
			t.Fatalf("resend: %d %v", code, body)
		}
		fresh := lastSMSCode(t)
		if code, body := validate(fresh); code != http.StatusOK || body["order"].(map[string]any)["status"] != "placed" {
			t.Fatalf("fresh code: %d %v", code, body)
		}
		if code, body := validate(fresh); code == http.StatusOK {
			t.Fatalf("a code used twice: %d %v", code, body)
		}
		other := newBrowser(t, st.base, "alpenhost.localhost")
		if code, body := other.withKey("/api/v2/orders/"+id+"/validate", "", `{"smsCode":"`+fresh+`"}`); code != http.StatusNotFound {
			t.Fatalf("another session validating: %d %v", code, body)
		}

		// The resend budget is the visitor's own (3 per 10 minutes): spending it leaves another
		// visitor's resend untouched.
		limited := false
		for range 5 {
			code, header, body := b.do(http.MethodPost, "/api/v1/"+id+"/sms", "")
			if code == http.StatusTooManyRequests {
				if body["error"] != "order.sms_rate_limited" || header.Get("Retry-After") == "" {
					t.Fatalf("rate limited resend: %v %v", header, body)
				}
				limited = true
				break
			}
		}
		if !limited {
			t.Fatal("the resend was never rate limited")
		}
		c := readySession(t, st, "alpenhost.localhost", 2001, vienna, "AT61 1904 3002 3457 3201", "BKAUATWW")
		_, placedC := c.withKey("/api/v2/orders", "sms-c", `{`+consents+`}`)
		orderC, _ := placedC["order"].(map[string]any)
		if orderC["status"] != "awaiting_sms" {
			t.Fatalf("second order needing SMS: %v", placedC)
		}
		idC := orderC["order_id"].(string)
		// Never validated: it stays awaiting its code, without an order.finalized event or a mail.
		awaitingIDs = append(awaitingIDs, idC)
		awaitingCodes = append(awaitingCodes, fmt.Sprint(orderC["order_code"]))
		if code, _, body := c.do(http.MethodPost, "/api/v1/"+idC+"/sms", ""); code != http.StatusOK || body["sent"] != true {
			t.Fatalf("another visitor's resend while the first is limited: %d %v", code, body)
		}
	})

	t.Run("each placed order's confirmation mail is sent once", func(t *testing.T) {
		if len(codes) != len(orderIDs) || len(codes) == 0 {
			t.Skipf("order codes %v of orders %v: the placing subtests failed", codes, orderIDs)
		}
		// The relay publishes within ORDER_OUTBOX_INTERVAL (1 s), the consumer sends right after.
		var seen map[string]int
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			if seen = confirmationMails(t, "erika@example.org", codes); len(seen) == len(codes) {
				break
			}
		}
		time.Sleep(time.Second) // a second mail of an order would come within this
		seen = confirmationMails(t, "erika@example.org", codes)
		for _, code := range codes {
			if seen[code] != 1 {
				t.Fatalf("order %s: %d confirmation mails to erika@example.org, want 1 (all: %v)", code, seen[code], seen)
			}
		}
		// An order left awaiting its SMS code is not confirmed: no mail names its code (the
		// mails of the placed orders above went out meanwhile, so one for it would have too).
		if len(awaitingCodes) == 0 {
			t.Fatal("no order was left awaiting its SMS code: the SMS subtest failed")
		}
		if unconfirmed := confirmationMails(t, "erika@example.org", awaitingCodes); len(unconfirmed) != 0 {
			t.Fatalf("orders awaiting their SMS code got confirmation mails: %v", unconfirmed)
		}
	})
	return orderIDs, awaitingIDs
}

// streamMessages returns the data of every message stream holds now, in order; none while the
// stream cannot be read (the relay may not have created it yet). Unreadable messages are left out.
func streamMessages(ctx context.Context, js jetstream.JetStream, stream string) [][]byte {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return nil
	}
	info, err := s.Info(ctx)
	if err != nil {
		return nil
	}
	var out [][]byte
	for seq := info.State.FirstSeq; seq > 0 && seq <= info.State.LastSeq; seq++ {
		if m, err := s.GetMsg(ctx, seq); err == nil {
			out = append(out, m.Data)
		}
	}
	return out
}

// checkOrderEvents reads the order events the outbox relay published to stream: one
// order.finalized per placed order, never two, however often the relay ran, and none for an order
// still awaiting its SMS code.
func checkOrderEvents(t *testing.T, natsURL, stream string, placed, awaiting []string) {
	t.Run("each placed order's event is published once", func(t *testing.T) {
		nc, err := nats.Connect(natsURL)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		t.Cleanup(func() { _ = js.DeleteStream(context.Background(), stream) })
		// count counts the order.finalized events per order; an order's order.status_changed
		// events (the SMS code's move to placed) are the lifecycle's, not a second finalization.
		count := func() map[string]int {
			seen := map[string]int{}
			for _, data := range streamMessages(ctx, js, stream) {
				var ev struct {
					Event   string `json:"event"`
					OrderID string `json:"order_id"`
				}
				if json.Unmarshal(data, &ev) != nil || ev.Event != "order.finalized" {
					continue
				}
				for _, id := range append(placed, awaiting...) {
					if ev.OrderID == id {
						seen[id]++
					}
				}
			}
			return seen
		}
		var seen map[string]int
		for ctx.Err() == nil {
			if seen = count(); len(seen) >= len(placed) {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		// Two more relay rounds: nothing may arrive twice.
		time.Sleep(2500 * time.Millisecond)
		seen = count()
		for _, id := range placed {
			if seen[id] != 1 {
				t.Fatalf("order %s published %d times (all: %v)", id, seen[id], seen)
			}
		}
		for _, id := range awaiting {
			if seen[id] != 0 {
				t.Fatalf("order %s, awaiting its SMS code, published %d times", id, seen[id])
			}
		}
		// Spec §3, §9: each order is sent with its brand's marketing campaign id (the seed:
		// Hostwerk 1, Alpenhost 4).
		campaigns := map[float64]float64{1: 1, 2: 4}
		checked := 0
		for _, data := range streamMessages(ctx, js, stream) {
			var ev map[string]any
			if json.Unmarshal(data, &ev) != nil || ev["event"] != "order.finalized" {
				continue
			}
			brand, _ := ev["brand_id"].(float64)
			if want, ok := campaigns[brand]; ok && ev["marketing_campaign_id"] != want {
				t.Fatalf("order %v of brand %v: marketing_campaign_id %v, want %v", ev["order_id"], brand, ev["marketing_campaign_id"], want)
			}
			checked++
		}
		if checked == 0 {
			t.Fatal("no order.finalized event to check the marketing campaign of")
		}
	})
}
