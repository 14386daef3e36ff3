package domain

import (
	"slices"
	"strings"
)

// Rule is an addon group rule type (spec §3).
type Rule string

// The addon group rules the cart enforces; variants, modules and allow_empty only shape screens.
const (
	RuleAutoassign             Rule = "autoassign"
	RuleMutuallyExclusive      Rule = "mutually_exclusive"
	RuleMutuallyInclusive      Rule = "mutually_inclusive"
	RuleMaturitiesNeedNotMatch Rule = "maturities_need_not_match"
	RuleIntervalsNeedNotMatch  Rule = "intervals_need_not_match"
	RuleInvisible              Rule = "invisible"
	RuleNonRemovable           Rule = "non_removable"
)

// Product type slugs with a meaning for the cart.
const (
	TypeDomainOnly = "domain-only"
	TypeAddon      = "addon"
	TypeUpsell     = "upsell"
)

// Domain requirement of a product (is_domainrequired).
const (
	DomainNotRequired int32 = 0
	DomainRequired    int32 = 1
	DomainOptional    int32 = 2
)

// Interval is a billing interval of a maturity; 0 months means any.
type Interval struct {
	ID         int32
	Months     int32
	VATPercent float64
	IsDefault  bool
}

// Maturity is a contract term with its net monthly price; 0 months is a one-time purchase.
type Maturity struct {
	ID                int32
	Months            int32
	PriceCents        int32
	SetupFeeCents     int32
	CancelationPeriod int32
	IsDefault         bool
	Intervals         []Interval
}

// Interval returns the maturity's interval with id.
func (m Maturity) Interval(id int32) (Interval, bool) {
	for _, iv := range m.Intervals {
		if iv.ID == id {
			return iv, true
		}
	}
	return Interval{}, false
}

// Group is an addon group with its rules.
type Group struct {
	ID    int32
	Name  string
	Rules []Rule
}

// AddonLink links an addon to a product, in the groups that give it its rules.
type AddonLink struct {
	AddonID    int32
	IsPromoted bool
	Groups     []Group
}

// Has reports whether any group of the link carries rule r.
func (l AddonLink) Has(r Rule) bool {
	for _, g := range l.Groups {
		if slices.Contains(g.Rules, r) {
			return true
		}
	}
	return false
}

// groupsWith returns the ids of the link's groups that carry rule r.
func (l AddonLink) groupsWith(r Rule) []int32 {
	var ids []int32
	for _, g := range l.Groups {
		if slices.Contains(g.Rules, r) {
			ids = append(ids, g.ID)
		}
	}
	return ids
}

func (l AddonLink) inGroup(id int32) bool {
	return slices.ContainsFunc(l.Groups, func(g Group) bool { return g.ID == id })
}

// FieldDef is an additional-field definition (spec §3).
type FieldDef struct {
	ID          int32
	Key         string
	Rules       string
	IsPostponed bool
	// InputComponent selects the structure checks of the business-address and power-of-attorney
	// widgets (libs/go/fields families.go); empty for plain inputs.
	InputComponent string
	// Secret is the catalog's mark of a value the order keeps sealed (an access code, a key),
	// whatever its input component; password fields are secret without it.
	Secret bool
}

// FreeTLDs are the TLDs a product includes a domain of, up to Amount domains.
type FreeTLDs struct {
	Amount int32
	TLDs   []string
}

// Includes reports whether tld is one of the free TLDs.
func (f FreeTLDs) Includes(tld string) bool {
	return slices.Contains(f.TLDs, strings.ToLower(tld))
}

// Product is what the cart needs of a catalog product (products, addons and upsells alike). The
// catalog answers only orderable products, with only their orderable maturities.
type Product struct {
	ID             int32
	Name           string
	Type           string
	IsHidden       bool
	HideInCart     bool
	DomainCapable  bool
	SMSValidation  bool
	QtyMax         int32
	DomainRequired int32
	// Attributes such as mca_agreement = "true".
	Attributes map[string]string
	Maturities []Maturity
	Addons     []AddonLink
	Upsells    []int32
	Fields     []FieldDef
	FreeTLDs   FreeTLDs
}

// Maturity returns the product's maturity with id.
func (p Product) Maturity(id int32) (Maturity, bool) {
	for _, m := range p.Maturities {
		if m.ID == id {
			return m, true
		}
	}
	return Maturity{}, false
}

// Link returns the product's link to addon id.
func (p Product) Link(addonID int32) (AddonLink, bool) {
	for _, l := range p.Addons {
		if l.AddonID == addonID {
			return l, true
		}
	}
	return AddonLink{}, false
}

// HasUpsell reports whether id is one of the product's upsells.
func (p Product) HasUpsell(id int32) bool { return slices.Contains(p.Upsells, id) }

// Field returns the definition of field id.
func (p Product) Field(id int32) (FieldDef, bool) {
	for _, f := range p.Fields {
		if f.ID == id {
			return f, true
		}
	}
	return FieldDef{}, false
}

// IsDomainOnly reports whether the product is the domain-only product, whose items merge and
// which has no qty_max.
func (p Product) IsDomainOnly() bool { return p.Type == TypeDomainOnly }

// TopLevel reports whether the product can be an item of its own rather than only an addon or
// upsell of one.
func (p Product) TopLevel() bool { return p.Type != TypeAddon && p.Type != TypeUpsell }

// TakesDomains reports whether domains may be attached to the product's items.
func (p Product) TakesDomains() bool {
	return p.DomainRequired != DomainNotRequired || p.DomainCapable || p.IsDomainOnly()
}

// RemovedWhenEmpty reports whether an item of the product disappears once it holds no addons,
// upsells or domains: products hidden in the cart and the domain-only product (spec §4).
func (p Product) RemovedWhenEmpty() bool { return p.HideInCart || p.IsDomainOnly() }

// Catalog is the snapshot of catalog products an operation works on, by id. A product that is
// absent is not orderable (anymore).
type Catalog map[int32]Product

// BrandSettings are the brand properties pricing and promotions depend on.
type BrandSettings struct {
	PricesWithVAT        bool
	HideZeroPricesInCart bool
	// AutomaticPromotions: the cart carries the best automatic promotions (spec §4).
	AutomaticPromotions bool
	// ManualPromotions: visitors may redeem promo codes.
	ManualPromotions bool
	// SessionVAT replaces every line's catalog VAT rate when the customer's tax position calls for
	// another one (customer service GetSessionVat: another EU state's rate, reverse charge,
	// export); nil keeps the catalog's rates.
	SessionVAT *float64
}

// SessionVAT is the rate the session's customer pays when it is not the brand's own.
type SessionVAT struct {
	Percent     float64
	Reason      string
	CountryCode string
}

// SessionCustomer is what the cart needs to know of the session's customer.
type SessionCustomer struct {
	// VAT is the customer's rate; nil when the brand's own rates apply.
	VAT *SessionVAT
	// Panel: the session signed in from the cloud control panel. Its cart carries no automatic
	// promotions (spec §4 "Promotions"): the panel's items are priced as the panel sold them.
	Panel bool
}
