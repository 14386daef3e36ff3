package domain

import (
	"strings"
	"time"
)

// Keys of the VAT id: KeyVATIDInvalid is the notice of an id VIES does not confirm (the form is
// saved), KeyVATIDMalformed the field error of an id that cannot be a VAT id at all
// (WellFormedVATID); KeyVATIDUnchecked the notice of an id VIES could not check.
const (
	KeyVATIDInvalid = "customer.vat_id_invalid"
	// KeyVATIDMalformed refuses a VAT id at its field: it holds characters no VAT id has.
	KeyVATIDMalformed = "customer.vat_id_malformed"
	KeyVATIDUnchecked = "customer.vat_id_unchecked"
)

// Statuses of a VAT id check.
const (
	VATIDValid       = "valid"
	VATIDInvalid     = "invalid"
	VATIDUnavailable = "unavailable"
)

// VATIDCheck is the evidence of a VIES check, kept with the session's customer.
type VATIDCheck struct {
	VATID              string
	Status             string
	ConsultationNumber string
	Name               string
	// Address is the trader's address VIES answered, when the member state shares it.
	Address   string
	CheckedAt time.Time
}

// VATIDCountry is the ISO country of a VAT id's prefix; Greece's ids start with EL. An id whose
// first two characters are not two Latin letters has no country. The prefix is read byte by byte:
// upper-casing before looking changes the byte length of some letters (ı and ſ become I and S,
// one byte instead of two), so an index into the upper-cased text could run past its end.
func VATIDCountry(vatID string) string {
	if len(vatID) < 2 {
		return ""
	}
	a, b := upperASCIILetter(vatID[0]), upperASCIILetter(vatID[1])
	if a == 0 || b == 0 {
		return ""
	}
	if a == 'E' && b == 'L' {
		return "GR"
	}
	return string([]byte{a, b})
}

// upperASCIILetter returns c upper-cased when it is a Latin letter A–Z or a–z, else 0. Bytes of
// multi-byte UTF-8 sequences are never letters here.
func upperASCIILetter(c byte) byte {
	switch {
	case c >= 'A' && c <= 'Z':
		return c
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A'
	default:
		return 0
	}
}

// WellFormedVATID reports whether a normalised VAT id (spaces already stripped) consists only of
// characters VAT ids are written with: Latin letters and digits, the '+' and '*' of older Irish
// numbers, and the '-', '.' and '/' of ids written with separators (the Swiss CHE-123.456.789).
// Anything else — other scripts, look-alike letters such as ı or ſ, control characters — cannot
// be a VAT id of any country, so the form is refused at the field (KeyVATIDMalformed) instead of
// being stored and sent to VIES. The empty id is well formed: the field is optional.
func WellFormedVATID(vatID string) bool {
	for i := 0; i < len(vatID); i++ {
		c := vatID[i]
		if upperASCIILetter(c) == 0 && (c < '0' || c > '9') && !strings.ContainsRune("+*-./", rune(c)) {
			return false
		}
	}
	return true
}

// NeedsVATIDCheck reports whether a company's VAT id is one VIES should confirm: from another EU
// member state than the brand's, where a valid id changes the VAT (reverse charge).
func NeedsVATIDCheck(info BasicInfo, b Brand) bool {
	if info.Group != GroupCompany || info.CompanyVatID == "" {
		return false
	}
	country := VATIDCountry(info.CompanyVatID)
	return country != "" && country != strings.ToUpper(b.CountryCode) && b.EUMembers[country]
}

// TaxPosition is what the session's VAT depends on besides the brand (the catalog's rule).
type TaxPosition struct {
	CountryCode   string
	Business      bool
	VATIDVerified bool
}

// Position is the customer's tax position: the address's country, the group, and whether VIES
// confirmed the current VAT id for that country.
func (c SessionCustomer) Position() TaxPosition {
	var p TaxPosition
	if c.Address != nil {
		p.CountryCode = c.Address.CountryCode
	}
	if c.BasicInfo != nil && c.BasicInfo.Group == GroupCompany {
		p.Business = true
		v := c.VATIDCheck
		p.VATIDVerified = v != nil && v.Status == VATIDValid && v.VATID == c.BasicInfo.CompanyVatID &&
			VATIDCountry(v.VATID) == strings.ToUpper(p.CountryCode)
	}
	return p
}

// VAT is the rate that applies to the session.
type VAT struct {
	Percent     float64
	CountryCode string
	Reason      string
}

// ReasonReverseCharge is the catalog's reason for 0 % with a verified foreign VAT id.
const ReasonReverseCharge = "reverse_charge"
