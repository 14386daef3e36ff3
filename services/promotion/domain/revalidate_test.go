package domain_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/hostcart/checkout/services/promotion/domain"
)

func TestRevalidate(t *testing.T) {
	withDomains := func(it domain.Item, ds ...domain.Domain) domain.Item { it.Domains = ds; return it }
	withUpsells := func(it domain.Item, ls ...domain.Line) domain.Item { it.Upsells = ls; return it }
	removed := func(code string) domain.Notice {
		return domain.Notice{Type: domain.NoticeWarning, Title: domain.KeyPromotionRemoved, Message: domain.KeyPromotionNoLonger,
			Params: map[string]string{"code": code}}
	}
	expired := func(code string) domain.Notice {
		return domain.Notice{Type: domain.NoticeWarning, Title: domain.KeyPromotionRemoved, Message: domain.KeyCouponNoLongerValid,
			Params: map[string]string{"code": code}}
	}
	moved := func(params map[string]string) domain.Notice {
		return domain.Notice{Type: domain.NoticeInfo, Title: domain.KeyPromotionOtherTitle, Message: domain.KeyPromotionOtherMessage, Params: params}
	}

	tests := []struct {
		name    string
		items   []domain.Item
		want    []string
		notices []domain.Notice
	}{
		{
			"valid codes stay",
			[]domain.Item{hosting("r1", 1001, 12, "WELCOME10"), hosting("r2", 1002, 24, "AUTO-HALF-24")},
			[]string{"WELCOME10", "AUTO-HALF-24"}, nil,
		},
		{
			"a gone code is removed with a notice",
			[]domain.Item{hosting("r1", 1001, 12, "GONE")},
			[]string{""}, []domain.Notice{removed("GONE")},
		},
		{
			"a switched-off code is gone",
			[]domain.Item{hosting("r1", 1001, 12, "PAUSED")},
			[]string{""}, []domain.Notice{removed("PAUSED")},
		},
		{
			"several gone codes make one notice",
			[]domain.Item{hosting("r1", 1001, 12, "GONE"), hosting("r2", 1002, 12, "ALSO-GONE")},
			[]string{"", ""},
			[]domain.Notice{{Type: domain.NoticeWarning, Title: domain.KeyPromotionsRemoved, Message: domain.KeyPromotionsNoLonger,
				Params: map[string]string{"codes": "GONE, ALSO-GONE"}}},
		},
		{
			"an expired coupon is no longer valid",
			[]domain.Item{hosting("r1", 1001, 12, "SUMMER2019")},
			[]string{""}, []domain.Notice{expired("SUMMER2019")},
		},
		{
			// The visitor changed item r1 to 12 months; HOSTING24 needs 24 and item r2 has them.
			"a code that fits another product moves there",
			[]domain.Item{hosting("r1", 1001, 12, "HOSTING24"), hosting("r2", 1002, 24, "")},
			[]string{"", "HOSTING24"},
			[]domain.Notice{moved(map[string]string{"code": "HOSTING24", "product": "Web hosting M", "row_id": "r2", "target": "product", "id": "1002"})},
		},
		{
			"it does not take a position holding another manual code",
			[]domain.Item{hosting("r1", 1001, 12, "HOSTING24"), hosting("r2", 1002, 24, "WELCOME10")},
			[]string{"", "WELCOME10"}, []domain.Notice{removed("HOSTING24")},
		},
		{
			"it does replace an automatic code",
			[]domain.Item{hosting("r1", 1001, 12, "HOSTING24"), hosting("r2", 1002, 24, "AUTO-HALF-24")},
			[]string{"", "HOSTING24"},
			[]domain.Notice{moved(map[string]string{"code": "HOSTING24", "product": "Web hosting M", "row_id": "r2", "target": "product", "id": "1002"})},
		},
		{
			"a code that fits nothing any more is removed",
			[]domain.Item{hosting("r1", 1001, 12, "HOSTING24")},
			[]string{""}, []domain.Notice{removed("HOSTING24")},
		},
		{
			"a stale automatic code goes silently",
			[]domain.Item{hosting("r1", 1001, 12, "AUTO-HALF-24")},
			[]string{""}, nil,
		},
		{
			"inclusive domains lose their promotion silently",
			[]domain.Item{withDomains(hosting("r1", 1001, 12, ""), dom("a.com", "com", 125, true, "DOMAIN50"), dom("b.de", "de", 99, true, "AUTO-DE"))},
			[]string{"", "", ""}, nil,
		},
		{
			"a domain code lost by one domain stays on the others",
			[]domain.Item{withDomains(hosting("r1", 1001, 12, ""), dom("a.com", "com", 125, false, "DOMAIN50"), dom("b.de", "de", 99, false, "DOMAIN50"))},
			[]string{"", "DOMAIN50", ""}, nil,
		},
		{
			"a domain code moves to the domains it fits",
			[]domain.Item{withDomains(hosting("r1", 1001, 12, ""), dom("b.de", "de", 99, false, "DOMAIN50"),
				dom("a.com", "com", 125, false, ""), dom("c.net", "net", 150, false, ""))},
			[]string{"", "", "DOMAIN50", "DOMAIN50"},
			[]domain.Notice{moved(map[string]string{"code": "DOMAIN50", "product": "Web hosting S", "row_id": "r1", "target": "domain", "domain": "a.com"})},
		},
		{
			"an upsell code moves to another item's upsell, named by its product id when unnamed",
			[]domain.Item{
				withUpsells(hosting("r1", 1001, 12, ""), line(1301, 12, 0, "SSL20")),
				withUpsells(domain.Item{RowID: "r2", Product: line(1003, 12, 1199, "")}, line(1301, 12, 290, "")),
			},
			[]string{"", "", "", "SSL20"},
			[]domain.Notice{moved(map[string]string{"code": "SSL20", "product": "#1003", "row_id": "r2", "target": "upsell", "id": "1301"})},
		},
		{
			"gone, expired and moved together",
			[]domain.Item{hosting("r1", 1001, 12, "GONE"), hosting("r2", 1001, 12, "SUMMER2019"), hosting("r3", 1002, 12, "HOSTING24"), hosting("r4", 1001, 24, "")},
			[]string{"", "", "", "HOSTING24"},
			[]domain.Notice{
				moved(map[string]string{"code": "HOSTING24", "product": "Web hosting S", "row_id": "r4", "target": "product", "id": "1001"}),
				removed("GONE"), expired("SUMMER2019"),
			},
		},
	}
	for _, tt := range tests {
		out := allPromotions().Revalidate(domain.Cart{Items: tt.items}, now)
		if got := codes(out); !slices.Equal(got, tt.want) {
			t.Errorf("%s: codes = %q, want %q", tt.name, got, tt.want)
		}
		if !reflect.DeepEqual(out.Notices, tt.notices) {
			t.Errorf("%s: notices = %+v, want %+v", tt.name, out.Notices, tt.notices)
		}
		wantChanged := false
		for i, r := range out.Positions {
			wantChanged = wantChanged || r.Changed
			if r.Changed != (r.Code != codesIn(tt.items)[i]) {
				t.Errorf("%s: position %d Changed = %v, code %q → %q", tt.name, i, r.Changed, codesIn(tt.items)[i], r.Code)
			}
		}
		if out.Changed != wantChanged {
			t.Errorf("%s: Changed = %v, want %v", tt.name, out.Changed, wantChanged)
		}
	}
}

// codesIn lists the codes of a snapshot in position order.
func codesIn(items []domain.Item) []string {
	var out []string
	for _, p := range (domain.Cart{Items: items}).Positions() {
		out = append(out, p.Code)
	}
	return out
}
