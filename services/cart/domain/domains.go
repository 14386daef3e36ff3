package domain

import (
	"slices"
	"strings"
)

// AddDomain attaches a domain to an item (spec §4). A domain is in one item only: one held by
// another item moves, with a notice; one already in this item gets its auth code and fields
// updated. The TLD id and the inclusive flag are the service's to set.
func (c *Cart) AddDomain(env Env, rowID string, d Domain) ([]Notice, error) {
	name, ok := NormalizeDomainName(d.Name)
	if !ok {
		return nil, withParams(ErrDomainInvalid, "domain", d.Name)
	}
	it, err := c.item(rowID)
	if err != nil {
		return nil, err
	}
	if err := env.guard(it); err != nil {
		return nil, err
	}
	p, ok := env.Catalog[it.Product.ID]
	if !ok {
		return nil, withParams(ErrProductNotAvailable, "product_id", itoa(it.Product.ID))
	}
	if !p.TakesDomains() {
		return nil, withParams(ErrDomainNotAllowed, "domain", name, "product_id", itoa(p.ID), "name", p.Name)
	}
	var defs []FieldDef
	known := env.TLDs != nil
	var tldID int32
	if known {
		t, ok := env.TLDs.Of(name)
		if !ok {
			return nil, withParams(ErrDomainNotAvailable, "domain", name)
		}
		tldID, defs = t.ID, t.Fields
	}
	fields, vs := env.mergeFields(nil, defs, known, d.AdditionalFields, "additional_fields")
	if err := fieldsError(vs); err != nil {
		return nil, err
	}
	var notices []Notice
	promotion := NormalizeCode(d.PromotionCode)
	if other, j := c.findDomain(name); other != nil {
		if other.RowID == rowID {
			merged, vs := env.mergeFields(other.Domains[j].AdditionalFields, defs, known, d.AdditionalFields, "additional_fields")
			if err := fieldsError(vs); err != nil {
				return nil, err
			}
			other.Domains[j].AdditionalFields = merged
			if code := strings.TrimSpace(d.AuthCode); code != "" {
				other.Domains[j].AuthCode = code
			}
			return nil, nil
		}
		if err := env.guard(other); err != nil {
			return nil, err
		}
		if promotion == "" {
			// The domain's promotion goes with it; revalidation checks it fits its new item.
			promotion = other.Domains[j].PromotionCode
		}
		other.Domains = slices.Delete(other.Domains, j, j+1)
		notices = append(notices, notice(KeyDomainMoved, "domain", name, "from_row_id", other.RowID, "row_id", rowID))
	}
	it.Domains = append(it.Domains, Domain{
		TLDID:            tldID,
		Name:             name,
		AuthCode:         strings.TrimSpace(d.AuthCode),
		PromotionCode:    promotion,
		AdditionalFields: fields,
		// A flag the caller asks for; assignInclusive decides it.
		Inclusive: d.Inclusive,
	})
	return notices, nil
}

// RemoveDomain removes a domain from whichever item holds it.
func (c *Cart) RemoveDomain(env Env, name string) error {
	n, _ := NormalizeDomainName(name)
	it, j := c.findDomain(n)
	if it == nil {
		return withParams(ErrDomainNotInCart, "domain", name)
	}
	if err := env.guard(it); err != nil {
		return err
	}
	it.Domains = slices.Delete(it.Domains, j, j+1)
	return nil
}

// assignInclusive decides which domains of an item are free with its product: at most the
// product's amount, only of its free TLDs; domains asked to be inclusive first, then the others
// in order, so removing a free domain frees the next eligible one (spec §4).
func assignInclusive(env Env, it *Item, p Product) {
	eligible := func(d Domain) bool {
		return p.FreeTLDs.Amount > 0 && p.FreeTLDs.Includes(TLDName(env.TLDs, d.Name))
	}
	left := p.FreeTLDs.Amount
	wanted := make([]bool, len(it.Domains))
	for i := range it.Domains {
		wanted[i] = it.Domains[i].Inclusive
		it.Domains[i].Inclusive = false
	}
	for _, pass := range []bool{true, false} {
		for i := range it.Domains {
			d := &it.Domains[i]
			if left > 0 && !d.Inclusive && wanted[i] == pass && eligible(*d) {
				d.Inclusive = true
				left--
			}
		}
	}
	for i := range it.Domains {
		// Inclusive domains lose their promotion (spec §4).
		if it.Domains[i].Inclusive {
			it.Domains[i].PromotionCode = ""
		}
	}
}
