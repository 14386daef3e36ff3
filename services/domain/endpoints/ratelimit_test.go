package endpoints

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/domain/domain"
)

func guarded(t *testing.T, limits RateLimits) (func(ctx context.Context) error, *miniredis.Miniredis, *int) {
	t.Helper()
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1})
	t.Cleanup(func() { rdb.Close() })
	calls := 0
	next := func(context.Context, any) (any, error) { calls++; return "ok", nil }
	e := RateLimit(ratelimit.New(rdb, "rl:test:"), limits, slog.New(slog.DiscardHandler))(next)
	return func(ctx context.Context) error { _, err := e(ctx, nil); return err }, mr, &calls
}

func visitor(session, ip string) context.Context {
	return WithClientIP(callctx.With(context.Background(), callctx.Values{SessionID: session}), ip)
}

func TestRateLimitPerSession(t *testing.T) {
	call, _, calls := guarded(t, RateLimits{PerSession: ratelimit.Limit{Rate: 2, Period: time.Minute}})
	a := visitor("session-a", "10.0.0.1")
	for i := range 2 {
		if err := call(a); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	err := call(a)
	var rl *domain.RateLimitedError
	if !errors.As(err, &rl) || rl.Scope != "session" || rl.RetryAfter <= 0 || !errors.Is(err, domain.ErrRateLimited) {
		t.Fatalf("third call err = %v, want a session rate limit with a retry delay", err)
	}
	if domain.MessageKey(err) != "domain.too_many_requests" {
		t.Errorf("message key = %q", domain.MessageKey(err))
	}
	if err := call(visitor("session-b", "10.0.0.1")); err != nil {
		t.Errorf("another session was limited: %v", err)
	}
	if *calls != 3 {
		t.Errorf("the use case ran %d times, want 3", *calls)
	}
}

func TestRateLimitPerIP(t *testing.T) {
	call, _, _ := guarded(t, RateLimits{
		PerSession: ratelimit.Limit{Rate: 100, Period: time.Minute},
		PerIP:      ratelimit.Limit{Rate: 3, Period: time.Minute},
	})
	for i := range 3 {
		if err := call(visitor("s"+string(rune('a'+i)), "192.0.2.7")); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	var rl *domain.RateLimitedError
	if err := call(visitor("fresh", "192.0.2.7")); !errors.As(err, &rl) || rl.Scope != "ip" {
		t.Fatalf("new session from the same address: err = %v, want the address limit", err)
	}
	if err := call(visitor("fresh", "192.0.2.8")); err != nil {
		t.Errorf("other address was limited: %v", err)
	}
	// Without session or address there is nothing to key a budget on.
	for range 10 {
		if err := call(context.Background()); err != nil {
			t.Fatalf("anonymous internal call limited: %v", err)
		}
	}
}

func TestRateLimitFailsOpenWhenRedisIsDown(t *testing.T) {
	call, mr, calls := guarded(t, RateLimits{PerSession: ratelimit.Limit{Rate: 1, Period: time.Minute}})
	mr.Close()
	for range 3 {
		if err := call(visitor("s", "")); err != nil {
			t.Fatalf("with Redis down: %v", err)
		}
	}
	if *calls != 3 {
		t.Errorf("use case ran %d times", *calls)
	}
}

// The address the gateway sends reaches the limit through the call context the platform's server
// interceptor fills; WithClientIP overrides it.
func TestClientIPFromCallContext(t *testing.T) {
	ctx := callctx.With(context.Background(), callctx.Values{ClientIP: "192.0.2.1"})
	if got := ClientIP(ctx); got != "192.0.2.1" {
		t.Fatalf("ClientIP = %q, want the call context's", got)
	}
	if got := ClientIP(WithClientIP(ctx, "192.0.2.2")); got != "192.0.2.2" {
		t.Fatalf("ClientIP = %q, want the override", got)
	}
	if got := ClientIP(context.Background()); got != "" {
		t.Fatalf("ClientIP = %q without any", got)
	}
}
