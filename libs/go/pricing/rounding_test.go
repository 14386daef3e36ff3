package pricing

import "testing"

func TestDivRound(t *testing.T) {
	tests := []struct {
		num, den, want int64
	}{
		{5, 2, 3},   // 2.5 -> 3
		{-5, 2, -3}, // -2.5 -> -3
		{4, 3, 1},   // 1.33 -> 1
		{-4, 3, -1}, // -1.33 -> -1
		{5, 3, 2},   // 1.67 -> 2
		{5, -2, -3}, // -2.5 -> -3
		{0, 7, 0},
		{7, 0, 0}, // no panic on a zero divisor
	}
	for _, tt := range tests {
		if got := divRound(tt.num, tt.den); got != tt.want {
			t.Errorf("divRound(%d, %d) = %d, want %d", tt.num, tt.den, got, tt.want)
		}
	}
}

func TestGrossDoesNotOverflow(t *testing.T) {
	// 2^40 = 1 099 511 627 776 cents; × 1.19 = 1 099 511 627 776 + 208 907 209 277.44
	// = 1 308 418 837 053.44 -> 1 308 418 837 053.
	if got := Gross(1<<40, 19); got != 1308418837053 {
		t.Errorf("Gross(2^40, 19) = %d", got)
	}
	// 2^50 = 1 125 899 906 842 624; × 1.19 = 1 339 820 889 142 722.56 -> ...723. The scaled
	// intermediate 2^50 × 11900 does not fit in an int64.
	if got := Gross(1<<50, 19); got != 1339820889142723 {
		t.Errorf("Gross(2^50, 19) = %d", got)
	}
	// Results beyond int64 saturate rather than wrap to a negative price.
	if got := Gross(1<<62, 100); got != 1<<63-1 {
		t.Errorf("Gross(2^62, 100) = %d, want max int64", got)
	}
}
