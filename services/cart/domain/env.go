package domain

import (
	"slices"
	"time"
)

// Env is what the rules work with besides the cart: a snapshot of the catalog and of the brand's
// TLDs, who is asking, and where row ids come from.
type Env struct {
	// Catalog holds the orderable products the cart and the operation refer to, with the addons
	// and upsells linked to them.
	Catalog Catalog
	// DomainOnly is the brand's domain-only product; nil when it sells none or it was not needed.
	DomainOnly *Product
	// TLDs are the brand's active TLDs; nil when unknown, then domain names are checked for their
	// shape only and keep TLD id 0.
	TLDs TLDs
	// SalesAgent lifts the lock of preconfigured items (spec §6).
	SalesAgent bool
	// NewRowID makes row ids; nil uses NewRowID.
	NewRowID func() string
	// Now dates a power of attorney's signature: a new signature value must be dated within a
	// day of it. Zero checks the date's format only.
	Now time.Time
	// kept holds the field values the cart held before a replacement, by field id.
	kept map[int32][]string
}

func (e Env) rowID() string {
	if e.NewRowID != nil {
		return e.NewRowID()
	}
	return NewRowID()
}

// guard refuses changes of a preconfigured item unless a sales agent asks.
func (e Env) guard(it *Item) error {
	if it.IsPreconfigured && !e.SalesAgent {
		return withParams(ErrPreconfiguredLocked, "row_id", it.RowID)
	}
	return nil
}

// LinkedIDs returns the addons and upsells linked to the catalog's products that the catalog does
// not hold yet: an operation may need them (auto-assigned addons, remapping).
func (c Catalog) LinkedIDs() []int32 {
	seen := make(map[int32]bool)
	var ids []int32
	add := func(id int32) {
		if _, ok := c[id]; !ok && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, p := range c {
		for _, l := range p.Addons {
			add(l.AddonID)
		}
		for _, u := range p.Upsells {
			add(u)
		}
	}
	slices.Sort(ids)
	return ids
}
