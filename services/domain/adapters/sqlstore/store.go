// Package sqlstore keeps the TLD catalogue in SQL: PostgreSQL (lib/pq) at scale and an embedded
// SQLite file (modernc, no cgo) on one machine. The same queries and goose migrations serve both.
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

// migrationsTable is the service's own goose version table, so services sharing one PostgreSQL
// database (devstack with DATABASE_URL) do not read each other's migration state.
const migrationsTable = "domain_goose_db_version"

// Store reads and seeds the TLD catalogue.
type Store struct {
	db *sqlx.DB
}

// OpenPostgres connects to dsn ("postgres://user@host/db?sslmode=disable").
func OpenPostgres(ctx context.Context, dsn string) (*Store, error) {
	db, err := sqldb.OpenPostgres(ctx, dsn, 20)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// OpenSQLite opens (creating if needed) the database file at path; ":memory:" keeps it in memory.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	db, err := sqldb.OpenSQLite(ctx, path)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// Close releases the connections.
func (s *Store) Close() error { return s.db.Close() }

// Ping checks the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return unavailable(err)
	}
	return nil
}

// Migrate applies every pending migration.
func (s *Store) Migrate(ctx context.Context) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	return sqldb.Migrate(ctx, s.db, fsys, migrationsTable)
}

// unavailable marks driver errors as an outage the transports report as UNAVAILABLE.
func unavailable(err error) error { return sqldb.Unavailable(err) }
