// Package sqlstore keeps promotions in SQL: PostgreSQL (lib/pq) at scale and an embedded SQLite
// file (modernc, no cgo) on one machine. The same queries and goose migrations serve both.
package sqlstore

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"time"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq" // registers "postgres"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/database"
	_ "modernc.org/sqlite" // registers "sqlite"

	"github.com/hostcart/checkout/libs/go/apperr"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationsTable is the service's own goose version table, so services sharing one PostgreSQL
// database (devstack with DATABASE_URL) do not read each other's migration state.
const migrationsTable = "promotion_goose_db_version"

func init() {
	// sqlx does not know modernc's driver name; it binds with question marks like sqlite3.
	sqlx.BindDriver("sqlite", sqlx.QUESTION)
}

// Store reads and seeds promotions.
type Store struct {
	db      *sqlx.DB
	dialect goose.Dialect
}

// OpenPostgres connects to dsn ("postgres://user@host/db?sslmode=disable").
func OpenPostgres(ctx context.Context, dsn string) (*Store, error) {
	db, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db.SetMaxOpenConns(10)
	db.SetMaxIdleConns(5)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return ready(ctx, db, goose.DialectPostgres)
}

// OpenSQLite opens (creating if needed) the database file at path; ":memory:" keeps it in memory.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	q := url.Values{}
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "journal_mode(WAL)")
	db, err := sqlx.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	// One writer at a time is all SQLite allows; a single connection also keeps an in-memory
	// database alive and shared.
	db.SetMaxOpenConns(1)
	return ready(ctx, db, goose.DialectSQLite3)
}

func ready(ctx context.Context, db *sqlx.DB, dialect goose.Dialect) (*Store, error) {
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect %s: %w", dialect, unavailable(err))
	}
	return &Store{db: db, dialect: dialect}, nil
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
	store, err := database.NewStore(s.dialect, migrationsTable)
	if err != nil {
		return fmt.Errorf("migration store: %w", err)
	}
	p, err := goose.NewProvider("", s.db.DB, fsys, goose.WithStore(store))
	if err != nil {
		return fmt.Errorf("migration provider: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// unavailable marks driver errors as an outage the transports report as UNAVAILABLE.
func unavailable(err error) error {
	if err == nil || errors.Is(err, apperr.Unavailable) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%w: %w", apperr.Unavailable, err)
}
