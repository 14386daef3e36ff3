package grpctransport

import (
	"context"
	"testing"

	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	"github.com/hostcart/checkout/services/order/service"
)

// The confirm page's request for an early start (§ 356 Abs. 4 BGB, § 18 FAGG) reaches the order's
// feedback, which keeps it as its proof; without it the feedback says no.
func TestDecodePlaceKeepsTheEarlyStartRequest(t *testing.T) {
	for _, want := range []bool{true, false} {
		got, err := decodePlace(context.Background(), &orderv1.PlaceOrderRequest{IdempotencyKey: "k", EarlyStart: want, Privacyterm: true})
		if err != nil {
			t.Fatal(err)
		}
		in := got.(service.PlaceInput)
		if in.Feedback.EarlyStart != want || !in.Feedback.PrivacyTerm {
			t.Errorf("early_start %v: feedback %+v", want, in.Feedback)
		}
	}
}
