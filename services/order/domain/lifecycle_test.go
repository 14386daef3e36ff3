package domain

import "testing"

func TestNextStatus(t *testing.T) {
	n := func(code string, ok bool) PaymentNotification {
		return PaymentNotification{Provider: RefCard, Reference: "psp", EventCode: code, Success: ok}
	}
	cases := []struct {
		from string
		n    PaymentNotification
		to   string
		move bool
	}{
		{StatusPlaced, n("AUTHORISATION", true), StatusPlaced, false},
		{StatusPlaced, n("AUTHORISATION", false), StatusPaymentFailed, true},
		{StatusAwaitingSMS, n("AUTHORISATION", false), StatusPaymentFailed, true},
		{StatusPlaced, n("CHARGEBACK", true), StatusCancelled, true},
		{StatusPlaced, n("chargeback", true), StatusCancelled, true},
		{StatusPlaced, n("CHARGEBACK", false), StatusPlaced, false},
		{StatusPlaced, n("REFUND", true), StatusCancelled, true},
		{StatusAwaitingSMS, n("CANCELLATION", true), StatusCancelled, true},
		{StatusPaymentFailed, n("CANCEL_OR_REFUND", true), StatusCancelled, true},
		{StatusCancelled, n("CHARGEBACK", true), StatusCancelled, false},
		{StatusCancelled, n("AUTHORISATION", false), StatusCancelled, false},
		{StatusPaymentFailed, n("AUTHORISATION", false), StatusPaymentFailed, false},
		{StatusPlaced, n("REPORT_AVAILABLE", true), StatusPlaced, false},
	}
	for _, c := range cases {
		to, move := NextStatus(c.from, c.n)
		if to != c.to || move != c.move {
			t.Errorf("%s + %s/%v = %s %v, want %s %v", c.from, c.n.EventCode, c.n.Success, to, move, c.to, c.move)
		}
	}
}
