package domain

import "strings"

// TLD is what the cart needs of a TLD the brand sells (from the domain service).
type TLD struct {
	ID            int32
	Name          string // ASCII, without a leading dot: "de", "co.uk"
	PriceCents    int32  // net per month
	SetupFeeCents int32
	VATPercent    float64
	Fields        []FieldDef
}

// TLDs are the brand's active TLDs by name.
type TLDs map[string]TLD

// NewTLDs indexes ts by name.
func NewTLDs(ts []TLD) TLDs {
	out := make(TLDs, len(ts))
	for _, t := range ts {
		out[strings.ToLower(t.Name)] = t
	}
	return out
}

// Of returns the TLD a domain name is registered under: the longest sold suffix, so
// "shop.co.uk" is under "co.uk" when both "uk" and "co.uk" are sold.
func (ts TLDs) Of(name string) (TLD, bool) {
	for i := 0; i < len(name); i++ {
		if name[i] != '.' {
			continue
		}
		if t, ok := ts[name[i+1:]]; ok {
			return t, true
		}
	}
	return TLD{}, false
}

// TLDName returns the TLD part of a domain name: the sold TLD when ts knows it, else everything
// after the first label.
func TLDName(ts TLDs, name string) string {
	if t, ok := ts.Of(name); ok {
		return t.Name
	}
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return ""
}

// NormalizeDomainName lowercases and trims a domain name and checks its shape: ASCII (punycode for
// internationalised names, as the domain search answers them), at least two labels of letters,
// digits and inner hyphens, labels of at most 63 and a name of at most 253 characters. The domain
// service owns the full search rules; this only keeps malformed names out of the cart.
func NormalizeDomainName(raw string) (string, bool) {
	name := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(raw)), ".")
	if len(name) < 3 || len(name) > 253 {
		return "", false
	}
	labels := strings.Split(name, ".")
	if len(labels) < 2 {
		return "", false
	}
	for _, l := range labels {
		if !validLabel(l) {
			return "", false
		}
	}
	return name, true
}

func validLabel(l string) bool {
	if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
		return false
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}
