package paymenttypes

import (
	"testing"
	"time"
)

// The first debit falls due FirstDebitDays after the signing day in the shops' zone: a late-evening
// order in Germany (already the next day there) counts from the German day, across a month's end
// and the change from summer time.
func TestFirstDebitDueCountsGermanDays(t *testing.T) {
	for _, c := range []struct {
		signed time.Time
		want   string
	}{
		{time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC), "2026-12-02"},
		{time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC), "2026-12-03"}, // 00:30 on 28 November in Germany
		{time.Date(2026, 10, 24, 22, 30, 0, 0, time.UTC), "2026-10-30"}, // 00:30 summer time on 25 October
		{time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC), "2027-01-05"},
	} {
		got := FirstDebitDue(c.signed)
		if got.Format(DateLayout) != c.want || got.Location() != ShopZone || got.Hour() != 0 {
			t.Errorf("signed %s: due %s, want %s (midnight in %s)", c.signed, got, c.want, ShopZone)
		}
		back, err := ParseDueDate(got.Format(DateLayout))
		if err != nil || !back.Equal(got) {
			t.Errorf("%s read back as %s, %v", got.Format(DateLayout), back, err)
		}
	}
	if _, err := ParseDueDate("02.12.2026"); err == nil {
		t.Error("a German-written day read as a due date")
	}
}
