package paymentsvc

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/payment/endpoints"
	"github.com/hostcart/checkout/services/payment/service"
)

func TestRateLimitConfig(t *testing.T) {
	cfg := ConfigFromEnv()
	if cfg.RateSession != (ratelimit.Limit{Rate: 10, Period: 10 * time.Minute, Burst: 5}) || cfg.RateIP != (ratelimit.Limit{Rate: 60, Period: 10 * time.Minute, Burst: 20}) {
		t.Fatalf("defaults: %v, %v", cfg.RateSession, cfg.RateIP)
	}
	t.Setenv("PAYMENT_RATELIMIT_SESSION", "3/1m")
	t.Setenv("PAYMENT_RATELIMIT_IP", "off")
	cfg = ConfigFromEnv()
	if cfg.RateSession != (ratelimit.Limit{Rate: 3, Period: time.Minute}) || cfg.RateIP.Enabled() {
		t.Fatalf("from the environment: %v, %v", cfg.RateSession, cfg.RateIP)
	}
}

// counting is a set whose guarded endpoints count their calls.
func counting(calls map[string]int) endpoints.Set {
	count := func(name string) func(context.Context, any) (any, error) {
		return func(context.Context, any) (any, error) { calls[name]++; return nil, nil }
	}
	return endpoints.Set{CreateCard: count("create"), CardDetails: count("details"), CreatePayPal: count("paypal"),
		ListPaymentTypes: count("types")}
}

func shopper(session, ip string) context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: 1, SessionID: session, ClientIP: ip})
}

// Card payments, their details and PayPal subscriptions are budgeted per session (each route on
// its own), an attempt's replays are free, and the refusal is the service's 429 key.
func TestGuardLimitsPaymentAttempts(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "payment_guard")
	calls := map[string]int{}
	set := guard(counting(calls), rdb, prefix, Config{RateSession: ratelimit.Limit{Rate: 2, Period: time.Hour}}, nil)
	card := func(session, key string) error {
		_, err := set.CreateCard(shopper(session, "192.0.2.1"), service.CardInput{IdempotencyKey: key})
		return err
	}
	for _, key := range []string{"a1", "a1", "a2", "a2", "a1"} {
		if err := card("s1", key); err != nil {
			t.Fatalf("attempt %s within the budget: %v", key, err)
		}
	}
	err := card("s1", "a3")
	var limited *ratelimit.Error
	if !errors.As(err, &limited) || apperr.Code(err) != codes.ResourceExhausted || apperr.MessageKey(err) != KeyTooManyAttempts || limited.RetryAfter <= 0 {
		t.Fatalf("third attempt: %v, want %s with a retry delay", err, KeyTooManyAttempts)
	}
	if err := card("s2", "a3"); err != nil {
		t.Fatalf("another session: %v", err)
	}
	if _, err := set.CardDetails(shopper("s1", "192.0.2.1"), endpoints.CardDetailsRequest{IdempotencyKey: "d1"}); err != nil {
		t.Fatalf("details of the limited session (a budget of its own): %v", err)
	}
	for _, key := range []string{"p1", "p2"} {
		if _, err := set.CreatePayPal(shopper("s1", "192.0.2.1"), service.PayPalInput{IdempotencyKey: key}); err != nil {
			t.Fatalf("PayPal %s: %v", key, err)
		}
	}
	if _, err := set.CreatePayPal(shopper("s1", "192.0.2.1"), service.PayPalInput{IdempotencyKey: "p3"}); apperr.MessageKey(err) != KeyTooManyAttempts {
		t.Fatalf("third PayPal attempt: %v", err)
	}
	if calls["create"] != 6 || calls["details"] != 1 || calls["paypal"] != 2 {
		t.Errorf("calls = %v", calls)
	}
}

// With Redis away the guarded routes refuse (503, the service's key, not counted by breakers)
// while the others are not touched.
func TestGuardFailsClosed(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	calls := map[string]int{}
	set := guard(counting(calls), rdb, "rl:payment:", Config{RateSession: ratelimit.Limit{Rate: 2, Period: time.Hour}}, nil)
	_, err := set.CreateCard(shopper("s1", ""), service.CardInput{IdempotencyKey: "a1"})
	if apperr.Code(err) != codes.Unavailable || apperr.MessageKey(err) != KeyUnavailable {
		t.Fatalf("card payment with Redis down: %v, want Unavailable %s", err, KeyUnavailable)
	}
	if _, err := set.ListPaymentTypes(shopper("s1", ""), nil); err != nil || calls["types"] != 1 || calls["create"] != 0 {
		t.Fatalf("unguarded route: %v, calls %v", err, calls)
	}
}
