package sqldb_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
)

type fakeStore struct {
	kind             string
	migrateErr       error
	migrated, closed bool
}

func (f *fakeStore) Migrate(context.Context) error { f.migrated = true; return f.migrateErr }
func (f *fakeStore) Close() error                  { f.closed = true; return nil }

func openers(s *fakeStore, seeded *bool, seedErr error) sqldb.Openers[*fakeStore] {
	return sqldb.Openers[*fakeStore]{
		Postgres: func(context.Context, string) (*fakeStore, error) { s.kind = "postgres"; return s, nil },
		SQLite:   func(context.Context, string) (*fakeStore, error) { s.kind = "sqlite"; return s, nil },
		Seed: func(context.Context, *fakeStore) error {
			*seeded = true
			return seedErr
		},
	}
}

func TestOpenStoreSelectsAndPrepares(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		cfg  sqldb.StoreConfig
		kind string
	}{
		{sqldb.StoreConfig{Service: "x", DatabaseURL: "postgres://db/x"}, "postgres"},
		{sqldb.StoreConfig{Service: "x", DatabaseURL: "postgresql://db/x", Embedded: true}, "postgres"},
		{sqldb.StoreConfig{Service: "x", SQLitePath: ":memory:", Embedded: true}, "sqlite"},
	} {
		s, seeded := &fakeStore{}, false
		got, err := sqldb.OpenStore(ctx, tt.cfg, openers(s, &seeded, nil), nil)
		if err != nil || got != s || s.kind != tt.kind || !s.migrated || !seeded || s.closed {
			t.Errorf("%+v: store %+v seeded %v err %v, want an open, migrated, seeded %s store", tt.cfg, s, seeded, err, tt.kind)
		}
	}
}

// A service started alone without DATABASE_URL refuses, unless embedded stores are allowed.
func TestOpenStoreRefusesWithoutDatabase(t *testing.T) {
	s, seeded := &fakeStore{}, false
	if _, err := sqldb.OpenStore(context.Background(), sqldb.StoreConfig{Service: "x"}, openers(s, &seeded, nil), nil); !errors.Is(err, sqldb.ErrNoDatabase) {
		t.Fatalf("err = %v, want ErrNoDatabase", err)
	}
	if s.kind != "" {
		t.Fatalf("opened a %s store anyway", s.kind)
	}
	if _, err := sqldb.OpenStore(context.Background(), sqldb.StoreConfig{Service: "x", DatabaseURL: "mysql://db"}, openers(s, &seeded, nil), nil); err == nil {
		t.Fatal("a mysql:// URL was accepted")
	}
}

func TestOpenStoreClosesOnFailure(t *testing.T) {
	boom := errors.New("boom")
	s, seeded := &fakeStore{migrateErr: boom}, false
	if _, err := sqldb.OpenStore(context.Background(), sqldb.StoreConfig{Service: "x", DatabaseURL: "postgres://db"}, openers(s, &seeded, nil), nil); !errors.Is(err, boom) || !s.closed || seeded {
		t.Fatalf("migrate failure: err %v closed %v seeded %v", err, s.closed, seeded)
	}
	s, seeded = &fakeStore{}, false
	if _, err := sqldb.OpenStore(context.Background(), sqldb.StoreConfig{Service: "x", DatabaseURL: "postgres://db"}, openers(s, &seeded, boom), nil); !errors.Is(err, boom) || !s.closed {
		t.Fatalf("seed failure: err %v closed %v", err, s.closed)
	}
}
