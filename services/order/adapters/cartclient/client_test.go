package cartclient

import (
	"reflect"
	"testing"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/libs/go/pricedcart"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/service"
)

func TestConvert(t *testing.T) {
	p := &cartv1.PricedCart{
		Items: []*cartv1.PricedItem{{
			RowId:   "r1",
			Product: &cartv1.PricedLine{Id: 7, Name: "Web M", MaturityId: 2, IntervalId: 3, VatPercent: 19, Price: &cartv1.LinePrice{TotalNetCents: 1000, TotalGrossCents: 1190, SetupFeeNetCents: 100}},
			Addons:  []*cartv1.PricedLine{{Id: 9, Name: "SSL", VatPercent: 19, Price: &cartv1.LinePrice{TotalNetCents: 200, TotalGrossCents: 238}, Promotion: &cartv1.LinePromotion{Code: "X", Applied: false}}},
			Domains: []*cartv1.PricedDomain{{Name: "example.de", VatPercent: 19, Price: &cartv1.LinePrice{TotalNetCents: 50, TotalGrossCents: 60}, Promotion: &cartv1.LinePromotion{Code: "DOM", Applied: true, DiscountNetCents: 50}}},
		}},
		Totals:             &cartv1.Totals{TotalNetCents: 1250, TotalVatCents: 238, TotalGrossCents: 1488},
		RequiredAgreements: []string{"mca_agreement"},
		SmsValidation:      true,
	}
	want := service.PricedCart{
		Lines: []domain.Line{
			{Item: "r1", Kind: "product", RefID: 7, Name: "Web M", MaturityID: 2, IntervalID: 3, VATPercent: 19, NetCents: 1000, GrossCents: 1190, SetupNet: 100},
			{Item: "r1", Kind: "addon", RefID: 9, Name: "SSL", VATPercent: 19, NetCents: 200, GrossCents: 238},
			{Item: "r1", Kind: "domain", Name: "example.de", VATPercent: 19, NetCents: 50, GrossCents: 60, DiscountNet: 50, Promotion: "DOM"},
		},
		Totals:             domain.Totals{NetCents: 1250, VATCents: 238, GrossCents: 1488, Currency: "EUR"},
		RequiredAgreements: []string{"mca_agreement"},
		SMSValidation:      true,
	}
	// The fingerprint is the shared one of what the cart charges (libs/go/pricedcart).
	want.Fingerprint = pricedcart.Fingerprint(p)
	want.Items = Items(p)
	if got := Convert(p); !reflect.DeepEqual(got, want) || got.Fingerprint == "" {
		t.Fatalf("Convert =\n%+v\nwant\n%+v", got, want)
	}
	p.Items[0].MissingDomain = true
	if !Convert(p).Blocked {
		t.Fatal("an item missing its domain does not block")
	}
	if got := Convert(nil); len(got.Lines) != 0 || got.Blocked {
		t.Fatalf("nil cart: %+v", got)
	}
}
