package sqlstore

import (
	"context"
	"errors"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/customer/domain"
	"github.com/hostcart/checkout/services/customer/seed"
)

// Both SQL dialects run the same queries: PostgreSQL as deployed, SQLite as in devstack.
func stores(t *testing.T) map[string]*Store {
	ctx := context.Background()
	pg, err := OpenPostgres(ctx, testinfra.Postgres(t, "customer_test"))
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	lite, err := OpenSQLite(ctx, ":memory:")
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	out := map[string]*Store{"postgres": pg, "sqlite": lite}
	for _, s := range out {
		t.Cleanup(func() { s.Close() })
		if err := s.Migrate(ctx); err != nil {
			t.Fatalf("migrate: %v", err)
		}
	}
	return out
}

func TestSeedCustomersRoundTrip(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	customers, err := seed.Customers()
	if err != nil {
		t.Fatal(err)
	}
	var records []domain.ExistingCustomer
	brands := map[int32]int{}
	for _, c := range customers {
		records = append(records, c.ExistingCustomer)
		brands[c.BrandID]++
	}
	if brands[1] < 2 || brands[2] < 2 {
		t.Fatalf("seed customers per brand: %v, want at least two for both brands", brands)
	}
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			// Twice: the seed converges instead of failing on the second start.
			for range 2 {
				if err := s.Upsert(ctx, records); err != nil {
					t.Fatal(err)
				}
			}
			for _, want := range records {
				got, err := s.BySubject(ctx, want.BrandID, want.Subject)
				if err != nil {
					t.Fatalf("BySubject(%d, %s): %v", want.BrandID, want.Subject, err)
				}
				if got != want {
					t.Fatalf("BySubject = %+v, want %+v", got, want)
				}
				if byNo, err := s.ByNumber(ctx, want.Number); err != nil || byNo != want {
					t.Fatalf("ByNumber(%s) = %+v, %v", want.Number, byNo, err)
				}
			}
			// A subject belongs to one brand: the other brand's authority cannot log in as it.
			first := records[0]
			if _, err := s.BySubject(ctx, first.BrandID+1, first.Subject); !errors.Is(err, apperr.NotFound) {
				t.Fatalf("subject of brand %d found for another brand: %v", first.BrandID, err)
			}
			if _, err := s.ByNumber(ctx, "nope"); !errors.Is(err, apperr.NotFound) {
				t.Fatalf("unknown number: %v", err)
			}
			// An update of a record replaces it.
			changed := first
			changed.Address.City = "Hamburg"
			if err := s.Upsert(ctx, []domain.ExistingCustomer{changed}); err != nil {
				t.Fatal(err)
			}
			if got, _ := s.ByNumber(ctx, first.Number); got.Address.City != "Hamburg" {
				t.Fatalf("upsert did not replace: %+v", got)
			}
		})
	}
}

func TestOutageIsUnavailable(t *testing.T) {
	t.Parallel() // a store of its own that reaches no server
	s, err := OpenSQLite(context.Background(), ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := s.BySubject(context.Background(), 1, "x"); err == nil || errors.Is(err, apperr.NotFound) {
		t.Fatalf("closed store: %v, want an error that is not NotFound", err)
	}
}
