package service

import (
	"errors"
	"testing"
)

// Issues 20 and 22: Alpenhost's existing customers (its cloud-panel users, seed customer 200001)
// order too, so the brand check runs both ways: Alpenhost's customer in Hostwerk's shop and
// Hostwerk's (100001) in Alpenhost's are refused with order.customer_other_brand and nothing is
// placed; each orders in its own brand's shop.
func TestPlacementChecksTheCustomersBrandBothWays(t *testing.T) {
	for _, c := range []struct {
		no         string
		own, other int32
	}{{"200001", 2, 1}, {"100001", 1, 2}} {
		f := newFixture(t)
		f.customers.c.CustomerNo, f.customers.c.BrandID = c.no, c.own
		if _, err := f.svc.PlaceOrder(sessOfBrand("s1", c.other), PlaceInput{IdempotencyKey: "k1", Feedback: consent()}); !errors.Is(err, ErrCustomerOtherBrand) {
			t.Fatalf("customer %s of brand %d ordering from brand %d: %v", c.no, c.own, c.other, err)
		}
		if n := countOrders(t, f.store); n != 0 {
			t.Fatalf("customer %s in the other brand's shop: %d orders placed", c.no, n)
		}
		o, err := f.svc.PlaceOrder(sessOfBrand("s1", c.own), PlaceInput{IdempotencyKey: "k2", Feedback: consent()})
		if err != nil || o.BrandID != c.own || o.Customer.CustomerNo != c.no || o.Customer.BrandID != c.own {
			t.Fatalf("customer %s in its own brand's shop: %+v, %v", c.no, o.Customer, err)
		}
	}
}
