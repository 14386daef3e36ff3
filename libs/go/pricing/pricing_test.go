package pricing

import (
	"math"
	"testing"
)

func TestVATFactor(t *testing.T) {
	tests := []struct {
		vat  float64
		want float64
	}{
		{19, 1.19},
		{20, 1.2},
		{0, 1},
		{7.7, 1.077},
		{8.1, 1.081},
	}
	for _, tt := range tests {
		if got := VATFactor(tt.vat); got != tt.want {
			t.Errorf("VATFactor(%v) = %v, want %v", tt.vat, got, tt.want)
		}
	}
}

func TestGross(t *testing.T) {
	tests := []struct {
		name string
		net  int64
		vat  float64
		want int64
	}{
		// 499 * 1.19 = 593.81 -> 594
		{"webhosting S with 19 %", 499, 19, 594},
		// 499 * 1.20 = 598.8 -> 599
		{"webhosting S with 20 %", 499, 20, 599},
		// 50 * 1.19 = 59.5 -> 60 (half rounds up)
		{"exact half rounds away from zero", 50, 19, 60},
		// 150 * 1.19 = 178.5 -> 179
		{"another exact half", 150, 19, 179},
		// -50 * 1.19 = -59.5 -> -60
		{"negative half rounds away from zero", -50, 19, -60},
		// -499 * 1.19 = -593.81 -> -594
		{"negative amount", -499, 19, -594},
		// 1 * 1.19 = 1.19 -> 1
		{"one cent", 1, 19, 1},
		// 3 * 1.19 = 3.57 -> 4
		{"three cents", 3, 19, 4},
		{"zero", 0, 19, 0},
		{"no VAT", 1234, 0, 1234},
		// 1000 * 1.077 = 1077
		{"fractional VAT percent", 1000, 7.7, 1077},
		// 65 * 1.077 = 70.005 -> 70
		{"fractional VAT below half", 65, 7.7, 70},
		// 2990 * 1.19 = 3558.1 -> 3558
		{"managed server", 2990, 19, 3558},
		// 12 * 1.2 = 14.4 -> 14; 13 * 1.2 = 15.6 -> 16
		{"twelve cents 20 %", 12, 20, 14},
		{"thirteen cents 20 %", 13, 20, 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Gross(tt.net, tt.vat); got != tt.want {
				t.Errorf("Gross(%d, %v) = %d, want %d", tt.net, tt.vat, got, tt.want)
			}
		})
	}
}

func TestMonthlyDisplay(t *testing.T) {
	tests := []struct {
		name    string
		net     int64
		vat     float64
		withVAT bool
		want    int64
	}{
		{"Hostwerk shows gross", 799, 19, true, 951}, // 950.81
		{"Alpenhost shows net", 799, 20, false, 799},
		{"gross at 20 %", 799, 20, true, 959}, // 958.8
		{"free stays free", 0, 19, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MonthlyDisplay(tt.net, tt.vat, tt.withVAT); got != tt.want {
				t.Errorf("MonthlyDisplay(%d, %v, %v) = %d, want %d", tt.net, tt.vat, tt.withVAT, got, tt.want)
			}
		})
	}
}

func TestDefaultDisplayFactor(t *testing.T) {
	if got := VATFactor(DefaultVATPercent); got != 1.19 {
		t.Errorf("VATFactor(DefaultVATPercent) = %v, want 1.19", got)
	}
	// 1000 × 1.19 = 1190
	if got := Gross(1000, DefaultVATPercent); got != 1190 {
		t.Errorf("Gross(1000, default) = %d, want 1190", got)
	}
}

func TestGrossIgnoresNonFiniteVAT(t *testing.T) {
	if got := Gross(499, math.NaN()); got != 499 {
		t.Errorf("Gross(499, NaN) = %d, want 499", got)
	}
	if got := Gross(499, math.Inf(1)); got != 499 {
		t.Errorf("Gross(499, +Inf) = %d, want 499", got)
	}
}
