package domain_test

import (
	"testing"
	"time"

	"github.com/hostcart/checkout/services/promotion/domain"
)

func TestNormalizeCode(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"welcome10", "WELCOME10", true},
		{"  Summer-2019_x ", "SUMMER-2019_X", true},
		{"", "", false},
		{"   ", "", false},
		{"with space", "", false},
		{"ümlaut", "", false},
		{"semi;colon", "", false},
		{string(make([]byte, domain.MaxCodeLength+1)), "", false},
	}
	for _, tt := range tests {
		got, ok := domain.NormalizeCode(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("NormalizeCode(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestValidityWindow(t *testing.T) {
	from := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	until := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	p := domain.Promotion{Active: true, ValidFrom: from, ValidUntil: until}
	tests := []struct {
		name   string
		at     time.Time
		usable bool
	}{
		{"before start", from.Add(-time.Second), false},
		{"at start", from, true},
		{"inside", now, true},
		{"last second", until.Add(-time.Second), true},
		{"at end (exclusive)", until, false},
		{"after", until.AddDate(1, 0, 0), false},
	}
	for _, tt := range tests {
		if got := p.Usable(tt.at); got != tt.usable {
			t.Errorf("%s: Usable = %v, want %v", tt.name, got, tt.usable)
		}
		if got := p.Expired(tt.at); got == tt.usable {
			t.Errorf("%s: Expired = %v, want %v", tt.name, got, !tt.usable)
		}
	}
	off := p
	off.Active = false
	if off.Usable(now) {
		t.Error("an inactive promotion is usable")
	}
	if !(domain.Promotion{Active: true}).Usable(now) {
		t.Error("an open window is not usable")
	}
}

func TestLabelFallsBackToEnglish(t *testing.T) {
	if got := autoHalf24.Label("de-DE"); got != "50 % Rabatt" {
		t.Errorf("de-DE label = %q", got)
	}
	if got := autoHalf24.Label("fr-FR"); got != "50 % off" {
		t.Errorf("fr-FR label = %q, want the en-GB one", got)
	}
	if got := autoFixed12.Label("de-DE"); got != "" {
		t.Errorf("label of an unlabelled promotion = %q", got)
	}
}

func TestFits(t *testing.T) {
	product := func(id, months, interval int32, price int64) domain.Position {
		return domain.Position{Target: domain.TargetProduct, ID: id, MaturityMonths: months, IntervalMonths: interval, PriceCents: price}
	}
	addon := func(id int32) domain.Position {
		return domain.Position{Target: domain.TargetAddon, ID: id, MaturityMonths: 12, IntervalMonths: 12, PriceCents: 100}
	}
	upsell := func(id int32) domain.Position {
		return domain.Position{Target: domain.TargetUpsell, ID: id, MaturityMonths: 12, IntervalMonths: 12, PriceCents: 290}
	}
	domainPos := func(tld string, inclusive bool) domain.Position {
		return domain.Position{Target: domain.TargetDomain, TLD: tld, PriceCents: 99, Inclusive: inclusive}
	}
	withProductOnlyAddon := welcome
	withProductOnlyAddon.Supported.ForAddon = false
	upsellToo := hosting24
	upsellToo.AppliesTo = domain.AppliesTo{Kind: domain.AppliesToIDs, IDs: []int32{1301}}
	upsellToo.Supported = domain.Supported{ForUpsell: true}
	monthly := welcome
	monthly.Supported = domain.Supported{IntervalMonths: []int32{1}}
	domain12 := domain50
	domain12.Supported = domain.Supported{MaturityMonths: []int32{12}}
	domain24 := domain50
	domain24.Supported = domain.Supported{MaturityMonths: []int32{24}}

	tests := []struct {
		name    string
		p       domain.Promotion
		pos     domain.Position
		itemIDs []int32
		want    bool
	}{
		{"listed product, supported maturity", hosting24, product(1002, 24, 12, 699), nil, true},
		{"listed product, other maturity", hosting24, product(1002, 12, 12, 799), nil, false},
		{"product not listed", hosting24, product(1003, 24, 12, 999), nil, false},
		{"all products", welcome, product(1051, 1, 1, 690), nil, true},
		{"product price 0 has nothing to reduce", welcome, product(1041, 12, 12, 0), nil, false},
		{"product promotion on addon with for_addon", welcome, addon(1201), nil, true},
		{"product promotion on addon without for_addon", withProductOnlyAddon, addon(1201), nil, false},
		{"product promotion on upsell without for_upsell", welcome, upsell(1301), nil, false},
		{"product promotion on upsell with for_upsell", upsellToo, upsell(1301), nil, true},
		{"product promotion never on domains", welcome, domainPos("de", false), nil, false},
		{"upsell promotion on its upsell", ssl20, upsell(1301), nil, true},
		{"upsell promotion not on products", ssl20, product(1301, 12, 12, 290), nil, false},
		{"addon promotion with its requirement", storage, addon(1201), []int32{1002, 1201}, true},
		{"addon promotion without its requirement", storage, addon(1201), []int32{1001, 1201}, false},
		{"interval supported", monthly, product(1001, 1, 1, 699), nil, true},
		{"interval not supported", monthly, product(1001, 12, 12, 499), nil, false},
		{"domain with listed TLD", domain50, domainPos("com", false), nil, true},
		{"domain TLD normalised", domain50, domainPos(".COM", false), nil, true},
		{"domain with other TLD", domain50, domainPos("de", false), nil, false},
		{"inclusive domain", domain50, domainPos("com", true), nil, false},
		{"domain counts as 12 months", domain12, domainPos("com", false), nil, true},
		{"domain is not 24 months", domain24, domainPos("com", false), nil, false},
		{"domain requirement met", autoDE, domainPos("de", false), []int32{1001}, true},
		{"domain requirement missing (domain-only item)", autoDE, domainPos("de", false), []int32{1043}, false},
		{"expired", summer, product(1001, 12, 12, 499), nil, false},
		{"switched off", switchedOff, product(1001, 12, 12, 499), nil, false},
	}
	for _, tt := range tests {
		if got := tt.p.Fits(tt.pos, tt.itemIDs, now); got != tt.want {
			t.Errorf("%s: Fits = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestFigures checks the promotion amounts against hand calculations (spec §9): promoted price
// and discount over recurs_for × interval months, displayed with VAT when the brand shows it.
func TestFigures(t *testing.T) {
	oneOff := ssl20
	oneOff.IsRecurring = false
	twelveAndAHalf := welcome
	twelveAndAHalf.Percent = 12.5
	bigFixed := autoFixed12
	bigFixed.IsRecurring = false

	tests := []struct {
		name    string
		p       domain.Promotion
		pos     domain.Position
		withVAT bool
		want    domain.Figures
	}{
		{
			// 449 × 50 % = 224.5 → 225; 12 × 449 × 50 % = 2694; × 1.19 = 3205.86 → 3206.
			"percentage, yearly interval, with VAT", autoHalf24,
			domain.Position{Target: domain.TargetProduct, PriceCents: 449, IntervalMonths: 12, VATPercent: 19}, true,
			domain.Figures{Months: 12, PromotedPriceCents: 225, DiscountCents: 2694, DiscountDisplayCents: 3206},
		},
		{
			"percentage, net display", autoHalf24,
			domain.Position{Target: domain.TargetProduct, PriceCents: 449, IntervalMonths: 12, VATPercent: 19}, false,
			domain.Figures{Months: 12, PromotedPriceCents: 225, DiscountCents: 2694, DiscountDisplayCents: 2694},
		},
		{
			// 499 − 2000 / 12 = 332.33 → 332; saves exactly 2000; × 1.19 = 2380.
			"fixed over a year", autoFixed12,
			domain.Position{Target: domain.TargetProduct, PriceCents: 499, IntervalMonths: 12, VATPercent: 19}, true,
			domain.Figures{Months: 12, PromotedPriceCents: 332, DiscountCents: 2000, DiscountDisplayCents: 2380},
		},
		{
			// One month of 100 cannot lose 2000: promoted 0, saves 100.
			"fixed larger than the period", bigFixed,
			domain.Position{Target: domain.TargetProduct, PriceCents: 100, IntervalMonths: 1, VATPercent: 20}, false,
			domain.Figures{Months: 1, PromotedPriceCents: 0, DiscountCents: 100, DiscountDisplayCents: 100},
		},
		{
			// recurs_for 3 × 12 months = 36; 290 × 80 % = 232; 36 × 58 = 2088; × 1.19 = 2484.72 → 2485.
			"recurring upsell", ssl20,
			domain.Position{Target: domain.TargetUpsell, PriceCents: 290, IntervalMonths: 12, VATPercent: 19}, true,
			domain.Figures{Months: 36, PromotedPriceCents: 232, DiscountCents: 2088, DiscountDisplayCents: 2485},
		},
		{
			// Not recurring: one interval only, 12 × 58 = 696.
			"one-off ignores recurs_for", oneOff,
			domain.Position{Target: domain.TargetUpsell, PriceCents: 290, IntervalMonths: 12, VATPercent: 19}, false,
			domain.Figures{Months: 12, PromotedPriceCents: 232, DiscountCents: 696, DiscountDisplayCents: 696},
		},
		{
			// Domains are billed for 12 months: 12 × 99 = 1188 free; × 1.19 = 1413.72 → 1414.
			"free domain year", autoDE,
			domain.Position{Target: domain.TargetDomain, PriceCents: 99, VATPercent: 19}, true,
			domain.Figures{Months: 12, PromotedPriceCents: 0, DiscountCents: 1188, DiscountDisplayCents: 1414},
		},
		{
			// Monthly billing: 699 × 90 % = 629.1 → 629; 69.9 → 70; × 1.19 = 83.18 → 83.
			"monthly interval", welcome,
			domain.Position{Target: domain.TargetProduct, PriceCents: 699, IntervalMonths: 1, VATPercent: 19}, true,
			domain.Figures{Months: 1, PromotedPriceCents: 629, DiscountCents: 70, DiscountDisplayCents: 83},
		},
		{
			// 799 × 87.5 % = 699.125 → 699; 12 × 799 × 12.5 % = 1198.5 → 1199; × 1.19 = 1426.215 → 1426.
			"fractional percent", twelveAndAHalf,
			domain.Position{Target: domain.TargetProduct, PriceCents: 799, IntervalMonths: 12, VATPercent: 19}, true,
			domain.Figures{Months: 12, PromotedPriceCents: 699, DiscountCents: 1199, DiscountDisplayCents: 1426},
		},
	}
	for _, tt := range tests {
		if got := domain.FiguresOf(tt.p, tt.pos, tt.withVAT); got != tt.want {
			t.Errorf("%s: FiguresOf = %+v, want %+v", tt.name, got, tt.want)
		}
	}
	if got := twelveAndAHalf.PercentLabel(); got != 13 {
		t.Errorf("PercentLabel(12.5) = %d, want 13", got)
	}
	if got := autoFixed12.PercentLabel(); got != 0 {
		t.Errorf("PercentLabel of a fixed promotion = %d, want 0", got)
	}
}

func TestCartValidate(t *testing.T) {
	ok := domain.Cart{Items: []domain.Item{hosting("r1", 1001, 12, "")}}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid cart: %v", err)
	}
	negative := domain.Cart{Items: []domain.Item{hosting("r1", 1001, 12, "")}}
	negative.Items[0].Addons = []domain.Line{line(1201, 12, -1, "")}
	badVAT := domain.Cart{Items: []domain.Item{hosting("r1", 1001, 12, "")}}
	badVAT.Items[0].Domains = []domain.Domain{{Name: "a.de", TLD: "de", PriceCents: 99, VATPercent: 150}}
	tooMany := domain.Cart{Items: make([]domain.Item, domain.MaxItems+1)}
	for name, c := range map[string]domain.Cart{"negative price": negative, "VAT over 100": badVAT, "too many items": tooMany} {
		if err := c.Validate(); err != domain.ErrInvalidCart {
			t.Errorf("%s: Validate = %v, want ErrInvalidCart", name, err)
		}
	}
}
