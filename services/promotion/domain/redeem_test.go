package domain_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/promotion/domain"
)

func TestRedeem(t *testing.T) {
	withAddons := func(it domain.Item, ls ...domain.Line) domain.Item { it.Addons = ls; return it }
	withUpsells := func(it domain.Item, ls ...domain.Line) domain.Item { it.Upsells = ls; return it }
	withDomains := func(it domain.Item, ds ...domain.Domain) domain.Item { it.Domains = ds; return it }
	freeProduct := domain.Item{RowID: "r9", Product: domain.Line{ID: 1041, MaturityMonths: 12, IntervalMonths: 12}}

	tests := []struct {
		name      string
		p         domain.Promotion
		items     []domain.Item
		want      []string
		different bool
	}{
		{
			"first matching product, other products cleared", welcome,
			[]domain.Item{hosting("r1", 1001, 12, "AUTO-FIXED-12"), hosting("r2", 1002, 24, "HOSTING24")},
			[]string{"WELCOME10", ""}, true,
		},
		{
			"skips products it does not fit", hosting24,
			[]domain.Item{hosting("r1", 1001, 12, "AUTO-FIXED-12"), hosting("r2", 1002, 24, "")},
			[]string{"", "HOSTING24"}, false,
		},
		{
			"replacing only an automatic code is no different coupon", welcome,
			[]domain.Item{hosting("r1", 1001, 12, "AUTO-FIXED-12")},
			[]string{"WELCOME10"}, false,
		},
		{
			"redeeming the applied code again changes nothing", welcome,
			[]domain.Item{hosting("r1", 1001, 12, "WELCOME10")},
			[]string{"WELCOME10"}, false,
		},
		{
			"addon when no product fits", storage,
			[]domain.Item{withAddons(hosting("r1", 1002, 12, "AUTO-X"), line(1202, 12, 400, ""), line(1201, 12, 100, ""))},
			[]string{"AUTO-X", "", "STORAGE"}, false,
		},
		{
			"product promotion falls through to an addon (for_addon)", welcome,
			[]domain.Item{withAddons(freeProduct, line(1201, 12, 100, ""))},
			[]string{"", "WELCOME10"}, false,
		},
		{
			"upsell", ssl20,
			[]domain.Item{withUpsells(hosting("r1", 1001, 12, ""), line(1302, 12, 190, ""), line(1301, 12, 290, ""))},
			[]string{"", "", "SSL20"}, false,
		},
		{
			"code moves from another upsell", ssl20,
			[]domain.Item{
				withUpsells(hosting("r1", 1001, 12, ""), line(1301, 12, 0, "SSL20")),
				withUpsells(hosting("r2", 1002, 12, ""), line(1301, 12, 290, "")),
			},
			[]string{"", "", "", "SSL20"}, false,
		},
		{
			"all matching domains, not inclusive ones", domain50,
			[]domain.Item{withDomains(hosting("r1", 1001, 12, ""),
				dom("a.com", "com", 125, false, ""), dom("b.net", "net", 150, true, ""),
				dom("c.de", "de", 99, false, "AUTO-DE"), dom("d.net", "net", 150, false, "OTHER"))},
			[]string{"", "DOMAIN50", "", "AUTO-DE", "DOMAIN50"}, true,
		},
	}
	b := book(autoHalf24, autoFixed12, autoThirty, autoDE, welcome, domain50, ssl20, storage, hosting24,
		domain.Promotion{ID: 40, Code: "AUTO-X", IsAutomatic: true, Active: true, Type: domain.TargetProduct, ValueType: domain.Percentage, Percent: 1})
	for _, tt := range tests {
		out, err := b.Redeem(domain.Cart{Items: tt.items}, tt.p, now)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := codes(out); !slices.Equal(got, tt.want) {
			t.Errorf("%s: codes = %q, want %q", tt.name, got, tt.want)
		}
		gotDifferent := slices.ContainsFunc(out.Notices, func(n domain.Notice) bool { return n.Message == domain.KeyDifferentCouponApplied })
		if gotDifferent != tt.different {
			t.Errorf("%s: different-coupon notice = %v, want %v (%+v)", tt.name, gotDifferent, tt.different, out.Notices)
		}
	}
}

func TestRedeemFigures(t *testing.T) {
	c := domain.Cart{PricesWithVAT: true, Items: []domain.Item{hosting("r1", 1001, 12, "")}}
	out, err := allPromotions().Redeem(c, welcome, now)
	if err != nil {
		t.Fatal(err)
	}
	// 499 × 90 % = 449.1 → 449; 12 × 49.9 = 598.8 → 599; × 1.19 = 712.572 → 713.
	want := domain.Figures{Months: 12, PromotedPriceCents: 449, DiscountCents: 599, DiscountDisplayCents: 713}
	if f := out.Positions[0].Figures; f == nil || *f != want {
		t.Errorf("figures = %+v, want %+v", f, want)
	}
	if !out.Changed || !out.Positions[0].Changed {
		t.Error("redeeming onto an empty position is not reported as a change")
	}
}

func TestRedeemRefusals(t *testing.T) {
	auto := autoThirty
	tests := []struct {
		name  string
		p     domain.Promotion
		items []domain.Item
		kind  *apperr.Kind
		key   string
	}{
		{"fits nothing", storage, []domain.Item{hosting("r1", 1001, 12, "")}, apperr.FailedPrecondition, domain.KeyNotApplicable},
		{"empty cart", welcome, nil, apperr.FailedPrecondition, domain.KeyNotApplicable},
		{"requirement missing", storage, []domain.Item{{RowID: "r1", Product: line(1001, 12, 499, ""), Addons: []domain.Line{line(1201, 12, 100, "")}}},
			apperr.FailedPrecondition, domain.KeyNotApplicable},
		{"expired coupon", summer, []domain.Item{hosting("r1", 1001, 12, "")}, apperr.NotFound, domain.KeyNotFound},
		{"switched off", switchedOff, []domain.Item{hosting("r1", 1001, 12, "")}, apperr.NotFound, domain.KeyNotFound},
		{"automatic codes are not redeemable", auto, []domain.Item{hosting("r1", 1001, 12, "")}, apperr.NotFound, domain.KeyNotFound},
	}
	for _, tt := range tests {
		_, err := allPromotions().Redeem(domain.Cart{Items: tt.items}, tt.p, now)
		if !errors.Is(err, tt.kind) || apperr.MessageKey(err) != tt.key {
			t.Errorf("%s: err = %v, want kind %v key %s", tt.name, err, tt.kind, tt.key)
			continue
		}
		var ce *domain.CodeError
		if !errors.As(err, &ce) || ce.Params()["code"] != tt.p.Code {
			t.Errorf("%s: error does not carry the code: %#v", tt.name, err)
		}
	}
}
