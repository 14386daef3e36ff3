// Package sqlstore keeps the existing customers in SQL: PostgreSQL (lib/pq) in production, an
// embedded SQLite file (modernc, no cgo) in devstack. The same queries and goose migrations serve
// both.
package sqlstore

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"

	"github.com/jmoiron/sqlx"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/customer/domain"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationsTable is the service's own goose version table, so services sharing one PostgreSQL
// database do not read each other's migration state.
const migrationsTable = "customer_goose_db_version"

// Store reads and seeds the customer records.
type Store struct {
	db *sqlx.DB
}

// OpenPostgres connects to dsn ("postgres://user@host/db?sslmode=disable").
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
	Number       string `db:"customer_no"`
	BrandID      int32  `db:"brand_id"`
	Subject      string `db:"login_subject"`
	Group        int    `db:"customer_group"`
	Gender       int    `db:"gender"`
	FirstName    string `db:"first_name"`
	LastName     string `db:"last_name"`
	CompanyName  string `db:"company_name"`
	CompanyVatID string `db:"company_vat_id"`
	Email        string `db:"email"`
	Street       string `db:"street"`
	PostalCode   string `db:"postal_code"`
	City         string `db:"city"`
	CountryCode  string `db:"country_code"`
	Phone        string `db:"phone"`
}

const columns = `customer_no, brand_id, COALESCE(login_subject, '') AS login_subject, customer_group, gender,
	first_name, last_name, company_name, company_vat_id, email, street, postal_code, city, country_code, phone`

// BySubject returns the brand's customer who logs in as subject; apperr.NotFound when there is
// none, apperr.Unavailable when the database cannot answer.
func (s *Store) BySubject(ctx context.Context, brandID int32, subject string) (domain.ExistingCustomer, error) {
	var r row
	err := s.db.GetContext(ctx, &r, s.db.Rebind(`SELECT `+columns+` FROM customers WHERE brand_id = ? AND login_subject = ?`), brandID, subject)
	if err != nil {
		return domain.ExistingCustomer{}, fmt.Errorf("customer of subject: %w", sqldb.Classify(err))
	}
	return r.customer(), nil
}

// ByNumber returns the customer with number; apperr.NotFound when there is none.
func (s *Store) ByNumber(ctx context.Context, number string) (domain.ExistingCustomer, error) {
	var r row
	err := s.db.GetContext(ctx, &r, s.db.Rebind(`SELECT `+columns+` FROM customers WHERE customer_no = ?`), number)
	if err != nil {
		return domain.ExistingCustomer{}, fmt.Errorf("customer %s: %w", number, sqldb.Classify(err))
	}
	return r.customer(), nil
}

func (r row) customer() domain.ExistingCustomer {
	return domain.ExistingCustomer{
		Number: r.Number, BrandID: r.BrandID, Subject: r.Subject,
		BasicInfo: domain.BasicInfo{Group: domain.Group(r.Group), Gender: r.Gender, FirstName: r.FirstName, LastName: r.LastName,
			CompanyName: r.CompanyName, CompanyVatID: r.CompanyVatID, Email: r.Email},
		Address: domain.Address{Street: r.Street, PostalCode: r.PostalCode, City: r.City, CountryCode: r.CountryCode, Phone: r.Phone},
	}
}

// Upsert writes the customers in one transaction, replacing records with the same number: the
// seed converges on the shipped data at every start without touching other customers.
func (s *Store) Upsert(ctx context.Context, customers []domain.ExistingCustomer) (err error) {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("upsert customers: begin: %w", sqldb.Unavailable(err))
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	for _, c := range customers {
		if c.Number == "" {
			return errors.New("upsert customers: a customer without number")
		}
		var subject any
		if c.Subject != "" {
			subject = c.Subject
		}
		b, a := c.BasicInfo, c.Address
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO customers (customer_no, brand_id, login_subject,
			customer_group, gender, first_name, last_name, company_name, company_vat_id, email, street, postal_code,
			city, country_code, phone) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (customer_no) DO UPDATE SET brand_id = excluded.brand_id, login_subject = excluded.login_subject,
			customer_group = excluded.customer_group, gender = excluded.gender, first_name = excluded.first_name,
			last_name = excluded.last_name, company_name = excluded.company_name, company_vat_id = excluded.company_vat_id,
			email = excluded.email, street = excluded.street, postal_code = excluded.postal_code, city = excluded.city,
			country_code = excluded.country_code, phone = excluded.phone`),
			c.Number, c.BrandID, subject, int(b.Group), b.Gender, b.FirstName, b.LastName, b.CompanyName, b.CompanyVatID,
			b.Email, a.Street, a.PostalCode, a.City, a.CountryCode, a.Phone); err != nil {
			return fmt.Errorf("upsert customer %s: %w", c.Number, sqldb.Classify(err))
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("upsert customers: commit: %w", sqldb.Unavailable(err))
	}
	return nil
}
