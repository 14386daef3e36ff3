package promotions

import (
	"context"
	"testing"

	"github.com/hostcart/checkout/libs/go/pricing"
	"github.com/hostcart/checkout/services/cart/domain"
)

func TestStatic(t *testing.T) {
	s := NewStatic(domain.Promotion{Code: " spring25 ", Kind: pricing.Percentage, Percent: 25})
	got, err := s.Lookup(context.Background(), []string{"SPRING25", "spring25", "unknown"})
	if err != nil || len(got) != 1 || got["SPRING25"].Percent != 25 {
		t.Errorf("lookup = %v, %v", got, err)
	}
}
