// Package orderclient is the payment service's Orders port over the order service: which payment
// references paid an order (order_payment_refs) and which SEPA mandates their order carries, for
// the reconciliation.
package orderclient

import (
	"context"
	"fmt"

	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	"github.com/hostcart/checkout/services/payment/domain"
)

// Client implements the port.
type Client struct{ c orderv1.OrderServiceClient }

// New returns the port over c.
func New(c orderv1.OrderServiceClient) *Client { return &Client{c: c} }

// PaidReferences asks the order service which of refs paid an order (a SEPA mandate, provider
// sepa: whether the order it was recorded for, OrderID, exists and carries it).
func (cl *Client) PaidReferences(ctx context.Context, refs []domain.PaymentRef) (map[domain.PaymentRef]bool, error) {
	req := &orderv1.ListPaidReferencesRequest{}
	for _, r := range refs {
		req.References = append(req.References, &orderv1.PaymentReference{Provider: r.Provider, Reference: r.Reference, OrderId: r.OrderID})
	}
	resp, err := cl.c.ListPaidReferences(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("paid references: %w", err)
	}
	paid := make(map[[2]string]bool, len(resp.GetPaid()))
	for _, p := range resp.GetPaid() {
		paid[[2]string{p.GetProvider(), p.GetReference()}] = true
	}
	out := make(map[domain.PaymentRef]bool, len(refs))
	for _, r := range refs {
		if paid[[2]string{r.Provider, r.Reference}] {
			out[r] = true
		}
	}
	return out, nil
}
