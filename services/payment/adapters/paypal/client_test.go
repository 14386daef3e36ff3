package paypal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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

// fakePayPal answers like PayPal's REST API: client-credentials tokens for client "shop" with
// secret "s3cret", subscriptions created once per PayPal-Request-Id (a repeat answers the first
// subscription), shown by id, cancelled with 204 (an unknown id is 404), and 500 for plan "P-BOOM".
type fakePayPal struct {
	mu         sync.Mutex
	tokens     int
	created    map[string]map[string]any // id → stored subscription
	byRequest  map[string]string         // PayPal-Request-Id → id
	lastCreate map[string]any
	cancelled  []string
	verified   []string // webhook events PayPal was asked to verify
}

func newFake() *fakePayPal {
	return &fakePayPal{created: map[string]map[string]any{}, byRequest: map[string]string{}}
}

func (f *fakePayPal) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.URL.Path == "/v1/oauth2/token" {
		id, secret, ok := r.BasicAuth()
		if !ok || id != "shop" || secret != "s3cret" || r.PostFormValue("grant_type") != "client_credentials" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error":"invalid_client","error_description":"Client Authentication failed"}`))
			return
		}
		f.tokens++
		_, _ = fmt.Fprintf(w, `{"scope":"https://uri.paypal.com/services/subscriptions","access_token":"tok-%d","token_type":"Bearer","expires_in":32400}`, f.tokens)
		return
	}
	if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer tok-") {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"name":"AUTHENTICATION_FAILURE","message":"Authentication failed due to invalid authentication credentials."}`))
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/notifications/verify-webhook-signature":
		f.verify(w, r)
	case r.Method == http.MethodPost && r.URL.Path == "/v1/billing/subscriptions":
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		if body["plan_id"] == "P-BOOM" {
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`{"name":"INTERNAL_SERVER_ERROR","message":"An internal server error occurred.","debug_id":"d1"}`))
			return
		}
		if body["plan_id"] == "" || body["plan_id"] == nil {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"name":"INVALID_REQUEST","message":"Request is not well-formed, syntactically incorrect, or violates schema.","debug_id":"d2"}`))
			return
		}
		f.lastCreate = body
		if id, ok := f.byRequest[r.Header.Get("PayPal-Request-Id")]; ok && id != "" {
			w.WriteHeader(http.StatusCreated)
			_ = json.NewEncoder(w).Encode(f.created[id])
			return
		}
		id := fmt.Sprintf("I-FAKE%04d", len(f.created)+1)
		sub := map[string]any{"id": id, "status": "APPROVAL_PENDING", "custom_id": body["custom_id"], "links": []map[string]string{
			{"href": "https://www.paypal.test/webapps/billing/subscriptions?ba_token=BA-" + id, "rel": "approve", "method": "GET"},
			{"href": "https://api-m.paypal.test/v1/billing/subscriptions/" + id, "rel": "self", "method": "GET"},
		}}
		f.created[id] = sub
		if k := r.Header.Get("PayPal-Request-Id"); k != "" {
			f.byRequest[k] = id
		}
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(sub)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/billing/subscriptions/"):
		sub, ok := f.created[strings.TrimPrefix(r.URL.Path, "/v1/billing/subscriptions/")]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"name":"RESOURCE_NOT_FOUND","message":"The specified resource does not exist."}`))
			return
		}
		_ = json.NewEncoder(w).Encode(sub)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/cancel"):
		id := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v1/billing/subscriptions/"), "/cancel")
		var body map[string]string
		_ = json.NewDecoder(r.Body).Decode(&body)
		if _, ok := f.created[id]; !ok || body["reason"] == "" {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"name":"RESOURCE_NOT_FOUND","message":"The specified resource does not exist."}`))
			return
		}
		f.created[id]["status"] = "CANCELLED"
		f.cancelled = append(f.cancelled, id)
		w.WriteHeader(http.StatusNoContent)
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

func request() domain.SubscriptionRequest {
	return domain.SubscriptionRequest{CustomID: "ref-1", Amount: domain.Money{Value: 3206, Currency: "EUR"}, ShopperEmail: "anna@example.org",
		Locale: "de-DE", ReturnURL: "http://shop.test/confirm", CancelURL: "http://shop.test/cancel-paypal-subscription/ref-1"}
}

func TestCreateShowCancel(t *testing.T) {
	fake := newFake()
	srv := httptest.NewServer(fake)
	defer srv.Close()
	c := New(Config{URL: srv.URL + "/", ClientID: "shop", ClientSecret: "s3cret", PlanID: "P-PLAN", BrandName: "Hostwerk"})
	ctx := context.Background()

	sub, err := c.CreateSubscription(ctx, request(), "key-1")
	if err != nil {
		t.Fatal(err)
	}
	if sub.ID != "I-FAKE0001" || sub.Status != domain.SubscriptionApprovalPending || sub.ApproveURL() != "https://www.paypal.test/webapps/billing/subscriptions?ba_token=BA-I-FAKE0001" {
		t.Fatalf("created %+v", sub)
	}
	// What PayPal was told: the plan, our reference, the cart's total as the first cycle's price,
	// where to return, and no shipping.
	body := fake.lastCreate
	cycle := body["plan"].(map[string]any)["billing_cycles"].([]any)[0].(map[string]any)
	price := cycle["pricing_scheme"].(map[string]any)["fixed_price"].(map[string]any)
	ac := body["application_context"].(map[string]any)
	if body["plan_id"] != "P-PLAN" || body["custom_id"] != "ref-1" || price["value"] != "32.06" || price["currency_code"] != "EUR" ||
		cycle["sequence"] != float64(1) || ac["return_url"] != "http://shop.test/confirm" || ac["cancel_url"] != "http://shop.test/cancel-paypal-subscription/ref-1" ||
		ac["shipping_preference"] != "NO_SHIPPING" || ac["brand_name"] != "Hostwerk" || ac["locale"] != "de-DE" ||
		body["subscriber"].(map[string]any)["email_address"] != "anna@example.org" {
		t.Fatalf("create body %v", body)
	}

	again, err := c.CreateSubscription(ctx, request(), "key-1")
	if err != nil || again.ID != sub.ID {
		t.Fatalf("retry with the same request id: %+v %v", again, err)
	}
	other, err := c.CreateSubscription(ctx, request(), "key-2")
	if err != nil || other.ID == sub.ID {
		t.Fatalf("another request id: %+v %v", other, err)
	}

	shown, err := c.Subscription(ctx, sub.ID)
	if err != nil || shown.Status != domain.SubscriptionApprovalPending || shown.CustomID != "ref-1" || shown.Approved() {
		t.Fatalf("show: %+v %v", shown, err)
	}
	if err := c.CancelSubscription(ctx, sub.ID, "abandoned"); err != nil {
		t.Fatal(err)
	}
	if shown, _ := c.Subscription(ctx, sub.ID); shown.Status != domain.SubscriptionCancelled {
		t.Fatalf("after cancel: %+v", shown)
	}
	if err := c.CancelSubscription(ctx, "I-UNKNOWN", "abandoned"); !errors.Is(err, domain.ErrPayPalRejected) {
		t.Fatalf("cancel unknown: %v", err)
	}
	if _, err := c.Subscription(ctx, "I-UNKNOWN"); !errors.Is(err, domain.ErrPayPalRejected) {
		t.Fatalf("show unknown: %v", err)
	}
	// One token for every call: it is cached until it expires.
	if fake.tokens != 1 {
		t.Fatalf("token requests: %d", fake.tokens)
	}
}

func TestFailures(t *testing.T) {
	fake := newFake()
	srv := httptest.NewServer(fake)
	defer srv.Close()
	ctx := context.Background()

	boom := New(Config{URL: srv.URL, ClientID: "shop", ClientSecret: "s3cret", PlanID: "P-BOOM"})
	if _, err := boom.CreateSubscription(ctx, request(), "k"); !errors.Is(err, apperr.Unavailable) || errors.Is(err, domain.ErrPayPalRejected) || dependencyDown(err) != "paypal" {
		t.Fatalf("500: %v (dependency %q)", err, dependencyDown(err))
	}
	invalid := New(Config{URL: srv.URL, ClientID: "shop", ClientSecret: "s3cret"})
	if _, err := invalid.CreateSubscription(ctx, request(), "k"); !errors.Is(err, domain.ErrPayPalRejected) || dependencyDown(err) != "" {
		t.Fatalf("400: %v", err)
	}
	if _, err := invalid.CreateSubscription(ctx, request(), ""); !errors.Is(err, domain.ErrPayPalRejected) {
		t.Fatalf("no request id: %v", err)
	}
	wrongSecret := New(Config{URL: srv.URL, ClientID: "shop", ClientSecret: "wrong", PlanID: "P-PLAN"})
	if _, err := wrongSecret.CreateSubscription(ctx, request(), "k"); !errors.Is(err, domain.ErrPayPalRejected) {
		t.Fatalf("refused credentials: %v", err)
	}
	srv.Close()
	gone := New(Config{URL: srv.URL, ClientID: "shop", ClientSecret: "s3cret", PlanID: "P-PLAN"})
	if _, err := gone.Subscription(ctx, "I-1"); !errors.Is(err, apperr.Unavailable) || dependencyDown(err) != "paypal" {
		t.Fatalf("no server: %v", err)
	}
}

// dependencyDown is the outside system the payment service's status for err names as down.
func dependencyDown(err error) string {
	return apperr.DependencyDown(apperr.Origin{ErrorDomain: "payment.checkout.hostcart"}.Err(err, ""))
}

func TestFormatMoney(t *testing.T) {
	for cents, want := range map[int64]string{0: "0.00", 5: "0.05", 3206: "32.06", 100000: "1000.00", -150: "-1.50"} {
		if got := formatMoney(domain.Money{Value: cents, Currency: "EUR"}).Value; got != want {
			t.Errorf("%d cents: %s, want %s", cents, got, want)
		}
	}
}

// verify answers like PayPal's verify-webhook-signature: every field required (else 400
// VALIDATION_ERROR), SUCCESS for the signature "sig-<transmission id>" of listener "WH1LISTENER"
// over the event it signed (webhookBody, byte for byte as sent), FAILURE otherwise; transmission
// "boom" is a 500.
func (f *fakePayPal) verify(w http.ResponseWriter, r *http.Request) {
	var req struct {
		AuthAlgo, CertURL, TransmissionID, TransmissionSig, TransmissionTime, WebhookID string
		WebhookEvent                                                                    json.RawMessage
	}
	raw, _ := io.ReadAll(r.Body)
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	for name, into := range map[string]*string{"auth_algo": &req.AuthAlgo, "cert_url": &req.CertURL, "transmission_id": &req.TransmissionID,
		"transmission_sig": &req.TransmissionSig, "transmission_time": &req.TransmissionTime, "webhook_id": &req.WebhookID} {
		if json.Unmarshal(fields[name], into) != nil || *into == "" {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"name":"VALIDATION_ERROR","message":"Invalid request - see details","debug_id":"d4"}`))
			return
		}
	}
	req.WebhookEvent = fields["webhook_event"]
	if req.TransmissionID == "boom" {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	f.verified = append(f.verified, string(req.WebhookEvent))
	status := "FAILURE"
	if req.TransmissionSig == "sig-"+req.TransmissionID && req.WebhookID == "WH1LISTENER" && req.AuthAlgo == "SHA256withRSA" &&
		string(req.WebhookEvent) == webhookBody {
		status = "SUCCESS"
	}
	_, _ = fmt.Fprintf(w, `{"verification_status":%q}`, status)
}

// webhookBody is an event as PayPal sends it (compact), with characters encoding/json would escape.
const webhookBody = `{"id":"WH-58D329510W468432D-8HN650336L201105X","event_version":"1.0","create_time":"2026-11-27T05:00:00.000Z",` +
	`"resource_type":"sale","event_type":"PAYMENT.SALE.DENIED","summary":"Payment <denied> & reversed","resource":` +
	`{"id":"80021663DE681814L","state":"denied","billing_agreement_id":"I-BW452GLLEP1G"}}`

func TestVerifyWebhook(t *testing.T) {
	fake := newFake()
	srv := httptest.NewServer(fake)
	defer srv.Close()
	c := New(Config{URL: srv.URL, ClientID: "shop", ClientSecret: "s3cret", PlanID: "P-PLAN", WebhookID: "WH1LISTENER"})
	ctx := context.Background()
	delivery := func(id, sig string) domain.PayPalDelivery {
		return domain.PayPalDelivery{TransmissionID: id, TransmissionTime: "2026-11-27T05:00:01Z", TransmissionSig: sig,
			CertURL: "https://api-m.paypal.com/v1/notifications/certs/CERT-360caa42", AuthAlgo: "SHA256withRSA", Body: []byte(webhookBody)}
	}
	if err := c.VerifyWebhook(ctx, delivery("t1", "sig-t1")); err != nil {
		t.Fatalf("PayPal's own delivery: %v", err)
	}
	// The event went to PayPal as received: unescaped, unchanged.
	if got := fake.verified[0]; got != webhookBody {
		t.Fatalf("event sent for verification:\n%s", got)
	}
	if err := c.VerifyWebhook(ctx, delivery("t2", "sig-t1")); !errors.Is(err, domain.ErrPayPalSignature) {
		t.Fatalf("FAILURE: %v", err)
	}
	changed := delivery("t3", "sig-t3")
	changed.Body = []byte(strings.Replace(webhookBody, "DENIED", "COMPLETED", 1))
	if err := c.VerifyWebhook(ctx, changed); !errors.Is(err, domain.ErrPayPalSignature) {
		t.Fatalf("changed event: %v", err)
	}
	missing := delivery("t4", "sig-t4")
	missing.CertURL = ""
	if err := c.VerifyWebhook(ctx, missing); !errors.Is(err, domain.ErrPayPalSignature) || len(fake.verified) != 3 {
		t.Fatalf("missing header: %v (asked PayPal %d times)", err, len(fake.verified))
	}
	if err := c.VerifyWebhook(ctx, delivery("boom", "sig-boom")); !errors.Is(err, apperr.Unavailable) || errors.Is(err, domain.ErrPayPalSignature) {
		t.Fatalf("PayPal down: %v", err)
	}
	// PayPal refusing the request (a header it finds malformed) is no verified delivery either.
	noListener := New(Config{URL: srv.URL, ClientID: "shop", ClientSecret: "s3cret", PlanID: "P-PLAN", WebhookID: ""})
	if err := noListener.VerifyWebhook(ctx, delivery("t5", "sig-t5")); !errors.Is(err, domain.ErrPayPalSignature) {
		t.Fatalf("without webhook id: %v", err)
	}
}

// A PayPal slower than the caller's deadline allows is given up a margin before it: the caller
// still has time to answer with the outage, and PayPal sees the request end.
func TestSlowPayPalIsCancelledBeforeTheCallersDeadline(t *testing.T) {
	fake := newFake()
	cancelled := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/oauth2/token" {
			fake.ServeHTTP(w, r)
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
		cancelled <- struct{}{}
	}))
	t.Cleanup(srv.Close)
	c := New(Config{URL: srv.URL, ClientID: "shop", ClientSecret: "s3cret", PlanID: "P-PLAN", Timeout: time.Hour, Margin: 300 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := c.CreateSubscription(ctx, request(), "key-slow")
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("slow PayPal: %v, want the outage", err)
	}
	if ctx.Err() != nil {
		t.Fatalf("the client gave up with the caller (%v): the caller has no time left to answer", ctx.Err())
	}
	<-cancelled
}
