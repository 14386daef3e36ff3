package service

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/order/adapters/sqlstore"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/mail"
	"github.com/hostcart/checkout/services/order/sandbox/smssandbox"
)

// mandatePayments is the payment service's side of a SEPA order as far as the first debit's day
// goes: CreateSepaMandate gives the day by paymenttypes.FirstDebitDue from its clock at the
// signing and records it with the mandate (recorded: what collection reads back).
type mandatePayments struct {
	*fakePayments
	now      func() time.Time
	recorded map[string]string
}

func (p *mandatePayments) SEPAMandate(ctx context.Context, orderID string) (domain.Mandate, error) {
	m, err := p.fakePayments.SEPAMandate(ctx, orderID)
	if err != nil {
		return m, err
	}
	m.FirstDebitDue = paymenttypes.FirstDebitDue(p.now()).Format(paymenttypes.DateLayout)
	p.recorded[m.Reference] = m.FirstDebitDue
	return m, nil
}

// pgFixture is newFixture on a throwaway PostgreSQL database, with the mandate payments above:
// the fixture's one clock is the order service's and the payment service's.
func pgFixture(t *testing.T, name string) (*fixture, *mandatePayments) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlstore.OpenPostgres(ctx, testinfra.Postgres(t, name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	f := &fixture{
		store:     st,
		carts:     &fakeCarts{cart: cart()},
		customers: &fakeCustomers{ok: true, c: domain.Customer{FirstName: "Ada", LastName: "L", Email: "a@example.org", Phone: "+49 231 1234567", CountryCode: "DE", Group: 1}},
		payments:  &fakePayments{ok: true, p: domain.Payment{Type: "sepa", MaskedIBAN: "DE89 •••• 3000", Permission: true}},
		sms:       &smssandbox.Sandbox{},
		referrals: fakeReferrals{},
		now:       t0,
	}
	clock := func() time.Time { return f.now }
	payments := &mandatePayments{fakePayments: f.payments, now: clock, recorded: map[string]string{}}
	f.svc = New(Ports{Store: st, Carts: f.carts, Customers: f.customers, Payments: payments, SMS: f.sms,
		Referrals: f.referrals, Brands: fakeBrands{}, Now: clock})
	return f, payments
}

// finalizedEvents relays the fixture's outbox and answers its order.finalized events.
func finalizedEvents(t *testing.T, f *fixture) []domain.FinalizedEvent {
	t.Helper()
	var out []domain.FinalizedEvent
	if _, err := f.store.RelayOutbox(context.Background(), time.Unix(0, 0), 10, func(_ context.Context, e domain.OutboxEvent) error {
		var ev domain.FinalizedEvent
		if err := json.Unmarshal(e.Payload, &ev); err != nil {
			return err
		}
		if ev.Event == domain.EventFinalized {
			out = append(out, ev)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// Issue 23: a SEPA order's confirmation (the first debit's pre-notification) announces the day
// its mandate recorded for the first debit, which collection debits on: one rule
// (paymenttypes.FirstDebitDue), one clock reading at the order, one recorded day carried by the
// order (PostgreSQL) and its order.finalized event, also when the event goes out only after the
// SMS code, past midnight.
func TestSEPAOrderAnnouncesTheDayItsMandateRecorded(t *testing.T) {
	f, payments := pgFixture(t, "order_first_debit")
	f.payments.smsTypes = map[string]bool{"sepa": true}
	// 22:58 UTC on 27 November is 23:58 in Germany: the day counts from the 27th.
	f.now = time.Date(2026, 11, 27, 22, 58, 0, 0, time.UTC)
	o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: consent()})
	if err != nil {
		t.Fatal(err)
	}
	recorded := payments.recorded[o.Payment.MandateReference]
	if recorded != "2026-12-02" || o.Payment.FirstDebitDue != recorded {
		t.Fatalf("mandate recorded %q, order keeps %q; want 2026-12-02 both", recorded, o.Payment.FirstDebitDue)
	}
	if ev := finalizedEvents(t, f); len(ev) != 0 {
		t.Fatalf("order.finalized before the SMS code: %+v", ev)
	}
	// The code is entered after midnight in Germany: the order's day stays the recorded one.
	f.now = f.now.Add(5 * time.Minute)
	if _, err := f.svc.ValidateSMS(sess("s1"), o.ID, "", codeOf(t, f.sms, "+49 231 1234567")); err != nil {
		t.Fatal(err)
	}
	stored, err := f.store.Order(context.Background(), o.ID)
	if err != nil || stored.Payment.FirstDebitDue != recorded {
		t.Fatalf("stored order's first debit day %q (%v), want %q", stored.Payment.FirstDebitDue, err, recorded)
	}
	events := finalizedEvents(t, f)
	if len(events) != 1 || events[0].SEPA == nil || events[0].SEPA.FirstDebitDue != recorded {
		t.Fatalf("order.finalized %+v, want the recorded day %q", events, recorded)
	}
	m, err := mail.Confirmation(events[0], domain.Brand{ID: 1, Name: "Hostwerk"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "by SEPA direct debit on 2 December 2026") || !strings.Contains(m.Text, o.Payment.MandateReference) {
		t.Fatalf("confirmation does not announce the recorded day 2 December 2026:\n%s", m.Text)
	}
}
