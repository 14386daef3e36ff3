package sqlstore

import (
	"context"
	"errors"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"path/filepath"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/domain/domain"
	"github.com/hostcart/checkout/services/domain/seed"
)

// newPostgres opens the store on a throwaway database of the machine's PostgreSQL
// (TEST_POSTGRES_URL), dropped after the test.
func newPostgres(t *testing.T) *Store {
	t.Helper()
	st, err := OpenPostgres(context.Background(), testinfra.Postgres(t, "domain_test"))
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newSQLite(t *testing.T) *Store {
	t.Helper()
	st, err := OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "domain.db"))
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// TestStores runs one suite against every implementation.
func TestStores(t *testing.T) {
	impls := map[string]func(*testing.T) *Store{"postgres": newPostgres, "sqlite": newSQLite}
	for name, open := range impls {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			st := open(t)
			ctx := context.Background()
			for range 2 {
				if err := st.Migrate(ctx); err != nil {
					t.Fatalf("Migrate (must be repeatable): %v", err)
				}
			}
			data, err := seed.Default()
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				if err := st.Seed(ctx, data); err != nil {
					t.Fatalf("Seed (must be repeatable): %v", err)
				}
			}
			t.Run("tlds", func(t *testing.T) { testTLDs(t, st) })
			t.Run("groups", func(t *testing.T) { testGroups(t, st) })
			t.Run("reseed replaces", func(t *testing.T) { testReseed(t, st, data) })
		})
	}
}

func testTLDs(t *testing.T, st *Store) {
	ctx := context.Background()
	de, err := st.TLDs(ctx, 1, "de-DE")
	if err != nil {
		t.Fatal(err)
	}
	if len(de) < 40 {
		t.Fatalf("brand 1 has %d TLDs, want at least 40", len(de))
	}
	byName := map[string]domain.TLD{}
	for i, tld := range de {
		byName[tld.Name] = tld
		if i > 0 && de[i-1].SortID > tld.SortID {
			t.Errorf("TLDs not ordered by sort_id: %s (%d) before %s (%d)", de[i-1].Name, de[i-1].SortID, tld.Name, tld.SortID)
		}
	}
	d := byName["de"]
	if d.ID != 10001 || d.PriceCents != 99 || d.VATPercent != 19 || !d.Top || !d.IDN || !d.Active || d.ContractMonths != 12 {
		t.Errorf(".de = %+v", d)
	}
	if d.GroupName != "Beliebte Endungen" || d.Notice == "" || d.Notice[:7] != "Inhaber" {
		t.Errorf(".de texts in de-DE: group %q notice %q", d.GroupName, d.Notice)
	}
	if len(d.Fields) != 2 || d.Fields[0].Key != "nameserver_1" || !d.Fields[0].Postponed || d.Fields[0].Rules != "string|fqdn|max:253" {
		t.Errorf(".de fields = %+v", d.Fields)
	}
	if u := byName["xn--p1ai"]; u.Display != "рф" {
		t.Errorf(".рф display = %q", u.Display)
	}
	if io := byName["io"]; io.SetupFeeCents != 500 {
		t.Errorf(".io setup fee = %d", io.SetupFeeCents)
	}

	// A locale without texts falls back to en-GB.
	fr, err := st.TLDs(ctx, 1, "fr-FR")
	if err != nil {
		t.Fatal(err)
	}
	for _, tld := range fr {
		if tld.Name == "de" && (tld.GroupName != "Popular endings" || tld.Notice[:6] != "Owners") {
			t.Errorf("fallback texts: group %q notice %q", tld.GroupName, tld.Notice)
		}
		if tld.Name == "eu" && (len(tld.Fields) != 1 || tld.Fields[0].Headline != "Details for .eu domains") {
			t.Errorf("fallback field texts: %+v", tld.Fields)
		}
	}

	at, err := st.TLDs(ctx, 2, "en-GB")
	if err != nil {
		t.Fatal(err)
	}
	for _, tld := range at {
		if tld.VATPercent != 20 {
			t.Fatalf("brand 2 .%s VAT = %v, want 20", tld.Name, tld.VATPercent)
		}
		if tld.Name == "at" && (!tld.Top || tld.GroupID != 1 || tld.PriceCents != 125) {
			t.Errorf("brand 2 .at = %+v", tld)
		}
	}

	none, err := st.TLDs(ctx, 999, "de-DE")
	if err != nil || len(none) != 0 {
		t.Errorf("unknown brand: %d TLDs, %v", len(none), err)
	}
}

func testGroups(t *testing.T, st *Store) {
	gs, err := st.Groups(context.Background(), "en-GB")
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 5 || gs[0].Slug != "popular" || gs[0].Name != "Popular endings" || !gs[0].Active {
		t.Errorf("groups = %+v", gs)
	}
}

func testReseed(t *testing.T, st *Store, data *seed.Data) {
	ctx := context.Background()
	changed := *data
	changed.TLDs = append([]seed.TLDRow(nil), data.TLDs...)
	for i := range changed.TLDs {
		if changed.TLDs[i].TLD == "com" && changed.TLDs[i].BrandID == 1 {
			changed.TLDs[i].Active = false
			changed.TLDs[i].PriceCents = 111
		}
	}
	if err := st.Seed(ctx, &changed); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := st.Seed(ctx, data); err != nil {
			t.Errorf("restore seed: %v", err)
		}
	})
	tlds, err := st.TLDs(ctx, 1, "en-GB")
	if err != nil {
		t.Fatal(err)
	}
	for _, tld := range tlds {
		if tld.Name == "com" && (tld.Active || tld.PriceCents != 111) {
			t.Errorf("reseeded .com = %+v, want inactive at 111", tld)
		}
	}

	broken := *data
	broken.TLDFields = append(append([]seed.TLDField(nil), data.TLDFields...), seed.TLDField{TLD: "de", FieldID: 999})
	if err := st.Seed(ctx, &broken); err == nil {
		t.Fatal("Seed with a dangling field id succeeded")
	}
	after, err := st.TLDs(ctx, 1, "en-GB")
	if err != nil || len(after) != len(tlds) {
		t.Errorf("a failed seed changed the catalogue: %d TLDs before, %d after (%v)", len(tlds), len(after), err)
	}
}

func TestUnreachableDatabaseIsUnavailable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_, err := OpenPostgres(ctx, "postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=1")
	if !errors.Is(err, domain.ErrUnavailable) {
		t.Errorf("err = %v, want ErrUnavailable", err)
	}
}
