package domain

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

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

// subjects lists the subjects of a move's events in order.
func subjects(m Move) []string {
	var out []string
	for _, e := range m.Events {
		out = append(out, e.Subject)
	}
	return out
}

// Every move the lifecycle decides carries its events: order.status_changed always, and
// order.finalized exactly when the order becomes placed. A validated SMS code places an order that
// awaits only it, and is recorded without a move while the payment is pending.
func TestMovesCarryTheirEvents(t *testing.T) {
	at := time.Date(2026, 11, 27, 22, 0, 0, 0, time.UTC)
	o := Order{ID: "o1", Code: "261127-AAAA2222", BrandID: 1, SMSRequired: true}

	awaiting := o
	awaiting.Status = StatusAwaitingSMS
	m, err := OnSMSValidated(awaiting, at)
	if err != nil || m.From != StatusAwaitingSMS || m.Order.Status != StatusPlaced || !m.Order.SMSValidated || !m.Moved() {
		t.Fatalf("sms validated on awaiting_sms: %+v, %v", m, err)
	}
	if got := subjects(m); !reflect.DeepEqual(got, []string{EventStatusChanged, EventFinalized}) {
		t.Fatalf("sms move events %v", got)
	}
	var changed StatusChangedEvent
	if err := json.Unmarshal(m.Events[0].Payload, &changed); err != nil || changed.From != StatusAwaitingSMS || changed.To != StatusPlaced ||
		changed.Reason != ReasonSMSValidated || !changed.At.Equal(at) || m.Events[0].MsgID != "order.status_changed:o1:placed" {
		t.Fatalf("status_changed of the sms move: %+v (%s), %v", changed, m.Events[0].MsgID, err)
	}

	pending := o
	pending.Status = StatusPaymentPending
	if m, err := OnSMSValidated(pending, at); err != nil || m.Moved() || !m.Order.SMSValidated || len(m.Events) != 0 {
		t.Fatalf("sms validated while the payment is pending: %+v, %v", m, err)
	}

	for _, c := range []struct {
		from, code string
		validated  bool
		want       []string
	}{
		{StatusPaymentPending, NotifyAuthorisation, true, []string{EventStatusChanged, EventFinalized}},
		{StatusPaymentPending, NotifyAuthorisation, false, []string{EventStatusChanged}}, // to awaiting_sms
		{StatusPlaced, NotifyChargeback, true, []string{EventStatusChanged}},
	} {
		in := o
		in.Status, in.SMSValidated = c.from, c.validated
		m, moved, err := OnPaymentNotification(in, PaymentNotification{Provider: RefCard, Reference: "psp", EventCode: c.code, Success: true}, at)
		if err != nil || !moved || !reflect.DeepEqual(subjects(m), c.want) {
			t.Errorf("%s on %s (sms validated %v): moved %v, events %v, %v; want %v", c.code, c.from, c.validated, moved, subjects(m), err, c.want)
		}
	}
	placed := o
	placed.Status = StatusPlaced
	if _, moved, err := OnPaymentNotification(placed, PaymentNotification{Provider: RefCard, EventCode: NotifyAuthorisation, Success: true}, at); moved || err != nil {
		t.Fatalf("a confirmation of a placed order moved it: %v", err)
	}

	if e, err := PlacementEvent(placed, at); err != nil || e == nil || e.Subject != EventFinalized {
		t.Fatalf("placement event of a placed order: %+v, %v", e, err)
	}
	if e, err := PlacementEvent(awaiting, at); err != nil || e != nil {
		t.Fatalf("placement event of an order awaiting sms: %+v, %v", e, err)
	}
}
