package domain

import (
	"maps"
	"strings"
)

// AddProduct asks for a product to be put into the cart.
type AddProduct struct {
	ProductID  int32
	MaturityID int32 // 0: the default maturity
	IntervalID int32 // 0: the maturity's default interval
	Fields     []FieldValue
	// Informations are free key/value data of the flow (e.g. webcard_demo_reference).
	Informations map[string]string
	// DomainsFromRowID names an item (normally a temporary domain-only one) whose domains move to
	// the new item, unless the product takes no domains.
	DomainsFromRowID string
}

// AddProduct puts a product into the cart with its period and auto-assigned addons (spec §4) and
// returns the row id of its item. A domain-only product merges into the cart's domain-only item.
func (c *Cart) AddProduct(env Env, req AddProduct) (string, []Notice, error) {
	if c.Draft && !env.SalesAgent {
		return "", nil, ErrDraftLocked
	}
	p, ok := env.Catalog[req.ProductID]
	if !ok || !p.TopLevel() {
		return "", nil, withParams(ErrProductNotAvailable, "product_id", itoa(req.ProductID))
	}
	per, ok := ProductPeriod(p, req.MaturityID, req.IntervalID)
	if !ok {
		return "", nil, withParams(ErrPeriodNotAvailable, "product_id", itoa(p.ID), "name", p.Name)
	}
	var rowID string
	if p.IsDomainOnly() {
		for i := range c.Items {
			if c.Items[i].Product.ID == p.ID {
				rowID = c.Items[i].RowID
				break
			}
		}
	}
	if rowID != "" {
		it, _ := c.item(rowID)
		if err := env.guard(it); err != nil {
			return "", nil, err
		}
		merged, vs := env.mergeFields(it.Product.AdditionalFields, p.Fields, true, req.Fields, "additional_fields")
		if err := fieldsError(vs); err != nil {
			return "", nil, err
		}
		it.Product.AdditionalFields = merged
		it.Product.Informations = mergeInformations(it.Product.Informations, req.Informations)
	} else {
		if !p.IsDomainOnly() && p.QtyMax > 0 && c.count(p.ID) >= p.QtyMax {
			return "", nil, withParams(ErrMaxAmount, "product_id", itoa(p.ID), "name", p.Name, "qty_max", itoa(p.QtyMax))
		}
		fields, vs := env.mergeFields(nil, p.Fields, true, req.Fields, "additional_fields")
		if err := fieldsError(vs); err != nil {
			return "", nil, err
		}
		it := Item{
			RowID: env.rowID(),
			// An agent's addition to a draft is offered to the customer as it is.
			IsPreconfigured: c.Draft,
			Product: ProductLine{
				Line:         Line{ID: p.ID, MaturityID: per.Maturity.ID, IntervalID: per.Interval.ID, AdditionalFields: fields},
				Informations: mergeInformations(nil, req.Informations),
			},
		}
		it.Addons = autoassigned(env, p, per, nil)
		c.Items = append(c.Items, it)
		rowID = it.RowID
	}
	if req.DomainsFromRowID != "" && req.DomainsFromRowID != rowID {
		if err := c.moveDomains(env, req.DomainsFromRowID, rowID); err != nil {
			return "", nil, err
		}
	}
	return rowID, nil, nil
}

func mergeInformations(stored, add map[string]string) map[string]string {
	if len(add) == 0 {
		return stored
	}
	out := maps.Clone(stored)
	if out == nil {
		out = make(map[string]string, len(add))
	}
	for k, v := range add {
		if k = strings.TrimSpace(k); k != "" {
			out[k] = strings.TrimSpace(v)
		}
	}
	return out
}

// autoassigned returns lines for the product's auto-assigned addons that go with per and are not
// in have yet.
func autoassigned(env Env, p Product, per Period, have []Line) []Line {
	var out []Line
	for _, l := range p.Addons {
		if !l.Has(RuleAutoassign) || containsLine(have, l.AddonID) {
			continue
		}
		a, ok := env.Catalog[l.AddonID]
		if !ok {
			continue
		}
		if ap, ok := AddonPeriod(a, l, per, 0, 0); ok {
			out = append(out, Line{ID: a.ID, MaturityID: ap.Maturity.ID, IntervalID: ap.Interval.ID})
		}
	}
	return out
}

func containsLine(ls []Line, id int32) bool {
	for _, l := range ls {
		if l.ID == id {
			return true
		}
	}
	return false
}

// moveDomains moves every domain of item from to item to, unless to's product takes no domains
// (spec §4: domains of a temporary domain-only item move to the chosen product).
func (c *Cart) moveDomains(env Env, from, to string) error {
	src, err := c.item(from)
	if err != nil {
		return err
	}
	if err := env.guard(src); err != nil {
		return err
	}
	dst, err := c.item(to)
	if err != nil {
		return err
	}
	if p, ok := env.Catalog[dst.Product.ID]; !ok || !p.TakesDomains() {
		return nil
	}
	dst.Domains = append(dst.Domains, src.Domains...)
	src.Domains = nil
	return nil
}

// RemoveItem removes an item; its addons, upsells and domains go with it.
func (c *Cart) RemoveItem(env Env, rowID string) error {
	it, err := c.item(rowID)
	if err != nil {
		return err
	}
	if err := env.guard(it); err != nil {
		return err
	}
	c.removeItem(rowID)
	return nil
}

// Clear empties the cart. Preconfigured items keep a visitor from clearing it.
func (c *Cart) Clear(env Env) error {
	for i := range c.Items {
		if err := env.guard(&c.Items[i]); err != nil {
			return err
		}
	}
	c.Items = nil
	return nil
}

// editable returns an item a caller may change, with its product and the product's period.
func (c *Cart) editable(env Env, rowID string) (*Item, Product, Period, error) {
	it, err := c.item(rowID)
	if err != nil {
		return nil, Product{}, Period{}, err
	}
	if err := env.guard(it); err != nil {
		return nil, Product{}, Period{}, err
	}
	p, ok := env.Catalog[it.Product.ID]
	if !ok {
		return nil, Product{}, Period{}, withParams(ErrProductNotAvailable, "product_id", itoa(it.Product.ID))
	}
	per, ok := ProductPeriod(p, it.Product.MaturityID, it.Product.IntervalID)
	if !ok {
		return nil, Product{}, Period{}, withParams(ErrPeriodNotAvailable, "product_id", itoa(p.ID), "name", p.Name)
	}
	return it, p, per, nil
}
