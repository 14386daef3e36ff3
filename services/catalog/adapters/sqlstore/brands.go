package sqlstore

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/catalog/domain"
)

type brandRow struct {
	ID        int32  `db:"id"`
	Name      string `db:"name"`
	Slug      string `db:"slug"`
	FQDN      string `db:"fqdn"`
	IsVisible bool   `db:"is_visible"`
}

type localeRow struct {
	BrandID      int32  `db:"brand_id"`
	Code         string `db:"code"`
	Label        string `db:"label"`
	FallbackCode string `db:"fallback_code"`
	IsDefault    bool   `db:"is_default"`
}

type propertyRow struct {
	BrandID int32  `db:"brand_id"`
	Key     string `db:"prop_key"`
	Value   string `db:"prop_value"`
}

const brandColumns = `SELECT id, name, slug, fqdn, is_visible FROM brands`

// BrandByFQDN returns the visible brand served under fqdn.
func (s *Store) BrandByFQDN(ctx context.Context, fqdn string) (domain.Brand, error) {
	return s.oneBrand(ctx, brandColumns+` WHERE fqdn = ? AND is_visible = TRUE`, fqdn)
}

// BrandByID returns the brand with id, visible or not.
func (s *Store) BrandByID(ctx context.Context, id int32) (domain.Brand, error) {
	return s.oneBrand(ctx, brandColumns+` WHERE id = ?`, id)
}

// Brands returns every brand.
func (s *Store) Brands(ctx context.Context) ([]domain.Brand, error) {
	var rows []brandRow
	if err := s.db.SelectContext(ctx, &rows, brandColumns+` ORDER BY id`); err != nil {
		return nil, fmt.Errorf("select brands: %w", sqldb.Classify(err))
	}
	return s.withLocalesAndProperties(ctx, rows)
}

func (s *Store) oneBrand(ctx context.Context, query string, arg any) (domain.Brand, error) {
	var rows []brandRow
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(query), arg); err != nil {
		return domain.Brand{}, fmt.Errorf("select brand: %w", sqldb.Classify(err))
	}
	if len(rows) == 0 {
		return domain.Brand{}, fmt.Errorf("brand %v: %w", arg, domain.ErrNotFound)
	}
	brands, err := s.withLocalesAndProperties(ctx, rows)
	if err != nil {
		return domain.Brand{}, err
	}
	return brands[0], nil
}

// withLocalesAndProperties completes brand rows with two queries, whatever the number of brands.
func (s *Store) withLocalesAndProperties(ctx context.Context, rows []brandRow) ([]domain.Brand, error) {
	if len(rows) == 0 {
		return []domain.Brand{}, nil
	}
	ids := make([]int32, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	var locales []localeRow
	if err := s.selectIn(ctx, &locales, `SELECT brand_id, code, label, fallback_code, is_default
		FROM brand_locales WHERE brand_id IN (?) ORDER BY brand_id, sort_order, code`, ids); err != nil {
		return nil, fmt.Errorf("select brand locales: %w", err)
	}
	var props []propertyRow
	if err := s.selectIn(ctx, &props, `SELECT brand_id, prop_key, prop_value
		FROM brand_properties WHERE brand_id IN (?)`, ids); err != nil {
		return nil, fmt.Errorf("select brand properties: %w", err)
	}
	byID := make(map[int32]*domain.Brand, len(rows))
	out := make([]domain.Brand, len(rows))
	for i, r := range rows {
		out[i] = domain.Brand{ID: r.ID, Name: r.Name, Slug: r.Slug, FQDN: r.FQDN, IsVisible: r.IsVisible,
			Locales: []domain.Locale{}, Properties: domain.Properties{}}
		byID[r.ID] = &out[i]
	}
	for _, l := range locales {
		b := byID[l.BrandID]
		b.Locales = append(b.Locales, domain.Locale{Label: l.Label, Code: l.Code, FallbackCode: l.FallbackCode, IsDefault: l.IsDefault})
	}
	for _, p := range props {
		byID[p.BrandID].Properties[p.Key] = p.Value
	}
	return out, nil
}

// selectIn runs a query whose args contain a slice for an IN (?) list.
func (s *Store) selectIn(ctx context.Context, dest any, query string, args ...any) error {
	q, expanded, err := sqlx.In(query, args...)
	if err != nil {
		return fmt.Errorf("expand query: %w", err)
	}
	if err := s.db.SelectContext(ctx, dest, s.db.Rebind(q), expanded...); err != nil {
		return sqldb.Classify(err)
	}
	return nil
}
