package domain

import (
	"slices"
	"strings"
)

// LineKind says which part of an item an operation addresses.
type LineKind int

// The parts of an item.
const (
	LineUnspecified LineKind = iota
	LineProduct
	LineAddon
	LineUpsell
	LineDomain
)

// LineRef addresses one line: the product of an item, an addon or upsell by id, a domain by name.
type LineRef struct {
	RowID  string
	Kind   LineKind
	ID     int32
	Domain string
}

// SetPeriod changes the maturity and/or interval of a line (spec §4). For the product, maturityID 0
// keeps the maturity and intervalID 0 selects the (new) maturity's default interval; addons and
// upsells are then remapped by months or dropped, with notices. An addon or upsell may only take a
// period that goes with the product's.
func (c *Cart) SetPeriod(env Env, ref LineRef, maturityID, intervalID int32) ([]Notice, error) {
	it, p, per, err := c.editable(env, ref.RowID)
	if err != nil {
		return nil, err
	}
	switch ref.Kind {
	case LineProduct:
		if maturityID == 0 {
			maturityID = per.Maturity.ID
		}
		if intervalID == 0 && maturityID == per.Maturity.ID {
			intervalID = per.Interval.ID
		}
		np, ok := ProductPeriod(p, maturityID, intervalID)
		if !ok {
			return nil, withParams(ErrPeriodNotAvailable, "product_id", itoa(p.ID), "name", p.Name)
		}
		it.Product.MaturityID, it.Product.IntervalID = np.Maturity.ID, np.Interval.ID
		return fitLines(env, it, p, np), nil
	case LineAddon, LineUpsell:
		lines := &it.Addons
		link, _ := p.Link(ref.ID)
		if ref.Kind == LineUpsell {
			lines, link = &it.Upsells, AddonLink{}
		}
		i := slices.IndexFunc(*lines, func(l Line) bool { return l.ID == ref.ID })
		if i < 0 {
			if ref.Kind == LineUpsell {
				return nil, withParams(ErrUpsellNotInCart, "upsell_id", itoa(ref.ID))
			}
			return nil, withParams(ErrAddonNotInCart, "addon_id", itoa(ref.ID))
		}
		a, ok := env.Catalog[ref.ID]
		if !ok {
			return nil, addonUnavailable(ref.ID, "", p.ID)
		}
		if maturityID == 0 {
			maturityID = (*lines)[i].MaturityID
		}
		ap, ok := AddonPeriod(a, link, per, maturityID, intervalID)
		if !ok {
			return nil, withParams(ErrPeriodNotAvailable, "addon_id", itoa(a.ID), "name", a.Name)
		}
		for j := range *lines {
			if (*lines)[j].ID == ref.ID {
				(*lines)[j].MaturityID, (*lines)[j].IntervalID = ap.Maturity.ID, ap.Interval.ID
			}
		}
		return nil, nil
	default:
		return nil, ErrInvalidLine
	}
}

// SetFields stores additional-field values of a line; values replace stored ones of the same
// field id. Field ids must be defined for the line's product, addon, upsell or TLD, and non-empty
// values must pass their rules.
func (c *Cart) SetFields(env Env, ref LineRef, values []FieldValue) error {
	it, err := c.item(ref.RowID)
	if err != nil {
		return err
	}
	if err := env.guard(it); err != nil {
		return err
	}
	var (
		target *[]FieldValue
		defs   []FieldDef
		known  = true
	)
	switch ref.Kind {
	case LineProduct:
		target, defs = &it.Product.AdditionalFields, env.Catalog[it.Product.ID].Fields
	case LineAddon, LineUpsell:
		lines := it.Addons
		if ref.Kind == LineUpsell {
			lines = it.Upsells
		}
		i := slices.IndexFunc(lines, func(l Line) bool { return l.ID == ref.ID })
		if i < 0 {
			if ref.Kind == LineUpsell {
				return withParams(ErrUpsellNotInCart, "upsell_id", itoa(ref.ID))
			}
			return withParams(ErrAddonNotInCart, "addon_id", itoa(ref.ID))
		}
		target, defs = &lines[i].AdditionalFields, env.Catalog[ref.ID].Fields
	case LineDomain:
		name, _ := NormalizeDomainName(ref.Domain)
		i := it.domainIndex(name)
		if i < 0 {
			return withParams(ErrDomainNotInCart, "domain", ref.Domain)
		}
		target = &it.Domains[i].AdditionalFields
		if env.TLDs == nil {
			known = false
		} else if t, ok := env.TLDs.Of(name); ok {
			defs = t.Fields
		}
	default:
		return ErrInvalidLine
	}
	merged, vs := env.mergeFields(*target, defs, known, values, "additional_fields")
	if err := fieldsError(vs); err != nil {
		return err
	}
	*target = merged
	return nil
}

// PromotionAssignment sets (or with an empty code clears) the promotion of one line.
type PromotionAssignment struct {
	Line LineRef
	Code string
}

// NormalizeCode is the form promotion codes are stored in: trimmed, upper case.
func NormalizeCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// SetPromotions writes promotion codes decided by the promotion rules into the cart. clearOthers
// first removes every promotion the visitor may change (redeeming a code clears the others).
func (c *Cart) SetPromotions(env Env, assignments []PromotionAssignment, clearOthers bool) error {
	for _, a := range assignments {
		it, err := c.item(a.Line.RowID)
		if err != nil {
			return err
		}
		if err := env.guard(it); err != nil {
			return err
		}
	}
	if clearOthers {
		for i := range c.Items {
			it := &c.Items[i]
			if it.IsPreconfigured && !env.SalesAgent {
				continue
			}
			it.Product.Promotion = ""
			for j := range it.Addons {
				it.Addons[j].Promotion = ""
			}
			for j := range it.Upsells {
				it.Upsells[j].Promotion = ""
			}
			for j := range it.Domains {
				it.Domains[j].PromotionCode = ""
			}
		}
	}
	for _, a := range assignments {
		it, _ := c.item(a.Line.RowID)
		code := NormalizeCode(a.Code)
		switch a.Line.Kind {
		case LineProduct:
			it.Product.Promotion = code
		case LineAddon, LineUpsell:
			lines := it.Addons
			if a.Line.Kind == LineUpsell {
				lines = it.Upsells
			}
			i := slices.IndexFunc(lines, func(l Line) bool { return l.ID == a.Line.ID })
			if i < 0 {
				return withParams(ErrAddonNotInCart, "addon_id", itoa(a.Line.ID))
			}
			lines[i].Promotion = code
		case LineDomain:
			name, _ := NormalizeDomainName(a.Line.Domain)
			i := it.domainIndex(name)
			if i < 0 {
				return withParams(ErrDomainNotInCart, "domain", a.Line.Domain)
			}
			it.Domains[i].PromotionCode = code
		default:
			return ErrInvalidLine
		}
	}
	return nil
}
