package domain

import (
	"strings"
	"time"
)

// Notices of the VAT id check.
const (
	KeyVATIDInvalid   = "customer.vat_id_invalid"
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
	CheckedAt          time.Time
}

// VATIDCountry is the ISO country of a VAT id's prefix; Greece's ids start with EL.
func VATIDCountry(vatID string) string {
	if len(vatID) < 2 {
		return ""
	}
	prefix := strings.ToUpper(vatID[:2])
	if prefix == "EL" {
		return "GR"
	}
	if prefix[0] < 'A' || prefix[0] > 'Z' || prefix[1] < 'A' || prefix[1] > 'Z' {
		return ""
	}
	return prefix
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
