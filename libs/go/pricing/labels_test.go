package pricing

import "testing"

func TestMaturityLabel(t *testing.T) {
	tests := []struct {
		months int32
		want   Label
	}{
		{0, Label{"maturity.one_time", 0}},
		{1, Label{"maturity.monthly", 1}},
		{2, Label{"maturity.bimonthly", 2}},
		{3, Label{"maturity.seasonal", 3}},
		{4, Label{"maturity.triannual", 4}},
		{6, Label{"maturity.semiannual", 6}},
		{12, Label{"maturity.annual", 12}},
		{24, Label{"maturity.biannual", 24}},
		{5, Label{"maturity.months", 5}},
		{36, Label{"maturity.months", 36}},
	}
	for _, tt := range tests {
		if got := MaturityLabel(tt.months); got != tt.want {
			t.Errorf("MaturityLabel(%d) = %+v, want %+v", tt.months, got, tt.want)
		}
	}
}

func TestIntervalLabel(t *testing.T) {
	tests := []struct {
		months int32
		want   Label
	}{
		{0, Label{"interval.none", 0}},
		{1, Label{"interval.monthly", 1}},
		{6, Label{"interval.semiannual", 6}},
		{12, Label{"interval.annual", 12}},
		{3, Label{"interval.every_n_months", 3}},
		{24, Label{"interval.every_n_months", 24}},
		{2, Label{"interval.every_n_months", 2}},
	}
	for _, tt := range tests {
		if got := IntervalLabel(tt.months); got != tt.want {
			t.Errorf("IntervalLabel(%d) = %+v, want %+v", tt.months, got, tt.want)
		}
	}
}
