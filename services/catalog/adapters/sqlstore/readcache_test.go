package sqlstore

import (
	"context"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/catalog/seed"
	"github.com/hostcart/checkout/services/catalog/service"
)

// seededPostgres is a migrated, seeded store on a throwaway PostgreSQL database.
func seededPostgres(tb testing.TB) *Store {
	tb.Helper()
	ctx := context.Background()
	s, err := OpenPostgres(ctx, testinfra.Postgres(tb, "catalog_test"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(ctx); err != nil {
		tb.Fatal(err)
	}
	c, err := seed.Default()
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.Import(ctx, c); err != nil {
		tb.Fatal(err)
	}
	return s
}

// TestReadCacheSeesAChangeAfterTheTTL changes a product's name in PostgreSQL behind the read
// cache: the cached name until the injected clock passes the TTL, the new one after.
func TestReadCacheSeesAChangeAfterTheTTL(t *testing.T) {
	s := seededPostgres(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)
	const ttl = 30 * time.Second
	repo := service.NewReadCache(s, ttl, func() time.Time { return now })

	all, err := repo.Products(ctx, 1, "de-DE", service.ProductFilter{})
	if err != nil || len(all) == 0 {
		t.Fatalf("products: %v, %d", err, len(all))
	}
	p := all[0]
	one := func() string {
		t.Helper()
		got, err := repo.Products(ctx, 1, "de-DE", service.ProductFilter{IDs: []int32{p.ID}})
		if err != nil || len(got) != 1 || got[0].ID != p.ID {
			t.Fatalf("product %d: %v %+v", p.ID, err, got)
		}
		return got[0].Name
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE product_texts SET name = 'Renamed' WHERE product_id = $1 AND locale = 'de-DE'`, p.ID); err != nil {
		t.Fatal(err)
	}
	if got := one(); got != p.Name {
		t.Fatalf("within the TTL: %q, want the cached %q", got, p.Name)
	}
	now = now.Add(ttl - time.Second)
	if got := one(); got != p.Name {
		t.Fatalf("1 s before the TTL: %q, want the cached %q", got, p.Name)
	}
	now = now.Add(time.Second)
	if got := one(); got != "Renamed" {
		t.Fatalf("after the TTL: %q, want Renamed", got)
	}
	// The category filter is answered from the same list, in the repository's order.
	byCat, err := repo.Products(ctx, 1, "de-DE", service.ProductFilter{CategorySlug: p.CategorySlug})
	direct, err2 := s.Products(ctx, 1, "de-DE", service.ProductFilter{CategorySlug: p.CategorySlug})
	if err != nil || err2 != nil || len(byCat) != len(direct) {
		t.Fatalf("category %s: %d cached vs %d direct (%v, %v)", p.CategorySlug, len(byCat), len(direct), err, err2)
	}
	for i := range byCat {
		if byCat[i].ID != direct[i].ID {
			t.Fatalf("category %s order: %d vs %d at %d", p.CategorySlug, byCat[i].ID, direct[i].ID, i)
		}
	}
}

// BenchmarkProducts is the catalog's read per ListProducts, GetProduct and ListCategories call on
// PostgreSQL, without and with the read cache (issue 26, checkout load test finding):
//
//	cd services/catalog && go test -run '^$' -bench Products -benchmem -count 5 ./adapters/sqlstore/
func BenchmarkProducts(b *testing.B) {
	s := seededPostgres(b)
	ctx := context.Background()
	for _, v := range []struct {
		name string
		repo service.Repository
	}{
		{"postgres", s},
		{"readcache", service.NewReadCache(s, service.DefaultReadCacheTTL, nil)},
	} {
		b.Run(v.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ps, err := v.repo.Products(ctx, 1, "de-DE", service.ProductFilter{})
				if err != nil || len(ps) == 0 {
					b.Fatalf("%v, %d products", err, len(ps))
				}
			}
		})
	}
}
