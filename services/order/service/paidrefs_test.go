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
	paid, err := f.svc.PaidReferences(ctx, []PaymentReference{{domain.RefPayPal, "I-SUB1"}, {domain.RefCard, "I-SUB1"}, {domain.RefPayPal, "I-OTHER"}, {domain.RefCard, ""}})
	if err != nil || len(paid) != 1 || paid[0] != (PaymentReference{domain.RefPayPal, "I-SUB1"}) {
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
