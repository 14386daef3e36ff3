package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"

	"github.com/hostcart/checkout/libs/go/platform/sqldb"
	"github.com/hostcart/checkout/services/catalog/seed"
)

// Import writes the seed catalog in one transaction. Every row is an upsert keyed by the seed's
// ids, so importing again updates in place and never duplicates. Rows the seed no longer mentions
// are left alone: carts may still refer to them.
func (s *Store) Import(ctx context.Context, c *seed.Catalog) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin seed import: %w", sqldb.Classify(err))
	}
	w := &seedWriter{ctx: ctx, tx: tx}
	w.reference(c)
	for _, b := range c.Brands {
		w.brand(b, c)
	}
	if w.err != nil {
		_ = tx.Rollback()
		return fmt.Errorf("import seed: %w", sqldb.Classify(w.err))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit seed import: %w", sqldb.Classify(err))
	}
	return nil
}

// seedWriter remembers the first error so the import reads as a plain list of upserts.
type seedWriter struct {
	ctx context.Context
	tx  *sqlx.Tx
	err error
}

// upsert inserts a row or, when its key exists, updates the other columns. The same statement
// works on PostgreSQL and SQLite.
func (w *seedWriter) upsert(table string, keys []string, cols []string, values ...any) {
	if w.err != nil {
		return
	}
	all := append(append([]string{}, keys...), cols...)
	q := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT (%s) ",
		table, strings.Join(all, ", "), strings.TrimSuffix(strings.Repeat("?, ", len(all)), ", "), strings.Join(keys, ", "))
	if len(cols) == 0 {
		q += "DO NOTHING"
	} else {
		sets := make([]string, len(cols))
		for i, c := range cols {
			sets[i] = c + " = excluded." + c
		}
		q += "DO UPDATE SET " + strings.Join(sets, ", ")
	}
	if _, err := w.tx.ExecContext(w.ctx, w.tx.Rebind(q), values...); err != nil {
		w.err = fmt.Errorf("upsert %s %v: %w", table, values[:len(keys)], err)
	}
}

// text is the stored value of one locale of a translatable text: NULL when missing, so the
// en-GB fallback applies field by field.
func text(t seed.Text, locale string) any {
	if v, ok := t[locale]; ok && v != "" {
		return v
	}
	return nil
}

func lines(t seed.TextList, locale string) any {
	if v := t[locale]; len(v) > 0 {
		return strings.Join(v, "\n")
	}
	return nil
}

func (w *seedWriter) reference(c *seed.Catalog) {
	for _, t := range c.ProductTypes {
		w.upsert("product_types", []string{"id"}, []string{"slug"}, t.ID, t.Slug)
	}
	for _, f := range c.AdditionalFields {
		w.upsert("additional_fields", []string{"id"},
			[]string{"field_key", "input_component", "validation_rules", "is_postponed", "prefilled_with", "is_secret"},
			f.ID, f.Key, f.InputComponent, f.ValidationRules, f.Postponed, f.PrefilledWith, f.Secret)
		for _, l := range seed.Locales(f.Label, f.Headline) {
			w.upsert("additional_field_texts", []string{"field_id", "locale"}, []string{"label", "headline"},
				f.ID, l, text(f.Label, l), text(f.Headline, l))
		}
	}
	for _, co := range c.Countries {
		w.upsert("countries", []string{"id"}, []string{"code", "phone_prefix", "sort_order", "vat_rate"},
			co.ID, co.Code, co.PhonePrefix, co.Order, co.VATRate)
		for _, l := range seed.Locales(co.Name) {
			w.upsert("country_texts", []string{"country_id", "locale"}, []string{"name"}, co.ID, l, text(co.Name, l))
		}
	}
	w.zipCodes(c.ZipCodes)
}

// zipCodes inserts in batches: hundreds of single-row round trips would dominate start-up.
func (w *seedWriter) zipCodes(zips []seed.ZipCode) {
	const batch = 200
	for start := 0; start < len(zips) && w.err == nil; start += batch {
		end := min(start+batch, len(zips))
		var sb strings.Builder
		sb.WriteString("INSERT INTO zip_codes (country_code, code, city) VALUES ")
		args := make([]any, 0, 3*(end-start))
		for i, z := range zips[start:end] {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?)")
			args = append(args, z.CountryCode, z.Code, z.City)
		}
		sb.WriteString(" ON CONFLICT (country_code, code, city) DO NOTHING")
		if _, err := w.tx.ExecContext(w.ctx, w.tx.Rebind(sb.String()), args...); err != nil {
			w.err = fmt.Errorf("insert zip codes: %w", err)
		}
	}
}

func (w *seedWriter) brand(b seed.Brand, c *seed.Catalog) {
	w.upsert("brands", []string{"id"}, []string{"name", "slug", "fqdn", "is_visible"},
		b.ID, b.Name, b.Slug, b.FQDN, !b.Invisible)
	for i, l := range b.Locales {
		w.upsert("brand_locales", []string{"brand_id", "code"}, []string{"label", "fallback_code", "is_default", "sort_order"},
			b.ID, l.Code, l.Label, l.FallbackCode, l.Default, i)
	}
	for k, v := range b.Properties {
		w.upsert("brand_properties", []string{"brand_id", "prop_key"}, []string{"prop_value"}, b.ID, k, v)
	}
	intervalIDs := make(map[int32]int32, len(b.PaymentIntervals))
	for _, iv := range b.PaymentIntervals {
		intervalIDs[iv.Months] = iv.ID
		w.upsert("payment_intervals", []string{"id"}, []string{"brand_id", "months", "interval_vat", "is_active", "is_default"},
			iv.ID, b.ID, iv.Months, iv.VAT, !iv.Inactive, iv.Default)
	}
	groupIDs := make(map[string]int32, len(b.AddonGroups))
	for _, g := range b.AddonGroups {
		groupIDs[g.Name] = g.ID
		w.upsert("addon_groups", []string{"id"}, []string{"brand_id", "name"}, g.ID, b.ID, g.Name)
		for _, l := range seed.Locales(g.DisplayName, g.DisplayDescription) {
			w.upsert("addon_group_texts", []string{"group_id", "locale"}, []string{"display_name", "display_description"},
				g.ID, l, text(g.DisplayName, l), text(g.DisplayDescription, l))
		}
		for _, r := range g.Rules {
			w.upsert("addon_group_rules", []string{"group_id", "rule_type"}, nil, g.ID, r)
		}
	}
	categoryIDs := make(map[string]int32, len(b.Categories))
	for _, cat := range b.Categories {
		categoryIDs[cat.Slug] = cat.ID
		w.upsert("categories", []string{"id"}, []string{"brand_id", "slug", "icon", "is_addon", "is_visible", "sort_order"},
			cat.ID, b.ID, cat.Slug, cat.Icon, cat.Addon, !cat.Invisible, cat.Order)
		for _, l := range seed.Locales(cat.Name, cat.Description, cat.Description2, cat.ProductNotice) {
			w.upsert("category_texts", []string{"category_id", "locale"}, []string{"name", "description", "description2", "product_notice"},
				cat.ID, l, text(cat.Name, l), text(cat.Description, l), text(cat.Description2, l), text(cat.ProductNotice, l))
		}
	}
	typeIDs := make(map[string]int32, len(c.ProductTypes))
	for _, t := range c.ProductTypes {
		typeIDs[t.Slug] = t.ID
	}
	fieldIDs := make(map[string]int32, len(c.AdditionalFields))
	for _, f := range c.AdditionalFields {
		fieldIDs[f.Key] = f.ID
	}
	// Products first: addon and upsell links point at other products of the brand.
	for _, p := range b.Products {
		w.product(b.ID, p, categoryIDs[p.Category], typeIDs[p.Type], intervalIDs)
	}
	for _, p := range b.Products {
		w.links(p, groupIDs, fieldIDs)
	}
}

func (w *seedWriter) product(brandID int32, p seed.Product, categoryID, typeID int32, intervalIDs map[int32]int32) {
	freeAmount := int32(0)
	if p.FreeTLDs != nil {
		freeAmount = p.FreeTLDs.Amount
	}
	w.upsert("products", []string{"id"}, []string{"brand_id", "category_id", "type_id", "is_active", "is_hidden",
		"hide_in_cart", "is_highlight", "domain_capable", "qty_max", "sort_order", "external_product_id",
		"sms_validation", "is_domainrequired", "free_tld_amount"},
		p.ID, brandID, categoryID, typeID, !p.Inactive, p.Hidden, p.HideInCart, p.Highlight, p.DomainCapable,
		p.QtyMax, p.Order, p.ExternalProductID, p.SMSValidation, p.DomainRequired, freeAmount)
	locales := append(seed.Locales(p.Name, p.Tagline, p.Description, p.UpsellHeadline, p.AdvantagesHeadline, p.AdvantagesButtonText),
		seed.ListLocales(p.Advantages, p.Disadvantages)...)
	done := map[string]bool{}
	for _, l := range locales {
		if done[l] {
			continue
		}
		done[l] = true
		w.upsert("product_texts", []string{"product_id", "locale"}, []string{"name", "tagline", "description",
			"upsell_headline", "advantages_headline", "advantages_button_text", "advantages", "disadvantages"},
			p.ID, l, text(p.Name, l), text(p.Tagline, l), text(p.Description, l), text(p.UpsellHeadline, l),
			text(p.AdvantagesHeadline, l), text(p.AdvantagesButtonText, l), lines(p.Advantages, l), lines(p.Disadvantages, l))
	}
	for k, v := range p.Attributes {
		w.upsert("product_attributes", []string{"product_id", "attr_key"}, []string{"attr_value"}, p.ID, k, v)
	}
	if p.FreeTLDs != nil {
		for i, tld := range p.FreeTLDs.Domains {
			w.upsert("product_free_tlds", []string{"product_id", "tld"}, []string{"sort_order"}, p.ID, tld, i)
		}
	}
	for _, m := range p.Maturities {
		w.upsert("payment_maturities", []string{"id"}, []string{"product_id", "months", "price_cents", "setup_fee_cents",
			"cancelation_period", "is_active", "is_default"},
			m.ID, p.ID, m.Months, m.PriceCents, m.SetupFeeCents, m.CancelationPeriod, !m.Inactive, m.Default)
		for _, months := range m.Intervals {
			w.upsert("maturity_intervals", []string{"maturity_id", "interval_id"}, nil, m.ID, intervalIDs[months])
		}
	}
}

func (w *seedWriter) links(p seed.Product, groupIDs map[string]int32, fieldIDs map[string]int32) {
	for i, a := range p.Addons {
		id := seed.AddonLinkID(p.ID, i)
		w.upsert("product_addons", []string{"id"}, []string{"product_id", "addon_id", "is_recommended",
			"recommended_addon_order", "is_promoted", "promoted_addon_order"},
			id, p.ID, a.Addon, a.Recommended, a.RecommendedOrder, a.Promoted, a.PromotedOrder)
		for _, g := range a.Groups {
			w.upsert("product_addon_groups", []string{"product_addon_id", "group_id"}, nil, id, groupIDs[g])
		}
	}
	for i, u := range p.Upsells {
		w.upsert("product_upsells", []string{"product_id", "upsell_id"}, []string{"sort_order"}, p.ID, u.Upsell, i)
		locales := append(seed.Locales(u.Headline, u.DisadvantagesHeadline, u.DisadvantagesButtonText), seed.ListLocales(u.Disadvantages)...)
		done := map[string]bool{}
		for _, l := range locales {
			if done[l] {
				continue
			}
			done[l] = true
			w.upsert("product_upsell_texts", []string{"product_id", "upsell_id", "locale"},
				[]string{"headline", "disadvantages_headline", "disadvantages", "disadvantages_button_text"},
				p.ID, u.Upsell, l, text(u.Headline, l), text(u.DisadvantagesHeadline, l), lines(u.Disadvantages, l),
				text(u.DisadvantagesButtonText, l))
		}
	}
	for i, key := range p.Fields {
		w.upsert("product_additional_fields", []string{"product_id", "field_id"}, []string{"sort_order"}, p.ID, fieldIDs[key], i+1)
	}
}
