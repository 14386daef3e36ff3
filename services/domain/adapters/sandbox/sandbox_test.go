package sandbox

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/domain/domain"
)

func TestFixedAnswers(t *testing.T) {
	tests := map[string]domain.Status{
		"takenname.de":      domain.StatusTaken,
		"unavailable-x.com": domain.StatusUnavailable,
		"reserved.at":       domain.StatusUnavailable,
		"free-for-me.eu":    domain.StatusAvailable,
		"available.co.uk":   domain.StatusAvailable,
		"google.de":         domain.StatusTaken,
	}
	for name, want := range tests {
		got, err := New(0).Check(context.Background(), name)
		if err != nil || got != want {
			t.Errorf("Check(%q) = %d, %v; want %d", name, got, err, want)
		}
	}
	if _, err := New(0).Check(context.Background(), "registryerror.de"); !errors.Is(err, ErrSandboxFailure) {
		t.Errorf("registryerror.de: err = %v, want ErrSandboxFailure", err)
	}
}

func TestHashedAnswersAreStableAndMixed(t *testing.T) {
	counts := map[domain.Status]int{}
	for i := range 1000 {
		name := fmt.Sprintf("shop%d.de", i)
		a, _ := StatusOf(name)
		b, _ := StatusOf(name)
		if a != b {
			t.Fatalf("%s answered %d then %d", name, a, b)
		}
		counts[a]++
	}
	if counts[domain.StatusAvailable] < 500 || counts[domain.StatusTaken] < 200 || counts[domain.StatusUnavailable] < 50 {
		t.Errorf("status mix %v, want roughly 60/30/10 %%", counts)
	}
}

func TestLatencyAndCancellation(t *testing.T) {
	r := New(50 * time.Millisecond)
	begin := time.Now()
	if _, err := r.Check(context.Background(), "free.de"); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(begin); took < 50*time.Millisecond {
		t.Errorf("check took %v, want at least the latency", took)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
	defer cancel()
	if _, err := r.Check(ctx, "free.de"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want the deadline", err)
	}
}
