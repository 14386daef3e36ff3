// Package sqlstore is the catalog repository on SQL: PostgreSQL (lib/pq) in production and the
// embedded, pure-Go SQLite (modernc.org/sqlite) in devstack and tests. Both run the same SQL,
// written with '?' placeholders and rebound per driver.
package sqlstore

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/jmoiron/sqlx"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationsTable is the catalog's own goose version table, so services sharing one database
// (devstack with a single DATABASE_URL) do not read each other's migration state. Existing
// databases recorded their versions under this name: keep it.
const migrationsTable = "catalog_schema_migrations"

// maxOpenConns bounds the PostgreSQL pool of one catalog instance; the catalog is read-mostly and
// answers every listing with a few queries.
const maxOpenConns = 20

// Store is the catalog repository.
type Store struct {
	db *sqlx.DB
}

// OpenPostgres connects to the PostgreSQL database at url (postgres://...). An unreachable server
// is reported as domain.ErrUnavailable.
func OpenPostgres(ctx context.Context, url string) (*Store, error) {
	db, err := sqldb.OpenPostgres(ctx, url, maxOpenConns)
	if err != nil {
		return nil, fmt.Errorf("catalog database: %w", err)
	}
	return &Store{db: db}, nil
}

// MemorySQLite names the in-memory SQLite database.
const MemorySQLite = ":memory:"

// OpenSQLite opens the embedded database in the file at path (created if needed), or in memory for
// MemorySQLite or an empty path.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		path = MemorySQLite
	}
	db, err := sqldb.OpenSQLite(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("catalog database: %w", err)
	}
	return &Store{db: db}, nil
}

// Close releases the database.
func (s *Store) Close() error { return s.db.Close() }

// Ping checks the database is reachable, for readiness probes.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return fmt.Errorf("ping catalog database: %w", sqldb.Classify(err))
	}
	return nil
}

// Migrate brings the schema up to date.
func (s *Store) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("catalog migrations: %w", err)
	}
	if err := sqldb.Migrate(ctx, s.db, sub, migrationsTable); err != nil {
		return fmt.Errorf("catalog database: %w", sqldb.Classify(err))
	}
	return nil
}
