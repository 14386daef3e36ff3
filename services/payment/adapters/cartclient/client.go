// Package cartclient is the payment service's Carts port over the cart service: what the session's
// priced cart charges, computed by the one pricing library there, never by the browser.
package cartclient

import (
	"context"
	"fmt"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/libs/go/pricedcart"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/service"
)

// Currency of every price in the shop.
const Currency = "EUR"

// Client implements the port.
type Client struct{ c cartv1.CartServiceClient }

// New returns the port over c.
func New(c cartv1.CartServiceClient) *Client { return &Client{c: c} }

// Total is the priced cart's gross total. An empty or blocked cart, or one priced without the
// customer's VAT, cannot be paid.
func (cl *Client) Charge(ctx context.Context) (domain.Charge, error) {
	resp, err := cl.c.GetPricedCart(ctx, &cartv1.GetPricedCartRequest{})
	if err != nil {
		return domain.Charge{}, fmt.Errorf("priced cart: %w", err)
	}
	p := resp.GetPriced()
	switch {
	case len(p.GetItems()) == 0:
		return domain.Charge{}, fmt.Errorf("empty cart: %w", service.ErrCannotBeProcessed)
	case p.GetCheckoutBlocked():
		return domain.Charge{}, fmt.Errorf("cart blocked: %w", service.ErrCannotBeProcessed)
	case p.GetVatUnavailable():
		return domain.Charge{}, fmt.Errorf("cart priced without the customer's VAT: %w", service.ErrCannotBeProcessed)
	}
	return domain.Charge{Amount: domain.Money{Value: int64(p.GetTotals().GetTotalGrossCents()), Currency: Currency}, Fingerprint: pricedcart.Fingerprint(p)}, nil
}
