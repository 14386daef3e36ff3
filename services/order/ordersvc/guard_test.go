package ordersvc

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/service"
)

func TestOrderRateLimitConfig(t *testing.T) {
	cfg := ConfigFromEnv()
	if cfg.OrderRateSession != (ratelimit.Limit{Rate: 5, Period: 10 * time.Minute, Burst: 3}) ||
		cfg.OrderRateIP != (ratelimit.Limit{Rate: 30, Period: 10 * time.Minute, Burst: 10}) {
		t.Fatalf("defaults: %v, %v", cfg.OrderRateSession, cfg.OrderRateIP)
	}
	t.Setenv("ORDER_RATELIMIT_SESSION", "2/1m")
	t.Setenv("ORDER_RATELIMIT_IP", "off")
	cfg = ConfigFromEnv()
	if cfg.OrderRateSession != (ratelimit.Limit{Rate: 2, Period: time.Minute}) || cfg.OrderRateIP.Enabled() {
		t.Fatalf("from the environment: %v, %v", cfg.OrderRateSession, cfg.OrderRateIP)
	}
}

func shopper(session, ip string) context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: 1, SessionID: session, ClientIP: ip})
}

// Order placement is budgeted per session and per address; the submits of one idempotency key pay
// once; over the budget the refusal is order.too_many_orders with a retry delay.
func TestGuardPlacementLimitsOrders(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "order_guard")
	placed := 0
	place := guardPlacement(func(context.Context, any) (any, error) { placed++; return nil, nil }, rdb, prefix,
		Config{OrderRateSession: ratelimit.Limit{Rate: 2, Period: time.Hour}, OrderRateIP: ratelimit.Limit{Rate: 3, Period: time.Hour}}, nil)
	order := func(session, ip, key string) error {
		_, err := place(shopper(session, ip), service.PlaceInput{IdempotencyKey: key})
		return err
	}
	for _, key := range []string{"k1", "k1", "k1", "k2", "k2"} {
		if err := order("s1", "192.0.2.1", key); err != nil {
			t.Fatalf("submit of %s within the budget: %v", key, err)
		}
	}
	err := order("s1", "192.0.2.1", "k3")
	if apperr.Code(err) != codes.ResourceExhausted || apperr.MessageKey(err) != KeyTooManyOrders {
		t.Fatalf("third order of the session: %v, want %s", err, KeyTooManyOrders)
	}
	if rh, ok := err.(apperr.RetryHinter); !ok || rh.RetryDelay() <= 0 {
		t.Fatalf("refusal without a retry delay: %#v", err)
	}
	// The address's budget (3) is shared by its sessions; IPv6 counts per /64.
	if err := order("s2", "192.0.2.1", "k1"); err != nil {
		t.Fatalf("another session of the address: %v", err)
	}
	if err := order("s3", "192.0.2.1", "k1"); apperr.MessageKey(err) != KeyTooManyOrders {
		t.Fatalf("fourth order of the address: %v", err)
	}
	for i, ip := range []string{"2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6:ffff::3"} {
		if err := order("v"+string(rune('a'+i)), ip, "k"); err != nil {
			t.Fatalf("IPv6 order %d: %v", i+1, err)
		}
	}
	if err := order("vd", "2001:db8:5:6::4", "k"); apperr.MessageKey(err) != KeyTooManyOrders {
		t.Fatalf("fourth order of the /64: %v", err)
	}
	if placed != 9 {
		t.Errorf("placed %d times, want 9 (replays reach the use case, which answers them from the first)", placed)
	}
}

// With Redis away no order is placed: 503 order.unavailable.
func TestGuardPlacementFailsClosed(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	placed := 0
	place := guardPlacement(func(context.Context, any) (any, error) { placed++; return nil, nil }, rdb, "rl:order:place:",
		Config{OrderRateSession: ratelimit.Limit{Rate: 2, Period: time.Hour}}, nil)
	_, err := place(shopper("s1", "192.0.2.1"), service.PlaceInput{IdempotencyKey: "k1"})
	if apperr.Code(err) != codes.Unavailable || apperr.MessageKey(err) != domain.KeyUnavailable || placed != 0 {
		t.Fatalf("order with Redis down: %v (placed %d), want Unavailable %s", err, placed, domain.KeyUnavailable)
	}
}

// With Redis away no SMS is resent (each one is paid): 503 order.unavailable, the sender not called.
func TestGuardResendFailsClosed(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	sent := 0
	resend := guardResend(func(context.Context, any) (any, error) { sent++; return nil, nil }, rdb, "rl:order:sms:",
		Config{SMSRateSession: ratelimit.Limit{Rate: 2, Period: time.Hour}, SMSRateIP: ratelimit.Limit{Rate: 5, Period: time.Hour}}, nil)
	_, err := resend(shopper("s1", "192.0.2.1"), nil)
	if apperr.Code(err) != codes.Unavailable || apperr.MessageKey(err) != domain.KeyUnavailable || sent != 0 {
		t.Fatalf("SMS resend with Redis down: %v (sent %d), want Unavailable %s", err, sent, domain.KeyUnavailable)
	}
}

// Within the budget resends go through; over it the refusal is order.sms_rate_limited.
func TestGuardResendLimits(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "order_resend")
	sent := 0
	resend := guardResend(func(context.Context, any) (any, error) { sent++; return nil, nil }, rdb, prefix,
		Config{SMSRateSession: ratelimit.Limit{Rate: 2, Period: time.Hour}}, nil)
	for range 2 {
		if _, err := resend(shopper("s1", "192.0.2.1"), nil); err != nil {
			t.Fatalf("resend within the budget: %v", err)
		}
	}
	if _, err := resend(shopper("s1", "192.0.2.1"), nil); apperr.Code(err) != codes.ResourceExhausted || apperr.MessageKey(err) != domain.KeySMSRateLimited {
		t.Fatalf("third resend: %v, want %s", err, domain.KeySMSRateLimited)
	}
	if sent != 2 {
		t.Errorf("sent %d, want 2", sent)
	}
}
