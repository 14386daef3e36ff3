package service

import (
	"context"
	"testing"

	"github.com/hostcart/checkout/services/order/domain"
)

// The reconciliation's question: which references paid an order. A PayPal order moves with its
// subscription's events as a card order with its psp reference's.
func TestPaidReferencesAndPayPalNotifications(t *testing.T) {
	f := newFixture(t)
	f.payments.p = domain.Payment{Type: "paypal-integration", PayPalReference: "I-SUB1", ChargedCents: 1309, ChargedCurrency: "EUR", CartFingerprint: "fp-1309"}
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	paid, err := f.svc.PaidReferences(ctx, []PaymentReference{{Provider: domain.RefPayPal, Reference: "I-SUB1"}, {Provider: domain.RefCard, Reference: "I-SUB1"},
		{Provider: domain.RefPayPal, Reference: "I-OTHER"}, {Provider: domain.RefCard}})
	if err != nil || len(paid) != 1 || paid[0] != (PaymentReference{Provider: domain.RefPayPal, Reference: "I-SUB1"}) {
		t.Fatalf("paid %v, %v", paid, err)
	}
	if _, err := f.svc.PaidReferences(ctx, make([]PaymentReference, maxPaidReferences+1)); err == nil {
		t.Fatal("an unbounded question answered")
	}
	denied := domain.PaymentNotification{Provider: domain.RefPayPal, Reference: "I-SUB1", EventCode: "AUTHORISATION", Success: false}
	for i, want := range []int{1, 0} {
		if moved, err := f.svc.ApplyPaymentNotifications(ctx, []domain.PaymentNotification{denied}); err != nil || moved != want {
			t.Fatalf("denied sale %d: moved %d, %v", i, moved, err)
		}
	}
	if got, err := f.store.Order(ctx, o.ID); err != nil || got.Status != domain.StatusPaymentFailed {
		t.Fatalf("after a denied sale: %s %v", got.Status, err)
	}
}

// Issue 20 (abandoned SEPA mandates): the payment service asks which of its mandates an order
// carries, naming the order each was recorded for. Only the mandate the existing order carries
// counts; a mandate of an order that never committed, another reference under that order and a
// question without an order do not.
func TestPaidReferencesKnowTheMandatesOrdersCarry(t *testing.T) {
	f := newFixture(t)
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	if o.Payment.MandateReference == "" {
		t.Fatalf("SEPA order without mandate: %+v", o.Payment)
	}
	carried := PaymentReference{Provider: domain.RefSEPA, Reference: o.Payment.MandateReference, OrderID: o.ID}
	paid, err := f.svc.PaidReferences(context.Background(), []PaymentReference{
		carried,
		{Provider: domain.RefSEPA, Reference: "HC-never-committed", OrderID: "ord-never-committed"},
		{Provider: domain.RefSEPA, Reference: "HC-other", OrderID: o.ID},
		{Provider: domain.RefSEPA, Reference: o.Payment.MandateReference},
		// A mandate reference is no provider reference of order_payment_refs.
		{Provider: domain.RefCard, Reference: o.Payment.MandateReference},
	})
	if err != nil || len(paid) != 1 || paid[0] != carried {
		t.Fatalf("paid %+v, %v; want only %+v", paid, err, carried)
	}
}
