package service_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/sandbox/paypalsandbox"
	"github.com/hostcart/checkout/services/payment/service"
)

func TestPayPalWebhookVerifiedOnceAndMapped(t *testing.T) {
	pp := &paypalsandbox.Sandbox{Secret: []byte("k")}
	svc := service.New(service.Ports{PayPal: pp, PayPalWebhooks: pp, Notifications: &onceStore{seen: map[string]bool{}}})
	ctx := context.Background()
	event := func(id, typ string) []byte {
		return []byte(`{"id":"` + id + `","event_type":"` + typ + `","resource_type":"sale","resource":{"id":"SALE1","billing_agreement_id":"I-SUB1"}}`)
	}

	// A delivery the sandbox did not sign: nothing processed, so the real one later is not a repeat.
	forged := pp.SignWebhook("t-1", "2026-11-27T05:00:00Z", event("WH-1", domain.PayPalSaleDenied))
	forged.TransmissionSig = "00"
	if _, err := svc.HandlePayPalWebhook(ctx, forged); !errors.Is(err, service.ErrPayPalBadSignature) || !errors.Is(err, apperr.Unauthenticated) {
		t.Fatalf("forged delivery: %v", err)
	}
	if _, err := svc.HandlePayPalWebhook(ctx, domain.PayPalDelivery{Body: []byte(`not json`)}); !errors.Is(err, apperr.InvalidArgument) {
		t.Fatalf("not an event: %v", err)
	}

	signed := pp.SignWebhook("t-2", "2026-11-27T05:00:00Z", event("WH-1", domain.PayPalSaleDenied))
	for i, wantDup := range []bool{false, true} {
		out, err := svc.HandlePayPalWebhook(ctx, signed)
		if err != nil || out.Duplicate != wantDup || out.Event.ID != "WH-1" || len(out.Notifications) != 1 {
			t.Fatalf("delivery %d: %+v %v", i, out, err)
		}
		if n := out.Notifications[0]; n.PaymentReference() != "I-SUB1" || n.EventCode != "AUTHORISATION" || n.Success {
			t.Fatalf("denied sale mapped to %+v", n)
		}
	}

	// Every event the shop acts on, in the lifecycle's codes; others move nothing.
	for typ, want := range map[string]string{
		domain.PayPalSubscriptionActivated: "AUTHORISATION/true", domain.PayPalSaleCompleted: "AUTHORISATION/true",
		domain.PayPalSaleDenied: "AUTHORISATION/false", domain.PayPalSubscriptionPaymentFailed: "AUTHORISATION/false",
		domain.PayPalSubscriptionCancelled: "CANCELLATION/true", domain.PayPalSubscriptionSuspended: "CANCELLATION/true",
		domain.PayPalSaleRefunded: "REFUND/true", domain.PayPalSaleReversed: "CHARGEBACK/true", "BILLING.PLAN.CREATED": "",
	} {
		body := []byte(`{"id":"WH-` + typ + `","event_type":"` + typ + `","resource":{"id":"I-SUB1","billing_agreement_id":"I-SUB1"}}`)
		out, err := svc.HandlePayPalWebhook(ctx, pp.SignWebhook("t-"+typ, "2026-11-27T05:00:00Z", body))
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		got := ""
		if len(out.Notifications) == 1 {
			n := out.Notifications[0]
			got = n.EventCode + "/" + map[bool]string{true: "true", false: "false"}[n.Success]
			if n.PaymentReference() != "I-SUB1" {
				t.Errorf("%s: reference %q", typ, n.PaymentReference())
			}
		}
		if got != want {
			t.Errorf("%s mapped to %q, want %q", typ, got, want)
		}
	}
}
