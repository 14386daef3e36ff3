package ttlcache

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestLoadCachesPerKeyAndNotFailures(t *testing.T) {
	c := New[int, string](16, time.Hour)
	loads := 0
	load := func(context.Context) (string, error) { loads++; return "v", nil }
	ctx := context.Background()
	for range 3 {
		if v, err := c.Load(ctx, 1, load); v != "v" || err != nil {
			t.Fatal(v, err)
		}
	}
	if loads != 1 {
		t.Errorf("%d loads within the TTL, want 1", loads)
	}
	_, _ = c.Load(ctx, 2, load)
	if loads != 2 {
		t.Errorf("%d loads, want 2 (one per key)", loads)
	}
	boom := errors.New("boom")
	if _, err := c.Load(ctx, 3, func(context.Context) (string, error) { return "", boom }); !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	if v, _ := c.Load(ctx, 3, load); v != "v" || loads != 3 {
		t.Errorf("a failed load was cached: %q after %d loads", v, loads)
	}
}

func TestZeroTTLCachesNothing(t *testing.T) {
	c := New[int, string](16, 0)
	loads := 0
	load := func(context.Context) (string, error) { loads++; return "v", nil }
	_, _ = c.Load(context.Background(), 1, load)
	_, _ = c.Load(context.Background(), 1, load)
	c.Add(2, "x")
	if _, ok := c.Get(2); ok || loads != 2 || c.Len() != 0 {
		t.Errorf("a cache with TTL 0 cached: %d loads, %d entries", loads, c.Len())
	}
}

// expiring returns a cache with a short TTL and a channel that receives each key the library
// expires: the test waits for that instead of sleeping for a guessed time.
func expiring(t *testing.T) (*Cache[int, string], <-chan int) {
	t.Helper()
	expired := make(chan int, 16)
	c := NewWithEvict(16, 20*time.Millisecond, func(k int, _ string) { expired <- k })
	return c, expired
}

func waitExpired(t *testing.T, expired <-chan int, key int) {
	t.Helper()
	select {
	case k := <-expired:
		if k != key {
			t.Fatalf("expired key %d, want %d", k, key)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("key %d never expired", key)
	}
}

func TestLoadAsksAgainAfterExpiry(t *testing.T) {
	c, expired := expiring(t)
	loads := 0
	load := func(context.Context) (string, error) { loads++; return fmt.Sprint("v", loads), nil }
	if v, _ := c.Load(context.Background(), 1, load); v != "v1" {
		t.Fatalf("first load = %q", v)
	}
	waitExpired(t, expired, 1)
	if _, ok := c.Get(1); ok {
		t.Fatal("Get answered an expired entry")
	}
	if v, _ := c.Load(context.Background(), 1, load); v != "v2" || loads != 2 {
		t.Errorf("after expiry Load = %q with %d loads, want a fresh load", v, loads)
	}
}

func TestReloadReplacesTheCachedValue(t *testing.T) {
	c := New[int, string](16, time.Hour)
	ctx := context.Background()
	_, _ = c.Load(ctx, 1, func(context.Context) (string, error) { return "old", nil })
	if v, _ := c.Reload(ctx, 1, func(context.Context) (string, error) { return "new", nil }); v != "new" {
		t.Fatalf("reload = %q", v)
	}
	if v, _ := c.Load(ctx, 1, func(context.Context) (string, error) { return "unused", nil }); v != "new" {
		t.Errorf("after a reload Load = %q, want the reloaded value", v)
	}
	boom := errors.New("boom")
	if _, err := c.Reload(ctx, 1, func(context.Context) (string, error) { return "", boom }); !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	if v, _ := c.Load(ctx, 1, func(context.Context) (string, error) { return "unused", nil }); v != "new" {
		t.Errorf("a failed reload dropped the cached value: %q", v)
	}
}

func TestSizeEvictsTheLeastRecentlyUsed(t *testing.T) {
	c := New[int, string](2, time.Hour)
	c.Add(1, "a")
	c.Add(2, "b")
	c.Get(1) // 2 is now the least recently used
	c.Add(3, "c")
	if _, ok := c.Get(2); ok {
		t.Error("the least recently used entry survived")
	}
	if v, ok := c.Get(1); !ok || v != "a" {
		t.Errorf("a recently used entry was evicted: %q %v", v, ok)
	}
	if c.Len() != 2 {
		t.Errorf("%d entries, bound is 2", c.Len())
	}
	c.Remove(1)
	if _, ok := c.Get(1); ok {
		t.Error("Remove kept the entry")
	}
}

func TestNonPositiveSizeIsRefused(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("size 0 accepted: the library would make it unbounded")
		}
	}()
	New[int, int](0, time.Minute)
}
