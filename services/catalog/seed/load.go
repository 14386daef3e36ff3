package seed

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"

	"github.com/hostcart/checkout/services/catalog/domain"
)

// File names inside the seed file system.
const (
	productTypesFile     = "product_types.json"
	additionalFieldsFile = "additional_fields.json"
	countriesFile        = "countries.json"
	zipCodesFile         = "zipcodes.csv"
	brandsGlob           = "brands/*.json"
)

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }

// Load reads every seed file of fsys and checks that the data hangs together (unique ids, known
// references, en-GB texts present), so a broken seed fails at start instead of serving half a shop.
func Load(fsys fs.FS) (*Catalog, error) {
	c := &Catalog{}
	if err := readJSON(fsys, productTypesFile, &c.ProductTypes); err != nil {
		return nil, err
	}
	if err := readJSON(fsys, additionalFieldsFile, &c.AdditionalFields); err != nil {
		return nil, err
	}
	if err := readJSON(fsys, countriesFile, &c.Countries); err != nil {
		return nil, err
	}
	zips, err := readZipCodes(fsys)
	if err != nil {
		return nil, err
	}
	c.ZipCodes = zips
	names, err := fs.Glob(fsys, brandsGlob)
	if err != nil {
		return nil, fmt.Errorf("list brand seed files: %w", err)
	}
	sort.Strings(names)
	for _, name := range names {
		var b Brand
		if err := readJSON(fsys, name, &b); err != nil {
			return nil, err
		}
		c.Brands = append(c.Brands, b)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

func readJSON(fsys fs.FS, name string, v any) error {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("read seed file: %w", err)
	}
	return decodeStrict(data, v, name)
}

func readZipCodes(fsys fs.FS) ([]ZipCode, error) {
	data, err := fs.ReadFile(fsys, zipCodesFile)
	if err != nil {
		return nil, fmt.Errorf("read seed file: %w", err)
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = 3
	r.Comment = '#'
	rows, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", zipCodesFile, err)
	}
	if len(rows) == 0 || rows[0][0] != "country_code" {
		return nil, fmt.Errorf("parse %s: header country_code,code,city missing", zipCodesFile)
	}
	out := make([]ZipCode, 0, len(rows)-1)
	for i, row := range rows[1:] {
		z := ZipCode{CountryCode: strings.TrimSpace(row[0]), Code: strings.TrimSpace(row[1]), City: strings.TrimSpace(row[2])}
		if z.CountryCode == "" || z.Code == "" || z.City == "" {
			return nil, fmt.Errorf("parse %s line %d: empty column", zipCodesFile, i+2)
		}
		out = append(out, z)
	}
	return out, nil
}

// validator collects every problem instead of stopping at the first, so one run shows them all.
type validator struct{ errs []error }

func (v *validator) failf(format string, args ...any) {
	v.errs = append(v.errs, fmt.Errorf(format, args...))
}

func (v *validator) err() error {
	if len(v.errs) == 0 {
		return nil
	}
	return fmt.Errorf("invalid seed data: %w", errors.Join(v.errs...))
}

// Known values the seed must stick to.
var (
	knownLocales = map[string]bool{"de-DE": true, "en-GB": true}
	knownRules   = set(domain.RuleTypes...)
)

func set(items ...string) map[string]bool {
	m := make(map[string]bool, len(items))
	for _, it := range items {
		m[it] = true
	}
	return m
}

// Validate checks ids, references and texts across the whole catalog.
func (c *Catalog) Validate() error {
	v := &validator{}
	types := map[string]bool{}
	for _, t := range c.ProductTypes {
		if t.ID <= 0 || t.Slug == "" || types[t.Slug] {
			v.failf("product type %d %q: id must be positive and slug unique", t.ID, t.Slug)
		}
		types[t.Slug] = true
	}
	fields := map[string]bool{}
	fieldIDs := map[int32]bool{}
	for _, f := range c.AdditionalFields {
		if f.ID <= 0 || f.Key == "" || fields[f.Key] || fieldIDs[f.ID] {
			v.failf("additional field %d %q: id must be positive and unique, key unique", f.ID, f.Key)
		}
		fields[f.Key], fieldIDs[f.ID] = true, true
		v.text("additional field "+f.Key+" label", f.Label, true)
		v.text("additional field "+f.Key+" headline", f.Headline, false)
	}
	countries := map[string]bool{}
	for _, co := range c.Countries {
		if co.ID <= 0 || len(co.Code) != 2 || countries[co.Code] || !strings.HasPrefix(co.PhonePrefix, "+") || co.VATRate < 0 || co.VATRate >= 100 {
			v.failf("country %d %q: needs positive id, unique 2-letter code and +prefix", co.ID, co.Code)
		}
		countries[co.Code] = true
		v.text("country "+co.Code+" name", co.Name, true)
	}
	seenZip := map[string]bool{}
	for _, z := range c.ZipCodes {
		k := z.CountryCode + "|" + z.Code + "|" + z.City
		if !countries[z.CountryCode] || seenZip[k] {
			v.failf("zip code %s %s %s: unknown country or duplicate", z.CountryCode, z.Code, z.City)
		}
		seenZip[k] = true
	}
	ids := newIDSpace()
	for _, b := range c.Brands {
		v.brand(b, types, fields, countries, ids)
	}
	return v.err()
}

// idSpace keeps ids unique across brands; carts store them, so they must never collide.
type idSpace struct{ used map[string]map[int32]string }

func newIDSpace() *idSpace { return &idSpace{used: map[string]map[int32]string{}} }

func (s *idSpace) claim(v *validator, kind string, id int32, owner string) {
	if id <= 0 {
		v.failf("%s %s: id must be positive", kind, owner)
		return
	}
	if s.used[kind] == nil {
		s.used[kind] = map[int32]string{}
	}
	if prev, ok := s.used[kind][id]; ok {
		v.failf("%s id %d used by %s and %s", kind, id, prev, owner)
		return
	}
	s.used[kind][id] = owner
}

func (v *validator) brand(b Brand, types, fields, countries map[string]bool, ids *idSpace) {
	name := "brand " + b.Slug
	ids.claim(v, "brand", b.ID, name)
	if b.Name == "" || b.Slug == "" || b.FQDN == "" {
		v.failf("%s: name, slug and fqdn are required", name)
	}
	defaults := 0
	for _, l := range b.Locales {
		if !knownLocales[l.Code] || l.Label == "" {
			v.failf("%s: locale %q unknown or without label", name, l.Code)
		}
		if l.Default {
			defaults++
		}
	}
	if defaults != 1 {
		v.failf("%s: exactly one default locale needed, got %d", name, defaults)
	}
	v.properties(name, b.Properties, countries)

	intervals := map[int32]bool{}
	for _, iv := range b.PaymentIntervals {
		ids.claim(v, "payment interval", iv.ID, name)
		if intervals[iv.Months] || iv.Months < 0 || iv.VAT < 0 {
			v.failf("%s: payment interval %d: months must be unique and not negative", name, iv.ID)
		}
		intervals[iv.Months] = true
	}
	groups := map[string]bool{}
	for _, g := range b.AddonGroups {
		ids.claim(v, "addon group", g.ID, name)
		if g.Name == "" || groups[g.Name] {
			v.failf("%s: addon group %d: name missing or not unique", name, g.ID)
		}
		groups[g.Name] = true
		for _, r := range g.Rules {
			if !knownRules[r] {
				v.failf("%s: addon group %s: unknown rule %q", name, g.Name, r)
			}
		}
		v.text(name+" addon group "+g.Name+" display_name", g.DisplayName, true)
		v.text(name+" addon group "+g.Name+" display_description", g.DisplayDescription, false)
	}
	categories := map[string]bool{}
	for _, cat := range b.Categories {
		ids.claim(v, "category", cat.ID, name)
		if cat.Slug == "" || categories[cat.Slug] {
			v.failf("%s: category %d: slug missing or not unique", name, cat.ID)
		}
		categories[cat.Slug] = true
		where := name + " category " + cat.Slug
		v.text(where+" name", cat.Name, true)
		v.text(where+" description", cat.Description, false)
		v.text(where+" description2", cat.Description2, false)
		v.text(where+" product_notice", cat.ProductNotice, false)
	}
	products := map[int32]bool{}
	for _, p := range b.Products {
		products[p.ID] = true
	}
	for _, p := range b.Products {
		v.product(name, p, types, fields, categories, intervals, groups, products, ids)
	}
}

func (v *validator) properties(name string, props map[string]string, countries map[string]bool) {
	known := map[string]bool{}
	for _, k := range domain.FlagKeys {
		known[k] = true
		if val, ok := props[k]; ok && val != "true" && val != "false" {
			v.failf("%s: flag %s must be \"true\" or \"false\", got %q", name, k, val)
		}
	}
	for _, k := range domain.SettingKeys {
		known[k] = true
	}
	for k := range props {
		if !known[k] {
			v.failf("%s: unknown property %q", name, k)
		}
	}
	if !countries[props["country_code"]] {
		v.failf("%s: country_code %q is not a seeded country", name, props["country_code"])
	}
}

func (v *validator) product(brand string, p Product, types, fields, categories map[string]bool, intervals map[int32]bool, groups map[string]bool, products map[int32]bool, ids *idSpace) {
	where := fmt.Sprintf("%s product %d", brand, p.ID)
	ids.claim(v, "product", p.ID, brand)
	if !categories[p.Category] {
		v.failf("%s: unknown category %q", where, p.Category)
	}
	if !types[p.Type] {
		v.failf("%s: unknown type %q", where, p.Type)
	}
	if p.DomainRequired < 0 || p.DomainRequired > 2 {
		v.failf("%s: is_domainrequired must be 0, 1 or 2", where)
	}
	v.text(where+" name", p.Name, true)
	for label, t := range map[string]Text{"tagline": p.Tagline, "description": p.Description, "upsell_headline": p.UpsellHeadline,
		"advantages_headline": p.AdvantagesHeadline, "advantages_button_text": p.AdvantagesButtonText} {
		v.text(where+" "+label, t, false)
	}
	v.textList(where+" advantages", p.Advantages)
	v.textList(where+" disadvantages", p.Disadvantages)
	for _, f := range p.Fields {
		if !fields[f] {
			v.failf("%s: unknown additional field %q", where, f)
		}
	}
	if len(p.Maturities) == 0 {
		v.failf("%s: at least one maturity needed", where)
	}
	for _, m := range p.Maturities {
		ids.claim(v, "maturity", m.ID, where)
		if m.Months < 0 || m.PriceCents < 0 || m.SetupFeeCents < 0 {
			v.failf("%s: maturity %d: negative months or price", where, m.ID)
		}
		for _, months := range m.Intervals {
			if !intervals[months] {
				v.failf("%s: maturity %d: no %d-month interval in the brand", where, m.ID, months)
			}
		}
	}
	if len(p.Addons) >= 99 {
		v.failf("%s: too many addon links for derived link ids", where)
	}
	seen := map[int32]bool{}
	for _, a := range p.Addons {
		if !products[a.Addon] || a.Addon == p.ID || seen[a.Addon] {
			v.failf("%s: addon %d unknown in the brand, the product itself or linked twice", where, a.Addon)
		}
		seen[a.Addon] = true
		for _, g := range a.Groups {
			if !groups[g] {
				v.failf("%s: addon %d: unknown group %q", where, a.Addon, g)
			}
		}
	}
	seenUpsell := map[int32]bool{}
	for _, u := range p.Upsells {
		if !products[u.Upsell] || seenUpsell[u.Upsell] {
			v.failf("%s: upsell %d unknown in the brand or linked twice", where, u.Upsell)
		}
		seenUpsell[u.Upsell] = true
		v.text(where+" upsell headline", u.Headline, true)
		v.textList(where+" upsell disadvantages", u.Disadvantages)
	}
	if p.FreeTLDs != nil && (p.FreeTLDs.Amount <= 0 || len(p.FreeTLDs.Domains) == 0) {
		v.failf("%s: free_tlds needs a positive amount and domains", where)
	}
	for k, val := range p.Attributes {
		if k == "" || val == "" {
			v.failf("%s: empty attribute", where)
		}
	}
}

func (v *validator) text(where string, t Text, required bool) {
	for code := range t {
		if !knownLocales[code] {
			v.failf("%s: unknown locale %q", where, code)
		}
	}
	if len(t) > 0 && t["en-GB"] == "" {
		v.failf("%s: en-GB text missing (it is the fallback)", where)
	}
	if required && len(t) == 0 {
		v.failf("%s: text required", where)
	}
}

func (v *validator) textList(where string, t TextList) {
	for code, lines := range t {
		if !knownLocales[code] {
			v.failf("%s: unknown locale %q", where, code)
		}
		for _, l := range lines {
			if strings.ContainsAny(l, "\n") || strings.TrimSpace(l) == "" {
				v.failf("%s: lines must be non-empty single lines", where)
			}
		}
	}
	if len(t) > 0 && len(t["en-GB"]) == 0 {
		v.failf("%s: en-GB lines missing (they are the fallback)", where)
	}
}

// Locales lists the locale codes any of the texts has, sorted, so each becomes one text row.
func Locales(texts ...Text) []string {
	seen := map[string]bool{}
	for _, t := range texts {
		for code := range t {
			seen[code] = true
		}
	}
	return sortedKeys(seen)
}

// ListLocales is Locales for translatable lists.
func ListLocales(lists ...TextList) []string {
	seen := map[string]bool{}
	for _, l := range lists {
		for code := range l {
			seen[code] = true
		}
	}
	return sortedKeys(seen)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
