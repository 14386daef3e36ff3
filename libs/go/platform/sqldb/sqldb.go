// Package sqldb is the SQL start-up every store repeats: it opens a service's database
// (PostgreSQL through lib/pq in production, the embedded pure-Go SQLite of modernc.org/sqlite in
// devstack and tests), applies its embedded goose migrations and sorts driver errors into the kinds
// the transports report (Unavailable, Classify). Services keep their own SQL.
package sqldb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"time"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq" // registers the "postgres" driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/database"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/hostcart/checkout/libs/go/apperr"
)

func init() {
	// sqlx does not know modernc's driver name; it binds with question marks like sqlite3.
	sqlx.BindDriver("sqlite", sqlx.QUESTION)
}

// OpenPostgres connects to dsn ("postgres://user@host/db?sslmode=disable") with at most maxOpen
// connections. An unreachable server is reported as apperr.Unavailable.
func OpenPostgres(ctx context.Context, dsn string, maxOpen int) (*sqlx.DB, error) {
	db, err := sqlx.Open("postgres", dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db.SetMaxOpenConns(maxOpen)
	db.SetMaxIdleConns(5)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return ready(ctx, db)
}

// OpenSQLite opens (creating if needed) the database file at path; ":memory:" keeps it in memory.
func OpenSQLite(ctx context.Context, path string) (*sqlx.DB, error) {
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
	return ready(ctx, db)
}

func ready(ctx context.Context, db *sqlx.DB) (*sqlx.DB, error) {
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect %s: %w", db.DriverName(), Unavailable(err))
	}
	return db, nil
}

// Migrate applies every pending migration of fsys, recording versions in table: a table per
// service lets several services share one database (devstack with a single DATABASE_URL). On
// PostgreSQL replicas starting together take turns through a session lock instead of racing.
func Migrate(ctx context.Context, db *sqlx.DB, fsys fs.FS, table string) error {
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if db.DriverName() == "postgres" {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return fmt.Errorf("migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	store, err := database.NewStore(dialect, table)
	if err != nil {
		return fmt.Errorf("migration store: %w", err)
	}
	// Only fsys: goose's process-wide registry of Go migrations would mix the services devstack
	// runs in one process.
	opts = append(opts, goose.WithStore(store), goose.WithDisableGlobalRegistry(true))
	p, err := goose.NewProvider("", db.DB, fsys, opts...)
	if err != nil {
		return fmt.Errorf("migration provider: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Unavailable marks driver errors as an outage the transports report as UNAVAILABLE; cancellations
// and deadlines keep their own meaning.
func Unavailable(err error) error {
	if err == nil || errors.Is(err, apperr.Unavailable) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%w: %w", apperr.Unavailable, err)
}
