// Package customerclient is the cart's CustomerVAT port over the customer service: the VAT rate
// the session's customer pays (GetSessionVat), which the priced view applies to every line when
// it differs from the brand's own (another EU state's rate, reverse charge, export).
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

// SessionVAT answers the session's rate, or nil when the brand's own rates apply.
func (cl *Client) SessionVAT(ctx context.Context) (*domain.SessionVAT, error) {
	resp, err := cl.c.GetSessionVat(ctx, &customerv1.GetSessionVatRequest{})
	if err != nil {
		return nil, fmt.Errorf("session vat: %w", err)
	}
	if resp.GetReason() == DomesticReason || resp.GetReason() == "" {
		return nil, nil
	}
	return &domain.SessionVAT{Percent: resp.GetVatPercent(), Reason: resp.GetReason(), CountryCode: resp.GetCountryCode()}, nil
}
