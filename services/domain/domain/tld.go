package domain

import (
	"cmp"
	"slices"
	"strings"
)

// TLD is a domain ending a brand sells, with its price for that brand (spec §3).
type TLD struct {
	ID int32
	// Name is the ASCII form without a leading dot: "de", "co.uk", "xn--p1ai".
	Name string
	// Display is the Unicode form shown to visitors (tld2 in the spec).
	Display        string
	ContractMonths int32
	GroupID        int32
	GroupName      string
	Active         bool
	VATPercent     float64
	// PriceCents is the net price per month.
	PriceCents    int32
	SetupFeeCents int32
	Privacy       bool
	SortID        int32
	Top           bool
	Notice        string
	ExternalID    string
	ArticleName   string
	// IDN is true when the registry accepts internationalised second-level labels.
	IDN    bool
	Fields []Field

	// price caches PriceOf for TLDs of a Catalogue: computed once, not per search result.
	price  Price
	priced bool
}

// Prices returns the amounts of the TLD (see PriceOf).
func (t TLD) Prices() Price {
	if t.priced {
		return t.price
	}
	return PriceOf(t)
}

// Labels is the number of labels of the TLD ("co.uk" has 2).
func (t TLD) Labels() int { return strings.Count(t.Name, ".") + 1 }

// Group is a domain group of the lookup screen (popular, country, ...).
type Group struct {
	ID     int32
	Slug   string
	Name   string
	Active bool
	Order  int32
	TLDs   []TLD
}

// Field is an additional field a domain of a TLD asks for.
type Field struct {
	ID             int32
	Key            string
	Label          string
	Order          int32
	Rules          string
	InputComponent string
	Postponed      bool
	PrefilledWith  string
	Headline       string
	// Secret marks a value the order keeps sealed (an access code), whatever its input component.
	Secret bool
}

// Catalogue is what one brand offers in one locale: its active TLDs and the groups showing them.
// It is immutable once built, so the service may cache and share it between requests.
type Catalogue struct {
	tlds   []TLD
	groups []Group
	byName map[string]int
	set    TLDSet
}

// NewCatalogue keeps the active TLDs (sorted by sort id, then name) and the active groups that
// still have TLDs, each listing its TLDs in the same order.
func NewCatalogue(tlds []TLD, groups []Group) *Catalogue {
	c := &Catalogue{byName: make(map[string]int)}
	for _, t := range tlds {
		if !t.Active {
			continue
		}
		if _, dup := c.byName[t.Name]; dup {
			continue
		}
		t.price, t.priced = PriceOf(t), true
		c.byName[t.Name] = len(c.tlds)
		c.tlds = append(c.tlds, t)
	}
	slices.SortStableFunc(c.tlds, func(a, b TLD) int {
		return cmp.Or(cmp.Compare(a.SortID, b.SortID), cmp.Compare(a.Name, b.Name))
	})
	for i, t := range c.tlds {
		c.byName[t.Name] = i
	}

	sortedGroups := slices.Clone(groups)
	slices.SortStableFunc(sortedGroups, func(a, b Group) int {
		return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.ID, b.ID))
	})
	for _, g := range sortedGroups {
		if !g.Active {
			continue
		}
		g.TLDs = nil
		for _, t := range c.tlds {
			if t.GroupID == g.ID {
				g.TLDs = append(g.TLDs, t)
			}
		}
		if len(g.TLDs) > 0 {
			c.groups = append(c.groups, g)
		}
	}

	c.set = NewTLDSet()
	for _, t := range c.tlds {
		c.set.Add(t.Name, t.IDN)
	}
	return c
}

// TLDs returns the offered TLDs in display order. Callers must not modify the result.
func (c *Catalogue) TLDs() []TLD { return c.tlds }

// Groups returns the groups in display order. Callers must not modify the result.
func (c *Catalogue) Groups() []Group { return c.groups }

// Group returns the group with id.
func (c *Catalogue) Group(id int32) (Group, bool) {
	for _, g := range c.groups {
		if g.ID == id {
			return g, true
		}
	}
	return Group{}, false
}

// TLD returns the offered TLD with the ASCII name.
func (c *Catalogue) TLD(name string) (TLD, bool) {
	i, ok := c.byName[name]
	if !ok {
		return TLD{}, false
	}
	return c.tlds[i], true
}

// TLDRef is TLD without copying the TLD: a pointer into the catalogue, which is never changed
// once built, so the caller must not change it either. A TLD value is about 260 bytes; the
// availability check keeps one per name for the whole call (issue 26).
func (c *Catalogue) TLDRef(name string) (*TLD, bool) {
	i, ok := c.byName[name]
	if !ok {
		return nil, false
	}
	return &c.tlds[i], true
}

// TopTLDs returns the TLDs flagged top, in display order.
func (c *Catalogue) TopTLDs() []TLD {
	var out []TLD
	for _, t := range c.tlds {
		if t.Top {
			out = append(out, t)
		}
	}
	return out
}

// Set is the set of offered TLD names normalisation reduces input against.
func (c *Catalogue) Set() TLDSet { return c.set }

// TLDSet is a set of ASCII TLD names with their IDN capability.
type TLDSet struct {
	idn       map[string]bool
	maxLabels int
}

// NewTLDSet returns a set holding names (all without IDN capability).
func NewTLDSet(names ...string) TLDSet {
	s := TLDSet{idn: make(map[string]bool, len(names))}
	for _, n := range names {
		s.Add(n, false)
	}
	return s
}

// Add puts name into the set.
func (s *TLDSet) Add(name string, idn bool) {
	name = strings.Trim(strings.ToLower(name), ".")
	if name == "" {
		return
	}
	if s.idn == nil {
		s.idn = make(map[string]bool)
	}
	s.idn[name] = idn
	if n := strings.Count(name, ".") + 1; n > s.maxLabels {
		s.maxLabels = n
	}
}

// Has reports whether name is offered and whether it takes IDN second-level labels.
func (s TLDSet) Has(name string) (offered, idn bool) {
	idn, offered = s.idn[name]
	return offered, idn
}

// MaxLabels is the label count of the longest TLD in the set.
func (s TLDSet) MaxLabels() int { return s.maxLabels }

// Len is the number of TLDs in the set.
func (s TLDSet) Len() int { return len(s.idn) }
