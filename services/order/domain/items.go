package domain

// The configuration an order keeps per cart item (issue 20): what the hoster needs to provision
// it once the cart is gone. Secrets (transfer auth codes, password fields) are kept sealed
// (libs/go/secretbox, bound to the order and the value's place); the order.finalized event names
// them by reference only, so fulfilment opens them with the key, never reads them off the bus.

// Domain types of an order's domains.
const (
	DomainRegister = "register"
	DomainTransfer = "transfer"
)

// ItemConfig is one cart item as ordered.
type ItemConfig struct {
	Row           string         `json:"row"`
	Preconfigured bool           `json:"preconfigured,omitempty"`
	Product       LineConfig     `json:"product"`
	Addons        []LineConfig   `json:"addons,omitempty"`
	Upsells       []LineConfig   `json:"upsells,omitempty"`
	Domains       []DomainConfig `json:"domains,omitempty"`
}

// LineConfig is a product, addon or upsell with its periods and field values.
type LineConfig struct {
	ID         int32         `json:"id"`
	MaturityID int32         `json:"maturity_id,omitempty"`
	IntervalID int32         `json:"interval_id,omitempty"`
	Promotion  string        `json:"promotion,omitempty"`
	Fields     []FieldConfig `json:"fields,omitempty"`
	// Informations the flow attached to a product (e.g. transfer_id of a contract transfer).
	Informations map[string]string `json:"informations,omitempty"`
}

// DomainConfig is a domain of an item: registered or transferred (with its auth code).
type DomainConfig struct {
	Name      string        `json:"name"`
	Type      string        `json:"type"`
	Inclusive bool          `json:"inclusive,omitempty"`
	Promotion string        `json:"promotion,omitempty"`
	AuthCode  *SecretValue  `json:"auth_code,omitempty"`
	Fields    []FieldConfig `json:"fields,omitempty"`
}

// FieldConfig is one additional field's value: in clear, or a secret.
type FieldConfig struct {
	FieldID int32        `json:"field_id"`
	Key     string       `json:"key"`
	Value   string       `json:"value,omitempty"`
	Secret  *SecretValue `json:"secret,omitempty"`
}

// SecretValue is a secret of the order: Ref names its place ("item/<row>/product/field/3"); the
// sealed value (key id and base64 ciphertext) is in the order's record and never in an event.
type SecretValue struct {
	Ref        string `json:"ref"`
	KeyID      string `json:"key_id,omitempty"`
	Ciphertext string `json:"ciphertext,omitempty"`
	// Plain is the secret in clear between reading the cart and sealing; never serialised.
	Plain string `json:"-"`
}

// NewSecret is a secret read from the cart, to be sealed before the order is written.
func NewSecret(ref, plain string) *SecretValue { return &SecretValue{Ref: ref, Plain: plain} }

// Secrets lists every secret of the items, for sealing.
func Secrets(items []ItemConfig) []*SecretValue {
	var out []*SecretValue
	add := func(fs []FieldConfig) {
		for _, f := range fs {
			if f.Secret != nil {
				out = append(out, f.Secret)
			}
		}
	}
	for _, it := range items {
		add(it.Product.Fields)
		for _, l := range append(append([]LineConfig{}, it.Addons...), it.Upsells...) {
			add(l.Fields)
		}
		for _, d := range it.Domains {
			if d.AuthCode != nil {
				out = append(out, d.AuthCode)
			}
			add(d.Fields)
		}
	}
	return out
}

// WithoutCiphertexts is items with every secret reduced to its reference: what the
// order.finalized event carries.
func WithoutCiphertexts(items []ItemConfig) []ItemConfig {
	strip := func(s *SecretValue) *SecretValue {
		if s == nil {
			return nil
		}
		return &SecretValue{Ref: s.Ref}
	}
	fieldsOf := func(fs []FieldConfig) []FieldConfig {
		out := make([]FieldConfig, len(fs))
		for i, f := range fs {
			f.Secret = strip(f.Secret)
			out[i] = f
		}
		return out
	}
	lineOf := func(l LineConfig) LineConfig {
		l.Fields = fieldsOf(l.Fields)
		return l
	}
	out := make([]ItemConfig, len(items))
	for i, it := range items {
		c := it
		c.Product = lineOf(it.Product)
		c.Addons, c.Upsells, c.Domains = nil, nil, nil
		for _, l := range it.Addons {
			c.Addons = append(c.Addons, lineOf(l))
		}
		for _, l := range it.Upsells {
			c.Upsells = append(c.Upsells, lineOf(l))
		}
		for _, d := range it.Domains {
			d.AuthCode = strip(d.AuthCode)
			d.Fields = fieldsOf(d.Fields)
			c.Domains = append(c.Domains, d)
		}
		out[i] = c
	}
	return out
}
