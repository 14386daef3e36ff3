package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    Limit
		wantErr bool
	}{
		{in: "", want: Limit{}},
		{in: "off", want: Limit{}},
		{in: "0", want: Limit{}},
		{in: "60/1m", want: Limit{Rate: 60, Period: time.Minute}},
		{in: " 10/1s/20 ", want: Limit{Rate: 10, Period: time.Second, Burst: 20}},
		{in: "10", wantErr: true},
		{in: "x/1s", wantErr: true},
		{in: "10/soon", wantErr: true},
		{in: "10/1s/0", wantErr: true},
		{in: "10/-1s", wantErr: true},
		{in: "1/2/3/4", wantErr: true},
		{in: "2000/1ns", wantErr: true},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("Parse(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
			continue
		}
		if got != tt.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
	if s := (Limit{Rate: 10, Period: time.Second, Burst: 20}).String(); s != "10/1s/20" {
		t.Errorf("String() = %q", s)
	}
}

// backends runs f against miniredis (with a controllable clock) and against the machine's Redis.
func backends(t *testing.T, f func(t *testing.T, rdb *redis.Client, advance func(time.Duration))) {
	t.Run("miniredis", func(t *testing.T) {
		mr := miniredis.RunT(t)
		now := time.Now()
		mr.SetTime(now)
		rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
		t.Cleanup(func() { rdb.Close() })
		f(t, rdb, func(d time.Duration) {
			now = now.Add(d)
			mr.SetTime(now)
			mr.FastForward(d)
		})
	})
	t.Run("redis", func(t *testing.T) {
		rdb := realRedis(t)
		f(t, rdb, time.Sleep)
	})
}

// realRedis is the machine's Redis (TEST_REDIS_URL); the tests put their keys under testPrefix.
func realRedis(t *testing.T) *redis.Client {
	t.Helper()
	rdb, _ := testinfra.Redis(t, "ratelimit")
	return rdb
}

// testPrefix isolates a test's keys on a shared Redis and removes them afterwards.
func testPrefix(t *testing.T, rdb *redis.Client) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "rltest:" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		ctx := context.Background()
		keys, _ := rdb.Keys(ctx, prefix+"*").Result()
		if len(keys) > 0 {
			rdb.Del(ctx, keys...)
		}
	})
	return prefix
}

func TestAllowBurstThenRefuse(t *testing.T) {
	backends(t, func(t *testing.T, rdb *redis.Client, advance func(time.Duration)) {
		ctx := context.Background()
		l := New(rdb, testPrefix(t, rdb))
		rule := Rule{Key: "session:a", Limit: Limit{Rate: 3, Period: 600 * time.Millisecond}}
		for i := range 3 {
			res, err := l.Allow(ctx, rule)
			if err != nil {
				t.Fatalf("Allow #%d: %v", i, err)
			}
			if !res.Allowed {
				t.Fatalf("Allow #%d refused within the burst: %+v", i, res)
			}
			if want := 2 - i; res.Remaining != want {
				t.Errorf("Allow #%d remaining = %d, want %d", i, res.Remaining, want)
			}
		}
		res, err := l.Allow(ctx, rule)
		if err != nil {
			t.Fatal(err)
		}
		if res.Allowed || res.DeniedKey != "session:a" {
			t.Fatalf("4th request = %+v, want refused by session:a", res)
		}
		// One unit is 200ms; the wait can only be shorter by the time the test itself took.
		if res.RetryAfter <= 100*time.Millisecond || res.RetryAfter > 200*time.Millisecond {
			t.Errorf("RetryAfter = %v, want about 200ms", res.RetryAfter)
		}
		advance(res.RetryAfter + 20*time.Millisecond)
		res, err = l.Allow(ctx, rule)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Allowed {
			t.Fatalf("after waiting RetryAfter the request is still refused: %+v", res)
		}
	})
}

func TestRefusedRequestConsumesFromNoRule(t *testing.T) {
	backends(t, func(t *testing.T, rdb *redis.Client, _ func(time.Duration)) {
		ctx := context.Background()
		l := New(rdb, testPrefix(t, rdb))
		session := Rule{Key: "session:a", Limit: Limit{Rate: 1, Period: time.Hour}}
		ip := Rule{Key: "ip:127.0.0.1", Limit: Limit{Rate: 5, Period: time.Hour}}
		if res, err := l.Allow(ctx, session, ip); err != nil || !res.Allowed || res.Remaining != 0 {
			t.Fatalf("first request = %+v, %v; want allowed with 0 remaining (tightest rule)", res, err)
		}
		for i := range 3 {
			res, err := l.Allow(ctx, session, ip)
			if err != nil {
				t.Fatal(err)
			}
			if res.Allowed || res.DeniedKey != "session:a" {
				t.Fatalf("request %d = %+v, want refused by the session rule", i, res)
			}
		}
		// The address budget paid only for the one allowed request: 4 are left.
		other := Rule{Key: "session:b", Limit: session.Limit}
		res, err := l.Allow(ctx, other, ip)
		if err != nil || !res.Allowed {
			t.Fatalf("other session = %+v, %v; want allowed", res, err)
		}
		if res.Remaining != 0 {
			t.Errorf("remaining = %d, want 0 from the new session's rule", res.Remaining)
		}
		res, err = l.Allow(ctx, ip)
		if err != nil || !res.Allowed || res.Remaining != 2 {
			t.Fatalf("address alone = %+v, %v; want allowed with 2 remaining", res, err)
		}
	})
}

func TestAllowNAndDisabledRules(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	defer rdb.Close()
	ctx := context.Background()
	l := New(rdb, "t:")

	if _, err := l.Allow(ctx); err != ErrNoRules {
		t.Errorf("Allow() without rules = %v, want ErrNoRules", err)
	}
	res, err := l.Allow(ctx, Rule{Key: "x", Limit: Limit{}}, Rule{Key: "", Limit: Limit{Rate: 1, Period: time.Second}})
	if err != nil || !res.Allowed {
		t.Errorf("only disabled rules = %+v, %v; want allowed", res, err)
	}
	if len(mr.Keys()) != 0 {
		t.Errorf("disabled rules wrote keys %v", mr.Keys())
	}

	rule := Rule{Key: "batch", Limit: Limit{Rate: 10, Period: time.Minute}}
	if res, err := l.AllowN(ctx, 7, rule); err != nil || !res.Allowed || res.Remaining != 3 {
		t.Fatalf("AllowN(7) = %+v, %v; want allowed, 3 remaining", res, err)
	}
	if res, err := l.AllowN(ctx, 4, rule); err != nil || res.Allowed {
		t.Fatalf("AllowN(4) over budget = %+v, %v; want refused", res, err)
	}
	if ttl := mr.TTL("t:batch"); ttl <= 0 || ttl > time.Minute {
		t.Errorf("bucket TTL = %v, want within the period so idle keys vanish", ttl)
	}
}

func TestConcurrentRequestsNeverExceedTheBurst(t *testing.T) {
	rdb := realRedis(t)
	ctx := context.Background()
	l := New(rdb, testPrefix(t, rdb))
	rule := Rule{Key: "hot", Limit: Limit{Rate: 20, Period: time.Hour}}
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			res, err := l.Allow(ctx, rule)
			if err != nil {
				t.Error(err)
				return
			}
			if res.Allowed {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if got := allowed.Load(); got != 20 {
		t.Errorf("allowed %d of 100 concurrent requests, want exactly the burst of 20", got)
	}
}

func TestRedisDownIsAnError(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1})
	defer rdb.Close()
	mr.Close()
	_, err := New(rdb, "x:").Allow(context.Background(), Rule{Key: "k", Limit: Limit{Rate: 1, Period: time.Second}})
	if err == nil {
		t.Fatal("Allow with Redis down returned no error; callers decide to fail open or closed")
	}
}

// An attempt's first allowed request pays and marks it; its replays pay nothing (Replay), on
// every backend; a refused request marks nothing; the mark ends after its lifetime.
func TestAllowAttempt(t *testing.T) {
	backends(t, func(t *testing.T, rdb *redis.Client, advance func(time.Duration)) {
		ctx := context.Background()
		l := New(rdb, testPrefix(t, rdb))
		rule := Rule{Key: "session:a", Limit: Limit{Rate: 1, Period: time.Hour}}
		res, err := l.AllowAttempt(ctx, "k1", 300*time.Millisecond, rule)
		if err != nil || !res.Allowed || res.Replay {
			t.Fatalf("first request of k1 = %+v, %v; want allowed and paid", res, err)
		}
		for range 3 {
			if res, err := l.AllowAttempt(ctx, "k1", 300*time.Millisecond, rule); err != nil || !res.Allowed || !res.Replay {
				t.Fatalf("replay of k1 = %+v, %v; want allowed as a replay", res, err)
			}
		}
		for range 2 {
			if res, err := l.AllowAttempt(ctx, "k2", 300*time.Millisecond, rule); err != nil || res.Allowed || res.DeniedKey != "session:a" {
				t.Fatalf("k2 over the budget = %+v, %v; want refused", res, err)
			}
		}
		if res, err := l.Allow(ctx, rule); err != nil || res.Allowed {
			t.Fatalf("a request without attempt = %+v, %v; want refused", res, err)
		}
		advance(400 * time.Millisecond)
		if res, err := l.AllowAttempt(ctx, "k1", 300*time.Millisecond, rule); err != nil || res.Allowed {
			t.Fatalf("k1 after its mark ended = %+v, %v; want refused (it pays again)", res, err)
		}
	})
}
