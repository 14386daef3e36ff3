package pricing

import "testing"

func TestContractTotal(t *testing.T) {
	tests := []struct {
		name   string
		net    int64
		months int32
		want   int64
	}{
		{"annual webhosting", 499, 12, 5988}, // 499 × 12
		{"two-year server", 2990, 24, 71760}, // 2990 × 24
		{"monthly", 799, 1, 799},             // 799 × 1
		{"one-time maturity has no total", 499, 0, 0},
		{"negative months treated as none", 499, -3, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ContractTotal(tt.net, tt.months); got != tt.want {
				t.Errorf("ContractTotal(%d, %d) = %d, want %d", tt.net, tt.months, got, tt.want)
			}
		})
	}
}

func TestMinimumPeriodPrice(t *testing.T) {
	tests := []struct {
		name   string
		net    int64
		months int32
		vat    float64
		want   int64
	}{
		// 499 × 12 = 5988; × 1.19 = 7125.72 -> 7126
		{"Hostwerk annual", 499, 12, 19, 7126},
		// 5988 × 1.20 = 7185.6 -> 7186
		{"Alpenhost annual", 499, 12, 20, 7186},
		// 799 × 24 = 19176; × 1.19 = 22819.44 -> 22819
		{"two years", 799, 24, 19, 22819},
		// 50 × 1 × 1.19 = 59.5 -> 60
		{"half cent rounds away from zero", 50, 1, 19, 60},
		// 1 × 3 × 1.19 = 3.57 -> 4; rounding per month first would give 3 × 1 = 3
		{"rounded once, not per month", 1, 3, 19, 4},
		// 1000 × 6 × 1.077 = 6462
		{"fractional VAT", 1000, 6, 7.7, 6462},
		// 499 × 12 × 1 = 5988
		{"VAT 0 gives net", 499, 12, 0, 5988},
		{"one-time", 499, 0, 19, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MinimumPeriodPrice(tt.net, tt.months, tt.vat); got != tt.want {
				t.Errorf("MinimumPeriodPrice(%d, %d, %v) = %d, want %d", tt.net, tt.months, tt.vat, got, tt.want)
			}
		})
	}
}

func TestContractTotalDisplay(t *testing.T) {
	// 499 × 12 = 5988; × 1.19 = 7125.72 -> 7126
	if got := ContractTotalDisplay(499, 12, 19, true); got != 7126 {
		t.Errorf("with VAT = %d, want 7126", got)
	}
	if got := ContractTotalDisplay(499, 12, 20, false); got != 5988 {
		t.Errorf("without VAT = %d, want 5988", got)
	}
}

func TestIsOneTimeAndAddonPrice(t *testing.T) {
	tests := []struct {
		name        string
		months      int32
		net, setup  int64
		wantOneTime bool
		wantCents   int64
	}{
		{"months 0 shows setup fee", 0, 500, 1500, true, 1500},
		{"price 0 shows setup fee", 12, 0, 990, true, 990},
		{"both 0", 0, 0, 0, true, 0},
		{"monthly addon shows monthly price", 1, 199, 500, false, 199},
		{"annual addon", 12, 99, 0, false, 99},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsOneTime(tt.months, tt.net); got != tt.wantOneTime {
				t.Errorf("IsOneTime(%d, %d) = %v, want %v", tt.months, tt.net, got, tt.wantOneTime)
			}
			cents, oneTime := AddonPrice(tt.months, tt.net, tt.setup)
			if cents != tt.wantCents || oneTime != tt.wantOneTime {
				t.Errorf("AddonPrice(%d, %d, %d) = %d, %v; want %d, %v",
					tt.months, tt.net, tt.setup, cents, oneTime, tt.wantCents, tt.wantOneTime)
			}
		})
	}
}

func TestShowPrice(t *testing.T) {
	tests := []struct {
		cents int64
		hide  bool
		want  bool
	}{
		{0, true, false},
		{0, false, true},
		{1, true, true},
		{499, false, true},
		{-100, true, true}, // a discount line is not a zero price
	}
	for _, tt := range tests {
		if got := ShowPrice(tt.cents, tt.hide); got != tt.want {
			t.Errorf("ShowPrice(%d, %v) = %v, want %v", tt.cents, tt.hide, got, tt.want)
		}
	}
}

func TestAmountDisplay(t *testing.T) {
	// setup fee 1500 × 1.19 = 1785
	if got := AmountDisplay(1500, 19, true); got != 1785 {
		t.Errorf("AmountDisplay gross = %d, want 1785", got)
	}
	if got := AmountDisplay(1500, 20, false); got != 1500 {
		t.Errorf("AmountDisplay net = %d, want 1500", got)
	}
}
