package sqlstore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hostcart/checkout/services/promotion/domain"
)

// Seed replaces the promotions of every brand in ps with ps, in one transaction: readers see the
// old or the new set, and a restart with seeding on converges on the shipped data. Brands not in
// ps keep theirs. Carts hold codes, not ids, so replacing rows does not orphan them.
func (s *Store) Seed(ctx context.Context, ps []domain.Promotion) (err error) {
	var brands []int32
	for _, p := range ps {
		if problems := domain.Check(p); len(problems) > 0 {
			return fmt.Errorf("seed promotion %d (%s): %s", p.ID, p.Code, strings.Join(problems, "; "))
		}
		if !slices.Contains(brands, p.BrandID) {
			brands = append(brands, p.BrandID)
		}
	}
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("seed: begin: %w", unavailable(err))
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	exec := func(query string, args ...any) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(query), args...); err != nil {
			return fmt.Errorf("seed: %s: %w", firstWords(query), unavailable(err))
		}
		return nil
	}
	for _, b := range brands {
		// Children go with their promotion (ON DELETE CASCADE).
		if err := exec(`DELETE FROM promotions WHERE brand_id = ?`, b); err != nil {
			return err
		}
	}
	for _, p := range ps {
		if err := insert(p, exec); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("seed: commit: %w", unavailable(err))
	}
	return nil
}

func insert(p domain.Promotion, exec func(string, ...any) error) error {
	code, ok := domain.NormalizeCode(p.Code)
	if !ok {
		return fmt.Errorf("seed promotion %d: invalid code %q", p.ID, p.Code)
	}
	if err := exec(`INSERT INTO promotions (id, brand_id, code, type, value_type, percent, value_cents, is_recurring,
		recurs_for, is_automatic, is_active, applies_to, for_addon, for_upsell, valid_from, valid_until)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.BrandID, code, string(p.Type), string(p.ValueType), p.Percent, p.ValueCents, p.IsRecurring,
		p.RecursFor, p.IsAutomatic, p.Active, string(p.AppliesTo.Kind), p.Supported.ForAddon, p.Supported.ForUpsell,
		toUnix(p.ValidFrom), toUnix(p.ValidUntil)); err != nil {
		return err
	}
	for locale, label := range p.Labels {
		if err := exec(`INSERT INTO promotion_labels (promotion_id, locale, label) VALUES (?, ?, ?)`, p.ID, locale, label); err != nil {
			return err
		}
	}
	for _, id := range unique(p.AppliesTo.IDs) {
		if err := exec(`INSERT INTO promotion_items (promotion_id, item_id) VALUES (?, ?)`, p.ID, id); err != nil {
			return err
		}
	}
	for _, id := range unique(p.Requires) {
		if err := exec(`INSERT INTO promotion_requires (promotion_id, item_id) VALUES (?, ?)`, p.ID, id); err != nil {
			return err
		}
	}
	for _, tld := range unique(p.AppliesTo.TLDs) {
		if err := exec(`INSERT INTO promotion_tlds (promotion_id, tld) VALUES (?, ?)`, p.ID, tld); err != nil {
			return err
		}
	}
	for kind, months := range map[string][]int32{termMaturity: p.Supported.MaturityMonths, termInterval: p.Supported.IntervalMonths} {
		for _, m := range unique(months) {
			if err := exec(`INSERT INTO promotion_terms (promotion_id, kind, months) VALUES (?, ?, ?)`, p.ID, kind, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// unique drops repeated values, keeping the first of each (the tables' keys refuse duplicates).
func unique[T comparable](vs []T) []T {
	out := make([]T, 0, len(vs))
	for _, v := range vs {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// firstWords names a statement in errors without dumping the whole SQL.
func firstWords(q string) string {
	const n = 40
	if len(q) > n {
		return q[:n] + "…"
	}
	return q
}
