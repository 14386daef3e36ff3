package sqlstore

import (
	"context"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/payment/domain"
)

// Claims on both stores: only open references made before the cutoff, each claimed by one caller
// until its lease ran out, never again once settled; recording twice keeps the first.
func TestReferenceClaims(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	ctx := context.Background()
	stores := bothStores(ctx, t, "payment_references")
	t0 := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	for name, s := range stores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			defer s.Close()
			if err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			r := s.References()
			for i, ref := range []domain.PaymentRef{
				{Provider: domain.RefCard, Reference: "PSP1", SessionID: "s1", CreatedAt: t0},
				{Provider: domain.RefCard, Reference: "PSP1", SessionID: "other", CreatedAt: t0.Add(time.Hour)},
				{Provider: domain.RefPayPal, Reference: "I-1", SessionID: "s2", CreatedAt: t0.Add(time.Minute)},
				{Provider: domain.RefCard, Reference: "PSP2", SessionID: "s3", CreatedAt: t0.Add(3 * time.Hour)},
			} {
				if err := r.Record(ctx, ref); err != nil {
					t.Fatalf("record %d: %v", i, err)
				}
			}
			now := t0.Add(2*time.Hour + time.Minute)
			got, err := r.Claim(ctx, now.Add(-2*time.Hour), now, 5*time.Minute, 10)
			if err != nil || len(got) != 2 || got[0].Reference != "PSP1" || got[0].SessionID != "s1" || !got[0].CreatedAt.Equal(t0) || got[1].Reference != "I-1" {
				t.Fatalf("claimed %+v, %v", got, err)
			}
			if again, err := r.Claim(ctx, now.Add(-2*time.Hour), now.Add(time.Minute), 5*time.Minute, 10); err != nil || len(again) != 0 {
				t.Fatalf("claimed during the lease: %+v %v", again, err)
			}
			if err := r.Settle(ctx, domain.RefCard, "PSP1", domain.RefVoided, now); err != nil {
				t.Fatal(err)
			}
			later := now.Add(6 * time.Minute)
			if again, err := r.Claim(ctx, later.Add(-2*time.Hour), later, 5*time.Minute, 10); err != nil || len(again) != 1 || again[0].Reference != "I-1" {
				t.Fatalf("after the lease: %+v %v", again, err)
			}
			if err := r.Settle(ctx, domain.RefCard, "PSP1", domain.RefPaid, later); err != nil {
				t.Fatal(err)
			}
			if st, err := r.State(ctx, domain.RefCard, "PSP1"); err != nil || st != domain.RefVoided {
				t.Fatalf("settled twice: %q %v", st, err)
			}
		})
	}
}
