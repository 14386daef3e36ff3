package cartapi

import (
	"testing"

	"google.golang.org/protobuf/proto"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

func TestStripPricesLeavesNoAmount(t *testing.T) {
	price := func() *cartv1.LinePrice {
		return &cartv1.LinePrice{OneTime: true, DisplayCents: 999, ShowPrice: true, MonthlyNetCents: 1, TotalGrossCents: 2, ContractDisplayCents: 3}
	}
	promo := &cartv1.LinePromotion{Code: "SPRING", Applied: true, DiscountNetCents: 100, DiscountLabel: "-10 %"}
	p := &cartv1.PricedCart{
		Totals:          &cartv1.Totals{TotalGrossCents: 5000, MonthlyDisplayCents: 900},
		CheckoutBlocked: true, ItemCount: 1, RequiredAgreements: []string{"gtc_agreement"},
		Items: []*cartv1.PricedItem{{
			RowId: "r1", TotalNetCents: 1, TotalGrossCents: 2, TotalDisplayCents: 3, MissingDomain: true,
			Product: &cartv1.PricedLine{Id: 7, Name: "Web S", MaturityMonths: 12, Price: price(), Promotion: promo},
			Addons:  []*cartv1.PricedLine{{Id: 8, Price: price()}},
			Upsells: []*cartv1.PricedLine{{Id: 9, Price: price(), Promotion: promo}},
			Domains: []*cartv1.PricedDomain{{Name: "example.de", Price: price(), Promotion: promo}},
		}},
	}
	StripPrices(p)
	want := &cartv1.PricedCart{
		Totals:          &cartv1.Totals{},
		CheckoutBlocked: true, ItemCount: 1, RequiredAgreements: []string{"gtc_agreement"},
		Items: []*cartv1.PricedItem{{
			RowId: "r1", MissingDomain: true,
			Product: &cartv1.PricedLine{Id: 7, Name: "Web S", MaturityMonths: 12, Price: &cartv1.LinePrice{OneTime: true}},
			Addons:  []*cartv1.PricedLine{{Id: 8, Price: &cartv1.LinePrice{OneTime: true}}},
			Upsells: []*cartv1.PricedLine{{Id: 9, Price: &cartv1.LinePrice{OneTime: true}}},
			Domains: []*cartv1.PricedDomain{{Name: "example.de", Price: &cartv1.LinePrice{OneTime: true}}},
		}},
	}
	if !proto.Equal(p, want) {
		t.Errorf("stripped = %v\nwant %v", p, want)
	}
	StripPrices(nil) // an answer without a priced view must not panic
}
