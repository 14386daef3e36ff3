package sqlstore

import (
	"context"
	"errors"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/promotion/domain"
	"github.com/hostcart/checkout/services/promotion/seed"
)

// newPostgres opens the store on a throwaway database of the machine's PostgreSQL
// (TEST_POSTGRES_URL), dropped after the test.
func newPostgres(t *testing.T) *Store {
	t.Helper()
	st, err := OpenPostgres(context.Background(), testinfra.Postgres(t, "promotion_test"))
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newSQLite(t *testing.T) *Store {
	t.Helper()
	st, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "promotion.db"))
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestStores runs one suite against every implementation, in parallel.
func TestStores(t *testing.T) {
	for name, open := range map[string]func(*testing.T) *Store{"postgres": newPostgres, "sqlite": newSQLite} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			t.Run("migrate", func(t *testing.T) { testMigrate(t, open(t)) })
			t.Run("seed round trip", func(t *testing.T) { testSeedRoundTrip(t, open(t)) })
			t.Run("by code", func(t *testing.T) { testByCode(t, open(t)) })
			t.Run("reseed", func(t *testing.T) { testReseed(t, open(t)) })
			t.Run("refuses invalid", func(t *testing.T) { testRefusesInvalid(t, open(t)) })
			t.Run("outage", func(t *testing.T) { testOutage(t, open(t)) })
		})
	}
}

func migrated(t *testing.T, st *Store) *Store {
	t.Helper()
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return st
}

func seeded(t *testing.T, st *Store) []domain.Promotion {
	t.Helper()
	ps, err := seed.Default()
	if err != nil {
		t.Fatal(err)
	}
	if err := migrated(t, st).Seed(context.Background(), ps); err != nil {
		t.Fatalf("seed: %v", err)
	}
	return ps
}

func testMigrate(t *testing.T, st *Store) {
	ctx := context.Background()
	migrated(t, st)
	if err := st.Migrate(ctx); err != nil {
		t.Fatalf("second migrate: %v", err)
	}
	var n int
	if err := st.db.GetContext(ctx, &n, "SELECT COUNT(*) FROM "+migrationsTable); err != nil {
		t.Fatalf("own version table: %v", err)
	}
	if n == 0 {
		t.Error("version table is empty")
	}
}

// canonical sorts the lists a store may return in another order and drops empty ones.
func canonical(p domain.Promotion) domain.Promotion {
	sorted := func(v []int32) []int32 {
		if len(v) == 0 {
			return nil
		}
		v = slices.Clone(v)
		slices.Sort(v)
		return v
	}
	p.AppliesTo.IDs = sorted(p.AppliesTo.IDs)
	p.Requires = sorted(p.Requires)
	p.Supported.MaturityMonths = sorted(p.Supported.MaturityMonths)
	p.Supported.IntervalMonths = sorted(p.Supported.IntervalMonths)
	if len(p.AppliesTo.TLDs) == 0 {
		p.AppliesTo.TLDs = nil
	} else {
		p.AppliesTo.TLDs = slices.Sorted(slices.Values(p.AppliesTo.TLDs))
	}
	return p
}

func testSeedRoundTrip(t *testing.T, st *Store) {
	ctx := context.Background()
	ps := seeded(t, st)
	for _, brand := range []int32{1, 2} {
		var want []domain.Promotion
		for _, p := range ps {
			if p.BrandID == brand {
				want = append(want, canonical(p))
			}
		}
		slices.SortFunc(want, func(a, b domain.Promotion) int { return int(a.ID - b.ID) })
		got, err := st.Promotions(ctx, brand)
		if err != nil {
			t.Fatalf("promotions of brand %d: %v", brand, err)
		}
		for i := range got {
			got[i] = canonical(got[i])
		}
		if len(got) != len(want) {
			t.Fatalf("brand %d: %d promotions, want %d", brand, len(got), len(want))
		}
		for i := range want {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("brand %d promotion %d:\n got %+v\nwant %+v", brand, want[i].ID, got[i], want[i])
			}
		}
	}
	none, err := st.Promotions(ctx, 99)
	if err != nil || len(none) != 0 {
		t.Errorf("unknown brand: %v, %v", none, err)
	}
}

func testByCode(t *testing.T, st *Store) {
	ctx := context.Background()
	seeded(t, st)
	p, err := st.PromotionByCode(ctx, 1, "SUMMER2019")
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != 120 || p.ValidUntil != time.Date(2019, 10, 1, 0, 0, 0, 0, time.UTC) || p.Label("de-DE") != "Sommeraktion 30 %" {
		t.Errorf("SUMMER2019 = %+v", p)
	}
	ssl, err := st.PromotionByCode(ctx, 1, "SSL20")
	if err != nil {
		t.Fatal(err)
	}
	if !ssl.IsRecurring || ssl.RecursFor != 3 || !reflect.DeepEqual(ssl.AppliesTo.IDs, []int32{1301}) {
		t.Errorf("SSL20 = %+v", ssl)
	}
	for _, tt := range []struct {
		brand int32
		code  string
	}{{1, "NOPE"}, {1, "SERVUS15"}, {2, "WELCOME10"}, {1, "welcome10"}} {
		_, err := st.PromotionByCode(ctx, tt.brand, tt.code)
		if !errors.Is(err, apperr.NotFound) {
			t.Errorf("brand %d code %q: err = %v, want not found", tt.brand, tt.code, err)
		}
	}
}

func testReseed(t *testing.T, st *Store) {
	ctx := context.Background()
	seeded(t, st)
	only := domain.Promotion{ID: 900, BrandID: 1, Code: "ONLY", Type: domain.TargetDomain, ValueType: domain.Fixed,
		ValueCents: 100, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToTLDs, TLDs: []string{"de", "com"}},
		Labels: map[string]string{"en-GB": "only"}}
	if err := st.Seed(ctx, []domain.Promotion{only}); err != nil {
		t.Fatal(err)
	}
	got, err := st.Promotions(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !reflect.DeepEqual(canonical(got[0]), canonical(only)) {
		t.Errorf("brand 1 after reseed = %+v", got)
	}
	other, err := st.Promotions(ctx, 2)
	if err != nil || len(other) == 0 {
		t.Errorf("brand 2 lost its promotions: %d, %v", len(other), err)
	}
	// The old children must be gone with their promotions.
	var n int
	if err := st.db.GetContext(ctx, &n, st.db.Rebind("SELECT COUNT(*) FROM promotion_labels WHERE promotion_id = ?"), 101); err != nil || n != 0 {
		t.Errorf("labels of a removed promotion: %d, %v", n, err)
	}
}

func testRefusesInvalid(t *testing.T, st *Store) {
	ctx := context.Background()
	seeded(t, st)
	good := domain.Promotion{ID: 901, BrandID: 1, Code: "FINE", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 5, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll}}
	bad := good
	bad.ID, bad.Code, bad.Percent = 902, "BROKEN", 0
	if err := st.Seed(ctx, []domain.Promotion{good, bad}); err == nil {
		t.Fatal("invalid promotion stored")
	}
	dup := good
	dup.ID = 903
	if err := st.Seed(ctx, []domain.Promotion{good, dup}); err == nil {
		t.Fatal("duplicate code stored")
	}
	// Both refusals left the seeded promotions in place.
	if _, err := st.PromotionByCode(ctx, 1, "WELCOME10"); err != nil {
		t.Errorf("seeded promotion lost after a refused seed: %v", err)
	}
	if _, err := st.PromotionByCode(ctx, 1, "FINE"); !errors.Is(err, apperr.NotFound) {
		t.Errorf("half of a refused seed was stored: %v", err)
	}
}

func testOutage(t *testing.T, st *Store) {
	seeded(t, st)
	st.Close()
	if _, err := st.Promotions(context.Background(), 1); !errors.Is(err, apperr.Unavailable) {
		t.Errorf("closed store: err = %v, want unavailable", err)
	}
	if err := st.Ping(context.Background()); !errors.Is(err, apperr.Unavailable) {
		t.Errorf("ping of a closed store: %v", err)
	}
}
