package service

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostcart/checkout/services/domain/domain"
)

func TestConcurrentIdenticalChecksAreCollapsed(t *testing.T) {
	// synctest.Wait returns once every goroutine of the bubble is blocked: all callers have joined
	// the one flight (or wait in the registry) before it answers, without guessing a sleep.
	synctest.Test(t, func(t *testing.T) {
		reg := newCountingRegistry()
		reg.gate = make(chan struct{})
		c := NewChecker(reg, newMemCache(), CheckerConfig{RegistryTimeout: 5 * time.Second}, nil)

		const callers = 25
		var wg sync.WaitGroup
		answers := make(chan Answer, callers)
		for range callers {
			wg.Go(func() {
				answers <- c.Check(context.Background(), []string{"takensite.de"})["takensite.de"]
			})
		}
		synctest.Wait()
		close(reg.gate)
		wg.Wait()
		close(answers)
		for a := range answers {
			if a.Err != nil || a.Status != domain.StatusTaken {
				t.Errorf("answer = %+v, want taken", a)
			}
		}
		if n := reg.count("takensite.de"); n != 1 {
			t.Errorf("registry called %d times for %d concurrent identical checks, want 1", n, callers)
		}
	})
}

func TestCacheHitsSpareTheRegistry(t *testing.T) {
	reg := newCountingRegistry()
	cache := newMemCache()
	c := NewChecker(reg, cache, CheckerConfig{}, nil)
	ctx := context.Background()
	batch := []string{"free1.de", "takenx.com", "free1.de", "reserved1.eu"}

	first := c.Check(ctx, batch)
	if len(first) != 3 {
		t.Fatalf("answers for %d names, want 3 distinct", len(first))
	}
	for n, a := range first {
		if a.Cached {
			t.Errorf("%s cached on the first check", n)
		}
	}
	if reg.total() != 3 {
		t.Fatalf("registry calls = %d, want 3 (duplicates in a batch are checked once)", reg.total())
	}
	second := c.Check(ctx, batch)
	want := map[string]domain.Status{"free1.de": domain.StatusAvailable, "takenx.com": domain.StatusTaken, "reserved1.eu": domain.StatusUnavailable}
	for n, st := range want {
		if a := second[n]; !a.Cached || a.Status != st {
			t.Errorf("%s second answer = %+v, want cached %d", n, a, st)
		}
	}
	if reg.total() != 3 {
		t.Errorf("registry calls = %d after a fully cached batch, want still 3", reg.total())
	}
}

func TestRegistryFailuresAreNotCached(t *testing.T) {
	reg := newCountingRegistry()
	reg.fail["down.de"] = true
	c := NewChecker(reg, newMemCache(), CheckerConfig{}, nil)
	for range 2 {
		a := c.Check(context.Background(), []string{"down.de"})["down.de"]
		if a.Err == nil || a.Status != domain.StatusUnavailable {
			t.Fatalf("answer = %+v, want unavailable with an error", a)
		}
	}
	if n := reg.count("down.de"); n != 2 {
		t.Errorf("registry asked %d times, want 2: failures must not be cached", n)
	}
}

func TestCacheOutageFallsBackToTheRegistry(t *testing.T) {
	reg := newCountingRegistry()
	cache := newMemCache()
	cache.fail = true
	c := NewChecker(reg, cache, CheckerConfig{}, nil)
	a := c.Check(context.Background(), []string{"free2.de"})["free2.de"]
	if a.Err != nil || a.Status != domain.StatusAvailable {
		t.Errorf("answer with the cache down = %+v, want available from the registry", a)
	}
}

func TestFirstCallerGivingUpDoesNotFailTheOthers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		reg := newCountingRegistry()
		reg.gate = make(chan struct{})
		c := NewChecker(reg, newMemCache(), CheckerConfig{RegistryTimeout: 5 * time.Second}, nil)

		impatient, cancel := context.WithCancel(context.Background())
		firstDone := make(chan Answer, 1)
		go func() { firstDone <- c.Check(impatient, []string{"takenshared.de"})["takenshared.de"] }()
		<-reg.started
		secondDone := make(chan Answer, 1)
		go func() { secondDone <- c.Check(context.Background(), []string{"takenshared.de"})["takenshared.de"] }()
		synctest.Wait() // the second caller has joined the flight
		cancel()
		if a := <-firstDone; a.Err == nil {
			t.Errorf("cancelled caller got %+v, want its context error", a)
		}
		close(reg.gate)
		// The sandbox answers names starting with "taken" as taken (status 1).
		if a := <-secondDone; a.Err != nil || a.Status != domain.StatusTaken {
			t.Errorf("patient caller got %+v, want the registry's answer: taken", a)
		}
		if n := reg.count("takenshared.de"); n != 1 {
			t.Errorf("registry calls = %d, want 1", n)
		}
	})
}

func TestNamesAreCheckedConcurrently(t *testing.T) {
	reg := &slowRegistry{delay: 100 * time.Millisecond}
	c := NewChecker(reg, newMemCache(), CheckerConfig{}, nil)
	begin := time.Now()
	got := c.Check(context.Background(), []string{"a1.de", "a2.de", "a3.de", "a4.de", "a5.de"})
	if took := time.Since(begin); took > 250*time.Millisecond {
		t.Errorf("5 names with 100ms registry latency took %v, want about 100ms (parallel)", took)
	}
	if len(got) != 5 {
		t.Errorf("%d answers", len(got))
	}
}

type slowRegistry struct{ delay time.Duration }

func (r *slowRegistry) Check(ctx context.Context, name string) (domain.Status, error) {
	select {
	case <-time.After(r.delay):
		return domain.StatusAvailable, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}
