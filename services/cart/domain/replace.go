package domain

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/hostcart/checkout/libs/go/fields"
)

// Replace puts a whole new cart in place of c (spec §7 PUT /session/cart), after checking it as a
// whole against every invariant. Any violation refuses it with all violations found and leaves c
// as it was. What the service decides itself is filled in rather than refused: missing row ids,
// maturities and intervals get their defaults, a new item gets its auto-assigned addons, TLD ids
// and inclusive flags are recomputed. Preconfigured items must come back exactly as stored unless
// a sales agent replaces the cart.
func (c *Cart) Replace(env Env, in Cart) error {
	if !env.SalesAgent {
		if err := c.checkPreconfigured(in); err != nil {
			return err
		}
		if c.Draft {
			if err := c.checkNoNewItems(in); err != nil {
				return err
			}
		}
	}
	stored := make(map[string]*Item, len(c.Items))
	for i := range c.Items {
		stored[c.Items[i].RowID] = &c.Items[i]
	}
	// Values the cart holds already keep their signature date acceptable (Env.mergeFields).
	env.kept = c.keptFieldValues()
	r := replacement{env: env, stored: stored, rows: map[string]bool{}, domains: map[string]bool{}, qty: map[int32]int32{}}
	out := make([]Item, 0, len(in.Items))
	for i, src := range in.Items {
		if it, ok := r.item(fmt.Sprintf("items[%d]", i), src); ok {
			out = append(out, it)
		}
	}
	if len(r.violations) > 0 {
		return &ViolationsError{Base: ErrInvalidCart, Violations: r.violations}
	}
	if env.SalesAgent {
		c.Draft = in.Draft
	}
	if c.Draft {
		// What an agent puts into a draft is what the customer is offered: locked for them.
		for i := range out {
			out[i].IsPreconfigured = true
		}
	}
	c.Items = out
	c.Tidy(env)
	return nil
}

// checkNoNewItems refuses a replacement of a draft's cart that brings rows the cart does not have.
func (c *Cart) checkNoNewItems(in Cart) error {
	for _, next := range in.Items {
		if !slices.ContainsFunc(c.Items, func(it Item) bool { return it.RowID != "" && it.RowID == next.RowID }) {
			return ErrDraftLocked
		}
	}
	return nil
}

type replacement struct {
	env        Env
	stored     map[string]*Item
	rows       map[string]bool
	domains    map[string]bool
	qty        map[int32]int32
	violations []Violation
}

func (r *replacement) add(field, key string) {
	r.violations = append(r.violations, Violation{Field: field, Key: key})
}

// item checks one input item and returns it as it will be stored; false when it cannot be built.
func (r *replacement) item(path string, src Item) (Item, bool) {
	it := Item{RowID: src.RowID, IsPreconfigured: src.IsPreconfigured}
	switch {
	case it.RowID == "":
		it.RowID = r.env.rowID()
	case !ValidRowID(it.RowID):
		r.add(path+".row_id", KeyInvalidRowID)
	case r.rows[it.RowID]:
		r.add(path+".row_id", KeyDuplicateRowID)
	}
	r.rows[it.RowID] = true

	p, ok := r.env.Catalog[src.Product.ID]
	if !ok || !p.TopLevel() {
		r.add(path+".product.id", ErrProductNotAvailable.MessageKey())
		return Item{}, false
	}
	per, ok := ProductPeriod(p, src.Product.MaturityID, src.Product.IntervalID)
	if !ok {
		r.add(path+".product", ErrPeriodNotAvailable.MessageKey())
		return Item{}, false
	}
	if !p.IsDomainOnly() {
		r.qty[p.ID]++
		if p.QtyMax > 0 && r.qty[p.ID] > p.QtyMax {
			r.add(path+".product.id", ErrMaxAmount.MessageKey())
		}
	}
	fieldValues, vs := r.env.mergeFields(nil, p.Fields, true, src.Product.AdditionalFields, path+".product.additional_fields")
	r.violations = append(r.violations, vs...)
	it.Product = ProductLine{
		Line: Line{
			ID: p.ID, MaturityID: per.Maturity.ID, IntervalID: per.Interval.ID,
			Promotion: NormalizeCode(src.Product.Promotion), AdditionalFields: fieldValues,
		},
		Informations: mergeInformations(nil, src.Product.Informations),
	}
	r.addons(path, src, &it, p, per)
	r.upsells(path, src, &it, p, per)
	r.domainsOf(path, src, &it, p)
	return it, true
}

func (r *replacement) addons(path string, src Item, it *Item, p Product, per Period) {
	counts := map[int32]int32{}
	for j, a := range src.Addons {
		apath := fmt.Sprintf("%s.addons[%d]", path, j)
		link, linked := p.Link(a.ID)
		addon, known := r.env.Catalog[a.ID]
		if !linked || !known || (link.Has(RuleInvisible) && !link.Has(RuleAutoassign)) {
			r.add(apath, ErrAddonNotAvailable.MessageKey())
			continue
		}
		line, ok := lineFor(addon, link, per, a)
		if !ok {
			r.add(apath, ErrPeriodNotAvailable.MessageKey())
			continue
		}
		counts[a.ID]++
		if counts[a.ID] > max(addon.QtyMax, 1) {
			r.add(apath, ErrMaxAmount.MessageKey())
		}
		var vs []Violation
		line.AdditionalFields, vs = r.env.mergeFields(nil, addon.Fields, true, a.AdditionalFields, apath+".additional_fields")
		r.violations = append(r.violations, vs...)
		it.Addons = append(it.Addons, line)
	}
	r.violations = append(r.violations, groupViolations(p, it, path+".addons")...)

	prev := r.stored[it.RowID]
	for _, l := range p.Addons {
		if !l.Has(RuleAutoassign) || it.hasAddon(l.AddonID) {
			continue
		}
		switch {
		case prev == nil:
			// A new item gets its auto-assigned addons as AddProduct would give them.
			it.Addons = append(it.Addons, autoassigned(r.env, p, per, it.Addons)...)
		case prev.hasAddon(l.AddonID) && l.Has(RuleNonRemovable):
			r.add(path+".addons", ErrAddonNotRemovable.MessageKey())
		}
	}
}

// lineFor resolves an input addon or upsell line against the product's period: ids left 0 get
// the matching period, given ones must go with the product's.
func lineFor(addon Product, link AddonLink, per Period, src Line) (Line, bool) {
	var ap Period
	ok := false
	if src.MaturityID == 0 || src.IntervalID == 0 {
		ap, ok = AddonPeriod(addon, link, per, src.MaturityID, src.IntervalID)
	} else if LineFits(addon, link, per, src.MaturityID, src.IntervalID) {
		ap.Maturity, _ = addon.Maturity(src.MaturityID)
		ap.Interval, _ = ap.Maturity.Interval(src.IntervalID)
		ok = true
	}
	if !ok {
		return Line{}, false
	}
	return Line{ID: addon.ID, MaturityID: ap.Maturity.ID, IntervalID: ap.Interval.ID, Promotion: NormalizeCode(src.Promotion)}, true
}

// groupViolations checks the addon groups of an item: at most one addon of a mutually exclusive
// group, all or none of a mutually inclusive one.
func groupViolations(p Product, it *Item, path string) []Violation {
	var vs []Violation
	seen := map[int32]bool{}
	for _, l := range p.Addons {
		for _, g := range l.Groups {
			if seen[g.ID] {
				continue
			}
			seen[g.ID] = true
			members, present := 0, 0
			for _, other := range p.Addons {
				if other.inGroup(g.ID) {
					members++
					if it.hasAddon(other.AddonID) {
						present++
					}
				}
			}
			if slices.Contains(g.Rules, RuleMutuallyExclusive) && present > 1 {
				vs = append(vs, Violation{Field: path, Key: KeyMutuallyExclusive})
			}
			if slices.Contains(g.Rules, RuleMutuallyInclusive) && present > 0 && present < members {
				vs = append(vs, Violation{Field: path, Key: KeyMutuallyInclusive})
			}
		}
	}
	return vs
}

func (r *replacement) upsells(path string, src Item, it *Item, p Product, per Period) {
	for j, u := range src.Upsells {
		upath := fmt.Sprintf("%s.upsells[%d]", path, j)
		upsell, known := r.env.Catalog[u.ID]
		if !known || !p.HasUpsell(u.ID) {
			r.add(upath, ErrAddonNotAvailable.MessageKey())
			continue
		}
		line, ok := lineFor(upsell, AddonLink{}, per, u)
		if !ok {
			r.add(upath, ErrPeriodNotAvailable.MessageKey())
			continue
		}
		if it.upsellIndex(u.ID) >= 0 {
			r.add(upath, ErrMaxAmount.MessageKey())
			continue
		}
		var vs []Violation
		line.AdditionalFields, vs = r.env.mergeFields(nil, upsell.Fields, true, u.AdditionalFields, upath+".additional_fields")
		r.violations = append(r.violations, vs...)
		it.Upsells = append(it.Upsells, line)
	}
}

func (r *replacement) domainsOf(path string, src Item, it *Item, p Product) {
	for j, d := range src.Domains {
		dpath := fmt.Sprintf("%s.domains[%d]", path, j)
		name, ok := NormalizeDomainName(d.Name)
		if !ok {
			r.add(dpath+".name", ErrDomainInvalid.MessageKey())
			continue
		}
		if r.domains[name] {
			r.add(dpath+".name", KeyDuplicateDomain)
			continue
		}
		r.domains[name] = true
		if !p.TakesDomains() {
			r.add(dpath, ErrDomainNotAllowed.MessageKey())
			continue
		}
		var defs []FieldDef
		var tldID int32
		known := r.env.TLDs != nil
		if known {
			t, ok := r.env.TLDs.Of(name)
			if !ok {
				r.add(dpath+".name", ErrDomainNotAvailable.MessageKey())
				continue
			}
			tldID, defs = t.ID, t.Fields
		}
		values, vs := r.env.mergeFields(nil, defs, known, d.AdditionalFields, dpath+".additional_fields")
		r.violations = append(r.violations, vs...)
		it.Domains = append(it.Domains, Domain{
			TLDID: tldID, Name: name, Inclusive: d.Inclusive,
			AuthCode: strings.TrimSpace(d.AuthCode), PromotionCode: NormalizeCode(d.PromotionCode),
			AdditionalFields: values,
		})
	}
}

// checkPreconfigured refuses a replacement that adds, removes or changes a preconfigured item.
func (c *Cart) checkPreconfigured(in Cart) error {
	byRow := make(map[string]Item, len(in.Items))
	for _, it := range in.Items {
		byRow[it.RowID] = it
	}
	for _, prev := range c.Items {
		if !prev.IsPreconfigured {
			continue
		}
		next, ok := byRow[prev.RowID]
		if !ok || !reflect.DeepEqual(canonical(prev), canonical(next)) {
			return withParams(ErrPreconfiguredLocked, "row_id", prev.RowID)
		}
	}
	for _, next := range in.Items {
		if !next.IsPreconfigured {
			continue
		}
		if i := slices.IndexFunc(c.Items, func(it Item) bool { return it.RowID == next.RowID && it.IsPreconfigured }); i < 0 {
			return withParams(ErrPreconfiguredLocked, "row_id", next.RowID)
		}
	}
	return nil
}

// canonical is the form two versions of an item are compared in: what the service derives (TLD
// ids, inclusive flags, field keys) is left out and the rest normalised.
func canonical(it Item) Item {
	out := Item{RowID: it.RowID, IsPreconfigured: it.IsPreconfigured}
	out.Product.Line = canonicalLine(it.Product.Line)
	if len(it.Product.Informations) > 0 {
		out.Product.Informations = maps.Clone(it.Product.Informations)
	}
	for _, l := range it.Addons {
		out.Addons = append(out.Addons, canonicalLine(l))
	}
	for _, l := range it.Upsells {
		out.Upsells = append(out.Upsells, canonicalLine(l))
	}
	for _, d := range it.Domains {
		name, ok := NormalizeDomainName(d.Name)
		if !ok {
			name = d.Name
		}
		out.Domains = append(out.Domains, Domain{
			Name: name, AuthCode: strings.TrimSpace(d.AuthCode), PromotionCode: NormalizeCode(d.PromotionCode),
			AdditionalFields: canonicalFields(d.AdditionalFields),
		})
	}
	return out
}

func canonicalLine(l Line) Line {
	return Line{ID: l.ID, MaturityID: l.MaturityID, IntervalID: l.IntervalID, Promotion: NormalizeCode(l.Promotion),
		AdditionalFields: canonicalFields(l.AdditionalFields)}
}

func canonicalFields(vs []FieldValue) []FieldValue {
	var out []FieldValue
	for _, v := range vs {
		out = append(out, FieldValue{FieldID: v.FieldID, Value: fields.Trim(v.Value)})
	}
	slices.SortFunc(out, func(a, b FieldValue) int { return int(a.FieldID - b.FieldID) })
	return out
}
