package domain_test

import (
	"slices"
	"testing"

	"github.com/hostcart/checkout/services/promotion/domain"
)

func TestBestAutomatic(t *testing.T) {
	// Equal 25 % promotions differing only in the maturities they are bound to.
	tie24 := domain.Promotion{ID: 30, Code: "TIE-24", Type: domain.TargetProduct, ValueType: domain.Percentage, Percent: 25,
		IsAutomatic: true, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll},
		Supported: domain.Supported{MaturityMonths: []int32{24}}}
	tie12 := tie24
	tie12.ID, tie12.Code, tie12.Supported.MaturityMonths = 31, "TIE-12-24", []int32{24, 12}
	tieAny := tie24
	tieAny.ID, tieAny.Code, tieAny.Supported.MaturityMonths = 32, "TIE-ANY", nil
	tieAnyHigherID := tieAny
	tieAnyHigherID.ID, tieAnyHigherID.Code = 33, "TIE-ANY-2"

	withDomain := func(it domain.Item, ds ...domain.Domain) domain.Item { it.Domains = ds; return it }
	skipped := hosting("r1", 1001, 24, "")
	skipped.SkipAutomatic = true
	domainOnly := domain.Item{RowID: "r9", Product: domain.Line{ID: 1043, MaturityMonths: 12, IntervalMonths: 12},
		Domains: []domain.Domain{dom("a.de", "de", 99, false, "")}}

	tests := []struct {
		name  string
		book  domain.Book
		items []domain.Item
		want  []string
	}{
		{
			// 12 months at 499: fixed 2000 beats 30 % (12 × 499 × 30 % = 1796).
			"fixed beats percentage at 12 months", allPromotions(),
			[]domain.Item{hosting("r1", 1001, 12, "")}, []string{"AUTO-FIXED-12"},
		},
		{
			// 24 months at 449: 50 % (2694) beats 30 % (1616); the fixed one needs 12 months.
			"half beats thirty at 24 months", allPromotions(),
			[]domain.Item{hosting("r1", 1001, 24, "")}, []string{"AUTO-HALF-24"},
		},
		{
			"nothing fits product 1002 at 12 months", allPromotions(),
			[]domain.Item{hosting("r1", 1002, 12, "")}, []string{""},
		},
		{
			"stale automatic code is replaced", allPromotions(),
			[]domain.Item{hosting("r1", 1001, 24, "AUTO-FIXED-12")}, []string{"AUTO-HALF-24"},
		},
		{
			"stale automatic code is dropped when nothing fits", allPromotions(),
			[]domain.Item{hosting("r1", 1002, 12, "AUTO-HALF-24")}, []string{""},
		},
		{
			"manual code is left alone", allPromotions(),
			[]domain.Item{hosting("r1", 1001, 24, "welcome10")}, []string{"WELCOME10"},
		},
		{
			"unknown code is left to revalidation", allPromotions(),
			[]domain.Item{hosting("r1", 1001, 24, "NOPE")}, []string{"NOPE"},
		},
		{
			"cloud sign-in item is skipped", allPromotions(),
			[]domain.Item{skipped}, []string{""},
		},
		{
			"free .de with hosting, not on an inclusive one, not on .com", allPromotions(),
			[]domain.Item{withDomain(hosting("r1", 1001, 12, ""),
				dom("a.de", "de", 99, false, ""), dom("b.de", "de", 99, true, "AUTO-DE"), dom("c.com", "com", 125, false, ""))},
			[]string{"AUTO-FIXED-12", "AUTO-DE", "", ""},
		},
		{
			"domain-only item lacks the required product", allPromotions(),
			[]domain.Item{domainOnly}, []string{"", ""},
		},
		{
			"tie goes to the shorter maturity", book(tie24, tie12),
			[]domain.Item{hosting("r1", 1002, 24, "")}, []string{"TIE-12-24"},
		},
		{
			"unrestricted counts as shortest", book(tie24, tie12, tieAny),
			[]domain.Item{hosting("r1", 1002, 24, "")}, []string{"TIE-ANY"},
		},
		{
			"then the lower id", book(tieAnyHigherID, tieAny),
			[]domain.Item{hosting("r1", 1002, 24, "")}, []string{"TIE-ANY"},
		},
		{
			"expired and switched-off automatic promotions are ignored", book(func() domain.Promotion {
				p := summer
				p.IsAutomatic = true
				return p
			}(), func() domain.Promotion {
				p := switchedOff
				p.IsAutomatic = true
				return p
			}()),
			[]domain.Item{hosting("r1", 1001, 12, "")}, []string{""},
		},
	}
	for _, tt := range tests {
		out := tt.book.BestAutomatic(domain.Cart{Items: tt.items}, now)
		if got := codes(out); !slices.Equal(got, tt.want) {
			t.Errorf("%s: codes = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestBestAutomaticReportsChangesAndFigures(t *testing.T) {
	c := domain.Cart{PricesWithVAT: true, Items: []domain.Item{hosting("r1", 1001, 24, ""), hosting("r2", 1002, 12, "")}}
	out := allPromotions().BestAutomatic(c, now)
	if !out.Changed {
		t.Fatal("Changed = false after a promotion was added")
	}
	first := out.Positions[0]
	if !first.Changed || first.Position.RowID != "r1" || first.Position.Target != domain.TargetProduct || first.Position.ID != 1001 {
		t.Fatalf("first position = %+v", first)
	}
	want := domain.Figures{Months: 12, PromotedPriceCents: 225, DiscountCents: 2694, DiscountDisplayCents: 3206}
	if first.Figures == nil || *first.Figures != want {
		t.Errorf("figures = %+v, want %+v", first.Figures, want)
	}
	if first.Promotion == nil || first.Promotion.Code != "AUTO-HALF-24" {
		t.Errorf("promotion = %+v", first.Promotion)
	}
	if second := out.Positions[1]; second.Changed || second.Figures != nil {
		t.Errorf("untouched position = %+v", second)
	}

	again := allPromotions().BestAutomatic(domain.Cart{Items: []domain.Item{hosting("r1", 1001, 24, "AUTO-HALF-24")}}, now)
	if again.Changed {
		t.Error("Changed = true when the best promotion was already applied")
	}
}
