package service_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/payment/adapters/sqlstore"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/service"
)

type sepaTypes struct{}

func (sepaTypes) Types(context.Context, int32) ([]domain.PaymentType, error) {
	return []domain.PaymentType{{Slug: "sepa", Active: true}, {Slug: "bank-transfer", Active: true}}, nil
}

type creditor struct{}

func (creditor) Brand(context.Context, int32) (domain.Brand, error) {
	return domain.Brand{CreditorID: "DE98ZZZ09999999999", CreditorName: "Hostwerk GmbH"}, nil
}

// randomBytes answers a stream that differs per call, so every reference is new.
type randomBytes struct{ n byte }

func (r *randomBytes) Read(p []byte) (int, error) {
	r.n++
	copy(p, bytes.Repeat([]byte{r.n}, len(p)))
	return len(p), nil
}

func mandateStore(t *testing.T) *sqlstore.Mandates {
	t.Helper()
	ctx := context.Background()
	s, err := sqlstore.OpenSQLite(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	spec, _ := secretbox.NewKey("k1")
	keys, err := secretbox.Parse(spec, "")
	if err != nil {
		t.Fatal(err)
	}
	return s.Mandates(keys)
}

var sepaChoice = domain.Option{Type: "sepa", Holder: "Erika Muster", IBAN: "DE89 3704 0044 0532 0130 00", BIC: "COBADEFFXXX", Permission: true}

// Issue 23 (SEPA rulebook: the mandate reference is part of the mandate text on the confirm page):
// storing the SEPA option makes its mandate reference, the order's mandate carries that same
// reference, and a request cannot choose it. A new choice is a new mandate text with a new
// reference; other payment types have none.
func TestSEPAOptionNamesTheMandateTheOrderRecords(t *testing.T) {
	sessions := &memSessions{data: map[string]domain.Option{}}
	now := time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC)
	svc := service.New(service.Ports{Types: sepaTypes{}, Sessions: sessions, Brands: creditor{}, Mandates: mandateStore(t),
		Now: func() time.Time { return now }, Random: &randomBytes{}})

	in := sepaChoice
	in.MandateReference = "CHOSEN-BY-THE-REQUEST"
	stored, err := svc.SetSessionPayment(at("s1"), in)
	if err != nil {
		t.Fatal(err)
	}
	ref := stored.MandateReference
	if len(ref) != 20 || ref[:8] != "HC261127" {
		t.Fatalf("stored option's mandate reference %q", ref)
	}
	if got, _, _ := svc.GetSessionPayment(at("s1")); got.MandateReference != ref {
		t.Fatalf("session option answers reference %q, stored %q", got.MandateReference, ref)
	}
	m, err := svc.CreateSEPAMandate(at("s1"), "order-1")
	if err != nil {
		t.Fatal(err)
	}
	if m.Reference != ref || m.CreditorID != "DE98ZZZ09999999999" || m.IBAN != "DE89••••••••••••••3000" {
		t.Fatalf("order's mandate %+v, want reference %q with the IBAN masked", m, ref)
	}
	// A retry for the same order answers the same mandate.
	if again, err := svc.CreateSEPAMandate(at("s1"), "order-1"); err != nil || again.Reference != ref {
		t.Fatalf("retry: %+v %v", again, err)
	}

	// The reference already names order-1's mandate: another order of the same option (its
	// earlier order never forgot it) gets a mandate of its own under a new reference.
	other, err := svc.CreateSEPAMandate(at("s1"), "order-2")
	if err != nil {
		t.Fatal(err)
	}
	if other.Reference == "" || other.Reference == ref {
		t.Fatalf("second order's mandate reference %q (first %q)", other.Reference, ref)
	}

	// Choosing again is a new mandate text with a new reference.
	if again, err := svc.SetSessionPayment(at("s1"), sepaChoice); err != nil || again.MandateReference == "" || again.MandateReference == ref {
		t.Fatalf("new choice: %q %v (first %q)", again.MandateReference, err, ref)
	}
	if bt, err := svc.SetSessionPayment(at("s1"), domain.Option{Type: "bank-transfer", MandateReference: "X"}); err != nil || bt.MandateReference != "" {
		t.Fatalf("bank transfer: %+v %v", bt, err)
	}
	if _, err := svc.CreateSEPAMandate(at("s1"), "order-3"); !errors.Is(err, service.ErrPaymentDataMissing) {
		t.Fatalf("mandate without a SEPA option: %v", err)
	}
}

// An option stored before options carried a reference still gets a mandate (with a new reference).
func TestSEPAMandateOfAnOptionWithoutReference(t *testing.T) {
	opt := sepaChoice
	opt.IBAN = "DE89370400440532013000"
	sessions := &memSessions{data: map[string]domain.Option{"s1": opt}}
	svc := service.New(service.Ports{Types: sepaTypes{}, Sessions: sessions, Brands: creditor{}, Mandates: mandateStore(t), Random: &randomBytes{}})
	m, err := svc.CreateSEPAMandate(at("s1"), "order-1")
	if err != nil || len(m.Reference) != 20 {
		t.Fatalf("mandate %+v %v", m, err)
	}
}

// Issue 23: the day the first debit falls due is given once, by the service's clock at the
// signing (paymenttypes.FirstDebitDue), recorded with the mandate on PostgreSQL, answered to the
// order service (whose confirmation announces it) and to collection unchanged, however late
// collection asks or the order service retries.
func TestSEPAMandateRecordsTheFirstDebitDay(t *testing.T) {
	ctx := context.Background()
	store, err := sqlstore.OpenPostgres(ctx, testinfra.Postgres(t, "payment_first_debit"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	if err := store.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	spec, _ := secretbox.NewKey("k1")
	keys, err := secretbox.Parse(spec, "")
	if err != nil {
		t.Fatal(err)
	}
	opt := sepaChoice
	opt.IBAN = "DE89370400440532013000"
	sessions := &memSessions{data: map[string]domain.Option{"s1": opt}}
	// 23:30 UTC on 27 November is 00:30 on the 28th in Germany: due five German days later.
	now := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
	svc := service.New(service.Ports{Types: sepaTypes{}, Sessions: sessions, Brands: creditor{}, Mandates: store.Mandates(keys),
		Now: func() time.Time { return now }, Random: &randomBytes{}})

	m, err := svc.CreateSEPAMandate(at("s1"), "order-1")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.FirstDebitDue.Format(paymenttypes.DateLayout); got != "2026-12-03" || !m.FirstDebitDue.Equal(paymenttypes.FirstDebitDue(now)) {
		t.Fatalf("mandate's first debit day %s, want 2026-12-03", got)
	}
	// Days later: a retry of the order answers the recorded day, and so does collection.
	now = now.AddDate(0, 0, 3)
	if again, err := svc.CreateSEPAMandate(at("s1"), "order-1"); err != nil || !again.FirstDebitDue.Equal(m.FirstDebitDue) {
		t.Fatalf("retry: %v %v, want %v", again.FirstDebitDue, err, m.FirstDebitDue)
	}
	c, err := svc.SEPAMandateForCollection(ctx, m.Reference)
	if err != nil {
		t.Fatal(err)
	}
	if !c.FirstDebitDue.Equal(m.FirstDebitDue) || c.IBAN != opt.IBAN {
		t.Fatalf("collection: due %v, IBAN %q; the order was told %v", c.FirstDebitDue, c.IBAN, m.FirstDebitDue)
	}
}
