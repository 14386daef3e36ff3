package sqldb

import (
	"context"
	"errors"
	"testing"
	"testing/fstest"

	"github.com/jmoiron/sqlx"

	"github.com/hostcart/checkout/libs/go/apperr"
)

func TestMigrateRecordsVersionsInTheServiceTable(t *testing.T) {
	ctx := context.Background()
	db := memoryDB(t)
	fsys := fstest.MapFS{"00001_init.sql": {Data: []byte("-- +goose Up\nCREATE TABLE things (id INTEGER PRIMARY KEY);\n")}}
	for i := 0; i < 2; i++ { // the second run finds nothing to do
		if err := Migrate(ctx, db, fsys, "svc_versions"); err != nil {
			t.Fatalf("migrate run %d: %v", i+1, err)
		}
	}
	var applied int
	if err := db.GetContext(ctx, &applied, "SELECT COUNT(*) FROM svc_versions WHERE version_id = 1"); err != nil {
		t.Fatalf("version table: %v", err)
	}
	if applied != 1 {
		t.Fatalf("version 1 recorded %d times, want once", applied)
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO things (id) VALUES (?)", 1); err != nil {
		t.Fatalf("migrated table unusable: %v", err)
	}
}

// memoryDB opens an in-memory SQLite database closed after the test.
func memoryDB(t *testing.T) *sqlx.DB {
	t.Helper()
	db, err := OpenSQLite(context.Background(), ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func TestUnavailableKeepsCancellation(t *testing.T) {
	if err := Unavailable(errors.New("connection refused")); !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("driver error not marked unavailable: %v", err)
	}
	if err := Unavailable(context.Canceled); errors.Is(err, apperr.Unavailable) || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancellation re-labelled: %v", err)
	}
	if Unavailable(nil) != nil {
		t.Fatal("nil became an error")
	}
}

func TestOpenPostgresUnreachableIsUnavailable(t *testing.T) {
	_, err := OpenPostgres(context.Background(), "postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=1", 2)
	if !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("unreachable server: %v, want apperr.Unavailable", err)
	}
}
