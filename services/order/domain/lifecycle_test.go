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
		{StatusPaymentPending, n("AUTHORISATION", true), StatusPlaced, true},
		{StatusPaymentPending, n("AUTHORISATION", false), StatusPaymentFailed, true},
		{StatusPaymentPending, n("CHARGEBACK", true), StatusCancelled, true},
	}
	for _, c := range cases {
		to, move := NextStatus(Order{Status: c.from}, c.n)
		if to != c.to || move != c.move {
			t.Errorf("%s + %s/%v = %s %v, want %s %v", c.from, c.n.EventCode, c.n.Success, to, move, c.to, c.move)
		}
	}
	// A confirmed payment of an order still missing its SMS code waits for the code.
	if to, move := NextStatus(Order{Status: StatusPaymentPending, SMSRequired: true}, n("AUTHORISATION", true)); to != StatusAwaitingSMS || !move {
		t.Errorf("pending with SMS missing + authorised = %s %v", to, move)
	}
	if to, _ := NextStatus(Order{Status: StatusPaymentPending, SMSRequired: true, SMSValidated: true}, n("AUTHORISATION", true)); to != StatusPlaced {
		t.Errorf("pending with SMS validated + authorised = %s", to)
	}
}

func TestInitialStatus(t *testing.T) {
	cases := []struct {
		o    Order
		want string
	}{
		{Order{}, StatusPlaced},
		{Order{SMSRequired: true}, StatusAwaitingSMS},
		{Order{Payment: Payment{PSPReference: "p", PSPResult: "Authorised"}}, StatusPlaced},
		{Order{Payment: Payment{PSPReference: "p", PSPResult: "Pending"}, SMSRequired: true}, StatusPaymentPending},
		{Order{Payment: Payment{PSPReference: "p", PSPResult: "Received"}}, StatusPaymentPending},
	}
	for _, c := range cases {
		if got := InitialStatus(c.o); got != c.want {
			t.Errorf("InitialStatus(%+v) = %s, want %s", c.o, got, c.want)
		}
	}
}
