package pricing

import "testing"

func TestCancellationLabel(t *testing.T) {
	tests := []struct {
		days int32
		want Label
	}{
		{28, Label{"cancellation.monthly", 28}},
		{30, Label{"cancellation.monthly", 30}},
		{60, Label{"cancellation.bimonthly", 60}},
		{90, Label{"cancellation.quarterly", 90}},
		{120, Label{"cancellation.four_monthly", 120}},
		{180, Label{"cancellation.half_yearly", 180}},
		{365, Label{"cancellation.yearly", 365}},
		{14, Label{"cancellation.days", 14}},
		{31, Label{"cancellation.days", 31}},
		{0, Label{"cancellation.days", 0}},
	}
	for _, tt := range tests {
		if got := CancellationLabel(tt.days); got != tt.want {
			t.Errorf("CancellationLabel(%d) = %+v, want %+v", tt.days, got, tt.want)
		}
	}
}

func TestCancellationDetails(t *testing.T) {
	// months = round(days × 48 / 1461), from 30 days on
	tests := []struct {
		days int32
		want Label
	}{
		{0, Label{"cancellation.details_days", 0}},
		{14, Label{"cancellation.details_days", 14}},
		{28, Label{"cancellation.details_days", 28}},
		{29, Label{"cancellation.details_days", 29}},
		{30, Label{"cancellation.details_months", 1}},    // 1440/1461 = 0.99 -> 1
		{45, Label{"cancellation.details_months", 1}},    // 2160/1461 = 1.48 -> 1
		{46, Label{"cancellation.details_months", 2}},    // 2208/1461 = 1.51 -> 2
		{60, Label{"cancellation.details_months", 2}},    // 2880/1461 = 1.97 -> 2
		{90, Label{"cancellation.details_months", 3}},    // 4320/1461 = 2.96 -> 3
		{120, Label{"cancellation.details_months", 4}},   // 5760/1461 = 3.94 -> 4
		{180, Label{"cancellation.details_months", 6}},   // 8640/1461 = 5.91 -> 6
		{365, Label{"cancellation.details_months", 12}},  // 17520/1461 = 11.99 -> 12
		{730, Label{"cancellation.details_months", 24}},  // 35040/1461 = 23.98 -> 24
		{1095, Label{"cancellation.details_months", 36}}, // 52560/1461 = 35.98 -> 36
	}
	for _, tt := range tests {
		if got := CancellationDetails(tt.days); got != tt.want {
			t.Errorf("CancellationDetails(%d) = %+v, want %+v", tt.days, got, tt.want)
		}
	}
}
