package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/hostcart/checkout/services/catalog/domain"
	"github.com/hostcart/checkout/services/catalog/service"
)

type productRow struct {
	ID                   int32  `db:"id"`
	CategoryID           int32  `db:"category_id"`
	CategorySlug         string `db:"category_slug"`
	CategoryName         string `db:"category_name"`
	TypeID               int32  `db:"type_id"`
	Type                 string `db:"type_slug"`
	IsActive             bool   `db:"is_active"`
	IsHidden             bool   `db:"is_hidden"`
	HideInCart           bool   `db:"hide_in_cart"`
	IsHighlight          bool   `db:"is_highlight"`
	DomainCapable        bool   `db:"domain_capable"`
	QtyMax               int32  `db:"qty_max"`
	Order                int32  `db:"sort_order"`
	ExternalProductID    string `db:"external_product_id"`
	SMSValidation        bool   `db:"sms_validation"`
	IsDomainRequired     int32  `db:"is_domainrequired"`
	FreeTLDAmount        int32  `db:"free_tld_amount"`
	Name                 string `db:"name"`
	Tagline              string `db:"tagline"`
	Description          string `db:"description"`
	UpsellHeadline       string `db:"upsell_headline"`
	AdvantagesHeadline   string `db:"advantages_headline"`
	AdvantagesButtonText string `db:"advantages_button_text"`
	Advantages           string `db:"advantages"`
	Disadvantages        string `db:"disadvantages"`
}

const productQuery = `SELECT p.id, p.category_id, c.slug AS category_slug,
		COALESCE(ct.name, cf.name, '') AS category_name,
		p.type_id, pt.slug AS type_slug, p.is_active, p.is_hidden, p.hide_in_cart, p.is_highlight,
		p.domain_capable, p.qty_max, p.sort_order, p.external_product_id, p.sms_validation,
		p.is_domainrequired, p.free_tld_amount,
		COALESCE(t.name, f.name, '') AS name,
		COALESCE(t.tagline, f.tagline, '') AS tagline,
		COALESCE(t.description, f.description, '') AS description,
		COALESCE(t.upsell_headline, f.upsell_headline, '') AS upsell_headline,
		COALESCE(t.advantages_headline, f.advantages_headline, '') AS advantages_headline,
		COALESCE(t.advantages_button_text, f.advantages_button_text, '') AS advantages_button_text,
		COALESCE(t.advantages, f.advantages, '') AS advantages,
		COALESCE(t.disadvantages, f.disadvantages, '') AS disadvantages
	FROM products p
	JOIN categories c ON c.id = p.category_id
	JOIN product_types pt ON pt.id = p.type_id
	LEFT JOIN category_texts ct ON ct.category_id = c.id AND ct.locale = ?
	LEFT JOIN category_texts cf ON cf.category_id = c.id AND cf.locale = ?
	LEFT JOIN product_texts t ON t.product_id = p.id AND t.locale = ?
	LEFT JOIN product_texts f ON f.product_id = p.id AND f.locale = ?
	WHERE p.brand_id = ?`

// Products loads the brand's products with everything attached in a fixed number of queries (one
// per kind of child row), however many products there are.
func (s *Store) Products(ctx context.Context, brandID int32, locale string, f service.ProductFilter) ([]domain.Product, error) {
	q := productQuery
	args := []any{locale, domain.FallbackLocale, locale, domain.FallbackLocale, brandID}
	if f.CategorySlug != "" {
		q += ` AND c.slug = ?`
		args = append(args, f.CategorySlug)
	}
	if len(f.IDs) > 0 {
		q += ` AND p.id IN (?)`
		args = append(args, f.IDs)
	}
	q += ` ORDER BY p.sort_order, p.id`
	var rows []productRow
	if err := s.selectIn(ctx, &rows, q, args...); err != nil {
		return nil, fmt.Errorf("select products of brand %d: %w", brandID, err)
	}
	products := make([]domain.Product, len(rows))
	if len(rows) == 0 {
		return products, nil
	}
	ids := make([]int32, len(rows))
	index := make(map[int32]*domain.Product, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		products[i] = r.domain()
		index[r.ID] = &products[i]
	}
	loaders := []func(context.Context, []int32, string, map[int32]*domain.Product) error{
		s.attachMaturities, s.attachAddons, s.attachUpsells, s.attachFields, s.attachFreeTLDs, s.attachAttributes,
	}
	for _, load := range loaders {
		if err := load(ctx, ids, locale, index); err != nil {
			return nil, err
		}
	}
	return products, nil
}

func (r productRow) domain() domain.Product {
	return domain.Product{
		ID: r.ID, Name: r.Name, Description: r.Description, Tagline: r.Tagline, Type: r.Type, TypeID: r.TypeID,
		CategoryName: r.CategoryName, CategorySlug: r.CategorySlug, CategoryID: r.CategoryID,
		IsActive: r.IsActive, IsHidden: r.IsHidden, HideInCart: r.HideInCart, IsHighlight: r.IsHighlight,
		DomainCapable: r.DomainCapable, QtyMax: r.QtyMax, Order: r.Order, ExternalProductID: r.ExternalProductID,
		SMSValidation: r.SMSValidation, IsDomainRequired: r.IsDomainRequired,
		UpsellHeadline: r.UpsellHeadline, AdvantagesHeadline: r.AdvantagesHeadline,
		AdvantagesButtonText: r.AdvantagesButtonText,
		Advantages:           splitLines(r.Advantages),
		Disadvantages:        splitLines(r.Disadvantages),
		Attributes:           []domain.Attribute{},
		Addons:               []domain.ProductAddon{},
		Upsells:              []domain.Upsell{},
		AdditionalFields:     []domain.AdditionalField{},
		FreeTLDs:             domain.FreeTLDs{Amount: r.FreeTLDAmount, Domains: []string{}},
		Maturities:           []domain.Maturity{},
	}
}

func (s *Store) attachMaturities(ctx context.Context, ids []int32, _ string, index map[int32]*domain.Product) error {
	var maturities []struct {
		ID                int32 `db:"id"`
		ProductID         int32 `db:"product_id"`
		Months            int32 `db:"months"`
		PriceCents        int64 `db:"price_cents"`
		SetupFeeCents     int64 `db:"setup_fee_cents"`
		CancelationPeriod int32 `db:"cancelation_period"`
		IsActive          bool  `db:"is_active"`
		IsDefault         bool  `db:"is_default"`
	}
	if err := s.selectIn(ctx, &maturities, `SELECT id, product_id, months, price_cents, setup_fee_cents,
			cancelation_period, is_active, is_default
		FROM payment_maturities WHERE product_id IN (?) ORDER BY product_id, months, id`, ids); err != nil {
		return fmt.Errorf("select maturities: %w", err)
	}
	var links []struct {
		MaturityID int32 `db:"maturity_id"`
		intervalRow
	}
	if err := s.selectIn(ctx, &links, `SELECT mi.maturity_id, i.id, i.months, i.interval_vat, i.is_active, i.is_default
		FROM maturity_intervals mi
		JOIN payment_maturities m ON m.id = mi.maturity_id
		JOIN payment_intervals i ON i.id = mi.interval_id
		WHERE m.product_id IN (?) ORDER BY mi.maturity_id, i.months, i.id`, ids); err != nil {
		return fmt.Errorf("select maturity intervals: %w", err)
	}
	intervals := make(map[int32][]domain.Interval)
	for _, l := range links {
		intervals[l.MaturityID] = append(intervals[l.MaturityID], l.intervalRow.domain())
	}
	for _, m := range maturities {
		p := index[m.ProductID]
		ivs := intervals[m.ID]
		if ivs == nil {
			ivs = []domain.Interval{}
		}
		p.Maturities = append(p.Maturities, domain.Maturity{
			ID: m.ID, Months: m.Months, PriceCents: m.PriceCents, SetupFeeCents: m.SetupFeeCents,
			CancelationPeriod: m.CancelationPeriod, IsActive: m.IsActive, IsDefault: m.IsDefault,
			ProductID: m.ProductID, Intervals: ivs,
		})
	}
	return nil
}

func (s *Store) attachAddons(ctx context.Context, ids []int32, locale string, index map[int32]*domain.Product) error {
	var links []struct {
		ID                    int32 `db:"id"`
		ProductID             int32 `db:"product_id"`
		AddonID               int32 `db:"addon_id"`
		IsRecommended         bool  `db:"is_recommended"`
		RecommendedAddonOrder int32 `db:"recommended_addon_order"`
		IsPromoted            bool  `db:"is_promoted"`
		PromotedAddonOrder    int32 `db:"promoted_addon_order"`
	}
	if err := s.selectIn(ctx, &links, `SELECT id, product_id, addon_id, is_recommended, recommended_addon_order,
			is_promoted, promoted_addon_order
		FROM product_addons WHERE product_id IN (?) ORDER BY product_id, id`, ids); err != nil {
		return fmt.Errorf("select product addons: %w", err)
	}
	if len(links) == 0 {
		return nil
	}
	var groups []struct {
		LinkID             int32  `db:"product_addon_id"`
		ID                 int32  `db:"id"`
		Name               string `db:"name"`
		DisplayName        string `db:"display_name"`
		DisplayDescription string `db:"display_description"`
	}
	if err := s.selectIn(ctx, &groups, `SELECT pag.product_addon_id, g.id, g.name,
			COALESCE(t.display_name, f.display_name, '') AS display_name,
			COALESCE(t.display_description, f.display_description, '') AS display_description
		FROM product_addon_groups pag
		JOIN product_addons pa ON pa.id = pag.product_addon_id
		JOIN addon_groups g ON g.id = pag.group_id
		LEFT JOIN addon_group_texts t ON t.group_id = g.id AND t.locale = ?
		LEFT JOIN addon_group_texts f ON f.group_id = g.id AND f.locale = ?
		WHERE pa.product_id IN (?) ORDER BY pag.product_addon_id, g.id`, locale, domain.FallbackLocale, ids); err != nil {
		return fmt.Errorf("select addon groups: %w", err)
	}
	var rules []struct {
		GroupID int32  `db:"group_id"`
		Type    string `db:"rule_type"`
	}
	if err := s.selectIn(ctx, &rules, `SELECT r.group_id, r.rule_type FROM addon_group_rules r
		WHERE r.group_id IN (SELECT pag.group_id FROM product_addon_groups pag
			JOIN product_addons pa ON pa.id = pag.product_addon_id WHERE pa.product_id IN (?))
		ORDER BY r.group_id, r.rule_type`, ids); err != nil {
		return fmt.Errorf("select addon group rules: %w", err)
	}
	rulesOf := make(map[int32][]string)
	for _, r := range rules {
		rulesOf[r.GroupID] = append(rulesOf[r.GroupID], r.Type)
	}
	groupsOf := make(map[int32][]domain.AddonGroup)
	for _, g := range groups {
		rs := rulesOf[g.ID]
		if rs == nil {
			rs = []string{}
		}
		groupsOf[g.LinkID] = append(groupsOf[g.LinkID], domain.AddonGroup{
			ID: g.ID, Name: g.Name, DisplayName: g.DisplayName, DisplayDescription: g.DisplayDescription, Rules: rs,
		})
	}
	for _, l := range links {
		gs := groupsOf[l.ID]
		if gs == nil {
			gs = []domain.AddonGroup{}
		}
		p := index[l.ProductID]
		p.Addons = append(p.Addons, domain.ProductAddon{
			ID: l.ID, ProductID: l.ProductID, AddonID: l.AddonID, IsRecommended: l.IsRecommended,
			RecommendedAddonOrder: l.RecommendedAddonOrder, IsPromoted: l.IsPromoted,
			PromotedAddonOrder: l.PromotedAddonOrder, Groups: gs,
		})
	}
	return nil
}

func (s *Store) attachUpsells(ctx context.Context, ids []int32, locale string, index map[int32]*domain.Product) error {
	var rows []struct {
		ProductID               int32  `db:"product_id"`
		UpsellID                int32  `db:"upsell_id"`
		Headline                string `db:"headline"`
		DisadvantagesHeadline   string `db:"disadvantages_headline"`
		Disadvantages           string `db:"disadvantages"`
		DisadvantagesButtonText string `db:"disadvantages_button_text"`
	}
	if err := s.selectIn(ctx, &rows, `SELECT u.product_id, u.upsell_id,
			COALESCE(t.headline, f.headline, '') AS headline,
			COALESCE(t.disadvantages_headline, f.disadvantages_headline, '') AS disadvantages_headline,
			COALESCE(t.disadvantages, f.disadvantages, '') AS disadvantages,
			COALESCE(t.disadvantages_button_text, f.disadvantages_button_text, '') AS disadvantages_button_text
		FROM product_upsells u
		LEFT JOIN product_upsell_texts t ON t.product_id = u.product_id AND t.upsell_id = u.upsell_id AND t.locale = ?
		LEFT JOIN product_upsell_texts f ON f.product_id = u.product_id AND f.upsell_id = u.upsell_id AND f.locale = ?
		WHERE u.product_id IN (?) ORDER BY u.product_id, u.sort_order, u.upsell_id`, locale, domain.FallbackLocale, ids); err != nil {
		return fmt.Errorf("select upsells: %w", err)
	}
	for _, r := range rows {
		p := index[r.ProductID]
		p.Upsells = append(p.Upsells, domain.Upsell{
			UpsellID: r.UpsellID, UpsellHeadline: r.Headline, DisadvantagesHeadline: r.DisadvantagesHeadline,
			Disadvantages: splitLines(r.Disadvantages), DisadvantagesButtonText: r.DisadvantagesButtonText,
		})
	}
	return nil
}

func (s *Store) attachFields(ctx context.Context, ids []int32, locale string, index map[int32]*domain.Product) error {
	var rows []struct {
		ProductID       int32  `db:"product_id"`
		ID              int32  `db:"id"`
		Key             string `db:"field_key"`
		Label           string `db:"label"`
		Order           int32  `db:"sort_order"`
		ValidationRules string `db:"validation_rules"`
		InputComponent  string `db:"input_component"`
		IsPostponed     bool   `db:"is_postponed"`
		PrefilledWith   string `db:"prefilled_with"`
		Headline        string `db:"headline"`
		IsSecret        bool   `db:"is_secret"`
	}
	if err := s.selectIn(ctx, &rows, `SELECT pf.product_id, af.id, af.field_key,
			COALESCE(t.label, f.label, '') AS label, pf.sort_order, af.validation_rules, af.input_component,
			af.is_postponed, af.prefilled_with, COALESCE(t.headline, f.headline, '') AS headline, af.is_secret
		FROM product_additional_fields pf
		JOIN additional_fields af ON af.id = pf.field_id
		LEFT JOIN additional_field_texts t ON t.field_id = af.id AND t.locale = ?
		LEFT JOIN additional_field_texts f ON f.field_id = af.id AND f.locale = ?
		WHERE pf.product_id IN (?) ORDER BY pf.product_id, pf.sort_order, af.id`, locale, domain.FallbackLocale, ids); err != nil {
		return fmt.Errorf("select additional fields: %w", err)
	}
	for _, r := range rows {
		p := index[r.ProductID]
		p.AdditionalFields = append(p.AdditionalFields, domain.AdditionalField{
			ID: r.ID, Key: r.Key, Label: r.Label, Order: r.Order, ValidationRules: r.ValidationRules,
			InputComponent: r.InputComponent, IsPostponed: r.IsPostponed, PrefilledWith: r.PrefilledWith,
			Headline: r.Headline, IsSecret: r.IsSecret,
		})
	}
	return nil
}

func (s *Store) attachFreeTLDs(ctx context.Context, ids []int32, _ string, index map[int32]*domain.Product) error {
	var rows []struct {
		ProductID int32  `db:"product_id"`
		TLD       string `db:"tld"`
	}
	if err := s.selectIn(ctx, &rows, `SELECT product_id, tld FROM product_free_tlds
		WHERE product_id IN (?) ORDER BY product_id, sort_order, tld`, ids); err != nil {
		return fmt.Errorf("select free tlds: %w", err)
	}
	for _, r := range rows {
		p := index[r.ProductID]
		p.FreeTLDs.Domains = append(p.FreeTLDs.Domains, r.TLD)
	}
	return nil
}

func (s *Store) attachAttributes(ctx context.Context, ids []int32, _ string, index map[int32]*domain.Product) error {
	var rows []struct {
		ProductID int32  `db:"product_id"`
		Key       string `db:"attr_key"`
		Value     string `db:"attr_value"`
	}
	if err := s.selectIn(ctx, &rows, `SELECT product_id, attr_key, attr_value FROM product_attributes
		WHERE product_id IN (?) ORDER BY product_id, attr_key`, ids); err != nil {
		return fmt.Errorf("select product attributes: %w", err)
	}
	for _, r := range rows {
		p := index[r.ProductID]
		p.Attributes = append(p.Attributes, domain.Attribute{Key: r.Key, Value: r.Value})
	}
	return nil
}

// splitLines turns a stored list (one entry per line) back into a slice.
func splitLines(s string) []string {
	out := []string{}
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}
