package ratelimit_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
)

// refused is what a service's Refusal returns in these tests.
type refused struct {
	retryAfter time.Duration
	scope      string
}

func (r *refused) Error() string {
	return fmt.Sprintf("%s budget spent, retry after %v", r.scope, r.retryAfter)
}

func refuse(ra time.Duration, scope string) error { return &refused{retryAfter: ra, scope: scope} }

// guarded wraps a counting endpoint in the middleware over miniredis.
func guarded(t *testing.T, b ratelimit.Budgets) (call func(context.Context) error, mr *miniredis.Miniredis, calls *int) {
	t.Helper()
	mr = miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	calls = new(int)
	next := func(context.Context, any) (any, error) { *calls++; return "ok", nil }
	e := ratelimit.Middleware(ratelimit.New(rdb, "rl:test:"), b, refuse, nil)(next)
	return func(ctx context.Context) error { _, err := e(ctx, nil); return err }, mr, calls
}

func visitor(session, ip string) context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: 1, SessionID: session, ClientIP: ip})
}

func TestMiddlewareBudgetsPerSessionAndAddress(t *testing.T) {
	call, _, calls := guarded(t, ratelimit.Budgets{
		PerSession: ratelimit.Limit{Rate: 3, Period: time.Minute},
		PerIP:      ratelimit.Limit{Rate: 5, Period: time.Minute},
	})
	for i := range 3 {
		if err := call(visitor("s1", "192.0.2.1")); err != nil {
			t.Fatalf("call %d of s1: %v", i+1, err)
		}
	}
	var r *refused
	if err := call(visitor("s1", "192.0.2.1")); !errors.As(err, &r) || r.scope != "session" || r.retryAfter <= 0 {
		t.Fatalf("4th call of s1: %v, want the session refusal with a retry delay", err)
	}
	// A new session from the same address has its own budget until the address's is spent.
	for i := range 2 {
		if err := call(visitor("s2", "192.0.2.1")); err != nil {
			t.Fatalf("call %d of s2: %v", i+1, err)
		}
	}
	if err := call(visitor("s3", "192.0.2.1")); !errors.As(err, &r) || r.scope != "ip" {
		t.Fatalf("6th call of the address: %v, want the address refusal", err)
	}
	if err := call(visitor("s4", "198.51.100.7")); err != nil {
		t.Errorf("other address: %v", err)
	}
	if *calls != 6 {
		t.Errorf("endpoint ran %d times, want 6 (refused calls must not reach it)", *calls)
	}
}

// The address override (WithClientIP) is honoured by the one middleware every service uses.
func TestMiddlewareHonoursClientIPOverride(t *testing.T) {
	call, _, _ := guarded(t, ratelimit.Budgets{PerIP: ratelimit.Limit{Rate: 1, Period: time.Minute}})
	base := callctx.With(context.Background(), callctx.Values{SessionID: "s", ClientIP: "192.0.2.1"})
	if err := call(ratelimit.WithClientIP(base, "203.0.113.9")); err != nil {
		t.Fatal(err)
	}
	var r *refused
	if err := call(ratelimit.WithClientIP(base, "203.0.113.9")); !errors.As(err, &r) || r.scope != "ip" {
		t.Fatalf("second call from the overriding address: %v, want the address refusal", err)
	}
	// The call context's own address was never charged.
	if err := call(base); err != nil {
		t.Fatalf("call from the call context's address: %v", err)
	}
}

func TestClientIP(t *testing.T) {
	ctx := callctx.With(context.Background(), callctx.Values{ClientIP: "192.0.2.1"})
	if got := ratelimit.ClientIP(ctx); got != "192.0.2.1" {
		t.Fatalf("ClientIP = %q, want the call context's", got)
	}
	if got := ratelimit.ClientIP(ratelimit.WithClientIP(ctx, "192.0.2.2")); got != "192.0.2.2" {
		t.Fatalf("ClientIP = %q, want the override", got)
	}
	if got := ratelimit.ClientIP(ratelimit.WithClientIP(ctx, "")); got != "192.0.2.1" {
		t.Fatalf("empty override replaced the address: %q", got)
	}
	if got := ratelimit.ClientIP(context.Background()); got != "" {
		t.Fatalf("ClientIP = %q without any", got)
	}
}

func TestMiddlewareFailsOpenWhenRedisIsDown(t *testing.T) {
	call, mr, calls := guarded(t, ratelimit.Budgets{PerSession: ratelimit.Limit{Rate: 1, Period: time.Minute}})
	mr.Close()
	for range 3 {
		if err := call(visitor("s", "")); err != nil {
			t.Fatalf("with Redis down: %v, want the call through", err)
		}
	}
	if *calls != 3 {
		t.Errorf("endpoint ran %d times, want 3", *calls)
	}
}

func TestMiddlewareWithoutKeysOrBudgetsLetsCallsThrough(t *testing.T) {
	call, _, calls := guarded(t, ratelimit.Budgets{PerSession: ratelimit.Limit{Rate: 1, Period: time.Minute}})
	for range 5 {
		if err := call(context.Background()); err != nil {
			t.Fatalf("anonymous internal call limited: %v", err)
		}
	}
	off, _, offCalls := guarded(t, ratelimit.Budgets{})
	for range 5 {
		if err := off(visitor("s", "192.0.2.1")); err != nil {
			t.Fatalf("limits off: %v", err)
		}
	}
	if *calls != 5 || *offCalls != 5 {
		t.Fatalf("endpoint ran %d and %d times, want 5 each", *calls, *offCalls)
	}
}

func TestRefuseIsAKeyedRateLimit(t *testing.T) {
	err := ratelimit.Refuse("customer.too_many_logins")(3*time.Second, "ip")
	if !errors.Is(err, apperr.RateLimited) || apperr.MessageKey(err) != "customer.too_many_logins" {
		t.Fatalf("err = %v (rate limited: %v, key %q)", err, errors.Is(err, apperr.RateLimited), apperr.MessageKey(err))
	}
	var e *ratelimit.Error
	if !errors.As(err, &e) || e.RetryDelay() != 3*time.Second || e.Params()["scope"] != "ip" {
		t.Fatalf("err = %#v", err)
	}
}

func TestAddressKey(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.1":               "192.0.2.1",
		"::ffff:192.0.2.1":        "192.0.2.1",
		"2001:db8:1:2:3:4:5:6":    "2001:db8:1:2::/64",
		"2001:db8:1:2::ffff":      "2001:db8:1:2::/64",
		"2001:db8:1:3::1":         "2001:db8:1:3::/64",
		"fe80::1%eth0":            "fe80::/64",
		"::1":                     "::/64",
		"not an address":          "not an address",
		"2001:db8:0:0:0:0:0:1/64": "2001:db8:0:0:0:0:0:1/64",
	} {
		if got := ratelimit.AddressKey(in); got != want {
			t.Errorf("AddressKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// A visitor with an IPv6 line owns a /64 and can send every call from another address of it: the
// address budget counts the /64, while another /64 has its own.
func TestMiddlewareCountsIPv6PerSlash64(t *testing.T) {
	call, _, calls := guarded(t, ratelimit.Budgets{PerIP: ratelimit.Limit{Rate: 3, Period: time.Minute}})
	for i := range 3 {
		if err := call(visitor(fmt.Sprintf("s%d", i), fmt.Sprintf("2001:db8:1:2::%x", i+1))); err != nil {
			t.Fatalf("call %d from the /64: %v", i+1, err)
		}
	}
	var r *refused
	if err := call(visitor("s9", "2001:db8:1:2:ffff:ffff:ffff:ffff")); !errors.As(err, &r) || r.scope != "ip" {
		t.Fatalf("4th call from another address of the same /64: %v, want the address refusal", err)
	}
	if err := call(visitor("s10", "2001:db8:1:3::1")); err != nil {
		t.Fatalf("the neighbouring /64: %v", err)
	}
	if *calls != 4 {
		t.Errorf("endpoint ran %d times, want 4", *calls)
	}
}

// A route that fails closed refuses every call while Redis is down: 503 with its key and a retry
// hint, the rate limiter named as the dependency (so no breaker counts it and no client retries it).
func TestMiddlewareFailsClosedWhenAsked(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	calls := 0
	next := func(context.Context, any) (any, error) { calls++; return "ok", nil }
	e := ratelimit.Middleware(ratelimit.New(rdb, "rl:test:"), ratelimit.Budgets{PerSession: ratelimit.Limit{Rate: 5, Period: time.Minute}},
		refuse, nil, ratelimit.FailClosed("payment.unavailable"))(next)
	if _, err := e(visitor("s", "192.0.2.1"), nil); err != nil {
		t.Fatalf("with Redis up: %v", err)
	}
	mr.Close()
	_, err := e(visitor("s", "192.0.2.1"), nil)
	var u *ratelimit.Unavailable
	if !errors.As(err, &u) || !errors.Is(err, apperr.Unavailable) || apperr.MessageKey(err) != "payment.unavailable" {
		t.Fatalf("with Redis down: %v, want the closed refusal", err)
	}
	if calls != 1 {
		t.Fatalf("endpoint ran %d times, want once (before Redis went down)", calls)
	}
	st := apperr.Origin{ErrorDomain: "payment.checkout.hostcart"}.Status(err, "")
	if st.Code() != codes.Unavailable || st.Message() != "payment.unavailable" {
		t.Fatalf("status = %v", st)
	}
	if apperr.DependencyDown(st.Err()) != "rate-limiter" {
		t.Errorf("status names no dependency: %v", st.Details())
	}
	retry := false
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok && ri.GetRetryDelay().AsDuration() > 0 {
			retry = true
		}
	}
	if !retry {
		t.Errorf("status carries no retry hint: %v", st.Details())
	}
}

// With PerAttempt the budget pays for attempts: the calls of one idempotency key of a session pay
// once (also when they arrive together), a refused attempt pays again when retried, the same key
// in another session is another attempt, and calls without a key pay each.
func TestMiddlewarePerAttemptPaysOncePerAttempt(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { rdb.Close() })
	var calls atomic.Int32
	next := func(context.Context, any) (any, error) { calls.Add(1); return "ok", nil }
	e := ratelimit.Middleware(ratelimit.New(rdb, "rl:test:"), ratelimit.Budgets{PerSession: ratelimit.Limit{Rate: 2, Period: time.Hour}},
		refuse, nil, ratelimit.PerAttempt(func(request any) string { s, _ := request.(string); return s }))(next)
	call := func(session, key string) error { _, err := e(visitor(session, "192.0.2.1"), key); return err }

	var wg sync.WaitGroup
	errs := make([]error, 20)
	for i := range errs {
		wg.Go(func() { errs[i] = call("s", "attempt-1") })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("concurrent submit %d of one attempt: %v", i, err)
		}
	}
	if err := call("s", "attempt-2"); err != nil {
		t.Fatalf("second attempt: %v", err)
	}
	var r *refused
	if err := call("s", "attempt-3"); !errors.As(err, &r) {
		t.Fatalf("third attempt over the budget of 2: %v", err)
	}
	if err := call("s", "attempt-3"); !errors.As(err, &r) {
		t.Fatalf("retry of the refused attempt: %v, want refused again (a refusal marks nothing)", err)
	}
	if err := call("s", ""); !errors.As(err, &r) {
		t.Fatalf("a call without a key: %v, want refused", err)
	}
	if err := call("s", "attempt-1"); err != nil {
		t.Fatalf("replay of the first attempt after the budget was spent: %v", err)
	}
	if err := call("other", "attempt-3"); err != nil {
		t.Fatalf("the same key in another session: %v", err)
	}
	if got := calls.Load(); got != 23 {
		t.Errorf("endpoint ran %d times, want 23", got)
	}
}
