package sqlstore

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/paymenttypes"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/payment/domain"
)

// A mandate's IBAN is stored sealed (the column holds no IBAN, it opens with the key to the IBAN),
// masked in what Create answers, clear only for collection; one mandate per order.
func TestMandatesSealTheIBAN(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	ctx := context.Background()
	stores := bothStores(ctx, t, "payment_mandates")
	keys := testKeys(t)
	const iban = "DE89370400440532013000"
	signed := time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC)
	due := paymenttypes.FirstDebitDue(signed)
	for name, s := range stores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			defer s.Close()
			if err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			m := s.Mandates(keys)
			in := domain.Mandate{Reference: "HC261127ABCDEFGHJKMN", OrderID: "order-1", BrandID: 1, CreditorID: "DE98ZZZ09999999999",
				CreditorName: "Hostwerk GmbH", Holder: "Erika Muster", IBAN: iban, BIC: "COBADEFFXXX", SignedAt: signed, FirstDebitDue: due}
			got, err := m.Create(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			if got.IBAN != "DE89••••••••••••••3000" || got.Reference != in.Reference || !got.SignedAt.Equal(signed) || got.CreditorID != in.CreditorID ||
				!got.FirstDebitDue.Equal(due) {
				t.Fatalf("created %+v", got)
			}
			var sealed, keyID string
			if err := s.db.QueryRowContext(ctx, `SELECT iban_sealed, iban_key_id FROM sepa_mandates WHERE reference = 'HC261127ABCDEFGHJKMN'`).Scan(&sealed, &keyID); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(sealed, iban) || strings.Contains(sealed, "0532013000") || keyID != "k1" {
				t.Fatalf("stored %q under %q", sealed, keyID)
			}
			// A retry for the same order answers the first mandate, with the day recorded first.
			again := in
			again.Reference = "HC261127ZZZZZZZZZZZZ"
			again.FirstDebitDue = due.AddDate(0, 0, 1)
			if m2, err := m.Create(ctx, again); err != nil || m2.Reference != in.Reference || !m2.FirstDebitDue.Equal(due) {
				t.Fatalf("second mandate for the order: %+v, %v", m2, err)
			}
			clear, err := m.ForCollection(ctx, in.Reference)
			if err != nil || clear.IBAN != iban || clear.Holder != "Erika Muster" || !clear.FirstDebitDue.Equal(due) {
				t.Fatalf("for collection: %+v, %v", clear, err)
			}
			// The session option's reference already names order-1's mandate: another order cannot
			// take it (unique per creditor), nothing is written and order-1's mandate stays.
			taken := in
			taken.OrderID = "order-2"
			if _, err := m.Create(ctx, taken); !errors.Is(err, domain.ErrMandateReferenceTaken) {
				t.Fatalf("reference of another order's mandate: %v", err)
			}
			if m1, err := m.ForCollection(ctx, in.Reference); err != nil || m1.OrderID != "order-1" {
				t.Fatalf("order-1's mandate after the refusal: %+v, %v", m1, err)
			}
			if _, err := m.ForCollection(ctx, "HC-UNKNOWN"); !errors.Is(err, ErrMandateNotFound) {
				t.Fatalf("unknown reference: %v", err)
			}
			other, _ := secretbox.NewKey("k1")
			wrong, _ := secretbox.Parse(other, "")
			if _, err := s.Mandates(wrong).ForCollection(ctx, in.Reference); err == nil {
				t.Fatal("opened with another key")
			}
		})
	}
}

// Issue 23: the first debit's day is recorded with the mandate, as a day (not a time) that
// collection reads back unchanged; a mandate without it is refused; a mandate recorded before the
// day was kept reads with the same rule from its signing time.
func TestMandatesRecordTheFirstDebitDay(t *testing.T) {
	t.Parallel() // its own database (testinfra)
	ctx := context.Background()
	s, err := OpenPostgres(ctx, testinfra.Postgres(t, "payment_mandate_due"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	keys := testKeys(t)
	m := s.Mandates(keys)
	// 23:30 UTC is 00:30 on 28 November in Germany: the day counts from the 28th.
	signed := time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC)
	in := domain.Mandate{Reference: "HC261127DUEDAYDUEDAY", OrderID: "order-due", BrandID: 2, CreditorID: "AT92ZZZ00000012345",
		CreditorName: "Alpenhost GmbH", Holder: "Erika Muster", IBAN: "AT611904300234573201", BIC: "BKAUATWWXXX", SignedAt: signed,
		FirstDebitDue: paymenttypes.FirstDebitDue(signed)}
	if _, err := m.Create(ctx, in); err != nil {
		t.Fatal(err)
	}
	var stored string
	if err := s.db.QueryRowContext(ctx, `SELECT first_debit_due FROM sepa_mandates WHERE reference = 'HC261127DUEDAYDUEDAY'`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != "2026-12-03" {
		t.Fatalf("recorded first debit day %q, want 2026-12-03", stored)
	}
	got, err := m.ForCollection(ctx, in.Reference)
	if err != nil || got.FirstDebitDue.Format(paymenttypes.DateLayout) != "2026-12-03" {
		t.Fatalf("for collection: %v %v", got.FirstDebitDue, err)
	}

	none := in
	none.Reference, none.OrderID, none.FirstDebitDue = "HC261127NODAYNODAYNO", "order-none", time.Time{}
	if _, err := m.Create(ctx, none); err == nil {
		t.Fatal("a mandate without its first debit day was recorded")
	}

	// A row from before the column: '' reads as the rule's day of its signing time.
	if _, err := s.db.ExecContext(ctx, `UPDATE sepa_mandates SET first_debit_due = '' WHERE reference = 'HC261127DUEDAYDUEDAY'`); err != nil {
		t.Fatal(err)
	}
	if old, err := m.ForCollection(ctx, in.Reference); err != nil || !old.FirstDebitDue.Equal(paymenttypes.FirstDebitDue(signed)) {
		t.Fatalf("mandate recorded before the day was kept: %v %v", old.FirstDebitDue, err)
	}
}
