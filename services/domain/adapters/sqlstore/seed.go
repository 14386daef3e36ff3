package sqlstore

import (
	"context"
	"fmt"

	"github.com/hostcart/checkout/services/domain/seed"
)

// Seed replaces the whole catalogue with d in one transaction, so readers see either the old or
// the new catalogue and a restart with DOMAIN_SEED=true always converges on the shipped data.
func (s *Store) Seed(ctx context.Context, d *seed.Data) (err error) {
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
			return fmt.Errorf("seed: %s: %w", firstWords(query), err)
		}
		return nil
	}
	for _, table := range []string{"tld_fields", "domain_field_texts", "domain_fields", "tld_notices", "tlds", "domain_group_texts", "domain_groups"} {
		if err := exec("DELETE FROM " + table); err != nil {
			return err
		}
	}
	if err := insertGroups(d, exec); err != nil {
		return err
	}
	if err := insertFields(d, exec); err != nil {
		return err
	}
	for _, t := range d.TLDs {
		if err := exec(`INSERT INTO tlds (id, brand_id, tld, tld2, group_id, contractlength, is_active, interval_vat,
			price_cents, setupfee_cents, privacy, sort_id, top_tld, idn, external_id, article_name)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			t.ID, t.BrandID, t.TLD, t.Display, t.GroupID, t.ContractLength, t.Active, t.VATPercent,
			t.PriceCents, t.SetupFeeCents, t.Privacy, t.Sort, t.Top, t.IDN, t.ExternalID, t.ArticleName); err != nil {
			return err
		}
		for locale, text := range t.Notice {
			if err := exec(`INSERT INTO tld_notices (tld_id, locale, notice) VALUES (?, ?, ?)`, t.ID, locale, text); err != nil {
				return err
			}
		}
	}
	for _, tf := range d.TLDFields {
		if err := exec(`INSERT INTO tld_fields (tld, field_id) VALUES (?, ?)`, tf.TLD, tf.FieldID); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("seed: commit: %w", unavailable(err))
	}
	return nil
}

func insertGroups(d *seed.Data, exec func(string, ...any) error) error {
	for _, g := range d.Groups {
		if err := exec(`INSERT INTO domain_groups (id, slug, sort, is_active) VALUES (?, ?, ?, ?)`, g.ID, g.Slug, g.Order, g.IsActive()); err != nil {
			return err
		}
		for locale, name := range g.Name {
			if err := exec(`INSERT INTO domain_group_texts (group_id, locale, name) VALUES (?, ?, ?)`, g.ID, locale, name); err != nil {
				return err
			}
		}
	}
	return nil
}

func insertFields(d *seed.Data, exec func(string, ...any) error) error {
	for _, f := range d.Fields {
		if err := exec(`INSERT INTO domain_fields (id, field_key, sort, validation_rules, input_component, is_postponed, prefilled_with, is_secret)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.ID, f.Key, f.Order, f.Rules, f.InputComponent, f.Postponed, f.PrefilledWith, f.Secret); err != nil {
			return err
		}
		for locale, label := range f.Label {
			if err := exec(`INSERT INTO domain_field_texts (field_id, locale, label, headline) VALUES (?, ?, ?, ?)`,
				f.ID, locale, label, f.Headline[locale]); err != nil {
				return err
			}
		}
	}
	return nil
}

// firstWords names a statement in errors without dumping the whole SQL.
func firstWords(q string) string {
	const n = 40
	if len(q) > n {
		return q[:n] + "…"
	}
	return q
}
