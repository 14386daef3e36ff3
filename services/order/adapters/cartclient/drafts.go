package cartclient

import (
	"context"
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

// The draft calls are made as a sales agent: the order service's draft use cases stand for the
// admin panel, and only they reach these methods.

// CreateDraftCart stores cart as the session's draft cart, every item preconfigured.
func (cl *Client) CreateDraftCart(ctx context.Context, cart []byte) ([]byte, int, error) {
	in := &cartv1.Cart{}
	if err := protojson.Unmarshal(cart, in); err != nil {
		return nil, 0, fmt.Errorf("draft cart: %w", err)
	}
	in.IsDraft, in.Version = true, 0
	for _, it := range in.GetItems() {
		it.IsPreconfigured = true
	}
	resp, err := cl.c.ReplaceCart(ctx, &cartv1.ReplaceCartRequest{Cart: in, IsSalesAgent: true})
	if err != nil {
		return nil, 0, fmt.Errorf("draft cart: %w", err)
	}
	out, err := protojson.Marshal(resp.GetCart())
	if err != nil {
		return nil, 0, fmt.Errorf("draft cart: %w", err)
	}
	return out, len(resp.GetCart().GetItems()), nil
}

// CartJSON answers the session's cart.
func (cl *Client) CartJSON(ctx context.Context) ([]byte, error) {
	resp, err := cl.c.GetCart(ctx, &cartv1.GetCartRequest{})
	if err != nil {
		return nil, fmt.Errorf("cart: %w", err)
	}
	out, err := protojson.Marshal(resp.GetCart())
	if err != nil {
		return nil, fmt.Errorf("cart: %w", err)
	}
	return out, nil
}

// ClearAsAgent empties the session's cart, preconfigured items included.
func (cl *Client) ClearAsAgent(ctx context.Context) error {
	if _, err := cl.c.ClearCart(ctx, &cartv1.ClearCartRequest{IsSalesAgent: true}); err != nil {
		return fmt.Errorf("clear draft cart: %w", err)
	}
	return nil
}
