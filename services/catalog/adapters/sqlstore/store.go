// Package sqlstore is the catalog repository on SQL: PostgreSQL (lib/pq) in production and the
// embedded, pure-Go SQLite (modernc.org/sqlite) in devstack and tests. Both run the same SQL,
// written with '?' placeholders and rebound per driver.
package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"strings"
	"syscall"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/hostcart/checkout/services/catalog/domain"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is the catalog repository.
type Store struct {
	db      *sqlx.DB
	dialect goose.Dialect
}

// OpenPostgres connects to the PostgreSQL database at url (postgres://...).
func OpenPostgres(ctx context.Context, url string) (*Store, error) {
	db, err := sqlx.Open("postgres", url)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("connect to postgres: %w", storeErr(err))
	}
	return &Store{db: db, dialect: goose.DialectPostgres}, nil
}

// MemorySQLite names the in-memory SQLite database.
const MemorySQLite = ":memory:"

// OpenSQLite opens the embedded database in the file at path, or in memory for MemorySQLite.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	pragmas := "_pragma=foreign_keys(1)&_pragma=busy_timeout(5000)"
	dsn := "file:" + path + "?" + pragmas + "&_pragma=journal_mode(WAL)"
	if path == MemorySQLite || path == "" {
		dsn = "file::memory:?" + pragmas
	}
	db, err := sqlx.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite %q: %w", path, err)
	}
	// One connection: an in-memory database lives and dies with its connection, and a single
	// writer spares SQLite's lock contention. The catalog is read-mostly and small.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open sqlite %q: %w", path, err)
	}
	return &Store{db: db, dialect: goose.DialectSQLite3}, nil
}

// Close releases the database.
func (s *Store) Close() error { return s.db.Close() }

// Ping checks the database is reachable, for readiness probes.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return fmt.Errorf("ping catalog database: %w", storeErr(err))
	}
	return nil
}

// Migrate brings the schema up to date. The goose provider keeps no global state, so several
// services can migrate their databases in one devstack process.
func (s *Store) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("catalog migrations: %w", err)
	}
	// A table of our own lets several services share one database (devstack with a single
	// DATABASE_URL) without mixing up their migration versions.
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true), goose.WithTableName("catalog_schema_migrations")}
	if s.dialect == goose.DialectPostgres {
		// Replicas starting together take turns instead of racing through the same migration.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return fmt.Errorf("catalog migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(s.dialect, s.db.DB, sub, opts...)
	if err != nil {
		return fmt.Errorf("catalog migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate catalog database: %w", storeErr(err))
	}
	return nil
}

// storeErr classifies a database error for the service: no rows is ErrNotFound, a lost or refused
// connection is ErrUnavailable; anything else stays as it is (a bug, reported as internal).
func storeErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %w", domain.ErrNotFound, err)
	}
	if isOutage(err) {
		return fmt.Errorf("%w: %w", domain.ErrUnavailable, err)
	}
	return err
}

func isOutage(err error) bool {
	var netErr net.Error
	var pqErr *pq.Error
	switch {
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.As(err, &netErr):
		return true
	case errors.As(err, &pqErr):
		// Class 08 connection exception, 53 insufficient resources, 57P admin/crash shutdown.
		code := string(pqErr.Code)
		return strings.HasPrefix(code, "08") || strings.HasPrefix(code, "53") || strings.HasPrefix(code, "57P")
	}
	// modernc reports SQLITE_BUSY and SQLITE_LOCKED only in its message text.
	msg := err.Error()
	return strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked")
}
