package sqlstore

import (
	"context"
	"fmt"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/catalog/domain"
)

// Countries returns every country with its name in locale, falling back to en-GB.
func (s *Store) Countries(ctx context.Context, locale string) ([]domain.Country, error) {
	var rows []struct {
		ID          int32   `db:"id"`
		Code        string  `db:"code"`
		Name        string  `db:"name"`
		PhonePrefix string  `db:"phone_prefix"`
		Order       int32   `db:"sort_order"`
		VATRate     float64 `db:"vat_rate"`
	}
	q := `SELECT c.id, c.code, COALESCE(t.name, f.name, '') AS name, c.phone_prefix, c.sort_order, c.vat_rate
		FROM countries c
		LEFT JOIN country_texts t ON t.country_id = c.id AND t.locale = ?
		LEFT JOIN country_texts f ON f.country_id = c.id AND f.locale = ?
		ORDER BY c.sort_order, c.code`
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(q), locale, domain.FallbackLocale); err != nil {
		return nil, fmt.Errorf("select countries: %w", sqldb.Classify(err))
	}
	out := make([]domain.Country, len(rows))
	for i, r := range rows {
		out[i] = domain.Country{ID: r.ID, Code: r.Code, Name: r.Name, PhonePrefix: r.PhonePrefix, Order: r.Order, VATRate: r.VATRate}
	}
	return out, nil
}

// Categories returns every category of the brand, addon and invisible ones included.
func (s *Store) Categories(ctx context.Context, brandID int32, locale string) ([]domain.Category, error) {
	var rows []struct {
		ID            int32  `db:"id"`
		Slug          string `db:"slug"`
		Icon          string `db:"icon"`
		IsAddon       bool   `db:"is_addon"`
		IsVisible     bool   `db:"is_visible"`
		Order         int32  `db:"sort_order"`
		Name          string `db:"name"`
		Description   string `db:"description"`
		Description2  string `db:"description2"`
		ProductNotice string `db:"product_notice"`
	}
	q := `SELECT c.id, c.slug, c.icon, c.is_addon, c.is_visible, c.sort_order,
			COALESCE(t.name, f.name, '') AS name,
			COALESCE(t.description, f.description, '') AS description,
			COALESCE(t.description2, f.description2, '') AS description2,
			COALESCE(t.product_notice, f.product_notice, '') AS product_notice
		FROM categories c
		LEFT JOIN category_texts t ON t.category_id = c.id AND t.locale = ?
		LEFT JOIN category_texts f ON f.category_id = c.id AND f.locale = ?
		WHERE c.brand_id = ?
		ORDER BY c.sort_order, c.id`
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(q), locale, domain.FallbackLocale, brandID); err != nil {
		return nil, fmt.Errorf("select categories of brand %d: %w", brandID, sqldb.Classify(err))
	}
	out := make([]domain.Category, len(rows))
	for i, r := range rows {
		out[i] = domain.Category{ID: r.ID, Name: r.Name, Slug: r.Slug, Description: r.Description,
			Description2: r.Description2, Icon: r.Icon, IsAddon: r.IsAddon, IsVisible: r.IsVisible,
			ProductNotice: r.ProductNotice, Order: r.Order}
	}
	return out, nil
}

type intervalRow struct {
	ID         int32   `db:"id"`
	Months     int32   `db:"months"`
	VATPercent float64 `db:"interval_vat"`
	IsActive   bool    `db:"is_active"`
	IsDefault  bool    `db:"is_default"`
}

func (r intervalRow) domain() domain.Interval {
	return domain.Interval{ID: r.ID, Months: r.Months, VATPercent: r.VATPercent, IsActive: r.IsActive, IsDefault: r.IsDefault}
}

// PaymentIntervals returns the brand's billing intervals, inactive ones included, by months.
func (s *Store) PaymentIntervals(ctx context.Context, brandID int32) ([]domain.Interval, error) {
	var rows []intervalRow
	q := `SELECT id, months, interval_vat, is_active, is_default FROM payment_intervals WHERE brand_id = ? ORDER BY months, id`
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(q), brandID); err != nil {
		return nil, fmt.Errorf("select payment intervals of brand %d: %w", brandID, sqldb.Classify(err))
	}
	out := make([]domain.Interval, len(rows))
	for i, r := range rows {
		out[i] = r.domain()
	}
	return out, nil
}

// ZipCodes returns up to limit zip codes of the country starting with prefix. The prefix must be
// cleaned by domain.ZipPrefix: it then holds no LIKE wildcards.
func (s *Store) ZipCodes(ctx context.Context, countryCode, prefix string, limit int) ([]domain.ZipCode, error) {
	var rows []struct {
		Code        string `db:"code"`
		City        string `db:"city"`
		CountryCode string `db:"country_code"`
	}
	q := `SELECT code, city, country_code FROM zip_codes WHERE country_code = ? AND code LIKE ? ORDER BY code, city LIMIT ?`
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(q), countryCode, prefix+"%", limit); err != nil {
		return nil, fmt.Errorf("select zip codes: %w", sqldb.Classify(err))
	}
	out := make([]domain.ZipCode, len(rows))
	for i, r := range rows {
		out[i] = domain.ZipCode{Code: r.Code, City: r.City, CountryCode: r.CountryCode}
	}
	return out, nil
}
