package sqlstore

import (
	"context"
	"fmt"

	"github.com/hostcart/checkout/services/domain/domain"
)

// fallbackLocale fills texts missing in the requested locale (spec §1: fallback en-GB).
const fallbackLocale = "en-GB"

type tldRow struct {
	ID             int32   `db:"id"`
	TLD            string  `db:"tld"`
	TLD2           string  `db:"tld2"`
	GroupID        int32   `db:"group_id"`
	GroupName      string  `db:"group_name"`
	ContractLength int32   `db:"contractlength"`
	Active         bool    `db:"is_active"`
	VAT            float64 `db:"interval_vat"`
	PriceCents     int32   `db:"price_cents"`
	SetupFeeCents  int32   `db:"setupfee_cents"`
	Privacy        bool    `db:"privacy"`
	SortID         int32   `db:"sort_id"`
	Top            bool    `db:"top_tld"`
	IDN            bool    `db:"idn"`
	ExternalID     string  `db:"external_id"`
	ArticleName    string  `db:"article_name"`
	Notice         string  `db:"notice"`
}

const tldsQuery = `
SELECT t.id, t.tld, t.tld2, t.group_id,
       COALESCE(gl.name, gf.name, g.slug) AS group_name,
       t.contractlength, t.is_active, t.interval_vat, t.price_cents, t.setupfee_cents,
       t.privacy, t.sort_id, t.top_tld, t.idn, t.external_id, t.article_name,
       COALESCE(nl.notice, nf.notice, '') AS notice
FROM tlds t
JOIN domain_groups g ON g.id = t.group_id
LEFT JOIN domain_group_texts gl ON gl.group_id = g.id AND gl.locale = ?
LEFT JOIN domain_group_texts gf ON gf.group_id = g.id AND gf.locale = ?
LEFT JOIN tld_notices nl ON nl.tld_id = t.id AND nl.locale = ?
LEFT JOIN tld_notices nf ON nf.tld_id = t.id AND nf.locale = ?
WHERE t.brand_id = ?
ORDER BY t.sort_id, t.tld`

type fieldRow struct {
	TLD            string `db:"tld"`
	ID             int32  `db:"id"`
	Key            string `db:"field_key"`
	Sort           int32  `db:"sort"`
	Rules          string `db:"validation_rules"`
	InputComponent string `db:"input_component"`
	Postponed      bool   `db:"is_postponed"`
	PrefilledWith  string `db:"prefilled_with"`
	Secret         bool   `db:"is_secret"`
	Label          string `db:"label"`
	Headline       string `db:"headline"`
}

const fieldsQuery = `
SELECT tf.tld, f.id, f.field_key, f.sort, f.validation_rules, f.input_component, f.is_postponed,
       f.prefilled_with, f.is_secret,
       COALESCE(l.label, e.label, f.field_key) AS label,
       COALESCE(l.headline, e.headline, '') AS headline
FROM tld_fields tf
JOIN domain_fields f ON f.id = tf.field_id
LEFT JOIN domain_field_texts l ON l.field_id = f.id AND l.locale = ?
LEFT JOIN domain_field_texts e ON e.field_id = f.id AND e.locale = ?
ORDER BY tf.tld, f.sort, f.id`

// TLDs returns every TLD of the brand with texts in locale, inactive ones included.
func (s *Store) TLDs(ctx context.Context, brandID int32, locale string) ([]domain.TLD, error) {
	var rows []tldRow
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(tldsQuery), locale, fallbackLocale, locale, fallbackLocale, brandID); err != nil {
		return nil, fmt.Errorf("select tlds of brand %d: %w", brandID, unavailable(err))
	}
	var frows []fieldRow
	if err := s.db.SelectContext(ctx, &frows, s.db.Rebind(fieldsQuery), locale, fallbackLocale); err != nil {
		return nil, fmt.Errorf("select domain fields: %w", unavailable(err))
	}
	fields := map[string][]domain.Field{}
	for _, f := range frows {
		fields[f.TLD] = append(fields[f.TLD], domain.Field{
			ID: f.ID, Key: f.Key, Label: f.Label, Order: f.Sort, Rules: f.Rules, InputComponent: f.InputComponent,
			Postponed: f.Postponed, PrefilledWith: f.PrefilledWith, Headline: f.Headline, Secret: f.Secret,
		})
	}
	out := make([]domain.TLD, 0, len(rows))
	for _, r := range rows {
		out = append(out, domain.TLD{
			ID: r.ID, Name: r.TLD, Display: r.TLD2, ContractMonths: r.ContractLength, GroupID: r.GroupID,
			GroupName: r.GroupName, Active: r.Active, VATPercent: r.VAT, PriceCents: r.PriceCents,
			SetupFeeCents: r.SetupFeeCents, Privacy: r.Privacy, SortID: r.SortID, Top: r.Top, Notice: r.Notice,
			ExternalID: r.ExternalID, ArticleName: r.ArticleName, IDN: r.IDN, Fields: fields[r.TLD],
		})
	}
	return out, nil
}

type groupRow struct {
	ID     int32  `db:"id"`
	Slug   string `db:"slug"`
	Name   string `db:"name"`
	Sort   int32  `db:"sort"`
	Active bool   `db:"is_active"`
}

const groupsQuery = `
SELECT g.id, g.slug, COALESCE(l.name, e.name, g.slug) AS name, g.sort, g.is_active
FROM domain_groups g
LEFT JOIN domain_group_texts l ON l.group_id = g.id AND l.locale = ?
LEFT JOIN domain_group_texts e ON e.group_id = g.id AND e.locale = ?
ORDER BY g.sort, g.id`

// Groups returns every domain group with its name in locale.
func (s *Store) Groups(ctx context.Context, locale string) ([]domain.Group, error) {
	var rows []groupRow
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(groupsQuery), locale, fallbackLocale); err != nil {
		return nil, fmt.Errorf("select domain groups: %w", unavailable(err))
	}
	out := make([]domain.Group, 0, len(rows))
	for _, r := range rows {
		out = append(out, domain.Group{ID: r.ID, Slug: r.Slug, Name: r.Name, Order: r.Sort, Active: r.Active})
	}
	return out, nil
}
