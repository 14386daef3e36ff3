// Package customerclient is the order service's Customers port over the customer service: the
// session customer an order is placed for.
package customerclient

import (
	"context"
	"fmt"

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
	return domain.Customer{CustomerNo: c.GetCustomerNo(), Group: b.GetGroup(), Gender: b.GetGender(), FirstName: b.GetFirstName(),
		LastName: b.GetLastName(), CompanyName: b.GetCompanyName(), CompanyVATID: b.GetCompanyVatId(), Email: b.GetEmail(),
		Street: a.GetStreet(), PostalCode: a.GetPostalCode(), City: a.GetCity(), CountryCode: a.GetCountryCode(), Phone: a.GetPhone(),
	}, c.GetValidated(), nil
}

// Forget logs the session's customer out (number, basic info and address).
func (cl *Client) Forget(ctx context.Context) error {
	if _, err := cl.c.Logout(ctx, &customerv1.LogoutRequest{}); err != nil {
		return fmt.Errorf("forget customer: %w", err)
	}
	return nil
}
