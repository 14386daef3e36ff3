// Package customerclient is the order service's Customers port over the customer service: the
// session customer an order is placed for.
package customerclient

import (
	"context"
	"fmt"
	"time"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/services/order/domain"
)

// Client implements the port.
type Client struct {
	c customerv1.CustomerServiceClient
}

// New returns the port over c.
func New(c customerv1.CustomerServiceClient) *Client { return &Client{c: c} }

// SessionCustomer answers the session's customer; ok is false until both forms are stored and valid.
func (cl *Client) SessionCustomer(ctx context.Context) (domain.Customer, bool, error) {
	resp, err := cl.c.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{})
	if err != nil {
		return domain.Customer{}, false, fmt.Errorf("session customer: %w", err)
	}
	c := resp.GetCustomer()
	b, a := c.GetBasicInfo(), c.GetAddress()
	check, err := vatIDCheck(c.GetVatIdCheck())
	if err != nil {
		return domain.Customer{}, false, fmt.Errorf("session customer: %w", err)
	}
	return domain.Customer{CustomerNo: c.GetCustomerNo(), BrandID: c.GetBrandId(), Group: b.GetGroup(), Gender: b.GetGender(), FirstName: b.GetFirstName(),
		LastName: b.GetLastName(), CompanyName: b.GetCompanyName(), CompanyVATID: b.GetCompanyVatId(), Email: b.GetEmail(),
		Street: a.GetStreet(), PostalCode: a.GetPostalCode(), City: a.GetCity(), CountryCode: a.GetCountryCode(), Phone: a.GetPhone(),
		VATIDCheck: check,
	}, c.GetValidated(), nil
}

// vatIDCheck is the VIES evidence the customer service recorded, nil when it made no check. Its
// time is the customer service's RFC 3339; one the service cannot have written is refused rather
// than kept as evidence of an unknown moment.
func vatIDCheck(v *customerv1.VatIdCheck) (*domain.VATIDCheck, error) {
	if v == nil {
		return nil, nil
	}
	at, err := time.Parse(time.RFC3339, v.GetCheckedAt())
	if err != nil {
		return nil, fmt.Errorf("vat id check of %s: checked_at: %w", v.GetVatId(), err)
	}
	return &domain.VATIDCheck{VATID: v.GetVatId(), Status: v.GetStatus(), ConsultationNumber: v.GetConsultationNumber(),
		Name: v.GetName(), Address: v.GetAddress(), CheckedAt: at.UTC()}, nil
}

// Forget logs the session's customer out (number, basic info and address).
func (cl *Client) Forget(ctx context.Context) error {
	if _, err := cl.c.Logout(ctx, &customerv1.LogoutRequest{}); err != nil {
		return fmt.Errorf("forget customer: %w", err)
	}
	return nil
}
