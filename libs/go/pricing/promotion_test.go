package pricing

import "testing"

func TestPromotionMonths(t *testing.T) {
	tests := []struct {
		name                string
		recursFor, interval int32
		want                int32
	}{
		{"recurs_for 0 counts as one monthly interval", 0, 1, 1},
		{"recurs_for 0 counts as one annual interval", 0, 12, 12},
		{"recurs_for 1 annual", 1, 12, 12},
		{"three monthly intervals", 3, 1, 3},        // 3 × 1
		{"two annual intervals", 2, 12, 24},         // 2 × 12
		{"upsell recurs_for 3, quarterly", 3, 3, 9}, // 3 × 3
		{"one-time interval counts as 1", 0, 0, 1},
		{"one-time interval, recurs_for 3", 3, 0, 3},
		{"negative recurs_for counts as 1", -1, 6, 6},
		{"saturates instead of wrapping", 1 << 30, 12, 1<<31 - 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PromotionMonths(tt.recursFor, tt.interval); got != tt.want {
				t.Errorf("PromotionMonths(%d, %d) = %d, want %d", tt.recursFor, tt.interval, got, tt.want)
			}
		})
	}
}

func pct(p float64) Promotion { return Promotion{Kind: Percentage, Percent: p} }
func fixed(c int64) Promotion { return Promotion{Kind: Fixed, ValueCents: c} }

func TestPromotedPrice(t *testing.T) {
	tests := []struct {
		name   string
		p      Promotion
		net    int64
		months int32
		want   int64
	}{
		// 999 × 0.75 = 749.25 -> 749
		{"25 %", pct(25), 999, 12, 749},
		// 999 × 0.50 = 499.5 -> 500
		{"50 % half cent", pct(50), 999, 1, 500},
		// 800 × 0.875 = 700
		{"12.5 %", pct(12.5), 800, 1, 700},
		// 1000 × 0.6667 = 666.7 -> 667
		{"33.33 %", pct(33.33), 1000, 1, 667},
		{"100 % is free", pct(100), 999, 1, 0},
		{"above 100 % never below 0", pct(150), 999, 1, 0},
		{"negative percent never raises", pct(-10), 999, 1, 999},
		// 999 − 1200 / 12 = 999 − 100 = 899
		{"fixed 12 € over a year", fixed(1200), 999, 12, 899},
		// 999 − 1000 / 12 = 999 − 83.33 = 915.67 -> 916
		{"fixed 10 € over a year", fixed(1000), 999, 12, 916},
		// 1000 − 5 / 2 = 997.5 -> 998
		{"fixed half cent", fixed(5), 1000, 2, 998},
		// 499 − 250 / 1 = 249
		{"fixed one month", fixed(250), 499, 1, 249},
		// months 0 counts as 1: 499 − 100 = 399
		{"fixed one-time", fixed(100), 499, 0, 399},
		// 500 − 10000 / 12 = 500 − 833.33 < 0 -> 0
		{"fixed never below 0", fixed(10000), 500, 12, 0},
		{"fixed negative value never raises", fixed(-500), 500, 12, 500},
		{"unknown kind leaves price", Promotion{Kind: "bogus", Percent: 50}, 500, 12, 500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PromotedPrice(tt.p, tt.net, tt.months); got != tt.want {
				t.Errorf("PromotedPrice(%+v, %d, %d) = %d, want %d", tt.p, tt.net, tt.months, got, tt.want)
			}
		})
	}
}

func TestDiscount(t *testing.T) {
	tests := []struct {
		name   string
		p      Promotion
		net    int64
		months int32
		want   int64
	}{
		// 12 × 999 × 0.25 = 2997; rounding the promoted price first would give 12 × (999 − 749) = 3000
		{"25 % over a year, rounded once", pct(25), 999, 12, 2997},
		// 1 × 999 × 0.5 = 499.5 -> 500
		{"50 % one month", pct(50), 999, 1, 500},
		// 24 × 799 × 0.10 = 1917.6 -> 1918
		{"10 % two years", pct(10), 799, 24, 1918},
		// 12 × (999 − 899) = 1200
		{"fixed even split", fixed(1200), 999, 12, 1200},
		// 12 × (999 − 915.67) = 1000 exactly; not 12 × 83 = 996
		{"fixed uneven split saves its value", fixed(1000), 999, 12, 1000},
		// capped at 500 × 12 = 6000
		{"fixed capped at the period price", fixed(10000), 500, 12, 6000},
		{"fixed negative saves nothing", fixed(-500), 500, 12, 0},
		// 150 % capped to 100 %: 3 × 400 = 1200
		{"percentage capped at 100 %", pct(150), 400, 3, 1200},
		{"unknown kind", Promotion{Kind: "bogus"}, 500, 12, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Discount(tt.p, tt.net, tt.months); got != tt.want {
				t.Errorf("Discount(%+v, %d, %d) = %d, want %d", tt.p, tt.net, tt.months, got, tt.want)
			}
		})
	}
}

func TestDiscountDisplay(t *testing.T) {
	tests := []struct {
		name   string
		p      Promotion
		net    int64
		months int32
		vat    float64
		want   int64
	}{
		// 12 × (999 − 915.67) × 1.19 = 1000 × 1.19 = 1190
		{"fixed at 19 %", fixed(1000), 999, 12, 19, 1190},
		// 1200 × 1.20 = 1440
		{"fixed at 20 %", fixed(1200), 999, 12, 20, 1440},
		// 250 × 1.19 = 297.5 -> 298
		{"fixed half cent", fixed(250), 499, 1, 19, 298},
		{"fixed net brand passes VAT 0", fixed(1000), 999, 12, 0, 1000},
		// 12 × 999 × 0.25 × 1.19 = 2997 × 1.19 = 3566.43 -> 3566
		{"percentage at 19 %", pct(25), 999, 12, 19, 3566},
		// 24 × 799 × 0.10 × 1.20 = 1917.6 × 1.2 = 2301.12 -> 2301
		{"percentage at 20 %, rounded once", pct(10), 799, 24, 20, 2301},
		{"unknown kind", Promotion{Kind: "bogus"}, 500, 12, 19, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DiscountDisplay(tt.p, tt.net, tt.months, tt.vat); got != tt.want {
				t.Errorf("DiscountDisplay(%+v, %d, %d, %v) = %d, want %d", tt.p, tt.net, tt.months, tt.vat, got, tt.want)
			}
		})
	}
}

func TestPercentLabel(t *testing.T) {
	tests := []struct {
		percent float64
		want    int64
	}{
		{25, 25},
		{12.5, 13}, // half rounds up
		{33.33, 33},
		{66.67, 67},
		{0.4, 0},
		{99.5, 100},
		{-2.5, -3}, // away from zero
	}
	for _, tt := range tests {
		if got := PercentLabel(tt.percent); got != tt.want {
			t.Errorf("PercentLabel(%v) = %d, want %d", tt.percent, got, tt.want)
		}
	}
}

// A fixed promotion applied over PromotionMonths saves exactly its value: the spec's two formulas
// (price − value/months and months × (regular − promoted)) fit together.
func TestFixedPromotionOverItsMonths(t *testing.T) {
	p := Promotion{Kind: Fixed, ValueCents: 1500, RecursFor: 3}
	months := PromotionMonths(p.RecursFor, 1) // 3 × 1
	// 799 − 1500 / 3 = 299
	if got := PromotedPrice(p, 799, months); got != 299 {
		t.Errorf("PromotedPrice = %d, want 299", got)
	}
	// 3 × (799 − 299) = 1500
	if got := Discount(p, 799, months); got != 1500 {
		t.Errorf("Discount = %d, want 1500", got)
	}
}
