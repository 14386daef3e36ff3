package domain_test

import (
	"strings"
	"testing"

	"github.com/hostcart/checkout/services/promotion/domain"
)

func TestCheck(t *testing.T) {
	for _, p := range []domain.Promotion{autoHalf24, autoFixed12, autoDE, welcome, domain50, ssl20, storage, summer} {
		if errs := domain.Check(p); len(errs) > 0 {
			t.Errorf("%s: %v", p.Code, errs)
		}
	}
	tests := []struct {
		name string
		edit func(*domain.Promotion)
		want string
	}{
		{"unknown type", func(p *domain.Promotion) { p.Type = "bundle" }, `type "bundle"`},
		{"unknown value type", func(p *domain.Promotion) { p.ValueType = "bogo" }, `value_type "bogo"`},
		{"zero percent", func(p *domain.Promotion) { p.Percent = 0 }, "percent 0"},
		{"over 100 percent", func(p *domain.Promotion) { p.Percent = 100.5 }, "percent 100.5"},
		{"percentage with cents", func(p *domain.Promotion) { p.ValueCents = 5 }, "value_cents is for fixed"},
		{"fixed without value", func(p *domain.Promotion) { p.ValueType = domain.Fixed; p.Percent = 0 }, "value_cents 0"},
		{"recurs without recurring", func(p *domain.Promotion) { p.RecursFor = 3 }, "without is_recurring"},
		{"ids on a domain promotion", func(p *domain.Promotion) {
			p.Type = domain.TargetDomain
			p.Supported = domain.Supported{}
		}, "domain promotions apply to tlds"},
		{"empty id list", func(p *domain.Promotion) { p.AppliesTo.IDs = nil }, "needs ids"},
		{"tlds on a product promotion", func(p *domain.Promotion) {
			p.AppliesTo = domain.AppliesTo{Kind: domain.AppliesToTLDs, TLDs: []string{"de"}}
		}, "only domain promotions apply to tlds"},
		{"for_addon on an upsell promotion", func(p *domain.Promotion) { p.Type = domain.TargetUpsell; p.Supported.ForAddon = true }, "widen product promotions only"},
		{"bad requirement", func(p *domain.Promotion) { p.Requires = []int32{0} }, "requires id 0"},
		{"negative months", func(p *domain.Promotion) { p.Supported.IntervalMonths = []int32{-1} }, "supported months -1"},
	}
	for _, tt := range tests {
		p := hosting24
		p.AppliesTo.IDs = append([]int32(nil), p.AppliesTo.IDs...)
		tt.edit(&p)
		errs := strings.Join(domain.Check(p), "; ")
		if !strings.Contains(errs, tt.want) {
			t.Errorf("%s: problems %q lack %q", tt.name, errs, tt.want)
		}
	}
	upperTLD := domain50
	upperTLD.AppliesTo.TLDs = []string{".COM"}
	if errs := strings.Join(domain.Check(upperTLD), "; "); !strings.Contains(errs, "want lower case") {
		t.Errorf("upper-case TLD accepted: %q", errs)
	}
}
