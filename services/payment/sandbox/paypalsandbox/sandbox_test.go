package paypalsandbox

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/hostcart/checkout/services/payment/domain"
)

func subscriptionRequest(custom string) domain.SubscriptionRequest {
	return domain.SubscriptionRequest{CustomID: custom, Amount: domain.Money{Value: 3206, Currency: "EUR"},
		ReturnURL: "http://shop.test/confirm", CancelURL: "http://shop.test/cancel-paypal-subscription/abc"}
}

func TestApproveAndCancelPages(t *testing.T) {
	srv := httptest.NewServer(nil)
	defer srv.Close()
	s := &Sandbox{Secret: []byte("s3cret"), PageURL: srv.URL + "/paypal"}
	srv.Config.Handler = s.Handler()
	ctx := context.Background()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	sub, err := s.CreateSubscription(ctx, subscriptionRequest("0a1b2c"), "k1")
	if err != nil || sub.Status != domain.SubscriptionApprovalPending || !strings.HasPrefix(sub.ApproveURL(), srv.URL+"/paypal?") {
		t.Fatalf("created %+v %v", sub, err)
	}
	again, _ := s.CreateSubscription(ctx, subscriptionRequest("0a1b2c"), "k2")
	if again.ID != sub.ID {
		t.Fatalf("one subscription per session reference: %s vs %s", again.ID, sub.ID)
	}
	if other, _ := s.CreateSubscription(ctx, subscriptionRequest("ffee"), "k1"); other.ID == sub.ID {
		t.Fatal("another session got the same subscription")
	}

	page, err := http.Get(sub.ApproveURL())
	if err != nil || page.StatusCode != http.StatusOK {
		t.Fatalf("approve page: %v %v", page, err)
	}
	page.Body.Close()
	link, _ := url.Parse(sub.ApproveURL())
	form := link.Query()

	form.Set("verdict", "approve")
	resp, err := noRedirect.PostForm(srv.URL+"/paypal", form)
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("approve: %v %v", resp, err)
	}
	back, _ := url.Parse(resp.Header.Get("Location"))
	if back.Path != "/confirm" || back.Query().Get("subscription_id") != sub.ID {
		t.Fatalf("approve returned to %s", back)
	}
	shown, err := s.Subscription(ctx, sub.ID)
	if err != nil || !shown.Approved() || shown.CustomID != "0a1b2c" {
		t.Fatalf("shown %+v %v", shown, err)
	}

	form.Set("verdict", "cancel")
	resp, _ = noRedirect.PostForm(srv.URL+"/paypal", form)
	if resp.Header.Get("Location") != "http://shop.test/cancel-paypal-subscription/abc" {
		t.Fatalf("cancel returned to %s", resp.Header.Get("Location"))
	}
	if err := s.CancelSubscription(ctx, sub.ID, "abandoned"); err != nil {
		t.Fatal(err)
	}

	// A forged page link (another return URL) and ids the sandbox did not make are refused.
	form.Set("return", "http://evil.test/")
	if resp, _ := noRedirect.PostForm(srv.URL+"/paypal", form); resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("forged link: %d", resp.StatusCode)
	}
	forged := sub.ID[:len(sub.ID)-1] + "0"
	if forged == sub.ID {
		forged = sub.ID[:len(sub.ID)-1] + "1"
	}
	for _, id := range []string{forged, "I-123", "", "P-0A1B2C"} {
		if _, err := s.Subscription(ctx, id); !errors.Is(err, domain.ErrPayPalRejected) {
			t.Errorf("subscription %q: %v", id, err)
		}
		if err := s.CancelSubscription(ctx, id, "x"); !errors.Is(err, domain.ErrPayPalRejected) {
			t.Errorf("cancel %q: %v", id, err)
		}
	}
	if _, err := s.CreateSubscription(ctx, subscriptionRequest("0a1b2c"), ""); !errors.Is(err, domain.ErrPayPalRejected) {
		t.Errorf("no request id: %v", err)
	}
}

func TestWebhookSignature(t *testing.T) {
	s := &Sandbox{Secret: []byte("k"), PageURL: "http://pp.test/approve"}
	body := []byte(`{"id":"WH-1","event_type":"PAYMENT.SALE.DENIED","resource":{"billing_agreement_id":"I-X"}}`)
	d := s.SignWebhook("t-1", "2026-11-27T05:00:00Z", body)
	if err := s.VerifyWebhook(context.Background(), d); err != nil {
		t.Fatalf("own delivery: %v", err)
	}
	for name, change := range map[string]func(*domain.PayPalDelivery){
		"body": func(d *domain.PayPalDelivery) {
			d.Body = append([]byte(nil), append(d.Body[:len(d.Body)-1:len(d.Body)-1], ' ', '}')...)
		},
		"time":      func(d *domain.PayPalDelivery) { d.TransmissionTime = "2026-11-27T05:00:01Z" },
		"id":        func(d *domain.PayPalDelivery) { d.TransmissionID = "t-2" },
		"algorithm": func(d *domain.PayPalDelivery) { d.AuthAlgo = "SHA256withRSA" },
		"signature": func(d *domain.PayPalDelivery) { d.TransmissionSig = "" },
	} {
		changed := d
		change(&changed)
		if err := s.VerifyWebhook(context.Background(), changed); !errors.Is(err, domain.ErrPayPalSignature) {
			t.Errorf("changed %s: %v", name, err)
		}
	}
	other := &Sandbox{Secret: []byte("other")}
	if err := other.VerifyWebhook(context.Background(), d); !errors.Is(err, domain.ErrPayPalSignature) {
		t.Errorf("another secret: %v", err)
	}
}
