package domain

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func catalogue() *Catalogue {
	mk := func(id int32, name string, group, sort int32, top, idn bool) TLD {
		return TLD{ID: id, Name: name, GroupID: group, SortID: sort, Top: top, IDN: idn, Active: true, VATPercent: 19, PriceCents: 100}
	}
	tlds := []TLD{
		mk(3, "net", 1, 3, true, true),
		mk(1, "de", 1, 1, true, true),
		mk(2, "com", 1, 2, true, true),
		mk(4, "co.uk", 2, 10, false, false),
		mk(5, "at", 2, 11, false, true),
		mk(6, "gone", 2, 12, false, false),
		mk(7, "lonely", 3, 20, false, false),
	}
	tlds[5].Active = false
	tlds = append(tlds, mk(99, "de", 1, 0, false, false)) // duplicate name: first one wins
	groups := []Group{
		{ID: 2, Name: "Country", Active: true, Order: 2},
		{ID: 1, Name: "Popular", Active: true, Order: 1},
		{ID: 3, Name: "Hidden", Active: false, Order: 3},
		{ID: 4, Name: "Empty", Active: true, Order: 4},
	}
	return NewCatalogue(tlds, groups)
}

func TestCatalogue(t *testing.T) {
	c := catalogue()
	var order []string
	for _, tld := range c.TLDs() {
		order = append(order, tld.Name)
	}
	if fmt.Sprint(order) != "[de com net co.uk at lonely]" {
		t.Errorf("TLD order = %v", order)
	}
	if d, _ := c.TLD("de"); d.ID != 1 {
		t.Errorf("duplicate name replaced the first .de: %+v", d)
	}
	if _, ok := c.TLD("gone"); ok {
		t.Error("inactive TLD is offered")
	}
	var groups []string
	for _, g := range c.Groups() {
		groups = append(groups, fmt.Sprintf("%s:%d", g.Name, len(g.TLDs)))
	}
	if fmt.Sprint(groups) != "[Popular:3 Country:2]" {
		t.Errorf("groups = %v (inactive and empty groups must be absent)", groups)
	}
	if _, ok := c.Group(3); ok {
		t.Error("inactive group found")
	}
	if tops := c.TopTLDs(); len(tops) != 3 || tops[0].Name != "de" {
		t.Errorf("top TLDs = %+v", tops)
	}
	if has, idn := c.Set().Has("co.uk"); !has || idn || c.Set().MaxLabels() != 2 || c.Set().Len() != 6 {
		t.Errorf("set: co.uk %v idn %v, max labels %d, len %d", has, idn, c.Set().MaxLabels(), c.Set().Len())
	}
}

func TestPriceOf(t *testing.T) {
	p := PriceOf(TLD{PriceCents: 99, SetupFeeCents: 500, VATPercent: 19})
	want := Price{MonthlyNetCents: 99, MonthlyGrossCents: 118, ContractNetCents: 1188, ContractGrossCents: 1414,
		SetupFeeNetCents: 500, SetupFeeGrossCents: 595, VATPercent: 19, ContractMonths: 12}
	if p != want {
		t.Errorf("PriceOf = %+v, want %+v", p, want)
	}
	// The contract gross is VAT on the total, not twelve rounded monthly grosses (12*118 = 1416).
	if p.ContractGrossCents == 12*p.MonthlyGrossCents {
		t.Error("contract gross built from rounded monthly amounts")
	}
	if p := PriceOf(TLD{PriceCents: 100, ContractMonths: 24, VATPercent: 20}); p.ContractNetCents != 2400 || p.ContractGrossCents != 2880 {
		t.Errorf("24 months at 20%% = %+v", p)
	}
}

func TestInclusive(t *testing.T) {
	c := catalogue()
	tests := []struct {
		name    string
		free    FreeTLDs
		domains []string
		used    int32
		tlds    string
		incl    string
		left    int32
	}{
		{name: "one free .de", free: FreeTLDs{Amount: 1, Domains: []string{"de"}}, domains: []string{"a1.com", "mine.de", "other.de"},
			tlds: "[de]", incl: "[mine.de]", left: 0},
		{name: "amount left over", free: FreeTLDs{Amount: 3, Domains: []string{".DE", "com", "xyz", "de"}}, domains: []string{"mine.de"},
			tlds: "[de com]", incl: "[mine.de]", left: 2},
		{name: "already used up", free: FreeTLDs{Amount: 1, Domains: []string{"de"}}, domains: []string{"mine.de"}, used: 1,
			tlds: "[de]", incl: "[]", left: 0},
		{name: "duplicates and invalid names", free: FreeTLDs{Amount: 2, Domains: []string{"de"}}, domains: []string{"WWW.Mine.de", "mine.de.", "b@d.de", "x.de"},
			tlds: "[de]", incl: "[mine.de]", left: 1},
		{name: "umlauts", free: FreeTLDs{Amount: 1, Domains: []string{"de"}}, domains: []string{"müller.de"},
			tlds: "[de]", incl: "[xn--mller-kva.de]", left: 0},
		{name: "no free TLDs", free: FreeTLDs{}, domains: []string{"mine.de"}, tlds: "[]", incl: "[]", left: 0},
		{name: "negative used", free: FreeTLDs{Amount: 1, Domains: []string{"com"}}, domains: []string{"mine.com"}, used: -5,
			tlds: "[com]", incl: "[mine.com]", left: 0},
	}
	for _, tt := range tests {
		inc := Inclusive(tt.free, c, tt.domains, tt.used)
		if fmt.Sprint(inc.TLDs) != tt.tlds || fmt.Sprint(inc.Domains) != tt.incl || inc.Remaining != tt.left {
			t.Errorf("%s: %+v, want tlds %s domains %s remaining %d", tt.name, inc, tt.tlds, tt.incl, tt.left)
		}
	}
}

func TestRecommendationCandidates(t *testing.T) {
	c := catalogue()
	s, err := NormalizeSearch("shop.de", c.Set())
	if err != nil {
		t.Fatal(err)
	}
	cands := RecommendationCandidates(s, c, 3)
	var got []string
	for _, n := range cands {
		got = append(got, n.Domain)
	}
	if len(got) != 6 || got[0] != "shop.com" || got[1] != "shop.net" || slices.Contains(got, "shop.de") {
		t.Errorf("candidates = %v, want 6 starting with the other top TLDs, never the search itself", got)
	}
	if got[2] != "myshop.de" {
		t.Errorf("third candidate = %q, want the first variant", got[2])
	}

	idn, _ := NormalizeSearch("bäcker", c.Set())
	for _, n := range RecommendationCandidates(idn, c, 12) {
		if !strings.HasPrefix(n.Domain, "xn--") {
			t.Errorf("IDN candidate %q is not punycode", n.Domain)
		}
		if tld, _ := c.TLD(n.TLD); !tld.IDN {
			t.Errorf("IDN label on non-IDN TLD %s", n.Domain)
		}
	}
	if RecommendationLimit(0) != DefaultRecommendations || RecommendationLimit(100) != MaxRecommendations || RecommendationLimit(3) != 3 {
		t.Error("RecommendationLimit does not clamp")
	}
}

type lengthRule struct{}

func (lengthRule) Validate(rules, value string) []string {
	if strings.Contains(rules, "required") && strings.TrimSpace(value) == "" {
		return []string{"validation.required"}
	}
	return nil
}

func TestValidateFields(t *testing.T) {
	tlds := []TLD{
		{ID: 1, Name: "eu", Active: true, Fields: []Field{{ID: 10, Rules: "required"}, {ID: 11, Rules: "required", Postponed: true}}},
		{ID: 2, Name: "de", Active: true},
	}
	c := NewCatalogue(tlds, nil)
	values := []FieldValue{
		{Domain: "a1.eu", FieldID: 10, Value: " "},
		{Domain: "b@d.eu", FieldID: 10, Value: "x"},
		{Domain: "ok.de", FieldID: 42, Value: "x"},
		{Domain: "good.eu", FieldID: 10, Value: "AT"},
	}
	got := ValidateFields(c, values, false, lengthRule{})
	want := "[{a1.eu 10 [validation.required]} {b@d.eu 0 [domain.input_invalid]} {ok.de 42 [field.unknown]}]"
	if fmt.Sprint(got) != want {
		t.Errorf("errors = %v\nwant     %s", got, want)
	}
	got = ValidateFields(c, []FieldValue{{Domain: "good.eu", FieldID: 10, Value: "AT"}}, true, lengthRule{})
	if fmt.Sprint(got) != "[{good.eu 11 [validation.required]}]" {
		t.Errorf("with postponed fields: %v", got)
	}
	if got := ValidateFields(c, nil, true, lengthRule{}); got == nil || len(got) != 0 {
		t.Errorf("no values = %#v, want an empty non-nil list", got)
	}
}
