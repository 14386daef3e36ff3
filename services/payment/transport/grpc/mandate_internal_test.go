package grpctransport

import (
	"context"
	"testing"
	"time"

	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/endpoints"
)

// Issue 23: the order service (the confirmation's pre-notification) and collection read the
// mandate's recorded first debit day from the answer, as a German day.
func TestMandateAnswerCarriesTheFirstDebitDay(t *testing.T) {
	signed := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
	m := domain.Mandate{Reference: "HC261127ABCDEFGHJKMN", OrderID: "order-1", IBAN: "DE89370400440532013000", SignedAt: signed,
		FirstDebitDue: paymenttypes.FirstDebitDue(signed)}
	for _, clear := range []bool{false, true} {
		out, err := encodeMandate(func(m *paymentv1.SepaMandate) any { return m })(context.Background(), endpoints.MandateResponse{Mandate: m, Clear: clear})
		if err != nil {
			t.Fatal(err)
		}
		if got := out.(*paymentv1.SepaMandate).GetFirstDebitDue(); got != "2026-12-03" {
			t.Errorf("clear %v: first_debit_due %q, want 2026-12-03", clear, got)
		}
	}
	if dueDate(time.Time{}) != "" {
		t.Error("a mandate without a day answers one")
	}
}
