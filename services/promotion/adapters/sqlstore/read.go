package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/hostcart/checkout/services/promotion/domain"
)

type promotionRow struct {
	ID          int32         `db:"id"`
	BrandID     int32         `db:"brand_id"`
	Code        string        `db:"code"`
	Type        string        `db:"type"`
	ValueType   string        `db:"value_type"`
	Percent     float64       `db:"percent"`
	ValueCents  int64         `db:"value_cents"`
	IsRecurring bool          `db:"is_recurring"`
	RecursFor   int32         `db:"recurs_for"`
	IsAutomatic bool          `db:"is_automatic"`
	IsActive    bool          `db:"is_active"`
	AppliesTo   string        `db:"applies_to"`
	ForAddon    bool          `db:"for_addon"`
	ForUpsell   bool          `db:"for_upsell"`
	ValidFrom   sql.NullInt64 `db:"valid_from"`
	ValidUntil  sql.NullInt64 `db:"valid_until"`
}

const promotionColumns = `id, brand_id, code, type, value_type, percent, value_cents, is_recurring, recurs_for,
       is_automatic, is_active, applies_to, for_addon, for_upsell, valid_from, valid_until`

// Child rows, keyed by promotion id. One query per table serves a whole brand.
type (
	labelRow struct {
		PromotionID int32  `db:"promotion_id"`
		Locale      string `db:"locale"`
		Label       string `db:"label"`
	}
	idRow struct {
		PromotionID int32 `db:"promotion_id"`
		ItemID      int32 `db:"item_id"`
	}
	tldRow struct {
		PromotionID int32  `db:"promotion_id"`
		TLD         string `db:"tld"`
	}
	termRow struct {
		PromotionID int32  `db:"promotion_id"`
		Kind        string `db:"kind"`
		Months      int32  `db:"months"`
	}
)

// Term kinds of promotion_terms.
const (
	termMaturity = "maturity"
	termInterval = "interval"
)

// Promotions returns every promotion of the brand, inactive and expired ones included, by id.
func (s *Store) Promotions(ctx context.Context, brandID int32) ([]domain.Promotion, error) {
	var rows []promotionRow
	q := `SELECT ` + promotionColumns + ` FROM promotions WHERE brand_id = ? ORDER BY id`
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(q), brandID); err != nil {
		return nil, fmt.Errorf("select promotions of brand %d: %w", brandID, unavailable(err))
	}
	ps, err := s.withChildren(ctx, rows, `promotion_id IN (SELECT id FROM promotions WHERE brand_id = ?)`, brandID)
	if err != nil {
		return nil, fmt.Errorf("promotions of brand %d: %w", brandID, err)
	}
	return ps, nil
}

// PromotionByCode returns the brand's promotion with the normalised code, whatever its state;
// domain.ErrPromotionNotFound when there is none.
func (s *Store) PromotionByCode(ctx context.Context, brandID int32, code string) (domain.Promotion, error) {
	var rows []promotionRow
	q := `SELECT ` + promotionColumns + ` FROM promotions WHERE brand_id = ? AND code = ?`
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(q), brandID, code); err != nil {
		return domain.Promotion{}, fmt.Errorf("select promotion %q of brand %d: %w", code, brandID, unavailable(err))
	}
	if len(rows) == 0 {
		return domain.Promotion{}, fmt.Errorf("promotion %q of brand %d: %w", code, brandID, domain.ErrPromotionNotFound)
	}
	ps, err := s.withChildren(ctx, rows, `promotion_id = ?`, rows[0].ID)
	if err != nil {
		return domain.Promotion{}, fmt.Errorf("promotion %q of brand %d: %w", code, brandID, err)
	}
	return ps[0], nil
}

// withChildren loads the lists of the promotions in rows (selected by where over promotion_id)
// and assembles them.
func (s *Store) withChildren(ctx context.Context, rows []promotionRow, where string, arg any) ([]domain.Promotion, error) {
	out := make([]domain.Promotion, len(rows))
	at := make(map[int32]*domain.Promotion, len(rows))
	for i, r := range rows {
		out[i] = r.toDomain()
		at[r.ID] = &out[i]
	}
	if len(rows) == 0 {
		return out, nil
	}
	sel := func(dest any, table, cols, order string) error {
		q := `SELECT ` + cols + ` FROM ` + table + ` WHERE ` + where + ` ORDER BY ` + order
		if err := s.db.SelectContext(ctx, dest, s.db.Rebind(q), arg); err != nil {
			return fmt.Errorf("select %s: %w", table, unavailable(err))
		}
		return nil
	}
	var labels []labelRow
	if err := sel(&labels, "promotion_labels", "promotion_id, locale, label", "promotion_id, locale"); err != nil {
		return nil, err
	}
	for _, l := range labels {
		if p := at[l.PromotionID]; p != nil {
			if p.Labels == nil {
				p.Labels = map[string]string{}
			}
			p.Labels[l.Locale] = l.Label
		}
	}
	var items, requires []idRow
	if err := sel(&items, "promotion_items", "promotion_id, item_id", "promotion_id, item_id"); err != nil {
		return nil, err
	}
	for _, r := range items {
		if p := at[r.PromotionID]; p != nil {
			p.AppliesTo.IDs = append(p.AppliesTo.IDs, r.ItemID)
		}
	}
	if err := sel(&requires, "promotion_requires", "promotion_id, item_id", "promotion_id, item_id"); err != nil {
		return nil, err
	}
	for _, r := range requires {
		if p := at[r.PromotionID]; p != nil {
			p.Requires = append(p.Requires, r.ItemID)
		}
	}
	var tlds []tldRow
	if err := sel(&tlds, "promotion_tlds", "promotion_id, tld", "promotion_id, tld"); err != nil {
		return nil, err
	}
	for _, r := range tlds {
		if p := at[r.PromotionID]; p != nil {
			p.AppliesTo.TLDs = append(p.AppliesTo.TLDs, r.TLD)
		}
	}
	var terms []termRow
	if err := sel(&terms, "promotion_terms", "promotion_id, kind, months", "promotion_id, kind, months"); err != nil {
		return nil, err
	}
	for _, r := range terms {
		p := at[r.PromotionID]
		switch {
		case p == nil:
		case r.Kind == termMaturity:
			p.Supported.MaturityMonths = append(p.Supported.MaturityMonths, r.Months)
		case r.Kind == termInterval:
			p.Supported.IntervalMonths = append(p.Supported.IntervalMonths, r.Months)
		}
	}
	return out, nil
}

func (r promotionRow) toDomain() domain.Promotion {
	return domain.Promotion{
		ID: r.ID, BrandID: r.BrandID, Code: r.Code,
		Type: domain.Target(r.Type), ValueType: domain.ValueType(r.ValueType),
		Percent: r.Percent, ValueCents: r.ValueCents,
		IsRecurring: r.IsRecurring, RecursFor: r.RecursFor,
		IsAutomatic: r.IsAutomatic, Active: r.IsActive,
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToKind(r.AppliesTo)},
		Supported: domain.Supported{ForAddon: r.ForAddon, ForUpsell: r.ForUpsell},
		ValidFrom: fromUnix(r.ValidFrom), ValidUntil: fromUnix(r.ValidUntil),
	}
}

func fromUnix(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.Unix(v.Int64, 0).UTC()
}

func toUnix(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.Unix(), Valid: true}
}
