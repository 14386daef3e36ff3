// Package promotions holds the cart's Promotions port until it talks to the promotion service:
// a fixed set of promotions, for tests and for running the cart alone. The gRPC adapter over
// checkout.promotion.v1 (ListPromotions with include_manual) replaces it in the composition root.
package promotions

import (
	"context"

	"github.com/hostcart/checkout/services/cart/domain"
)

// Static knows the promotions it was built with, by normalised code.
type Static map[string]domain.Promotion

// NewStatic indexes ps by their normalised codes.
func NewStatic(ps ...domain.Promotion) Static {
	s := make(Static, len(ps))
	for _, p := range ps {
		p.Code = domain.NormalizeCode(p.Code)
		s[p.Code] = p
	}
	return s
}

// Lookup returns the known promotions among codes.
func (s Static) Lookup(_ context.Context, codes []string) (map[string]domain.Promotion, error) {
	out := make(map[string]domain.Promotion, len(codes))
	for _, c := range codes {
		if p, ok := s[domain.NormalizeCode(c)]; ok {
			out[p.Code] = p
		}
	}
	return out, nil
}
