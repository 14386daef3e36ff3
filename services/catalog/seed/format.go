package seed

import (
	"encoding/json"
	"fmt"
)

// Text is a translatable text: locale code -> text.
type Text map[string]string

// TextList is a translatable list of texts: locale code -> lines.
type TextList map[string][]string

// Catalog is everything the seed files describe.
type Catalog struct {
	ProductTypes     []ProductType
	AdditionalFields []AdditionalField
	Countries        []Country
	ZipCodes         []ZipCode
	Brands           []Brand
}

// ProductType is a product type slug with its stable id.
type ProductType struct {
	ID   int32  `json:"id"`
	Slug string `json:"slug"`
}

// AdditionalField is a field definition products refer to by key.
type AdditionalField struct {
	ID              int32  `json:"id"`
	Key             string `json:"key"`
	InputComponent  string `json:"input_component"`
	ValidationRules string `json:"validation_rules"`
	Postponed       bool   `json:"postponed"`
	PrefilledWith   string `json:"prefilled_with"`
	// Secret marks a value the order keeps sealed (an access code, a key); password fields are
	// secret without it.
	Secret   bool `json:"secret"`
	Label    Text `json:"label"`
	Headline Text `json:"headline"`
}

// Country is an address country.
type Country struct {
	ID          int32  `json:"id"`
	Code        string `json:"code"`
	PhonePrefix string `json:"phone_prefix"`
	// VATRate is the EU member's standard VAT percent; 0 outside the EU VAT area.
	VATRate float64 `json:"vat_rate"`
	Order   int32   `json:"order"`
	Name    Text    `json:"name"`
}

// ZipCode is one row of zipcodes.csv.
type ZipCode struct {
	CountryCode string
	Code        string
	City        string
}

// Brand is one file under brands/ with everything the brand sells.
type Brand struct {
	ID               int32             `json:"id"`
	Name             string            `json:"name"`
	Slug             string            `json:"slug"`
	FQDN             string            `json:"fqdn"`
	Invisible        bool              `json:"invisible"`
	Locales          []Locale          `json:"locales"`
	Properties       map[string]string `json:"properties"`
	PaymentIntervals []Interval        `json:"payment_intervals"`
	AddonGroups      []AddonGroup      `json:"addon_groups"`
	Categories       []Category        `json:"categories"`
	Products         []Product         `json:"products"`
}

// Locale is a language the brand offers.
type Locale struct {
	Code         string `json:"code"`
	Label        string `json:"label"`
	FallbackCode string `json:"fallback_code"`
	Default      bool   `json:"default"`
}

// Interval is a billing interval of the brand; maturities refer to it by months.
type Interval struct {
	ID       int32   `json:"id"`
	Months   int32   `json:"months"`
	VAT      float64 `json:"vat"`
	Inactive bool    `json:"inactive"`
	Default  bool    `json:"default"`
}

// AddonGroup is a group of addons sharing rules; product addon links refer to it by name.
type AddonGroup struct {
	ID                 int32    `json:"id"`
	Name               string   `json:"name"`
	Rules              []string `json:"rules"`
	DisplayName        Text     `json:"display_name"`
	DisplayDescription Text     `json:"display_description"`
}

// Category groups products; products refer to it by slug.
type Category struct {
	ID            int32  `json:"id"`
	Slug          string `json:"slug"`
	Icon          string `json:"icon"`
	Order         int32  `json:"order"`
	Addon         bool   `json:"addon"`
	Invisible     bool   `json:"invisible"`
	Name          Text   `json:"name"`
	Description   Text   `json:"description"`
	Description2  Text   `json:"description2"`
	ProductNotice Text   `json:"product_notice"`
}

// Product is anything the brand sells.
type Product struct {
	ID                   int32             `json:"id"`
	Category             string            `json:"category"`
	Type                 string            `json:"type"`
	Order                int32             `json:"order"`
	Inactive             bool              `json:"inactive"`
	Hidden               bool              `json:"hidden"`
	HideInCart           bool              `json:"hide_in_cart"`
	Highlight            bool              `json:"highlight"`
	DomainCapable        bool              `json:"domain_capable"`
	QtyMax               int32             `json:"qty_max"`
	ExternalProductID    string            `json:"external_product_id"`
	SMSValidation        bool              `json:"sms_validation"`
	DomainRequired       int32             `json:"is_domainrequired"`
	Name                 Text              `json:"name"`
	Tagline              Text              `json:"tagline"`
	Description          Text              `json:"description"`
	UpsellHeadline       Text              `json:"upsell_headline"`
	AdvantagesHeadline   Text              `json:"advantages_headline"`
	AdvantagesButtonText Text              `json:"advantages_button_text"`
	Advantages           TextList          `json:"advantages"`
	Disadvantages        TextList          `json:"disadvantages"`
	Attributes           map[string]string `json:"attributes"`
	Fields               []string          `json:"fields"`
	FreeTLDs             *FreeTLDs         `json:"free_tlds"`
	Maturities           []Maturity        `json:"maturities"`
	Addons               []ProductAddon    `json:"addons"`
	Upsells              []Upsell          `json:"upsells"`
}

// FreeTLDs are the inclusive domains of a product.
type FreeTLDs struct {
	Amount  int32    `json:"amount"`
	Domains []string `json:"domains"`
}

// Maturity is a contract term; Intervals lists the months of the brand intervals it can be billed in.
type Maturity struct {
	ID                int32   `json:"id"`
	Months            int32   `json:"months"`
	PriceCents        int32   `json:"price_cents"`
	SetupFeeCents     int32   `json:"setup_fee_cents"`
	CancelationPeriod int32   `json:"cancelation_period"`
	Inactive          bool    `json:"inactive"`
	Default           bool    `json:"default"`
	Intervals         []int32 `json:"intervals"`
}

// ProductAddon links an addon product (by id) to the product, in groups named by AddonGroup.Name.
type ProductAddon struct {
	Addon            int32    `json:"addon"`
	Recommended      bool     `json:"recommended"`
	RecommendedOrder int32    `json:"recommended_order"`
	Promoted         bool     `json:"promoted"`
	PromotedOrder    int32    `json:"promoted_order"`
	Groups           []string `json:"groups"`
}

// Upsell links an upsell product (by id) with the texts of its offer.
type Upsell struct {
	Upsell                  int32    `json:"upsell"`
	Headline                Text     `json:"headline"`
	DisadvantagesHeadline   Text     `json:"disadvantages_headline"`
	Disadvantages           TextList `json:"disadvantages"`
	DisadvantagesButtonText Text     `json:"disadvantages_button_text"`
}

// AddonLinkID derives the stable id of the i-th (0-based) addon link of a product, so seed files
// need not number links by hand.
func AddonLinkID(productID int32, i int) int32 { return productID*100 + int32(i) + 1 }

func decodeStrict(data []byte, v any, name string) error {
	dec := json.NewDecoder(bytesReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decode %s: %w", name, err)
	}
	return nil
}
