package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/libs/go/pricing"
	"github.com/hostcart/checkout/services/order/domain"
)

// stores runs a test on PostgreSQL (a throwaway database) and on the embedded SQLite.
func stores(t *testing.T, run func(t *testing.T, s *Store)) {
	t.Run("postgres", func(t *testing.T) { run(t, openPostgres(t)) })
	t.Run("sqlite", func(t *testing.T) {
		s, err := OpenSQLite(context.Background(), ":memory:")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		if err := s.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		run(t, s)
	})
}

func openPostgres(t *testing.T) *Store {
	t.Helper()
	dsn := testinfra.Postgres(t, "order_store")
	s, err := OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

var t0 = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

func placement(t *testing.T, session, key string, fb domain.Feedback) Placement {
	t.Helper()
	id, err := domain.NewOrderID(t0)
	if err != nil {
		t.Fatal(err)
	}
	code, err := domain.NewOrderCode(t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	o := domain.Order{ID: id, Code: code, SessionID: session, BrandID: 1, Locale: "de-DE", Status: domain.StatusPlaced,
		Customer: domain.Customer{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.org", CountryCode: "DE"},
		Payment:  domain.Payment{Type: "sepa", MaskedIBAN: "DE89 •••• 3000", Permission: true},
		Feedback: fb,
		// The printed figures (issue 23) are kept and read back; the domain line has none, as an
		// order placed before they were kept (NULL).
		Totals: domain.Totals{NetCents: 1000, VATCents: 190, GrossCents: 1190, Currency: "EUR",
			Display: &domain.TotalsDisplay{PricesWithVAT: true, Figures: pricing.CartPresentation{SubtotalCents: 1190, FirstTermCents: 1190,
				FirstTermMonths: 1, DueTodayCents: 1190, PerMonthCents: 1071, RenewalMonthlyCents: 1071, RenewalFromMonth: 2, NetCents: 1000, VATCents: 190, GrossCents: 1190}}},
		Lines: []domain.Line{
			{Item: "r1", Kind: domain.KindProduct, RefID: 7, Name: "Web M", MaturityID: 2, IntervalID: 3, VATPercent: 19, NetCents: 900, GrossCents: 1071,
				Display: &domain.LineDisplay{MaturityMonths: 1, IntervalMonths: 1, Figures: pricing.PresentLine(pricing.LineInput{
					NetMonthlyCents: 900, TermMonths: 1, IntervalMonths: 1, VATPercent: 19, WithVAT: true})}},
			{Item: "r1", Kind: domain.KindAddon, RefID: 8, Name: "Monitoring-Agent", VATPercent: 19, Display: &domain.LineDisplay{Hidden: true}},
			{Item: "r1", Kind: domain.KindDomain, Name: "example.de", VATPercent: 19, NetCents: 100, GrossCents: 119, Promotion: "WELCOME"},
		},
		CreatedAt: t0,
	}
	ev, err := o.FinalizedOutbox(id)
	if err != nil {
		t.Fatal(err)
	}
	return Placement{Order: o, IdempotencyKey: key, RequestHash: domain.RequestHash(fb), Event: &ev}
}

func TestPlaceAndRead(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		p := placement(t, "sess-a", "k1", domain.Feedback{Comment: "hi", GeneralBusinessTerm: true, PrivacyTerm: true})
		got, created, err := s.Place(ctx, p)
		if err != nil || !created {
			t.Fatalf("Place: %v, created %v", err, created)
		}
		read, err := s.Order(ctx, got.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(read, p.Order) {
			t.Fatalf("read back\n%+v\nwant\n%+v", read, p.Order)
		}
		if _, err := s.Order(ctx, "nope"); !errors.Is(err, apperr.NotFound) {
			t.Fatalf("unknown order: %v", err)
		}
	})
}

// The customer's VIES evidence is kept in the order row's own column and read back with the order;
// an order without a check reads back without one (NULL, not an empty check).
func TestPlaceKeepsTheVATIDCheck(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		p := placement(t, "sess-a", "k1", domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true})
		check := &domain.VATIDCheck{VATID: "ATU12345678", Status: domain.VATIDValid, ConsultationNumber: "WAPIAAAAZCHAfYhS",
			Name: "Gruber Bau KG", Address: "Landstraße 22\n4020 Linz", CheckedAt: t0.Add(-time.Hour)}
		p.Order.Customer.CompanyVATID, p.Order.Customer.VATIDCheck = "ATU12345678", check
		if _, _, err := s.Place(ctx, p); err != nil {
			t.Fatal(err)
		}
		read, err := s.Order(ctx, p.Order.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(read.Customer.VATIDCheck, check) {
			t.Fatalf("vat id check read back %+v, want %+v", read.Customer.VATIDCheck, check)
		}
		var column, customer string
		if err := s.db.QueryRowxContext(ctx, s.db.Rebind(`SELECT vat_id_check, customer FROM orders WHERE id = ?`), p.Order.ID).Scan(&column, &customer); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(column, `"consultation_number":"WAPIAAAAZCHAfYhS"`) || strings.Contains(customer, "WAPIAAAAZCHAfYhS") {
			t.Fatalf("vat_id_check column %s, customer snapshot %s", column, customer)
		}

		none := placement(t, "sess-b", "k1", domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true})
		if _, _, err := s.Place(ctx, none); err != nil {
			t.Fatal(err)
		}
		if read, err := s.Order(ctx, none.Order.ID); err != nil || read.Customer.VATIDCheck != nil {
			t.Fatalf("order without a check: %v, %+v", err, read.Customer.VATIDCheck)
		}
	})
}

func TestPlaceIsIdempotentPerSessionAndKey(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		fb := domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true}
		first, _, err := s.Place(ctx, placement(t, "sess-a", "k1", fb))
		if err != nil {
			t.Fatal(err)
		}
		again, created, err := s.Place(ctx, placement(t, "sess-a", "k1", fb))
		if err != nil || created || again.ID != first.ID {
			t.Fatalf("same key and body: %v, created %v, id %s want %s", err, created, again.ID, first.ID)
		}
		other := fb
		other.Comment = "changed"
		if _, _, err := s.Place(ctx, placement(t, "sess-a", "k1", other)); !errors.Is(err, ErrIdempotencyKeyReused) || !errors.Is(err, apperr.Conflict) {
			t.Fatalf("same key, other body: %v", err)
		}
		// The key is the session's: another session's equal key is its own order.
		b, created, err := s.Place(ctx, placement(t, "sess-b", "k1", fb))
		if err != nil || !created || b.ID == first.ID {
			t.Fatalf("other session: %v, created %v", err, created)
		}
		if n := count(t, s, "orders"); n != 2 {
			t.Fatalf("%d orders, want 2", n)
		}
		if n := count(t, s, "order_outbox"); n != 2 {
			t.Fatalf("%d events, want 2", n)
		}
	})
}

// Twenty submits of one key at once: exactly one order, one event, and every caller gets it.
func TestConcurrentPlacesMakeOneOrder(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		fb := domain.Feedback{GeneralBusinessTerm: true, PrivacyTerm: true}
		const n = 20
		ps := make([]Placement, n)
		for i := range ps {
			ps[i] = placement(t, "sess-c", "same-key", fb)
		}
		ids := make([]string, n)
		errs := make([]error, n)
		var created sync.Map
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				o, c, err := s.Place(ctx, ps[i])
				ids[i], errs[i] = o.ID, err
				if c {
					created.Store(i, true)
				}
			})
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("submit %d: %v", i, err)
			}
			if ids[i] != ids[0] {
				t.Fatalf("submit %d got order %s, submit 0 %s", i, ids[i], ids[0])
			}
		}
		winners := 0
		created.Range(func(any, any) bool { winners++; return true })
		if winners != 1 {
			t.Fatalf("%d submits created an order, want 1", winners)
		}
		if got := count(t, s, "orders"); got != 1 {
			t.Fatalf("%d orders, want 1", got)
		}
		if got := count(t, s, "order_outbox"); got != 1 {
			t.Fatalf("%d events, want 1", got)
		}
		if got := count(t, s, "order_lines"); got != 3 {
			t.Fatalf("%d lines, want 3", got)
		}
	})
}

func count(t *testing.T, s *Store, table string) int {
	t.Helper()
	var n int
	if err := s.db.Get(&n, "SELECT COUNT(*) FROM "+table); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestVerifySMS(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		p := placement(t, "sess-s", "k", domain.Feedback{})
		p.Order.Status, p.Order.SMSRequired = domain.StatusAwaitingSMS, true
		// An order awaiting SMS is placed without its order.finalized event; the validation
		// persists the lifecycle's move: placed, with order.status_changed and order.finalized,
		// once.
		p.Event = nil
		events := 0
		finalized := func(o domain.Order) (domain.Move, error) {
			events++
			if o.Status != domain.StatusAwaitingSMS {
				t.Errorf("move decided for order %+v", o)
			}
			return domain.OnSMSValidated(o, t0.Add(time.Minute))
		}
		code, rec, err := domain.NewSMSCode(nil, "+49 231 1234567", t0)
		if err != nil {
			t.Fatal(err)
		}
		p.SMS = &rec
		if _, _, err := s.Place(ctx, p); err != nil {
			t.Fatal(err)
		}
		stored, found, err := s.SMSCode(ctx, p.Order.ID)
		if err != nil || !found || !reflect.DeepEqual(stored, rec) {
			t.Fatalf("SMSCode = %+v %v %v, want %+v", stored, found, err, rec)
		}
		check := func(c string) func(domain.SMSCode) (domain.SMSCode, string) {
			return func(cur domain.SMSCode) (domain.SMSCode, string) { return cur.Check(c, t0.Add(time.Minute)) }
		}
		wrong := "zzzzz"
		if wrong == code {
			wrong = "yyyyy"
		}
		o, key, err := s.VerifySMS(ctx, p.Order.ID, check(wrong), finalized)
		if err != nil || key != domain.KeySMSCodeInvalid || o.SMSValidated {
			t.Fatalf("wrong code: %v %q %+v", err, key, o)
		}
		if c, _, _ := s.SMSCode(ctx, p.Order.ID); c.Attempts != 1 {
			t.Fatalf("attempts %d, want 1", c.Attempts)
		}
		o, key, err = s.VerifySMS(ctx, p.Order.ID, check(code), finalized)
		if err != nil || key != "" || !o.SMSValidated || o.Status != domain.StatusPlaced {
			t.Fatalf("right code: %v %q %+v", err, key, o)
		}
		if _, key, _ = s.VerifySMS(ctx, p.Order.ID, check(code), finalized); key != domain.KeySMSCodeMissing {
			t.Fatalf("used code again: %q", key)
		}
		if events != 1 || count(t, s, "order_outbox") != 2 {
			t.Fatalf("%d moves decided, %d events in the outbox; want 1 and 2", events, count(t, s, "order_outbox"))
		}
		var subjects []string
		if err := s.db.SelectContext(ctx, &subjects, `SELECT subject FROM order_outbox ORDER BY subject`); err != nil {
			t.Fatal(err)
		}
		if want := []string{domain.EventFinalized, domain.EventStatusChanged}; !reflect.DeepEqual(subjects, want) {
			t.Fatalf("events %v, want %v", subjects, want)
		}
		// A resend replaces the record: attempts start over.
		_, fresh, _ := domain.NewSMSCode(nil, "+43 1 234567", t0)
		if err := s.PutSMSCode(ctx, p.Order.ID, fresh); err != nil {
			t.Fatal(err)
		}
		if c, _, _ := s.SMSCode(ctx, p.Order.ID); c.Used || c.Attempts != 0 || c.Phone != "+43 1 234567" {
			t.Fatalf("after resend: %+v", c)
		}
	})
}

// Concurrent wrong attempts are all counted: none is lost to a race between read and write.
func TestVerifySMSCountsConcurrentAttempts(t *testing.T) {
	s := openPostgres(t)
	ctx := context.Background()
	p := placement(t, "sess-r", "k", domain.Feedback{})
	_, rec, _ := domain.NewSMSCode(nil, "", t0)
	p.SMS = &rec
	if _, _, err := s.Place(ctx, p); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			_, _, err := s.VerifySMS(ctx, p.Order.ID, func(cur domain.SMSCode) (domain.SMSCode, string) {
				cur.Attempts++
				return cur, domain.KeySMSCodeInvalid
			}, nil)
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if c, _, _ := s.SMSCode(ctx, p.Order.ID); c.Attempts != 8 {
		t.Fatalf("attempts %d, want 8", c.Attempts)
	}
}

func TestRelayOutbox(t *testing.T) {
	stores(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		var want []string
		for i := range 3 {
			p := placement(t, "sess-o", fmt.Sprint("k", i), domain.Feedback{})
			p.Event.CreatedAt = t0.Add(time.Duration(i) * time.Second)
			if _, _, err := s.Place(ctx, p); err != nil {
				t.Fatal(err)
			}
			want = append(want, p.Event.MsgID)
		}
		var got []string
		boom := errors.New("broker down")
		n, err := s.RelayOutbox(ctx, t0, 10, func(_ context.Context, e domain.OutboxEvent) error {
			if len(got) == 1 {
				return boom
			}
			got = append(got, e.MsgID)
			return nil
		})
		if n != 1 || !errors.Is(err, boom) {
			t.Fatalf("failing relay: %d, %v", n, err)
		}
		if pending, _ := s.PendingEvents(ctx); pending != 2 {
			t.Fatalf("%d pending after one publish, want 2", pending)
		}
		later := t0.Add(time.Hour)
		n, err = s.RelayOutbox(ctx, later, 10, func(_ context.Context, e domain.OutboxEvent) error {
			got = append(got, e.MsgID)
			return nil
		})
		if err != nil || n != 2 || !reflect.DeepEqual(got, want) {
			t.Fatalf("relay: %d %v, published %v want %v", n, err, got, want)
		}
		if n, err := s.RelayOutbox(ctx, t0, 10, func(context.Context, domain.OutboxEvent) error { return nil }); n != 0 || err != nil {
			t.Fatalf("nothing left: %d %v", n, err)
		}
		// Each row is marked with the time of the round that published it (the caller's clock).
		var marks []int64
		if err := s.db.SelectContext(ctx, &marks, `SELECT published_at FROM order_outbox ORDER BY created_at, id`); err != nil {
			t.Fatal(err)
		}
		if wantMarks := []int64{ms(t0), ms(later), ms(later)}; !reflect.DeepEqual(marks, wantMarks) {
			t.Fatalf("published_at %v, want %v", marks, wantMarks)
		}
	})
}
