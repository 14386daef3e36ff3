package service_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/payment/adapters/sqlstore"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/sandbox/cardsandbox"
	"github.com/hostcart/checkout/services/payment/sandbox/paypalsandbox"
	"github.com/hostcart/checkout/services/payment/service"
)

// countingCard counts every cancel the provider is asked for (the sandbox itself answers a repeat
// without recording it again; two replicas would each have their own).
type countingCard struct {
	*cardsandbox.Sandbox
	mu      sync.Mutex
	cancels map[string]int
}

func (c *countingCard) Cancel(ctx context.Context, psp, key string) error {
	c.mu.Lock()
	c.cancels[psp]++
	c.mu.Unlock()
	return c.Sandbox.Cancel(ctx, psp, key)
}

// paidOrders is the order service's answer: the references in paid have an order.
type paidOrders struct{ paid map[string]bool }

func (o paidOrders) PaidReferences(_ context.Context, refs []domain.PaymentRef) (map[domain.PaymentRef]bool, error) {
	out := map[domain.PaymentRef]bool{}
	for _, r := range refs {
		if o.paid[r.Provider+":"+r.Reference] {
			out[r] = true
		}
	}
	return out, nil
}

// On a real PostgreSQL: an authorisation older than the limit with no order is voided once (and
// cleared from its session, so no order can be placed on it), one with an order is not, a fresh
// one is not; running again, and two replicas running at once, void nothing more. A PayPal
// subscription without an order is cancelled the same way.
func TestReconciliationVoidsUnusedPaymentsOnce(t *testing.T) {
	ctx := context.Background()
	store, err := sqlstore.OpenPostgres(ctx, testinfra.Postgres(t, "payment_reconcile"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if err := store.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	refs := store.References()
	sessions := &memSessions{data: map[string]domain.Option{
		"old": {Type: "adyen-scheme"}, "paid": {Type: "adyen-scheme"}, "fresh": {Type: "adyen-scheme"}, "pp": {Type: domain.SlugPayPalIntegration},
	}}
	card := &countingCard{Sandbox: &cardsandbox.Sandbox{Secret: []byte("x"), HMACKey: hmacKey}, cancels: map[string]int{}}
	pp := &recordingPayPal{Sandbox: &paypalsandbox.Sandbox{Secret: []byte("k"), PageURL: "http://pp.test/approve"}}
	var mu sync.Mutex
	now := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	orders := paidOrders{paid: map[string]bool{}}
	replica := func() service.Service {
		return service.New(service.Ports{Sessions: sessions, Card: card, PayPal: pp, Carts: fixedCart{domain.Money{Value: 4746, Currency: "EUR"}},
			Shoppers: shopper{}, Notifications: &onceStore{seen: map[string]bool{}}, References: refs, Orders: orders, Now: clock})
	}
	svc := replica()
	pay := func(sid string) string {
		out, err := svc.CreateCardPayment(at(sid), service.CardInput{PaymentMethod: []byte(`{"number":"4111111111111111"}`), IdempotencyKey: "k-" + sid})
		if err != nil || out.Option.PSPReference == "" {
			t.Fatalf("pay %s: %+v %v", sid, out, err)
		}
		return out.Option.PSPReference
	}
	old, paid := pay("old"), pay("paid")
	sub, err := svc.CreatePayPalSubscription(at("pp"), service.PayPalInput{ReturnURL: "http://shop/confirm", CancelURL: "http://shop/cancel", IdempotencyKey: "p1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.ConfirmPayPalSubscription(at("pp"), sub.ID); err != nil {
		t.Fatal(err)
	}
	orders.paid["card:"+paid] = true
	advance(2*time.Hour + time.Minute)
	fresh := pay("fresh")

	set := service.ReconcileSettings{After: 2 * time.Hour, Lease: 5 * time.Minute, Batch: 1}
	// Two replicas at once: the claims keep them apart.
	var wg sync.WaitGroup
	outs := make([]service.ReconcileOutcome, 2)
	for i, r := range []service.Service{svc, replica()} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			if outs[i], err = r.Reconcile(ctx, set); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if v, p := outs[0].Voided+outs[1].Voided, outs[0].Paid+outs[1].Paid; v != 2 || p != 1 {
		t.Fatalf("voided %d, paid %d (%+v)", v, p, outs)
	}
	if card.cancels[old] != 1 || card.cancels[paid] != 0 || card.cancels[fresh] != 0 || len(card.Voids()) != 1 || card.Voids()[0].PSPReference != old {
		t.Fatalf("cancels %v, sandbox voids %v", card.cancels, card.Voids())
	}
	if len(pp.cancelled) != 1 || pp.cancelled[0] != sub.ID {
		t.Fatalf("paypal cancelled %v", pp.cancelled)
	}
	// The voided payments left their sessions: no order can be placed on them any more.
	if o := sessions.data["old"]; o.PSPReference != "" || o.Charged != (domain.Charge{}) || o.Type != "adyen-scheme" {
		t.Fatalf("old session still pays with %+v", o)
	}
	if o := sessions.data["pp"]; o.PayPalReference != "" {
		t.Fatalf("paypal session still pays with %+v", o)
	}
	if o := sessions.data["paid"]; o.PSPReference != paid {
		t.Fatalf("paid session's option changed: %+v", o)
	}
	for ref, want := range map[string]string{old: domain.RefVoided, paid: domain.RefPaid, fresh: domain.RefOpen} {
		if got, err := refs.State(ctx, domain.RefCard, ref); err != nil || got != want {
			t.Fatalf("%s is %q (%v), want %q", ref, got, err, want)
		}
	}

	// Running again (and after the leases) voids nothing more.
	advance(10 * time.Minute)
	if out, err := svc.Reconcile(ctx, set); err != nil || out != (service.ReconcileOutcome{}) {
		t.Fatalf("second run: %+v %v", out, err)
	}
	if card.cancels[old] != 1 || len(pp.cancelled) != 1 {
		t.Fatalf("voided again: %v %v", card.cancels, pp.cancelled)
	}

	// A new attempt of the fresh session voids its old authorisation itself; the reconciliation
	// then has nothing to do for it.
	sessions.data["fresh"] = domain.Option{Type: "adyen-scheme", PSPReference: fresh}
	if _, err := svc.VoidSessionPayment(at("fresh")); err != nil {
		t.Fatal(err)
	}
	advance(3 * time.Hour)
	if out, err := svc.Reconcile(ctx, set); err != nil || out != (service.ReconcileOutcome{}) || card.cancels[fresh] != 1 {
		t.Fatalf("after the session's own void: %+v %v, cancels %v", out, err, card.cancels)
	}
}
