package service_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/sandbox/paypalsandbox"
	"github.com/hostcart/checkout/services/payment/service"
)

// recordingPayPal is the sandbox, recording what it was asked.
type recordingPayPal struct {
	*paypalsandbox.Sandbox
	created   []domain.SubscriptionRequest
	cancelled []string
}

func (r *recordingPayPal) CreateSubscription(ctx context.Context, req domain.SubscriptionRequest, key string) (domain.Subscription, error) {
	r.created = append(r.created, req)
	return r.Sandbox.CreateSubscription(ctx, req, key)
}

func (r *recordingPayPal) CancelSubscription(ctx context.Context, id, reason string) error {
	r.cancelled = append(r.cancelled, id)
	return r.Sandbox.CancelSubscription(ctx, id, reason)
}

func paypalService(sessions *memSessions, pp *recordingPayPal) service.Service {
	return service.New(service.Ports{Sessions: sessions, PayPal: pp, Carts: fixedCart{domain.Money{Value: 3206, Currency: "EUR"}}, Shoppers: shopper{}})
}

func TestPayPalSubscriptionLifecycle(t *testing.T) {
	sessions := &memSessions{data: map[string]domain.Option{
		"s1": {Type: domain.SlugPayPalIntegration},
		"s2": {Type: domain.SlugPayPalIntegration},
		"s3": {Type: domain.SlugSEPA, Holder: "Max"},
	}}
	pp := &recordingPayPal{Sandbox: &paypalsandbox.Sandbox{Secret: []byte("k"), PageURL: "http://pp.test/approve"}}
	svc := paypalService(sessions, pp)
	in := service.PayPalInput{ReturnURL: "http://shop.test/confirm", CancelURL: "http://shop.test/cancel-paypal-subscription/x", IdempotencyKey: "a1"}

	sub, err := svc.CreatePayPalSubscription(at("s1"), in)
	if err != nil || sub.ApproveURL() == "" {
		t.Fatalf("create: %+v %v", sub, err)
	}
	// The amount is the priced cart's, the shopper the session's customer.
	if got := pp.created[0]; got.Amount.Value != 3206 || got.ShopperEmail != "max@example.com" || got.ReturnURL != in.ReturnURL || got.CustomID == "" {
		t.Fatalf("asked PayPal for %+v", got)
	}
	if o := sessions.data["s1"]; o.PayPalPending != sub.ID || o.PayPalReference != "" {
		t.Fatalf("pending not kept: %+v", o)
	}

	// Another session cannot claim s1's subscription, and s1 cannot claim an unknown one.
	if _, err := svc.ConfirmPayPalSubscription(at("s2"), sub.ID); !errors.Is(err, service.ErrRefused) {
		t.Fatalf("s2 confirming s1's subscription: %v", err)
	}
	if _, err := svc.ConfirmPayPalSubscription(at("s1"), "I-OTHER"); !errors.Is(err, service.ErrRefused) {
		t.Fatalf("unknown subscription: %v", err)
	}
	o, err := svc.ConfirmPayPalSubscription(at("s1"), sub.ID)
	if err != nil || o.PayPalReference != sub.ID || o.PayPalPending != "" {
		t.Fatalf("confirm: %+v %v", o, err)
	}
	// A reload of /confirm sends the same id again.
	if o, err := svc.ConfirmPayPalSubscription(at("s1"), sub.ID); err != nil || o.PayPalReference != sub.ID {
		t.Fatalf("confirm again: %+v %v", o, err)
	}

	o, err = svc.CancelPayPalSubscription(at("s1"))
	if err != nil || o.PayPalReference != "" || o.PayPalPending != "" || o.Type != domain.SlugPayPalIntegration {
		t.Fatalf("cancel: %+v %v", o, err)
	}
	if len(pp.cancelled) != 1 || pp.cancelled[0] != sub.ID {
		t.Fatalf("cancelled at PayPal: %v", pp.cancelled)
	}

	// A session paying otherwise has nothing to create, and cancelling changes nothing.
	if _, err := svc.CreatePayPalSubscription(at("s3"), in); !errors.Is(err, service.ErrPaymentDataMissing) {
		t.Fatalf("SEPA session creating a subscription: %v", err)
	}
	if o, err := svc.CancelPayPalSubscription(at("s3")); err != nil || o.Holder != "Max" {
		t.Fatalf("SEPA session cancelling: %+v %v", o, err)
	}
	if _, err := svc.CreatePayPalSubscription(at("s2"), service.PayPalInput{ReturnURL: in.ReturnURL}); err == nil {
		t.Fatal("a create without idempotency key was accepted")
	}
	if len(pp.created) != 1 {
		t.Fatalf("PayPal asked %d times", len(pp.created))
	}
}

func TestPayPalNotConfigured(t *testing.T) {
	svc := service.New(service.Ports{Sessions: &memSessions{data: map[string]domain.Option{"s1": {Type: domain.SlugPayPalIntegration}}}})
	if _, err := svc.CreatePayPalSubscription(at("s1"), service.PayPalInput{IdempotencyKey: "k"}); !errors.Is(err, service.ErrCannotBeProcessed) {
		t.Fatalf("without PayPal: %v", err)
	}
}
