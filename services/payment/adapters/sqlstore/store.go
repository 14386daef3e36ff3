// Package sqlstore keeps the brands' payment types in SQL: PostgreSQL (lib/pq) in production, an
// embedded SQLite file (modernc) in devstack; the same queries and goose migrations serve both.
package sqlstore

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"

	"github.com/jmoiron/sqlx"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/seed"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationsTable is the service's own goose version table.
const migrationsTable = "payment_goose_db_version"

// Store reads and seeds the payment types.
type Store struct {
	db *sqlx.DB
}

// OpenPostgres connects to dsn.
func OpenPostgres(ctx context.Context, dsn string) (*Store, error) {
	db, err := sqldb.OpenPostgres(ctx, dsn, 10)
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

// Migrate applies every pending migration.
func (s *Store) Migrate(ctx context.Context) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	return sqldb.Migrate(ctx, s.db, fsys, migrationsTable)
}

type row struct {
	Slug        string `db:"slug"`
	Order       int    `db:"sort_order"`
	Active      bool   `db:"is_active"`
	SMSRequired bool   `db:"sms_validation_required"`
	Names       string `db:"names"`
}

// Types returns every payment type of the brand, active or not, in their order.
func (s *Store) Types(ctx context.Context, brandID int32) ([]domain.PaymentType, error) {
	var rows []row
	err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`SELECT slug, sort_order, is_active, sms_validation_required, names
		FROM payment_types WHERE brand_id = ? ORDER BY sort_order, slug`), brandID)
	if err != nil {
		return nil, fmt.Errorf("payment types of brand %d: %w", brandID, sqldb.Classify(err))
	}
	out := make([]domain.PaymentType, 0, len(rows))
	for _, r := range rows {
		t := domain.PaymentType{Slug: r.Slug, Order: r.Order, Active: r.Active, SMSValidationRequired: r.SMSRequired}
		if err := json.Unmarshal([]byte(r.Names), &t.Names); err != nil {
			return nil, fmt.Errorf("payment type %s: names: %w", r.Slug, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// Seed replaces the shipped brands' payment types in one transaction.
func (s *Store) Seed(ctx context.Context, types []seed.BrandType) (err error) {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("seed: begin: %w", sqldb.Unavailable(err))
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	brands := map[int32]bool{}
	for _, t := range types {
		if !brands[t.BrandID] {
			brands[t.BrandID] = true
			if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM payment_types WHERE brand_id = ?`), t.BrandID); err != nil {
				return fmt.Errorf("seed: clear brand %d: %w", t.BrandID, err)
			}
		}
		names, err := json.Marshal(t.Names)
		if err != nil {
			return fmt.Errorf("seed: %s names: %w", t.Slug, err)
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO payment_types (brand_id, slug, sort_order, is_active,
			sms_validation_required, names) VALUES (?, ?, ?, ?, ?, ?)`),
			t.BrandID, t.Slug, t.Order, t.Active, t.SMSValidationRequired, string(names)); err != nil {
			return fmt.Errorf("seed: insert %s: %w", t.Slug, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("seed: commit: %w", sqldb.Unavailable(err))
	}
	return nil
}
