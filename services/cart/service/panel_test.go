package service

import (
	"context"
	"fmt"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/cart/domain"
)

// fakeCustomers is the customer service's answer about the session, counting the calls.
type fakeCustomers struct {
	answer domain.SessionCustomer
	err    error
	calls  int
}

func (f *fakeCustomers) SessionCustomer(context.Context) (domain.SessionCustomer, error) {
	f.calls++
	return f.answer, f.err
}

func newCustomerFixture(answer domain.SessionCustomer) (*service, *fakeCatalog, *rulePromotions, *fakeCustomers) {
	svc, cat, _, promos := newPromotionFixture(true)
	customers := &fakeCustomers{answer: answer}
	svc.Customers = customers
	return svc, cat, promos, customers
}

// A panel user's cart (spec §4 "Promotions": automatic promotions skip cloud-sign-in data) gets
// no automatic promotion, while manual codes keep their rules.
func TestPanelSessionGetsNoAutomaticPromotions(t *testing.T) {
	svc, _, promos, customers := newCustomerFixture(domain.SessionCustomer{Panel: true})
	ctx := call("panel")
	res, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Cart.Items[0].Product.Promotion; got != "" || len(promos.calls) != 0 || customers.calls != 1 {
		t.Fatalf("panel cart: code %q, promotion calls %v, customer calls %d", got, promos.calls, customers.calls)
	}
	// The priced view reuses the answer the promotion step got: one customer call in all.
	customers.calls = 0
	pc, _, err := svc.GetPricedCart(ctx)
	if err != nil || pc.Items[0].Product.Promotion != nil || pc.Totals.DiscountNet != 0 || pc.VATUnavailable || customers.calls != 1 {
		t.Fatalf("priced panel cart: %+v, %v, customer calls %d", pc.Totals, err, customers.calls)
	}
	// A manual code is redeemed and kept as for anyone else.
	promos.calls = nil
	red, err := svc.RedeemPromotionCode(ctx, "welcome", false)
	if err != nil || red.Cart.Items[0].Product.Promotion != "WELCOME" {
		t.Fatalf("redeem on a panel cart: %+v, %v", red.Cart.Items, err)
	}
	got, err := svc.GetCart(ctx)
	if err != nil || got.Cart.Items[0].Product.Promotion != "WELCOME" || fmt.Sprint(promos.calls) != "[redeem revalidate revalidate]" {
		t.Fatalf("manual code on a panel cart: %+v, %v, calls %v", got.Cart.Items, err, promos.calls)
	}
}

// The same cart of a visitor gets the automatic promotion, and the customer's rate prices it.
func TestVisitorSessionKeepsAutomaticPromotions(t *testing.T) {
	svc, _, promos, customers := newCustomerFixture(domain.SessionCustomer{VAT: &domain.SessionVAT{Percent: 20, Reason: "destination", CountryCode: "AT"}})
	ctx := call("visitor")
	res, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if err != nil || res.Cart.Items[0].Product.Promotion != "AUTO" || fmt.Sprint(promos.calls) != "[automatic]" {
		t.Fatalf("visitor cart: %+v, %v, calls %v", res.Cart.Items, err, promos.calls)
	}
	customers.calls = 0
	pc, _, err := svc.GetPricedCart(ctx)
	if err != nil || !pc.Items[0].Product.Promotion.Applied || pc.Totals.DiscountNet != 1200 || pc.SessionVAT == nil ||
		pc.SessionVAT.Percent != 20 || pc.VATUnavailable || customers.calls != 1 {
		t.Fatalf("priced visitor cart: %+v (vat %+v), %v, customer calls %d", pc.Totals, pc.SessionVAT, err, customers.calls)
	}
}

// A session that signs in from the panel after its cart got an automatic promotion loses it on
// the next recompute; the manual code on the other line stays. After the logout it comes back.
func TestPanelSignInDropsTheCartsAutomaticPromotions(t *testing.T) {
	svc, _, promos, customers := newCustomerFixture(domain.SessionCustomer{})
	ctx := call("s")
	if _, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.RedeemPromotionCode(ctx, "welcome", false); err != nil {
		t.Fatal(err)
	}
	before, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if err != nil || before.Cart.Items[0].Product.Promotion != "WELCOME" || before.Cart.Items[1].Product.Promotion != "AUTO" {
		t.Fatalf("before the panel sign-in: %+v, %v", before.Cart.Items, err)
	}
	customers.answer.Panel = true
	promos.calls = nil
	got, err := svc.GetCart(ctx)
	if err != nil || got.Cart.Items[0].Product.Promotion != "WELCOME" || got.Cart.Items[1].Product.Promotion != "" ||
		fmt.Sprint(promos.calls) != "[revalidate]" {
		t.Fatalf("after the panel sign-in: %+v, %v, calls %v", got.Cart.Items, err, promos.calls)
	}
	customers.answer.Panel = false
	got, err = svc.GetCart(ctx)
	if err != nil || got.Cart.Items[1].Product.Promotion != "AUTO" {
		t.Fatalf("after the logout: %+v, %v", got.Cart.Items, err)
	}
}

// Without the customer service the cart keeps working as it did for everyone before panel
// sessions were told apart: automatic promotions apply, the brand's rates price it, and the view
// says the rate is unknown, so the order step refuses the total.
func TestCustomerOutageFallsBack(t *testing.T) {
	svc, _, _, customers := newCustomerFixture(domain.SessionCustomer{Panel: true})
	customers.err = fmt.Errorf("dial: %w", apperr.New(apperr.Unavailable, "customer.unavailable"))
	ctx := call("s")
	res, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if err != nil || res.Cart.Items[0].Product.Promotion != "AUTO" {
		t.Fatalf("add while the customer service is down: %+v, %v", res.Cart.Items, err)
	}
	pc, _, err := svc.GetPricedCart(ctx)
	if err != nil || !pc.VATUnavailable || pc.SessionVAT != nil || !pc.Items[0].Product.Promotion.Applied {
		t.Fatalf("priced while the customer service is down: %+v, %v", pc, err)
	}
	// Back again: the panel session's cart loses the promotion it got meanwhile.
	customers.err = nil
	got, err := svc.GetCart(ctx)
	if err != nil || got.Cart.Items[0].Product.Promotion != "" {
		t.Fatalf("after the outage: %+v, %v", got.Cart.Items, err)
	}
}

// A brand without automatic promotions treats every session alike: changes do not ask the
// customer service, only the priced view does (for the rate).
func TestNoCustomerCallWithoutAutomaticPromotions(t *testing.T) {
	svc, cat, _, customers := newCustomerFixture(domain.SessionCustomer{Panel: true})
	cat.brand.AutomaticPromotions = false
	ctx := call("s")
	if _, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false); err != nil || customers.calls != 0 {
		t.Fatalf("add: %v, customer calls %d", err, customers.calls)
	}
	if _, _, err := svc.GetPricedCart(ctx); err != nil || customers.calls != 1 {
		t.Fatalf("priced: %v, customer calls %d", err, customers.calls)
	}
}
