// Package domain holds the cart and its rules (spec §3 "Cart", §4 "Cart item rules", §5 "Cart"):
// pure functions of a cart and a catalog snapshot, no I/O. The service loads the snapshot, runs an
// operation inside the store's update function and stores the result only when no rule refused it.
package domain

import (
	"maps"
	"slices"
)

// FieldValue is the value of an additional field.
type FieldValue struct {
	FieldID  int32  `json:"field_id"`
	FieldKey string `json:"field_key,omitempty"`
	Value    string `json:"value"`
}

// Line is an addon or upsell of an item; ProductLine embeds it for the product.
type Line struct {
	ID               int32        `json:"id"`
	MaturityID       int32        `json:"maturity_id"`
	IntervalID       int32        `json:"interval_id"`
	Promotion        string       `json:"promotion,omitempty"`
	AdditionalFields []FieldValue `json:"additional_fields,omitempty"`
}

// ProductLine is the product of an item.
type ProductLine struct {
	Line
	Informations map[string]string `json:"informations,omitempty"`
}

// Domain is a domain name ordered with an item.
type Domain struct {
	// TLDID is the id of the TLD the name is sold under (0 when TLDs are not known).
	TLDID            int32        `json:"id"`
	Name             string       `json:"name"`
	Inclusive        bool         `json:"inclusive,omitempty"`
	AuthCode         string       `json:"auth_code,omitempty"`
	PromotionCode    string       `json:"promotion_code,omitempty"`
	AdditionalFields []FieldValue `json:"additional_fields,omitempty"`
}

// Item is one product of the cart with its addons, upsells and domains.
type Item struct {
	RowID           string      `json:"row_id"`
	Product         ProductLine `json:"product"`
	Addons          []Line      `json:"addons,omitempty"`
	Upsells         []Line      `json:"upsells,omitempty"`
	Domains         []Domain    `json:"domains,omitempty"`
	IsPreconfigured bool        `json:"is_preconfigured,omitempty"`
}

// empty reports whether the item holds nothing besides its product.
func (it *Item) empty() bool {
	return len(it.Addons) == 0 && len(it.Upsells) == 0 && len(it.Domains) == 0
}

func (it *Item) addonCount(id int32) int {
	n := 0
	for _, a := range it.Addons {
		if a.ID == id {
			n++
		}
	}
	return n
}

func (it *Item) hasAddon(id int32) bool { return it.addonCount(id) > 0 }

func (it *Item) upsellIndex(id int32) int {
	return slices.IndexFunc(it.Upsells, func(l Line) bool { return l.ID == id })
}

func (it *Item) domainIndex(name string) int {
	return slices.IndexFunc(it.Domains, func(d Domain) bool { return d.Name == name })
}

// removeAddons drops every addon line whose id is in ids.
func (it *Item) removeAddons(ids ...int32) {
	it.Addons = slices.DeleteFunc(it.Addons, func(l Line) bool { return slices.Contains(ids, l.ID) })
}

// Cart is a session's cart.
type Cart struct {
	Items []Item `json:"items"`
	// Version counts stored changes; the store increments it on every write.
	Version int64 `json:"version"`
	// Draft marks an order draft's cart: only a sales agent adds items, and they come in
	// preconfigured (spec §6).
	Draft bool `json:"draft,omitempty"`
}

// Clone returns a deep copy, so a rule can work on a copy and the caller keeps the original.
func (c Cart) Clone() Cart {
	out := Cart{Version: c.Version, Draft: c.Draft, Items: make([]Item, len(c.Items))}
	for i, it := range c.Items {
		out.Items[i] = it.clone()
	}
	return out
}

func (it Item) clone() Item {
	out := it
	out.Product.AdditionalFields = slices.Clone(it.Product.AdditionalFields)
	out.Product.Informations = maps.Clone(it.Product.Informations)
	out.Addons = cloneLines(it.Addons)
	out.Upsells = cloneLines(it.Upsells)
	out.Domains = make([]Domain, len(it.Domains))
	for i, d := range it.Domains {
		d.AdditionalFields = slices.Clone(d.AdditionalFields)
		out.Domains[i] = d
	}
	if it.Domains == nil {
		out.Domains = nil
	}
	return out
}

func cloneLines(ls []Line) []Line {
	if ls == nil {
		return nil
	}
	out := make([]Line, len(ls))
	for i, l := range ls {
		l.AdditionalFields = slices.Clone(l.AdditionalFields)
		out[i] = l
	}
	return out
}

// item returns the item with rowID.
func (c *Cart) item(rowID string) (*Item, error) {
	for i := range c.Items {
		if c.Items[i].RowID == rowID {
			return &c.Items[i], nil
		}
	}
	return nil, withParams(ErrItemNotFound, "row_id", rowID)
}

func (c *Cart) removeItem(rowID string) {
	c.Items = slices.DeleteFunc(c.Items, func(it Item) bool { return it.RowID == rowID })
}

// count returns how many items hold product id.
func (c *Cart) count(productID int32) int32 {
	var n int32
	for _, it := range c.Items {
		if it.Product.ID == productID {
			n++
		}
	}
	return n
}

// ProductIDs returns the catalog ids the cart refers to (products, addons, upsells), each once.
func (c *Cart) ProductIDs() []int32 {
	var ids []int32
	add := func(id int32) {
		if id > 0 && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	for _, it := range c.Items {
		add(it.Product.ID)
		for _, a := range it.Addons {
			add(a.ID)
		}
		for _, u := range it.Upsells {
			add(u.ID)
		}
	}
	return ids
}

// HasDomains reports whether any item holds a domain.
func (c *Cart) HasDomains() bool {
	return slices.ContainsFunc(c.Items, func(it Item) bool { return len(it.Domains) > 0 })
}

// findDomain returns the item holding the domain name and its index there.
func (c *Cart) findDomain(name string) (*Item, int) {
	for i := range c.Items {
		if j := c.Items[i].domainIndex(name); j >= 0 {
			return &c.Items[i], j
		}
	}
	return nil, -1
}
