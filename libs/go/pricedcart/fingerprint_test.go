package pricedcart

import (
	"testing"

	"google.golang.org/protobuf/proto"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

func cart() *cartv1.PricedCart {
	return &cartv1.PricedCart{
		Cart: &cartv1.Cart{Version: 3},
		Items: []*cartv1.PricedItem{{
			RowId:   "r1",
			Product: &cartv1.PricedLine{Id: 1001, Name: "Webhosting S", MaturityId: 2, MaturityMonths: 12, IntervalId: 1, IntervalMonths: 1, VatPercent: 19, Price: &cartv1.LinePrice{TotalGrossCents: 4746, TotalNetCents: 3988}},
			Domains: []*cartv1.PricedDomain{{Name: "example.de", Tld: "de", Inclusive: true}},
		}},
		Totals: &cartv1.Totals{TotalGrossCents: 4746, TotalNetCents: 3988, TotalVatCents: 758},
	}
}

func TestFingerprintFollowsTheCharge(t *testing.T) {
	promoted := cart()
	promoted.Items[0].Product.Promotion = &cartv1.LinePromotion{Code: "AUTO-1", Applied: true, DiscountLabel: "50 % Rabatt"}
	relabelled := cart()
	relabelled.Items[0].Product.Promotion = &cartv1.LinePromotion{Code: "AUTO-1", Applied: true, DiscountLabel: "50 % off"}
	if Fingerprint(promoted) != Fingerprint(relabelled) {
		t.Error("a promotion's label in another locale altered the fingerprint")
	}
	base := Fingerprint(cart())
	if len(base) != 64 || base != Fingerprint(cart()) {
		t.Fatalf("fingerprint not stable: %q", base)
	}
	same := []func(*cartv1.PricedCart){
		func(c *cartv1.PricedCart) { c.Items[0].Product.Name = "Webhosting S (de)" }, // locale
		func(c *cartv1.PricedCart) { c.Cart.Version = 9 },                            // a field value saved
		func(c *cartv1.PricedCart) { c.Items[0].Product.MissingFieldIds = []int32{4} },
		func(c *cartv1.PricedCart) { c.ItemCount = 7 },
	}
	for i, change := range same {
		c := cart()
		change(c)
		if got := Fingerprint(c); got != base {
			t.Errorf("change %d altered the fingerprint although the charge is the same", i)
		}
	}
	differs := []func(*cartv1.PricedCart){
		func(c *cartv1.PricedCart) { c.Totals.TotalGrossCents++ },
		func(c *cartv1.PricedCart) { c.Items[0].Product.MaturityId = 3 },
		func(c *cartv1.PricedCart) { c.Items[0].Product.Id = 1002 },
		func(c *cartv1.PricedCart) { c.Items[0].Domains[0].Name = "example.com" },
		func(c *cartv1.PricedCart) { c.Items[0].Addons = append(c.Items[0].Addons, &cartv1.PricedLine{Id: 7}) },
		func(c *cartv1.PricedCart) { c.Items = append(c.Items, proto.Clone(c.Items[0]).(*cartv1.PricedItem)) },
		func(c *cartv1.PricedCart) {
			c.Items[0].Product.Promotion = &cartv1.LinePromotion{Code: "AUTO-1", Applied: true}
		},
	}
	for i, change := range differs {
		c := cart()
		change(c)
		if got := Fingerprint(c); got == base {
			t.Errorf("change %d kept the fingerprint although the charge differs", i)
		}
	}
	// The input is not changed.
	c := cart()
	Fingerprint(c)
	if c.Items[0].Product.Name != "Webhosting S" {
		t.Error("fingerprint changed its input")
	}
}
