package ttlcache

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestCache(t *testing.T) {
	c := New[int, string](time.Minute)
	now := time.Unix(1000, 0)
	c.now = func() time.Time { return now }
	loads := 0
	load := func(context.Context) (string, error) { loads++; return "v", nil }
	ctx := context.Background()
	for range 3 {
		if v, err := c.Get(ctx, 1, load); v != "v" || err != nil {
			t.Fatal(v, err)
		}
	}
	if loads != 1 {
		t.Errorf("%d loads within the TTL, want 1", loads)
	}
	_, _ = c.Get(ctx, 2, load)
	now = now.Add(time.Minute)
	_, _ = c.Get(ctx, 1, load)
	if loads != 3 {
		t.Errorf("%d loads, want 3 (other key, expired key)", loads)
	}
	boom := errors.New("boom")
	if _, err := c.Get(ctx, 3, func(context.Context) (string, error) { return "", boom }); !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	if v, _ := c.Get(ctx, 3, load); v != "v" {
		t.Error("a failed load was cached")
	}
	off := New[int, string](0)
	_, _ = off.Get(ctx, 1, load)
	_, _ = off.Get(ctx, 1, load)
	if loads != 6 {
		t.Errorf("a cache with TTL 0 cached: %d loads", loads)
	}
}

func TestReloadReplacesTheCachedValue(t *testing.T) {
	c := New[int, string](time.Minute)
	ctx := context.Background()
	_, _ = c.Get(ctx, 1, func(context.Context) (string, error) { return "old", nil })
	if v, _ := c.Reload(ctx, 1, func(context.Context) (string, error) { return "new", nil }); v != "new" {
		t.Fatalf("reload = %q", v)
	}
	if v, _ := c.Get(ctx, 1, func(context.Context) (string, error) { return "unused", nil }); v != "new" {
		t.Errorf("after a reload Get = %q, want the reloaded value", v)
	}
	boom := errors.New("boom")
	if _, err := c.Reload(ctx, 1, func(context.Context) (string, error) { return "", boom }); !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	if v, _ := c.Get(ctx, 1, func(context.Context) (string, error) { return "unused", nil }); v != "new" {
		t.Errorf("a failed reload dropped the cached value: %q", v)
	}
}
