package cardprovider

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/payment/domain"
)

// fakeProvider answers like the Checkout API: it checks the API key, remembers answers by
// idempotency key (a retry gets the first answer, a different body with the same key is refused),
// authorises the sandbox card "ok", refuses "refuse", asks for a 3-D Secure redirect for "3ds",
// and fails with 500 for "boom".
type fakeProvider struct {
	mu       sync.Mutex
	requests []map[string]any
	byKey    map[string]string // idempotency key → body
	answers  map[string][]byte
}

func (f *fakeProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("X-API-Key") != "test-key" {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"status":401,"errorCode":"000","message":"HTTP Status Response - Unauthorized","errorType":"security"}`))
		return
	}
	var body map[string]any
	raw := new(strings.Builder)
	_ = json.NewDecoder(r.Body).Decode(&body)
	b, _ := json.Marshal(body)
	raw.Write(b)
	f.requests = append(f.requests, body)
	key := r.Header.Get("Idempotency-Key")
	if key != "" {
		if prev, ok := f.byKey[key]; ok {
			if prev != raw.String() {
				w.WriteHeader(http.StatusUnprocessableEntity)
				_, _ = w.Write([]byte(`{"status":422,"errorCode":"704","message":"request already processed or in progress","errorType":"validation"}`))
				return
			}
			_, _ = w.Write(f.answers[key])
			return
		}
	}
	var answer []byte
	switch r.URL.Path {
	case "/v71/paymentMethods":
		answer = []byte(`{"paymentMethods":[{"type":"scheme","name":"Cards","brands":["visa","mc"]},{"type":"paypal","name":"PayPal"}]}`)
	case "/v71/payments":
		pm, _ := body["paymentMethod"].(map[string]any)
		switch pm["encryptedCardNumber"] {
		case "ok":
			answer = []byte(`{"resultCode":"Authorised","pspReference":"PSP-1","additionalData":{"recurring.recurringDetailReference":"REC-1"}}`)
		case "refuse":
			answer = []byte(`{"resultCode":"Refused","pspReference":"PSP-2","refusalReason":"Refused"}`)
		case "3ds":
			answer = []byte(`{"resultCode":"RedirectShopper","action":{"type":"redirect","url":"https://3ds.example/challenge","method":"GET"}}`)
		case "boom":
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"status":500,"errorCode":"905","message":"Payment details are not supported","errorType":"configuration"}`))
			return
		default:
			w.WriteHeader(http.StatusUnprocessableEntity)
			_, _ = w.Write([]byte(`{"status":422,"errorCode":"101","message":"Invalid card number","errorType":"validation"}`))
			return
		}
	case "/v71/payments/details":
		answer = []byte(`{"resultCode":"Authorised","pspReference":"PSP-3","additionalData":{"recurring.recurringDetailReference":"REC-3"}}`)
	case "/v71/payments/PSP-1/cancels":
		answer = []byte(`{"merchantAccount":"HostwerkECOM","paymentPspReference":"PSP-1","reference":"` + body["reference"].(string) + `","pspReference":"CNL-1","status":"received"}`)
	case "/v71/payments/PSP-GONE/cancels":
		w.WriteHeader(http.StatusUnprocessableEntity)
		_, _ = w.Write([]byte(`{"status":422,"errorCode":"167","message":"Original pspReference required for this operation","errorType":"validation"}`))
		return
	case "/v71/payments/PSP-DOWN/cancels":
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	default:
		w.WriteHeader(http.StatusNotFound)
		return
	}
	if key != "" {
		if f.byKey == nil {
			f.byKey, f.answers = map[string]string{}, map[string][]byte{}
		}
		f.byKey[key], f.answers[key] = raw.String(), answer
	}
	_, _ = w.Write(answer)
}

func setup(t *testing.T) (*Client, *fakeProvider) {
	t.Helper()
	fake := &fakeProvider{}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	return New(Config{URL: srv.URL + "/v71", APIKey: "test-key", MerchantAccount: "HostwerkECOM", Timeout: 2 * time.Second}), fake
}

func payment(card string, cents int64) domain.CardPayment {
	return domain.CardPayment{Reference: "session-1", Amount: domain.Money{Value: cents, Currency: "EUR"},
		PaymentMethod: []byte(`{"type":"scheme","encryptedCardNumber":"` + card + `"}`),
		ReturnURL:     "https://shop.hostwerk.de/confirm", Origin: "https://shop.hostwerk.de", ShopperEmail: "max@example.com"}
}

func TestCreatePayment(t *testing.T) {
	c, fake := setup(t)
	ctx := context.Background()
	res, err := c.CreatePayment(ctx, payment("ok", 11221), "key-1")
	if err != nil || !res.Accepted() || res.PSPReference != "PSP-1" || res.RecurringReference != "REC-1" || res.ActionNeeded() {
		t.Fatalf("authorised: %+v, %v", res, err)
	}
	sent := fake.requests[0]
	amount, _ := sent["amount"].(map[string]any)
	if amount["value"] != float64(11221) || amount["currency"] != "EUR" || sent["merchantAccount"] != "HostwerkECOM" || sent["channel"] != "Web" ||
		sent["returnUrl"] != "https://shop.hostwerk.de/confirm" || sent["shopperEmail"] != "max@example.com" || sent["origin"] != "https://shop.hostwerk.de" ||
		sent["recurringProcessingModel"] != "Subscription" {
		t.Fatalf("request: %v", sent)
	}

	// A retry with the same key is the same payment; the same key with another amount is refused.
	again, err := c.CreatePayment(ctx, payment("ok", 11221), "key-1")
	if err != nil || again.PSPReference != "PSP-1" {
		t.Fatalf("retry: %+v, %v", again, err)
	}
	if _, err := c.CreatePayment(ctx, payment("ok", 1), "key-1"); !errors.Is(err, ErrRejected) {
		t.Fatalf("same key, other body: %v", err)
	}
	if _, err := c.CreatePayment(ctx, payment("ok", 1), ""); !errors.Is(err, ErrRejected) {
		t.Fatalf("no key: %v", err)
	}

	refused, err := c.CreatePayment(ctx, payment("refuse", 100), "key-2")
	if err != nil || refused.Accepted() || refused.ResultCode != domain.ResultRefused {
		t.Fatalf("refused: %+v, %v", refused, err)
	}
	challenge, err := c.CreatePayment(ctx, payment("3ds", 100), "key-3")
	if err != nil || !challenge.ActionNeeded() || !strings.Contains(string(challenge.Action), "3ds.example") {
		t.Fatalf("3-D Secure: %+v, %v", challenge, err)
	}
	details, err := c.PaymentDetails(ctx, "Ab02b4c0!BQABAgA=", "key-4")
	if err != nil || !details.Accepted() || details.RecurringReference != "REC-3" {
		t.Fatalf("details: %+v, %v", details, err)
	}
	if got := fake.requests[len(fake.requests)-1]["details"].(map[string]any)["redirectResult"]; got != "Ab02b4c0!BQABAgA=" {
		t.Fatalf("redirectResult sent: %v", got)
	}
}

func TestErrors(t *testing.T) {
	c, _ := setup(t)
	ctx := context.Background()
	// An outage names the provider in the status the service answers (no caller retries it or
	// counts it against the payment service); a refusal of the request does not.
	if _, err := c.CreatePayment(ctx, payment("boom", 100), "key-5"); !errors.Is(err, ErrUnavailable) || dependencyDown(err) != "card-provider" {
		t.Fatalf("500: %v (dependency %q)", err, dependencyDown(err))
	}
	if _, err := c.CreatePayment(ctx, payment("unknown", 100), "key-6"); !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "Invalid card number") || dependencyDown(err) != "" {
		t.Fatalf("422: %v", err)
	}
	wrongKey := New(Config{URL: c.cfg.URL, APIKey: "nope", MerchantAccount: "HostwerkECOM"})
	if _, err := wrongKey.PaymentMethods(ctx, "DE", "de-DE", domain.Money{Value: 100, Currency: "EUR"}); !errors.Is(err, ErrRejected) {
		t.Fatalf("401: %v", err)
	}
	down := New(Config{URL: "http://127.0.0.1:1/v71", APIKey: "test-key", Timeout: time.Second})
	if _, err := down.CreatePayment(ctx, payment("ok", 100), "key-7"); !errors.Is(err, ErrUnavailable) || dependencyDown(err) != "card-provider" {
		t.Fatalf("down: %v", err)
	}
	methods, err := c.PaymentMethods(ctx, "DE", "de-DE", domain.Money{Value: 11221, Currency: "EUR"})
	if err != nil || len(methods) != 2 || methods[0].Type != "scheme" || len(methods[0].Brands) != 2 {
		t.Fatalf("methods: %+v, %v", methods, err)
	}
}

// Cancel voids an authorisation at the Checkout API's cancels endpoint, under an idempotency key;
// a reference the provider does not know is rejected (nothing left to void), an outage is not.
func TestCancel(t *testing.T) {
	c, fake := setup(t)
	ctx := context.Background()
	if err := c.Cancel(ctx, "PSP-1", "void-key"); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	sent := fake.requests[len(fake.requests)-1]
	if sent["merchantAccount"] != "HostwerkECOM" || sent["reference"] != "void-PSP-1" {
		t.Fatalf("cancel request: %v", sent)
	}
	if err := c.Cancel(ctx, "PSP-1", "void-key"); err != nil {
		t.Fatalf("retried cancel: %v", err)
	}
	if err := c.Cancel(ctx, "PSP-GONE", "k2"); !errors.Is(err, ErrRejected) {
		t.Fatalf("unknown reference: %v", err)
	}
	if err := c.Cancel(ctx, "PSP-DOWN", "k3"); !errors.Is(err, ErrUnavailable) || errors.Is(err, ErrRejected) {
		t.Fatalf("outage: %v", err)
	}
	if err := c.Cancel(ctx, "../payments", "k4"); !errors.Is(err, ErrRejected) {
		t.Fatalf("a reference that is a path: %v", err)
	}
}

// A provider slower than what is left of the caller's deadline gets its request cancelled a margin
// before that deadline: the client answers the outage while the caller still has time to say so
// (its context is not done yet), instead of hanging until the caller gives up, and the provider
// sees the request end.
func TestSlowProviderIsCancelledBeforeTheCallersDeadline(t *testing.T) {
	cancelled := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The server notices a client going away only once the body has been read.
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
		cancelled <- struct{}{}
	}))
	t.Cleanup(srv.Close)
	c := New(Config{URL: srv.URL + "/v71", APIKey: "test-key", MerchantAccount: "HostwerkECOM", Timeout: time.Hour, Margin: 300 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := c.CreatePayment(ctx, payment("ok", 100), "key-slow")
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("slow provider: %v, want the outage", err)
	}
	if ctx.Err() != nil {
		t.Fatalf("the client gave up with the caller (%v): the caller has no time left to answer", ctx.Err())
	}
	<-cancelled // the provider saw the request end (the test's own timeout guards a hang)
}

// dependencyDown is the outside system the payment service's status for err names as down.
func dependencyDown(err error) string {
	return apperr.DependencyDown(apperr.Origin{ErrorDomain: "payment.checkout.hostcart"}.Err(err, ""))
}
