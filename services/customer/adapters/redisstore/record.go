package redisstore

import (
	"encoding/json"
	"fmt"

	"github.com/hostcart/checkout/services/customer/domain"
)

// record is the stored JSON. It has its own field names so renaming a domain field does not make
// every stored session unreadable.
type record struct {
	BasicInfo *basicInfo `json:"basic_info,omitempty"`
	Address   *address   `json:"address,omitempty"`
}

type basicInfo struct {
	Group        int    `json:"group"`
	Gender       int    `json:"gender"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	CompanyName  string `json:"company_name,omitempty"`
	CompanyVatID string `json:"company_vat_id,omitempty"`
	Email        string `json:"email"`
}

type address struct {
	Street      string `json:"street"`
	PostalCode  string `json:"postal_code"`
	City        string `json:"city"`
	CountryCode string `json:"country_code"`
	Phone       string `json:"phone"`
}

// encode cannot fail: the record holds strings and integers only.
func encode(c domain.SessionCustomer) []byte {
	var r record
	if b := c.BasicInfo; b != nil {
		r.BasicInfo = &basicInfo{Group: int(b.Group), Gender: b.Gender, FirstName: b.FirstName, LastName: b.LastName,
			CompanyName: b.CompanyName, CompanyVatID: b.CompanyVatID, Email: b.Email}
	}
	if a := c.Address; a != nil {
		r.Address = &address{Street: a.Street, PostalCode: a.PostalCode, City: a.City, CountryCode: a.CountryCode, Phone: a.Phone}
	}
	data, _ := json.Marshal(r)
	return data
}

func decode(raw []byte) (domain.SessionCustomer, error) {
	var out domain.SessionCustomer
	if len(raw) == 0 {
		return out, nil
	}
	var r record
	if err := json.Unmarshal(raw, &r); err != nil {
		return out, fmt.Errorf("decode stored session customer: %w", err)
	}
	if b := r.BasicInfo; b != nil {
		out.BasicInfo = &domain.BasicInfo{Group: domain.Group(b.Group), Gender: b.Gender, FirstName: b.FirstName, LastName: b.LastName,
			CompanyName: b.CompanyName, CompanyVatID: b.CompanyVatID, Email: b.Email}
	}
	if a := r.Address; a != nil {
		out.Address = &domain.Address{Street: a.Street, PostalCode: a.PostalCode, City: a.City, CountryCode: a.CountryCode, Phone: a.Phone}
	}
	return out, nil
}
