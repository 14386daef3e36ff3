package domain

import (
	"fmt"
	"testing"

	"github.com/hostcart/checkout/libs/go/pricing"
)

var (
	spring25 = Promotion{Code: "SPRING25", Target: TargetProduct, Kind: pricing.Percentage, Percent: 25, DiscountLabel: "Spring sale", AppliesTo: AppliesTo{Type: "all"}}
	fixed10  = Promotion{Code: "FIXED10", Target: TargetProduct, Kind: pricing.Fixed, ValueCents: 1000, RecursFor: 2, AppliesTo: AppliesTo{Type: "ids", IDs: []int32{1001}}}
	onlyM    = Promotion{Code: "ONLYM", Target: TargetProduct, Kind: pricing.Percentage, Percent: 50, AppliesTo: AppliesTo{Type: "ids", IDs: []int32{1002}}}
	promos   = map[string]Promotion{"SPRING25": spring25, "FIXED10": fixed10, "ONLYM": onlyM}
)

// pricedHostingCart: Hosting S for 24 months (449/month, interval 12) with storage (100/month),
// its auto-assigned free addons, the included shop.de and extra.de (99/month).
func pricedHostingCart(t *testing.T, code string) (Cart, Env) {
	t.Helper()
	env := testEnv()
	var c Cart
	row := mustAdd(t, &c, env, 1001)
	if err := c.AddAddon(env, AddAddon{RowID: row, AddonID: 1201}); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"shop.de", "extra.de"} {
		if _, err := c.AddDomain(env, row, Domain{Name: d}); err != nil {
			t.Fatal(err)
		}
	}
	c.Items[0].Product.Promotion = code
	c.Tidy(env)
	return c, env
}

func TestPriceWithVAT(t *testing.T) {
	c, env := pricedHostingCart(t, "SPRING25")
	pc := Price(c, env, BrandSettings{PricesWithVAT: true}, promos)
	if len(pc.Items) != 1 {
		t.Fatalf("%d items", len(pc.Items))
	}
	it := pc.Items[0]
	p := it.Product.Price
	// 449 × 1.19 = 534.31; 449 × 24 = 10776; × 1.19 = 12823.44
	// The printed figures: 24 × 5,34 € = 128,16 € (the contract total and minimum-period price
	// too, not 449 × 24 × 1.19 = 128,23 €); 25 % of 12 printed months: 16,02 €; the total
	// is what a customer sums from them, 112,14 €, and its VAT is taken out of it (17,90 €).
	want := LinePrice{
		Display: 534, ShowPrice: true, MonthlyNet: 449, MonthlyGross: 534, MonthlyDisplay: 534,
		ContractNet: 10776, ContractGross: 12816, ContractDisplay: 12816, MinimumPeriod: 12816,
		TotalNet: 9424, TotalVAT: 1790, TotalGross: 11214, TotalDisplay: 11214,
		Presentation: pricing.LinePresentation{UnitMonths: 1, UnitCents: 534, PerMonthCents: 534, IntervalCents: 6408,
			TermMonths: 24, RegularCents: 12816, DiscountCents: 1602, FirstTermCents: 11214, DueTodayCents: 4806,
			// The first invoice's VAT taken out as the first term's is: 4806 × 19 / 119 = 767.
			DueTodayNetCents: 4039, DueTodayVATCents: 767, DueTodayGrossCents: 4806,
			RenewalUnitCents: 534, RenewalFromMonth: 25, NetCents: 9424, VATCents: 1790, GrossCents: 11214},
	}
	if p != want {
		t.Errorf("product price =\n %+v, want\n %+v", p, want)
	}
	// 25 % for 1 × 12 months: 449 × 0.75 = 336.75 → 337 (× 1.19 = 401.03); 12 × 449 × 0.25 = 1347;
	// shown as 25 % of 12 printed months of 5,34 €: 1602.
	wantPromo := LinePromotion{Code: "SPRING25", Applied: true, Kind: pricing.Percentage, PercentLabel: 25, Months: 12,
		PromotedMonthlyNet: 337, PromotedMonthlyDisplay: 401, DiscountNet: 1347, DiscountDisplay: 1602, DiscountLabel: "Spring sale",
		promotion: pricing.Promotion{Kind: pricing.Percentage, Percent: 25}}
	if it.Product.Promotion == nil || *it.Product.Promotion != wantPromo {
		t.Errorf("promotion = %+v, want %+v", it.Product.Promotion, wantPromo)
	}
	if it.Product.MaturityMonths != 24 || it.Product.IntervalMonths != 12 || it.Product.VATPercent != 19 || it.Product.Name != "Web hosting S" {
		t.Errorf("product line = %+v", it.Product)
	}

	// Addons: protection and monitoring are free and one-time by price 0; storage 100 × 24 = 2400,
	// × 1.19 = 2856.
	if len(it.Addons) != 3 {
		t.Fatalf("addons = %+v", it.Addons)
	}
	if a := it.Addons[0]; !a.Price.OneTime || a.Price.Display != 0 || !a.Price.ShowPrice || !a.NonRemovable || a.HideInCart {
		t.Errorf("protection = %+v", a)
	}
	if a := it.Addons[1]; !a.HideInCart || a.NonRemovable {
		t.Errorf("monitoring = %+v", a)
	}
	if a := it.Addons[2].Price; a.OneTime || a.Display != 119 || a.ContractNet != 2400 || a.TotalGross != 2856 {
		t.Errorf("storage = %+v", a)
	}

	// Domains over 12 months: the included one costs nothing; 99 × 12 = 1188, × 1.19 = 1413.72.
	if d := it.Domains[0]; !d.Inclusive || d.Price.TotalNet != 0 || d.Price.Display != 0 || d.TLD != "de" {
		t.Errorf("inclusive domain = %+v", d)
	}
	if d := it.Domains[1].Price; d.Display != 1414 || d.ContractNet != 1188 || d.TotalGross != 1414 || d.MonthlyNet != 99 {
		t.Errorf("extra.de = %+v", d)
	}

	// 11214 + 2856 + 1414 = 15484 gross, the sum of the printed line totals.
	wantTotals := Totals{
		MonthlyNet: 449 + 100 + 99, MonthlyGross: 534 + 119 + 118, MonthlyDisplay: 771,
		ContractNet: 10776 + 2400 + 1188, DiscountNet: 1347, DiscountDisplay: 1602,
		TotalNet: 13012, TotalVAT: 2472, TotalGross: 15484, TotalDisplay: 15484,
		Presentation: pricing.CartPresentation{SubtotalCents: 12816 + 2856 + 1414, DiscountCents: 1602, FirstTermCents: 15484,
			// The product and storage run 24 months, the domain 12: no common first term.
			DueTodayCents: 4806 + 1428 + 1414, DueTodayNetCents: 6427, DueTodayVATCents: 1221, DueTodayGrossCents: 4806 + 1428 + 1414, PerMonthCents: 534 + 119, RenewalMonthlyCents: 534 + 119, RenewalYearlyCents: 1414,
			NetCents: 13012, VATCents: 2472, GrossCents: 15484},
	}
	if pc.Totals != wantTotals {
		t.Errorf("totals =\n %+v, want\n %+v", pc.Totals, wantTotals)
	}
	if it.TotalNet != 13012 || it.TotalGross != 15484 || it.TotalDisplay != 15484 {
		t.Errorf("item totals = %d / %d / %d", it.TotalNet, it.TotalGross, it.TotalDisplay)
	}
	if fmt.Sprint(pc.RequiredAgreements) != "[gtc_agreement]" || pc.SMSValidation || pc.CheckoutBlocked || pc.ItemCount != 1 {
		t.Errorf("flags: agreements %v sms %v blocked %v count %d", pc.RequiredAgreements, pc.SMSValidation, pc.CheckoutBlocked, pc.ItemCount)
	}
}

func TestPriceWithoutVATAndHiddenZeros(t *testing.T) {
	c, env := pricedHostingCart(t, "SPRING25")
	pc := Price(c, env, BrandSettings{PricesWithVAT: false, HideZeroPricesInCart: true}, promos)
	it := pc.Items[0]
	if p := it.Product.Price; p.Display != 449 || p.MonthlyDisplay != 449 || p.ContractDisplay != 10776 || p.TotalDisplay != 9429 || p.TotalGross != 11221 || p.TotalNet != 9429 {
		t.Errorf("net display = %+v", p)
	}
	// The discount shown net: 12 × 449 × 25 % = 1347.
	if pr := it.Product.Promotion; pr.DiscountDisplay != 1347 || pr.PromotedMonthlyDisplay != 337 {
		t.Errorf("promotion = %+v", pr)
	}
	if it.Addons[0].Price.ShowPrice || it.Domains[0].Price.ShowPrice || !it.Addons[2].Price.ShowPrice {
		t.Errorf("zero prices shown: %+v / %+v", it.Addons[0].Price, it.Domains[0].Price)
	}
	if pc.Totals.TotalDisplay != 13017 || pc.Totals.MonthlyDisplay != 648 || pc.Totals.DiscountDisplay != 1347 {
		t.Errorf("totals = %+v", pc.Totals)
	}
}

func TestPricePromotionsThatDoNotApply(t *testing.T) {
	for _, code := range []string{"ONLYM", "UNKNOWN"} {
		c, env := pricedHostingCart(t, code)
		pc := Price(c, env, BrandSettings{PricesWithVAT: true}, promos)
		it := pc.Items[0]
		if pr := it.Product.Promotion; pr == nil || pr.Applied || pr.Code != code || pr.DiscountNet != 0 {
			t.Errorf("%s: promotion = %+v", code, pr)
		}
		// Printed: 24 × 5,34 € + 24 × 1,19 € + 14,14 €, without discount.
		if pc.Totals.TotalGross != 17086 || pc.Totals.DiscountNet != 0 || pc.Totals.Presentation.DiscountCents != 0 {
			t.Errorf("%s: totals = %+v", code, pc.Totals)
		}
	}
}

func TestPriceFixedPromotion(t *testing.T) {
	env := testEnv()
	var c Cart
	_, _, _ = c.AddProduct(env, AddProduct{ProductID: 1001, MaturityID: 100101})
	c.Items[0].Product.Promotion = "FIXED10"
	pc := Price(c, env, BrandSettings{PricesWithVAT: true}, promos)
	pr := pc.Items[0].Product.Promotion
	// 10.00 off over 2 × 1 months: (699 × 2 − 1000) / 2 = 199; discount 1000, 11,90 € gross, of
	// which the 1-month first term gets half: 5,95 €.
	if !pr.Applied || pr.Months != 2 || pr.PromotedMonthlyNet != 199 || pr.DiscountNet != 1000 || pr.DiscountDisplay != 595 || pr.ValueCents != 1000 {
		t.Errorf("fixed promotion = %+v", pr)
	}
	// 8,32 € − 5,95 € = 2,37 €.
	if p := pc.Items[0].Product.Price; p.TotalGross != 237 || p.Presentation.FirstTermCents != 237 {
		t.Errorf("total = %+v", p)
	}
}

func TestPriceBlockers(t *testing.T) {
	env := testEnv()
	var c Cart
	wp := mustAdd(t, &c, env, 1011)
	srv, _, err := c.AddProduct(env, AddProduct{ProductID: 1021, MaturityID: 102101})
	if err != nil {
		t.Fatal(err)
	}
	pc := Price(c, env, BrandSettings{PricesWithVAT: true}, nil)
	w := pc.Items[0]
	// Domain required and none; the title is required, the e-mail postponed.
	if !w.MissingDomain || fmt.Sprint(w.Product.MissingFieldIDs) != "[31]" || !pc.CheckoutBlocked {
		t.Errorf("WordPress blockers: domain %v fields %v blocked %v", w.MissingDomain, w.Product.MissingFieldIDs, pc.CheckoutBlocked)
	}
	if fmt.Sprint(pc.RequiredAgreements) != "[mca_agreement]" || !pc.SMSValidation {
		t.Errorf("agreements %v, sms %v", pc.RequiredAgreements, pc.SMSValidation)
	}
	// Server: monthly 3990 (× 1.19 = 4748.1) plus 99.00 setup: 13890 net, × 1.19 = 16529.1.
	s := pc.Items[1].Product.Price
	if s.Display != 4748 || s.SetupNet != 9900 || s.SetupDisplay != 11781 || s.TotalNet != 13890 || s.TotalGross != 16529 {
		t.Errorf("server price = %+v", s)
	}

	_, _ = c.AddDomain(env, wp, Domain{Name: "blog.de"})
	_ = c.SetFields(env, LineRef{RowID: wp, Kind: LineProduct}, []FieldValue{{FieldID: 31, Value: "Blog"}})
	_ = c.RemoveItem(env, srv)
	if pc := Price(c, env, BrandSettings{}, nil); pc.CheckoutBlocked || pc.Items[0].MissingDomain {
		t.Errorf("still blocked: %+v", pc.Items[0])
	}

	// An addon whose period no longer goes with the product's marks its item invalid.
	row := mustAdd(t, &c, env, 1001)
	_ = c.AddAddon(env, AddAddon{RowID: row, AddonID: 1201})
	c.Items[1].Addons[2].MaturityID, c.Items[1].Addons[2].IntervalID = 120101, iv1.ID
	if pc := Price(c, env, BrandSettings{}, nil); !pc.Items[1].Invalid || !pc.CheckoutBlocked || pc.Items[0].Invalid {
		t.Errorf("invalid item not flagged: %+v", pc.Items[1])
	}
	if pc := Price(Cart{}, env, BrandSettings{}, nil); !pc.CheckoutBlocked || pc.ItemCount != 0 {
		t.Error("an empty cart can check out")
	}
}

// The customer's tax position replaces every line's rate: 20 % for an Austrian consumer, 0 % for a
// company under reverse charge; gross amounts follow, and the nets stay but for the cents of
// rounding the printed gross units (the printed figures are the price on a gross brand).
func TestPriceWithTheSessionVAT(t *testing.T) {
	c, env := pricedHostingCart(t, "")
	brandRate := Price(c, env, BrandSettings{PricesWithVAT: true}, promos)
	twenty, zero := 20.0, 0.0
	austrian := Price(c, env, BrandSettings{PricesWithVAT: true, SessionVAT: &twenty}, promos)
	reverse := Price(c, env, BrandSettings{PricesWithVAT: true, SessionVAT: &zero}, promos)

	b, a, r := brandRate.Items[0], austrian.Items[0], reverse.Items[0]
	if b.Product.VATPercent != 19 || a.Product.VATPercent != 20 || r.Product.VATPercent != 0 {
		t.Fatalf("rates %v %v %v", b.Product.VATPercent, a.Product.VATPercent, r.Product.VATPercent)
	}
	// 449 net a month: 534 gross at 19 %, 539 at 20 %, 449 at 0 %.
	if b.Product.Price.MonthlyGross != 534 || a.Product.Price.MonthlyGross != 539 || r.Product.Price.MonthlyGross != 449 {
		t.Fatalf("monthly gross %d %d %d", b.Product.Price.MonthlyGross, a.Product.Price.MonthlyGross, r.Product.Price.MonthlyGross)
	}
	for _, pc := range []PricedCart{brandRate, austrian, reverse} {
		if d := pc.Totals.TotalNet - brandRate.Totals.TotalNet; d < -20 || d > 20 {
			t.Fatalf("net total moved with the VAT: %d vs %d", pc.Totals.TotalNet, brandRate.Totals.TotalNet)
		}
	}
	if r.Domains[1].VATPercent != 0 || r.Domains[1].Price.TotalVAT != 0 || reverse.Totals.TotalVAT != 0 {
		t.Fatalf("reverse charge still taxes: domain %+v, total VAT %d", r.Domains[1], reverse.Totals.TotalVAT)
	}
	if austrian.Totals.TotalGross <= brandRate.Totals.TotalGross {
		t.Fatalf("20 %% gross %d not above 19 %% gross %d", austrian.Totals.TotalGross, brandRate.Totals.TotalGross)
	}
}

// Every product of the test catalogue on each of its terms, with each test promotion and a paid
// domain: the cart's printed figures add up (issue 23): line totals are their presentation's,
// the cart's presentation sums them, subtotal − discount is the first-term total, and the amounts
// the order charges (total_*) are those figures.
func TestPricedFiguresAddUp(t *testing.T) {
	env := testEnv()
	checked := 0
	for id, p := range env.Catalog {
		for _, m := range p.Maturities {
			for _, code := range []string{"", "SPRING25", "FIXED10", "ONLYM"} {
				for _, withVAT := range []bool{true, false} {
					var c Cart
					row, _, err := c.AddProduct(env, AddProduct{ProductID: id, MaturityID: m.ID})
					if err != nil {
						continue
					}
					_, _ = c.AddDomain(env, row, Domain{Name: "paid-figures.de"})
					c.Items[0].Product.Promotion = code
					pc := Price(c, env, BrandSettings{PricesWithVAT: withVAT}, promos)
					checkPricedAddsUp(t, fmt.Sprintf("%d/%d/%s/%v", id, m.ID, code, withVAT), pc)
					checked++
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d carts checked", checked)
	}
}

func checkPricedAddsUp(t *testing.T, name string, pc PricedCart) {
	t.Helper()
	p := pc.Totals.Presentation
	var first, gross, discount int64
	for _, it := range pc.Items {
		lines := append([]LinePrice{it.Product.Price}, pricesOf(it.Addons)...)
		lines = append(lines, pricesOf(it.Upsells)...)
		for _, d := range it.Domains {
			lines = append(lines, d.Price)
		}
		var itemDisplay int64
		for _, lp := range lines {
			lpp := lp.Presentation
			if lp.TotalDisplay != lpp.FirstTermCents || lp.TotalGross != lpp.GrossCents || lp.TotalNet+lp.TotalVAT != lp.TotalGross {
				t.Errorf("%s: line total %+v is not its presentation %+v", name, lp, lpp)
			}
			if lpp.FirstTermCents != lpp.RegularCents+lpp.SetupCents-lpp.DiscountCents {
				t.Errorf("%s: line does not add up: %+v", name, lpp)
			}
			first += lpp.FirstTermCents
			gross += lpp.GrossCents
			discount += lpp.DiscountCents
			itemDisplay += lp.TotalDisplay
		}
		if it.TotalDisplay != itemDisplay {
			t.Errorf("%s: item total %d, lines %d", name, it.TotalDisplay, itemDisplay)
		}
	}
	if p.FirstTermCents != first || p.GrossCents != gross || p.DiscountCents != discount || p.SubtotalCents-p.DiscountCents != p.FirstTermCents {
		t.Errorf("%s: cart %+v, lines first %d gross %d discount %d", name, p, first, gross, discount)
	}
	if pc.Totals.TotalGross != p.GrossCents || pc.Totals.TotalDisplay != p.FirstTermCents || pc.Totals.DiscountDisplay != p.DiscountCents {
		t.Errorf("%s: totals %+v are not the presentation's", name, pc.Totals)
	}
}

func pricesOf(lines []PricedLine) []LinePrice {
	out := make([]LinePrice, len(lines))
	for i, l := range lines {
		out[i] = l.Price
	}
	return out
}
