package paymentclient

import (
	"context"
	"testing"

	"google.golang.org/grpc"

	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
)

// mandateService answers CreateSepaMandate with a mandate recorded for the first debit on due.
type mandateService struct {
	paymentv1.PaymentServiceClient
	due string
}

func (s mandateService) CreateSepaMandate(_ context.Context, req *paymentv1.CreateSepaMandateRequest, _ ...grpc.CallOption) (*paymentv1.CreateSepaMandateResponse, error) {
	return &paymentv1.CreateSepaMandateResponse{Mandate: &paymentv1.SepaMandate{Reference: "HC261127ABCDEFGHJKMN", CreditorId: "DE98ZZZ09999999999",
		CreditorName: "Hostwerk GmbH", OrderId: req.GetOrderId(), FirstDebitDue: s.due}}, nil
}

// Issue 23: the order keeps the first debit's day the mandate recorded (the confirmation announces
// it); a payment service from before it was recorded answers none; a day that is no day is refused.
func TestSEPAMandateKeepsTheRecordedFirstDebitDay(t *testing.T) {
	m, err := New(mandateService{due: "2026-12-02"}).SEPAMandate(context.Background(), "order-1")
	if err != nil || m.FirstDebitDue != "2026-12-02" || m.Reference != "HC261127ABCDEFGHJKMN" || m.CreditorID != "DE98ZZZ09999999999" {
		t.Fatalf("mandate %+v %v", m, err)
	}
	if m, err := New(mandateService{}).SEPAMandate(context.Background(), "order-1"); err != nil || m.FirstDebitDue != "" {
		t.Fatalf("mandate without a day: %+v %v", m, err)
	}
	if _, err := New(mandateService{due: "02.12.2026"}).SEPAMandate(context.Background(), "order-1"); err == nil {
		t.Fatal("a mandate with an unreadable first debit day was kept")
	}
}
