package endpoints_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/promotion/domain"
	"github.com/hostcart/checkout/services/promotion/endpoints"
)

func realRedis(t *testing.T) (*redis.Client, string) {
	t.Helper()
	addr := os.Getenv("REDIS_TEST_ADDR")
	if addr == "" {
		addr = "127.0.0.1:6379"
	}
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		rdb.Close()
		t.Skipf("no Redis at %s: %v", addr, err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "test:promotion:" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		ctx := context.Background()
		iter := rdb.Scan(ctx, 0, prefix+"*", 100).Iterator()
		for iter.Next(ctx) {
			rdb.Del(ctx, iter.Val())
		}
		rdb.Close()
	})
	return rdb, prefix
}

func embeddedRedis(t *testing.T) (*redis.Client, string) {
	t.Helper()
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { rdb.Close() })
	return rdb, "rl:promotion:"
}

// counter stands for the guarded endpoint: it only counts how often it ran.
type counter struct{ calls int }

func (c *counter) endpoint(context.Context, any) (any, error) { c.calls++; return "ok", nil }

func visitor(session, ip string) context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: 1, SessionID: session, ClientIP: ip})
}

func TestRateLimit(t *testing.T) {
	for name, open := range map[string]func(*testing.T) (*redis.Client, string){"redis": realRedis, "miniredis": embeddedRedis} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rdb, prefix := open(t)
			limits := endpoints.RateLimits{
				PerSession: ratelimit.Limit{Rate: 3, Period: time.Minute},
				PerIP:      ratelimit.Limit{Rate: 5, Period: time.Minute},
			}
			var c counter
			guarded := endpoints.RateLimit(ratelimit.New(rdb, prefix), limits, slog.New(slog.DiscardHandler))(c.endpoint)

			for i := range 3 {
				if _, err := guarded(visitor("s1", "192.0.2.1"), nil); err != nil {
					t.Fatalf("lookup %d of session s1: %v", i+1, err)
				}
			}
			_, err := guarded(visitor("s1", "192.0.2.1"), nil)
			var rl *domain.RateLimitedError
			if !errors.As(err, &rl) || rl.Scope != "session" || rl.RetryAfter <= 0 || !errors.Is(err, apperr.RateLimited) {
				t.Fatalf("4th lookup of s1: err = %v, want a session rate limit with a retry delay", err)
			}
			if apperr.MessageKey(err) != domain.KeyTooMany {
				t.Errorf("key = %q", apperr.MessageKey(err))
			}
			// A new session from the same address gets its own budget until the address's is spent.
			for i := range 2 {
				if _, err := guarded(visitor("s2", "192.0.2.1"), nil); err != nil {
					t.Fatalf("lookup %d of s2: %v", i+1, err)
				}
			}
			if _, err := guarded(visitor("s3", "192.0.2.1"), nil); !errors.As(err, &rl) || rl.Scope != "ip" {
				t.Fatalf("6th lookup of the address: err = %v, want an address rate limit", err)
			}
			if _, err := guarded(visitor("s4", "198.51.100.7"), nil); err != nil {
				t.Errorf("other address: %v", err)
			}
			if c.calls != 6 {
				t.Errorf("endpoint ran %d times, want 6 (refused lookups must not reach it)", c.calls)
			}
		})
	}
}

func TestRateLimitFailsOpen(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	defer rdb.Close()
	mr.Close()
	var c counter
	limits := endpoints.RateLimits{PerSession: ratelimit.Limit{Rate: 1, Period: time.Minute}}
	guarded := endpoints.RateLimit(ratelimit.New(rdb, "rl:"), limits, slog.New(slog.DiscardHandler))(c.endpoint)
	for range 3 {
		if _, err := guarded(visitor("s1", ""), nil); err != nil {
			t.Fatalf("Redis down: %v, want the lookup to go through", err)
		}
	}
	// Without session and address there is nothing to count against.
	if _, err := guarded(context.Background(), nil); err != nil {
		t.Errorf("anonymous call: %v", err)
	}
}
