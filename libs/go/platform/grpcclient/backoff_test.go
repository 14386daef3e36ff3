package grpcclient

import (
	"testing"
	"time"
)

func TestBackoffGrowsWithJitter(t *testing.T) {
	base := 50 * time.Millisecond
	for attempt := range 4 {
		lo := base << attempt
		hi := lo + lo/2
		seen := map[time.Duration]bool{}
		for range 50 {
			d := backoff(base, attempt)
			if d < lo || d > hi {
				t.Fatalf("backoff(attempt %d) = %v, want within [%v, %v]", attempt, d, lo, hi)
			}
			seen[d] = true
		}
		if len(seen) < 2 {
			t.Errorf("attempt %d: no jitter, always %v", attempt, seen)
		}
	}
}
