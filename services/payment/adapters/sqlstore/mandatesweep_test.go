package sqlstore

import (
	"context"
	"encoding/base64"
	"errors"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/payment/domain"
)

// The sweep's store on both databases (issue 20): only open mandates signed before the cutoff are
// claimed, each by one caller until its lease ran out; a kept mandate is never claimed or wiped
// again; an abandoned one has no holder, IBAN (sealed or masked), key id, BIC or bank left, keeps
// reference, order, creditor and times, and is not found for collection.
func TestMandateSweep(t *testing.T) {
	t.Parallel() // its own database (testinfra)
	ctx := context.Background()
	stores := bothStores(ctx, t, "payment_mandate_sweep_store")
	keys := testKeys(t)
	const iban = "DE89370400440532013000"
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	for name, s := range stores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			defer s.Close()
			if err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			m := s.Mandates(keys)
			// Recorded as Create records them (sealed IBAN bound to the reference).
			record := func(ref, order string, signed time.Time) {
				t.Helper()
				sealed, err := keys.Seal([]byte(iban), []byte(ref))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO sepa_mandates (reference, order_id, brand_id, creditor_id,
					creditor_name, holder, iban_masked, iban_sealed, iban_key_id, bic, bank, signed_at) VALUES (?, ?, 1, 'DE98ZZZ09999999999',
					'Hostwerk GmbH', 'Erika Muster', ?, ?, ?, 'COBADEFFXXX', 'Commerzbank', ?)`), ref, order, domain.MaskIBAN(iban),
					base64.StdEncoding.EncodeToString(sealed.Ciphertext), sealed.KeyID, signed.UnixMilli()); err != nil {
					t.Fatal(err)
				}
			}
			record("HC-LOST", "ord-lost", t0)
			record("HC-KEPT", "ord-kept", t0.Add(time.Minute))
			record("HC-YOUNG", "ord-young", t0.Add(25*time.Hour))
			now := t0.Add(25*time.Hour + time.Minute)
			cutoff := now.Add(-24 * time.Hour)

			claimed, err := m.Claim(ctx, cutoff, now, 5*time.Minute, 10)
			byRef := map[string]domain.MandateClaim{}
			for _, c := range claimed {
				byRef[c.Reference] = c
			}
			if lost := byRef["HC-LOST"]; err != nil || len(claimed) != 2 || lost.OrderID != "ord-lost" || !lost.SignedAt.Equal(t0) ||
				byRef["HC-KEPT"].OrderID != "ord-kept" {
				t.Fatalf("claimed %+v, %v", claimed, err)
			}
			// Claimed: nobody else's until the lease ran out.
			if again, err := m.Claim(ctx, cutoff, now.Add(time.Minute), 5*time.Minute, 10); err != nil || len(again) != 0 {
				t.Fatalf("claimed twice: %+v, %v", again, err)
			}
			if err := m.Keep(ctx, "HC-KEPT", now); err != nil {
				t.Fatal(err)
			}
			if wiped, err := m.Abandon(ctx, "HC-KEPT", now); err != nil || wiped {
				t.Fatalf("kept mandate abandoned: %v %v", wiped, err)
			}
			if wiped, err := m.Abandon(ctx, "HC-LOST", now); err != nil || !wiped {
				t.Fatalf("abandon: %v %v", wiped, err)
			}
			if wiped, err := m.Abandon(ctx, "HC-LOST", now); err != nil || wiped {
				t.Fatalf("abandoned twice: %v %v", wiped, err)
			}
			var row struct {
				OrderID, CreditorID, CreditorName, State, Holder, Masked, Sealed, KeyID, BIC, Bank string
				SignedAt, SettledAt                                                                int64
			}
			if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT order_id, creditor_id, creditor_name, state, holder, iban_masked,
				iban_sealed, iban_key_id, bic, bank, signed_at, settled_at FROM sepa_mandates WHERE reference = ?`), "HC-LOST").Scan(
				&row.OrderID, &row.CreditorID, &row.CreditorName, &row.State, &row.Holder, &row.Masked, &row.Sealed, &row.KeyID, &row.BIC,
				&row.Bank, &row.SignedAt, &row.SettledAt); err != nil {
				t.Fatal(err)
			}
			if row.OrderID != "ord-lost" || row.CreditorID != "DE98ZZZ09999999999" || row.CreditorName != "Hostwerk GmbH" ||
				row.State != domain.MandateAbandoned || row.SignedAt != t0.UnixMilli() || row.SettledAt != now.UnixMilli() ||
				row.Holder != "" || row.Masked != "" || row.Sealed != "" || row.KeyID != "" || row.BIC != "" || row.Bank != "" {
				t.Fatalf("abandoned row %+v", row)
			}
			if _, err := m.ForCollection(ctx, "HC-LOST"); !errors.Is(err, ErrMandateNotFound) {
				t.Fatalf("abandoned mandate for collection: %v", err)
			}
			if kept, err := m.ForCollection(ctx, "HC-KEPT"); err != nil || kept.IBAN != iban {
				t.Fatalf("kept mandate for collection: %+v %v", kept, err)
			}
			// Past every lease and a day later: the young one is old now, the settled ones are not
			// taken again.
			later := now.Add(24 * time.Hour)
			if claimed, err := m.Claim(ctx, later.Add(-24*time.Hour), later, 5*time.Minute, 10); err != nil || len(claimed) != 1 ||
				claimed[0].Reference != "HC-YOUNG" {
				t.Fatalf("claimed later %+v, %v", claimed, err)
			}
			for ref, want := range map[string]string{"HC-LOST": domain.MandateAbandoned, "HC-KEPT": domain.MandateOrdered, "HC-YOUNG": domain.MandateOpen, "HC-NONE": ""} {
				if got, err := m.State(ctx, ref); err != nil || got != want {
					t.Fatalf("%s is %q (%v), want %q", ref, got, err, want)
				}
			}
		})
	}
}
