package sqlstore

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/order/domain"
)

// The constraints that keep one cart and one payment to one order, whatever the Idempotency-Key:
// on PostgreSQL (production's database) and on the embedded SQLite, one after the other and
// racing.

// A second order of one revision of a session's cart (its clean-up after the first order failed,
// the cart submitted again with another key) is refused and writes nothing; the same revision in
// another session, or another revision, is an order of its own.
func TestOneCartRevisionMakesOneOrder(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		fb := domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true}
		rev := domain.CartRevision(4, []domain.Line{{Item: "r1"}, {Item: "r1"}, {Item: "r2"}})
		first := placement(t, "sess-a", "k1", fb)
		first.CartRevision = rev
		if _, created, err := s.Place(ctx, first); err != nil || !created {
			t.Fatalf("first order: %v, created %v", err, created)
		}
		second := placement(t, "sess-a", "k2", fb)
		second.CartRevision = rev
		_, created, err := s.Place(ctx, second)
		if !errors.Is(err, ErrAlreadyPlaced) || !errors.Is(err, apperr.Conflict) || apperr.MessageKey(err) != domain.KeyAlreadyPlaced || created {
			t.Fatalf("second order of one cart revision: %v, created %v", err, created)
		}
		if n := count(t, s, "orders"); n != 1 {
			t.Fatalf("%d orders, want 1", n)
		}
		if n := count(t, s, "order_idempotency"); n != 1 {
			t.Fatalf("%d idempotency records, want 1 (the refused order's was rolled back)", n)
		}
		if ordered, err := s.CartOrdered(ctx, "sess-a", rev); err != nil || !ordered {
			t.Fatalf("CartOrdered = %v, %v", ordered, err)
		}
		other := placement(t, "sess-b", "k2", fb)
		other.CartRevision = rev
		next := placement(t, "sess-a", "k3", fb)
		next.CartRevision = domain.CartRevision(5, []domain.Line{{Item: "r1"}, {Item: "r2"}})
		for _, p := range []Placement{other, next} {
			if _, created, err := s.Place(ctx, p); err != nil || !created {
				t.Fatalf("order %s of session %s: %v, created %v", p.IdempotencyKey, p.Order.SessionID, err, created)
			}
		}
		if ordered, err := s.CartOrdered(ctx, "sess-c", rev); err != nil || ordered {
			t.Fatalf("CartOrdered of another session = %v, %v", ordered, err)
		}
	})
}

// Submits of one cart with different keys at once (tabs, a retry after the cart was not cleared)
// meet at the cart revision's primary key: one order, the others refused.
func TestConcurrentSubmitsOfOneCartMakeOneOrder(t *testing.T) {
	s := openPostgres(t)
	ctx := context.Background()
	fb := domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true}
	rev := domain.CartRevision(2, []domain.Line{{Item: "r1"}})
	const n = 8
	ps := make([]Placement, n)
	for i := range ps {
		ps[i] = placement(t, "sess-tabs", "key-"+string(rune('a'+i)), fb)
		ps[i].CartRevision = rev
	}
	errs := race(n, func(i int) error { _, _, err := s.Place(ctx, ps[i]); return err })
	refused := 0
	for i, err := range errs {
		switch {
		case errors.Is(err, ErrAlreadyPlaced):
			refused++
		case err != nil:
			t.Fatalf("submit %d: %v", i, err)
		}
	}
	if refused != n-1 || count(t, s, "orders") != 1 || count(t, s, "order_outbox") != 1 {
		t.Fatalf("%d refused, %d orders, %d events; want %d, 1, 1", refused, count(t, s, "orders"), count(t, s, "order_outbox"), n-1)
	}
}

// One card authorisation (or PayPal subscription) pays one order on PostgreSQL: a second order
// with the same provider reference (another session, another key, another cart) is refused with
// payment.already_used and writes nothing, also when the orders race; the same reference of the
// other provider is another payment.
func TestOnePaymentReferenceOneOrderOnPostgres(t *testing.T) {
	s := openPostgres(t)
	ctx := context.Background()
	fb := domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true}
	card := func(session, psp string) Placement {
		p := placement(t, session, "k", fb)
		p.Order.Payment = domain.Payment{Type: "adyen-scheme", PSPReference: psp, PSPResult: "Authorised", ChargedCents: 1190, ChargedCurrency: "EUR"}
		return p
	}
	if _, created, err := s.Place(ctx, card("sess-1", "psp-1")); err != nil || !created {
		t.Fatalf("first order: %v, created %v", err, created)
	}
	_, created, err := s.Place(ctx, card("sess-2", "psp-1"))
	if !errors.Is(err, ErrPaymentAlreadyUsed) || !errors.Is(err, apperr.Conflict) || apperr.MessageKey(err) != domain.KeyPaymentAlreadyUsed || created {
		t.Fatalf("second order on one psp reference: %v, created %v", err, created)
	}
	if n := count(t, s, "orders"); n != 1 {
		t.Fatalf("%d orders on one psp reference, want 1", n)
	}
	paypal := placement(t, "sess-3", "k", fb)
	paypal.Order.Payment = domain.Payment{Type: "paypal-integration", PayPalReference: "psp-1"}
	if _, _, err := s.Place(ctx, paypal); err != nil {
		t.Fatalf("a PayPal subscription named like a psp reference: %v", err)
	}

	const n = 8
	ps := make([]Placement, n)
	for i := range ps {
		ps[i] = card("sess-race-"+string(rune('a'+i)), "psp-race")
	}
	errs := race(n, func(i int) error { _, _, err := s.Place(ctx, ps[i]); return err })
	refused := 0
	for i, err := range errs {
		switch {
		case errors.Is(err, ErrPaymentAlreadyUsed):
			refused++
		case err != nil:
			t.Fatalf("submit %d: %v", i, err)
		}
	}
	var orders int
	if err := s.db.GetContext(ctx, &orders, `SELECT COUNT(*) FROM order_payment_refs WHERE reference = 'psp-race'`); err != nil {
		t.Fatal(err)
	}
	if refused != n-1 || orders != 1 || count(t, s, "orders") != 3 {
		t.Fatalf("%d refused, %d orders on psp-race, %d orders in all; want %d, 1, 3", refused, orders, count(t, s, "orders"), n-1)
	}
}

// race runs n calls of f at once and answers their errors.
func race(n int, f func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			errs[i] = f(i)
		})
	}
	close(start)
	wg.Wait()
	return errs
}
