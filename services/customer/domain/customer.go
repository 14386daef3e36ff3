// Package domain holds the customer rules of spec §3 and §5 — who is ordering: a private person or
// a company, their basic info and address — with no transport or storage in it. Values are
// normalised first (trimmed, company fields dropped for private persons, the VAT id without
// spaces, the group forced when the brand allows one kind only) and then validated, so what is
// stored is exactly what was checked.
package domain

import (
	"strings"

	"github.com/hostcart/checkout/libs/go/fields"
)

// Group says whether the customer orders as a company or a private person (spec §3: default 1).
type Group int

// Customer groups with the numbers the API uses.
const (
	GroupCompany Group = 0
	GroupPrivate Group = 1
)

// DefaultGender is the gender of a customer who chose none (spec §9); 0 is Mr, 1 is Ms (§2).
const DefaultGender = 0

// Field lengths of spec §9, defined once in libs/go/fields (the family widgets read them too).
const (
	MaxNameLength       = fields.MaxNameLength
	MaxCompanyLength    = fields.MaxCompanyLength
	MaxVatIDLength      = fields.MaxVATIDLength
	MaxStreetLength     = fields.MaxStreetLength
	MaxPostalCodeLength = fields.MaxPostalCodeLength
	MaxCityLength       = fields.MaxCityLength
)

// BasicInfo is the first customer form (spec §3 "basic info").
type BasicInfo struct {
	Group        Group
	Gender       int
	FirstName    string
	LastName     string
	CompanyName  string
	CompanyVatID string
	Email        string
}

// Address is the second customer form (spec §3 "address").
type Address struct {
	Street      string
	PostalCode  string
	City        string
	CountryCode string // ISO 3166-1 alpha-2, upper case
	Phone       string
}

// Brand is what the customer rules need of a brand (spec §3 brand properties).
type Brand struct {
	AllowCompanies      bool
	AllowPrivatePersons bool
	CountryCode         string   // the brand's own country: the default of the address
	Countries           []string // countries the brand delivers to; empty means only CountryCode
	// ID is the catalog's brand id, which existing customers belong to.
	ID int32
	// AllowCRM: existing customers may log in (allow_crm).
	AllowCRM bool
	// Authorities are the brand's OpenID Connect issuers (oauth_authority_url and, for use_cp_2,
	// oauth_authority_url_2) and ClientID its client there (oauth_client_id).
	Authority  string
	Authority2 string
	ClientID   string
	// EUMembers are the countries of the EU VAT area (the catalog's countries with a VAT rate).
	EUMembers map[string]bool
}

// LoginOffered reports whether existing customers can log in (spec §2 login or register: the
// brand has an authority and allows CRM customers).
func (b Brand) LoginOffered() bool { return b.AllowCRM && b.Authority != "" && b.ClientID != "" }

// PanelSignInOffered reports whether users of the cloud control panel can sign in (spec §6 "Panel
// (oauth) user": they sign in at the brand's authority through /oauth). It needs the authority
// only: allow_crm decides whether the shop offers its own login (the popup), not whether the
// panel's customers, who are existing customers of the brand, may order.
func (b Brand) PanelSignInOffered() bool { return b.Authority != "" && b.ClientID != "" }

// Supports reports whether the brand takes customers from country. The codes are compared once
// upper-cased, not case-folded: folding matches look-alikes ("D" and the Kelvin sign for DK), and
// an address would keep that code, which no tax or phone rule knows.
func (b Brand) Supports(country string) bool {
	country = strings.ToUpper(strings.TrimSpace(country))
	if len(b.Countries) == 0 {
		return country == strings.ToUpper(b.CountryCode)
	}
	for _, c := range b.Countries {
		if strings.ToUpper(c) == country {
			return true
		}
	}
	return false
}

// NormalizeBasicInfo trims every value, forces the group when the brand allows only one kind,
// drops the company fields of a private person and strips spaces from the VAT id.
func NormalizeBasicInfo(in BasicInfo, b Brand) BasicInfo {
	out := BasicInfo{
		Group:       in.Group,
		Gender:      in.Gender,
		FirstName:   strings.TrimSpace(in.FirstName),
		LastName:    strings.TrimSpace(in.LastName),
		CompanyName: strings.TrimSpace(in.CompanyName),
		// Bytes that are no UTF-8 go first: joined, their neighbours could form a character that is
		// white space (U+0085 of \xc2 \x85), and normalising again would change the id.
		CompanyVatID: strings.Join(strings.Fields(strings.ToValidUTF8(in.CompanyVatID, "")), ""),
		Email:        strings.TrimSpace(in.Email),
	}
	switch {
	case b.AllowCompanies && !b.AllowPrivatePersons:
		out.Group = GroupCompany
	case b.AllowPrivatePersons && !b.AllowCompanies:
		out.Group = GroupPrivate
	}
	if out.Group != GroupCompany {
		out.CompanyName, out.CompanyVatID = "", ""
	}
	return out
}

// NormalizeAddress trims every value and upper-cases the country; an empty country becomes the
// brand's.
func NormalizeAddress(in Address, b Brand) Address {
	out := Address{
		Street:      strings.TrimSpace(in.Street),
		PostalCode:  strings.TrimSpace(in.PostalCode),
		City:        strings.TrimSpace(in.City),
		CountryCode: strings.ToUpper(strings.TrimSpace(in.CountryCode)),
		Phone:       strings.TrimSpace(in.Phone),
	}
	if out.CountryCode == "" {
		out.CountryCode = strings.ToUpper(b.CountryCode)
	}
	return out
}

// ResetUnsupportedCountry returns the address with the brand's country, city and postal code
// cleared, and true, when the brand no longer delivers to the address's country (spec §5: 'country
// no longer supported, choose another'); otherwise the address unchanged and false.
func ResetUnsupportedCountry(a Address, b Brand) (Address, bool) {
	if a.CountryCode == "" || b.Supports(a.CountryCode) {
		return a, false
	}
	a.CountryCode = strings.ToUpper(b.CountryCode)
	a.City, a.PostalCode = "", ""
	return a, true
}

// SessionCustomer is what a session keeps of its customer: each form once it was saved valid.
type SessionCustomer struct {
	// CustomerNo is set once the session logged in as an existing customer (spec §3
	// customer_number); the forms then hold the customer's stored data.
	CustomerNo string
	// BrandID is the brand of the customer record CustomerNo names (the brand logged in at):
	// a customer orders only from its brand (the order service checks it).
	BrandID   int32
	BasicInfo *BasicInfo
	Address   *Address
	// Login is the login this session started and has not finished.
	Login *PendingLogin
	// VATIDCheck is the VIES evidence of the company's VAT id, when one was checked.
	VATIDCheck *VATIDCheck
	// Panel is set when the session signed in from the cloud control panel (spec §6 "Panel
	// user"); a logout forgets it with the rest.
	Panel *PanelSignIn
}

// Existing reports whether the session belongs to an existing customer.
func (c SessionCustomer) Existing() bool { return c.CustomerNo != "" }

// Validated reports whether both forms are stored and pass the brand's rules now (spec §3
// customerValidated): a brand that changed its rules since invalidates stored forms.
func (c SessionCustomer) Validated(b Brand) bool {
	return c.BasicInfo != nil && c.Address != nil &&
		len(ValidateBasicInfo(*c.BasicInfo, b)) == 0 && len(ValidateAddress(*c.Address, b)) == 0
}
