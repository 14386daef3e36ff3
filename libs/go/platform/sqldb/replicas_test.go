package sqldb_test

import (
	"context"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
)

// Replicas of a service start together (a rollout, a scale-up) and each runs its migrations at
// start: on PostgreSQL they take turns through the session lock, so every migration is applied
// exactly once and every replica starts. The migrations here would fail if applied twice (a table
// created without IF NOT EXISTS, a row with a unique key) and take long enough for the replicas
// to overlap.
func TestReplicasMigratingTogetherApplyEachMigrationOnce(t *testing.T) {
	ctx := context.Background()
	url := testinfra.Postgres(t, "sqldb_replicas")
	fsys := fstest.MapFS{
		"00001_things.sql": {Data: []byte("-- +goose Up\nCREATE TABLE things (id INTEGER PRIMARY KEY);\nSELECT pg_sleep(0.3);\n")},
		"00002_first.sql":  {Data: []byte("-- +goose Up\nINSERT INTO things (id) VALUES (1);\n")},
	}
	const replicas = 5
	errs := make([]error, replicas)
	var wg sync.WaitGroup
	for i := range replicas {
		db, err := sqldb.OpenPostgres(ctx, url, 2)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = sqldb.Migrate(ctx, db, fsys, "svc_versions")
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("replica %d: %v", i, err)
		}
	}
	db, err := sqldb.OpenPostgres(ctx, url, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var rows, versions int
	if err := db.GetContext(ctx, &rows, "SELECT COUNT(*) FROM things"); err != nil {
		t.Fatal(err)
	}
	if err := db.GetContext(ctx, &versions, "SELECT COUNT(*) FROM svc_versions WHERE version_id > 0"); err != nil {
		t.Fatal(err)
	}
	if rows != 1 || versions != 2 {
		t.Errorf("%d rows and %d recorded versions, want 1 and 2", rows, versions)
	}
}
