// Package seed holds the shipped customer records: two customers (a private person and a company)
// per brand, for devstack and the tests, and the local OpenID provider's users that log in as
// them. The passwords are for the local provider only; the customer service never sees one.
package seed

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/hostcart/checkout/services/customer/domain"
)

//go:embed customers.json
var customersJSON []byte

// Login is how a seed customer logs in at the local OpenID provider.
type Login struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// Customer is a seed customer with its login.
type Customer struct {
	domain.ExistingCustomer
	Login Login
}

type entry struct {
	CustomerNo   string `json:"customer_no"`
	BrandID      int32  `json:"brand_id"`
	Subject      string `json:"subject"`
	Group        int    `json:"group"`
	Gender       int    `json:"gender"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	CompanyName  string `json:"company_name"`
	CompanyVatID string `json:"company_vat_id"`
	Email        string `json:"email"`
	Street       string `json:"street"`
	PostalCode   string `json:"postal_code"`
	City         string `json:"city"`
	CountryCode  string `json:"country_code"`
	Phone        string `json:"phone"`
	Login        Login  `json:"login"`
}

// Customers returns the shipped customers.
func Customers() ([]Customer, error) {
	var doc struct {
		Customers []entry `json:"customers"`
	}
	if err := json.Unmarshal(customersJSON, &doc); err != nil {
		return nil, fmt.Errorf("seed customers: %w", err)
	}
	out := make([]Customer, 0, len(doc.Customers))
	for _, e := range doc.Customers {
		out = append(out, Customer{
			ExistingCustomer: domain.ExistingCustomer{
				Number: e.CustomerNo, BrandID: e.BrandID, Subject: e.Subject,
				BasicInfo: domain.BasicInfo{Group: domain.Group(e.Group), Gender: e.Gender, FirstName: e.FirstName,
					LastName: e.LastName, CompanyName: e.CompanyName, CompanyVatID: e.CompanyVatID, Email: e.Email},
				Address: domain.Address{Street: e.Street, PostalCode: e.PostalCode, City: e.City,
					CountryCode: e.CountryCode, Phone: e.Phone},
			},
			Login: e.Login,
		})
	}
	return out, nil
}
