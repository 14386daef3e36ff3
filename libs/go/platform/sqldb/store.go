package sqldb

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
)

// ErrNoDatabase is returned when no database URL is configured and embedded stores are not allowed.
var ErrNoDatabase = errors.New("DATABASE_URL is not set (set EMBEDDED_STORES=true to run on an embedded SQLite file, for development only)")

// Store is what a service's SQL store offers the start-up.
type Store interface {
	Migrate(ctx context.Context) error
	Close() error
}

// StoreConfig selects a service's SQL store.
type StoreConfig struct {
	Service     string // for messages
	DatabaseURL string // postgres:// or postgresql:// selects PostgreSQL
	SQLitePath  string // the embedded database file (or ":memory:") when DatabaseURL is empty
	Embedded    bool   // an empty DatabaseURL selects SQLite instead of failing (EMBEDDED_STORES)
}

// Openers are a store's constructors and its optional seed step.
type Openers[S Store] struct {
	Postgres func(ctx context.Context, dsn string) (S, error)
	SQLite   func(ctx context.Context, path string) (S, error)
	// Seed, when set, loads the service's shipped data after migrating (idempotent).
	Seed func(ctx context.Context, store S) error
}

// OpenStore is the one way a service gets its SQL store: open PostgreSQL (or, where allowed, the
// embedded SQLite), apply the migrations, seed. On any failure the store is closed again.
func OpenStore[S Store](ctx context.Context, cfg StoreConfig, o Openers[S], log *slog.Logger) (S, error) {
	var zero S
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var (
		store S
		err   error
	)
	switch {
	case cfg.DatabaseURL == "" && !cfg.Embedded:
		return zero, fmt.Errorf("%s: %w", cfg.Service, ErrNoDatabase)
	case cfg.DatabaseURL == "":
		log.InfoContext(ctx, "using the embedded SQL store", slog.String("path", cfg.SQLitePath))
		store, err = o.SQLite(ctx, cfg.SQLitePath)
	case strings.HasPrefix(cfg.DatabaseURL, "postgres://"), strings.HasPrefix(cfg.DatabaseURL, "postgresql://"):
		log.InfoContext(ctx, "using PostgreSQL")
		store, err = o.Postgres(ctx, cfg.DatabaseURL)
	default:
		return zero, fmt.Errorf("%s: DATABASE_URL must be a postgres:// URL", cfg.Service)
	}
	if err != nil {
		return zero, fmt.Errorf("%s: open store: %w", cfg.Service, err)
	}
	if err := store.Migrate(ctx); err != nil {
		return zero, errors.Join(fmt.Errorf("%s: migrate: %w", cfg.Service, err), store.Close())
	}
	if o.Seed != nil {
		if err := o.Seed(ctx, store); err != nil {
			return zero, errors.Join(fmt.Errorf("%s: seed: %w", cfg.Service, err), store.Close())
		}
	}
	return store, nil
}
