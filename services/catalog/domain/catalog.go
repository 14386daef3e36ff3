package domain

// Country is an address country with its dialling prefix.
type Country struct {
	ID          int32
	Code        string
	Name        string
	PhonePrefix string
	Order       int32
	// VATRate is the EU member's standard VAT percent; 0 outside the EU VAT area.
	VATRate float64
}

// Category groups products; addon categories hold the addons other products link to.
type Category struct {
	ID            int32
	Name          string
	Slug          string
	Description   string
	Description2  string
	Icon          string
	IsAddon       bool
	IsVisible     bool
	ProductNotice string
	// DomainCapable is derived: at least one listed product of the category is domain capable.
	DomainCapable bool
	Order         int32
}

// Interval is a billing interval of a brand; its VAT applies to everything billed on it.
type Interval struct {
	ID int32
	// Months between invoices; 0 means any (one-time items).
	Months     int32
	VATPercent float64
	IsActive   bool
	IsDefault  bool
}

// Maturity is a contract term of a product with its price.
type Maturity struct {
	ID int32
	// Months of the contract; 0 is a one-time purchase.
	Months int32
	// PriceCents is the net price per month.
	PriceCents        int64
	SetupFeeCents     int64
	CancelationPeriod int32
	IsActive          bool
	IsDefault         bool
	ProductID         int32
	Intervals         []Interval
}

// Addon rule types (spec §3) attached to addon groups.
const (
	RuleAutoassign             = "autoassign"
	RuleMutuallyExclusive      = "mutually_exclusive"
	RuleMutuallyInclusive      = "mutually_inclusive"
	RuleMaturitiesNeedNotMatch = "maturities_need_not_match"
	RuleIntervalsNeedNotMatch  = "intervals_need_not_match"
	RuleInvisible              = "invisible"
	RuleNonRemovable           = "non_removable"
	RuleVariants               = "variants"
	RuleModules                = "modules"
	RuleAllowEmpty             = "allow_empty"
)

// RuleTypes lists every addon rule type, for validating stored data.
var RuleTypes = []string{
	RuleAutoassign, RuleMutuallyExclusive, RuleMutuallyInclusive, RuleMaturitiesNeedNotMatch,
	RuleIntervalsNeedNotMatch, RuleInvisible, RuleNonRemovable, RuleVariants, RuleModules,
	RuleAllowEmpty,
}

// AddonGroup bundles addons that share rules (an exclusive choice, variants, modules...).
type AddonGroup struct {
	ID                 int32
	Name               string
	DisplayName        string
	DisplayDescription string
	Rules              []string
}

// HasRule reports whether the group carries the rule type.
func (g AddonGroup) HasRule(rule string) bool {
	for _, r := range g.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

// ProductAddon links an addon product to the product it extends.
type ProductAddon struct {
	ID                    int32
	ProductID             int32
	AddonID               int32
	IsRecommended         bool
	RecommendedAddonOrder int32
	IsPromoted            bool
	PromotedAddonOrder    int32
	Groups                []AddonGroup
}

// HasRule reports whether any group of the link carries the rule type.
func (a ProductAddon) HasRule(rule string) bool {
	for _, g := range a.Groups {
		if g.HasRule(rule) {
			return true
		}
	}
	return false
}

// Upsell links a popular addon (an upsell product) to the product it is offered with.
type Upsell struct {
	UpsellID                int32
	UpsellHeadline          string
	DisadvantagesHeadline   string
	Disadvantages           []string
	DisadvantagesButtonText string
}

// AdditionalField is the definition of an input a product needs (spec §3, §5).
type AdditionalField struct {
	ID              int32
	Key             string
	Label           string
	Order           int32
	ValidationRules string
	InputComponent  string
	IsPostponed     bool
	PrefilledWith   string
	Headline        string
	// IsSecret marks a value the order keeps sealed (an access code, a key), whatever its
	// input_component; password fields are secret anyway.
	IsSecret bool
}

// FreeTLDs are the inclusive domains a product brings.
type FreeTLDs struct {
	Amount  int32
	Domains []string
}

// Attribute is a product attribute such as mca_agreement = "true".
type Attribute struct {
	Key   string
	Value string
}

// Product types (slugs) of spec §1.
const (
	TypeHosting          = "hosting"
	TypeDomain           = "domain"
	TypeDomainOnly       = "domain-only"
	TypeTransfer         = "transfer"
	TypeCertificate      = "certificate"
	TypeAddon            = "addon"
	TypeUpsell           = "upsell"
	TypeNSA              = "nsa"
	TypePPOA             = "ppoa"
	TypePostalForwarding = "postal-forwarding"
	TypeMicrosoftLicence = "microsoft-licence"
	TypeContractTransfer = "contract-transfer"
)

// Product is anything sold: packages, addons, upsells, domains, certificates...
type Product struct {
	ID                   int32
	Name                 string
	Description          string
	Tagline              string
	Type                 string
	TypeID               int32
	CategoryName         string
	CategorySlug         string
	CategoryID           int32
	IsActive             bool
	IsHidden             bool
	HideInCart           bool
	IsHighlight          bool
	DomainCapable        bool
	QtyMax               int32
	Order                int32
	ExternalProductID    string
	SMSValidation        bool
	IsDomainRequired     int32
	UpsellHeadline       string
	Advantages           []string
	AdvantagesHeadline   string
	AdvantagesButtonText string
	Disadvantages        []string
	Attributes           []Attribute
	Addons               []ProductAddon
	Upsells              []Upsell
	AdditionalFields     []AdditionalField
	FreeTLDs             FreeTLDs
	Maturities           []Maturity
	// FromPrice is set by the catalog rules, never stored.
	FromPrice *FromPrice
}

// Domain requirement values of Product.IsDomainRequired.
const (
	DomainNotRequired int32 = 0
	DomainRequired    int32 = 1
	DomainOptional    int32 = 2
)

// FromPrice is the 'from' price of a product card: the default maturity's monthly price.
type FromPrice struct {
	NetCents       int64
	GrossCents     int64
	VATPercent     float64
	MaturityMonths int32
	SetupFeeCents  int64
}

// ZipCode is a postal code with its city.
type ZipCode struct {
	Code        string
	City        string
	CountryCode string
}
