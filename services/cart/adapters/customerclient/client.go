// Package customerclient is the cart's Customers port over the customer service: the VAT rate the
// session's customer pays, which the priced view applies to every line when it differs from the
// brand's own (another EU state's rate, reverse charge, export), and whether the session signed in
// from the cloud control panel (no automatic promotions). GetSessionVat answers both, so the cart
// makes one call. It is the CustomerNumbers port too: the customer number a session is signed in
// as, which decides who is told a contract transfer's holder.
package customerclient

import (
	"context"
	"fmt"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/services/cart/domain"
)

// DomesticReason is the customer service's reason for the brand's own rate.
const DomesticReason = "domestic"

// Client implements the port.
type Client struct {
	c customerv1.CustomerServiceClient
}

// New returns the port over c.
func New(c customerv1.CustomerServiceClient) *Client { return &Client{c: c} }

// SessionCustomer answers the session's rate (nil when the brand's own rates apply) and whether
// it is a panel user's.
func (cl *Client) SessionCustomer(ctx context.Context) (domain.SessionCustomer, error) {
	resp, err := cl.c.GetSessionVat(ctx, &customerv1.GetSessionVatRequest{})
	if err != nil {
		return domain.SessionCustomer{}, fmt.Errorf("session vat: %w", err)
	}
	out := domain.SessionCustomer{Panel: resp.GetPanelSignIn()}
	if r := resp.GetReason(); r != DomesticReason && r != "" {
		out.VAT = &domain.SessionVAT{Percent: resp.GetVatPercent(), Reason: r, CountryCode: resp.GetCountryCode()}
	}
	return out, nil
}

// SessionCustomerNo answers the customer number the session is signed in as; empty for a
// visitor's session. The cart asks it only when a contract transfer names its holder's number.
func (cl *Client) SessionCustomerNo(ctx context.Context) (string, error) {
	resp, err := cl.c.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{})
	if err != nil {
		return "", fmt.Errorf("session customer: %w", err)
	}
	return resp.GetCustomer().GetCustomerNo(), nil
}
