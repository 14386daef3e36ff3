package sqlstore

import (
	"context"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/payment/seed"
)

func TestSeedAndRead(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	ctx := context.Background()
	stores := bothStores(ctx, t, "payment_test")
	types, err := seed.Types()
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range stores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			defer s.Close()
			if err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			for range 2 { // the seed converges on a second start
				if err := s.Seed(ctx, types); err != nil {
					t.Fatal(err)
				}
			}
			got, err := s.Types(ctx, 1)
			if err != nil {
				t.Fatal(err)
			}
			var slugs []string
			for _, pt := range got {
				slugs = append(slugs, pt.Slug)
			}
			if len(got) != 4 || got[0].Slug != "sepa" || got[0].Name("en-GB") != "SEPA direct debit" || got[3].Active {
				t.Fatalf("brand 1 types: %v (%+v)", slugs, got)
			}
			at, err := s.Types(ctx, 2)
			if err != nil || len(at) != 3 || !at[0].SMSValidationRequired {
				t.Fatalf("brand 2 types: %+v, %v", at, err)
			}
			if none, err := s.Types(ctx, 99); err != nil || len(none) != 0 {
				t.Fatalf("unknown brand: %+v, %v", none, err)
			}
		})
	}
}

// bothStores opens the store on a throwaway PostgreSQL database (testinfra, named after db) and
// on an in-memory SQLite, by name: the store tests run their cases on both.
func bothStores(ctx context.Context, t *testing.T, db string) map[string]*Store {
	t.Helper()
	pg, err := OpenPostgres(ctx, testinfra.Postgres(t, db))
	if err != nil {
		t.Fatal(err)
	}
	lite, err := OpenSQLite(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	return map[string]*Store{"postgres": pg, "sqlite": lite}
}

// testKeys is a key ring of one fresh key (id k1) that seals the mandates' IBANs.
func testKeys(t *testing.T) *secretbox.Keyring {
	t.Helper()
	spec, _ := secretbox.NewKey("k1")
	keys, err := secretbox.Parse(spec, "")
	if err != nil {
		t.Fatal(err)
	}
	return keys
}
