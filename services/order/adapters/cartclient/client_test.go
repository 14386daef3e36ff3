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

// The order keeps what the confirm page printed: a hide_in_cart addon stays hidden (issue 23's
// "Monitoring-Agent" in the mail), a hidden zero price stays hidden, each line's presentation and
// the cart's are copied as sent.
func TestConvertKeepsTheDisplay(t *testing.T) {
	pres := &cartv1.LinePresentation{UnitMonths: 1, UnitCents: 951, PerMonthCents: 951, IntervalCents: 11412, TermMonths: 12, RegularCents: 11412,
		DiscountCents: 2380, FirstTermCents: 9032, DueTodayCents: 9032, RenewalUnitCents: 951, RenewalFromMonth: 13, NetCents: 7590, VatCents: 1442, GrossCents: 9032}
	p := &cartv1.PricedCart{PricesWithVat: true, Items: []*cartv1.PricedItem{{
		RowId: "r1",
		Product: &cartv1.PricedLine{Id: 7, Name: "Webhosting M", MaturityMonths: 12, IntervalMonths: 12, VatPercent: 19, CancelationPeriod: 90,
			Price: &cartv1.LinePrice{ShowPrice: true, TotalGrossCents: 9032, Presentation: pres}},
		Addons: []*cartv1.PricedLine{{Id: 1210, Name: "Monitoring-Agent", HideInCart: true, MaturityMonths: 12, IntervalMonths: 12,
			Price: &cartv1.LinePrice{OneTime: true, Presentation: &cartv1.LinePresentation{OneTime: true, UnitMonths: 1, TermMonths: 12}}}},
		Domains: []*cartv1.PricedDomain{{Name: "muster.de", Inclusive: true, Price: &cartv1.LinePrice{Presentation: &cartv1.LinePresentation{UnitMonths: 12}}}},
	}}, Totals: &cartv1.Totals{TotalGrossCents: 9032, Presentation: &cartv1.CartPresentation{SubtotalCents: 11412, DiscountCents: 2380,
		FirstTermCents: 9032, FirstTermMonths: 12, DueTodayCents: 9032, RenewalMonthlyCents: 951, RenewalFromMonth: 13, NetCents: 7590, VatCents: 1442, GrossCents: 9032}}}
	got := Convert(p)
	if len(got.Lines) != 3 {
		t.Fatalf("lines %+v", got.Lines)
	}
	product, agent, dom := got.Lines[0].Display, got.Lines[1].Display, got.Lines[2].Display
	if product == nil || product.Hidden || product.HidePrice || product.MaturityMonths != 12 || product.IntervalMonths != 12 ||
		product.Figures.UnitCents != 951 || product.Figures.DiscountCents != 2380 || product.Figures.FirstTermCents != 9032 || product.Figures.RenewalFromMonth != 13 {
		t.Fatalf("product display %+v", product)
	}
	// The notice the confirm page worded the contract terms with, for the confirmation mail.
	if product.CancelationDays == nil || *product.CancelationDays != 90 {
		t.Fatalf("product notice %v", product.CancelationDays)
	}
	if agent == nil || !agent.Hidden || !agent.HidePrice {
		t.Fatalf("agent display %+v", agent)
	}
	if dom == nil || !dom.Inclusive || dom.Figures.UnitMonths != 12 {
		t.Fatalf("domain display %+v", dom)
	}
	d := got.Totals.Display
	if d == nil || !d.PricesWithVAT || d.Figures.SubtotalCents-d.Figures.DiscountCents != d.Figures.FirstTermCents || d.Figures.GrossCents != 9032 {
		t.Fatalf("totals display %+v", d)
	}
}
