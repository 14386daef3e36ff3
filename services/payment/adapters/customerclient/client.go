// Package customerclient is the payment service's Shoppers port over the customer service: the
// session customer's e-mail and country, for the card provider; and its Accounts port: whether the
// customer is an existing one.
package customerclient

import (
	"context"
	"fmt"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/services/payment/service"
)

// Client implements the port.
type Client struct {
	c customerv1.CustomerServiceClient
}

// New returns the port over c.
func New(c customerv1.CustomerServiceClient) *Client { return &Client{c: c} }

// Shopper answers the validated customer's e-mail and country; a session without one cannot pay.
func (cl *Client) Shopper(ctx context.Context) (string, string, error) {
	resp, err := cl.c.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{})
	if err != nil {
		return "", "", fmt.Errorf("session customer: %w", err)
	}
	c := resp.GetCustomer()
	if !c.GetValidated() {
		return "", "", fmt.Errorf("no validated customer: %w", service.ErrPaymentDataMissing)
	}
	return c.GetBasicInfo().GetEmail(), c.GetAddress().GetCountryCode(), nil
}

// ExistingCustomer answers whether the session's customer has a customer number.
func (cl *Client) ExistingCustomer(ctx context.Context) (bool, error) {
	resp, err := cl.c.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{})
	if err != nil {
		return false, fmt.Errorf("session customer: %w", err)
	}
	return resp.GetCustomer().GetCustomerNo() != "", nil
}
