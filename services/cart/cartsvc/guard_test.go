package cartsvc

import (
	"context"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/cart/domain"
)

func TestTransferRateLimitConfig(t *testing.T) {
	cfg := ConfigFromEnv().Transfer
	if cfg.RateSession != (ratelimit.Limit{Rate: 10, Period: 10 * time.Minute, Burst: 5}) ||
		cfg.RateIP != (ratelimit.Limit{Rate: 60, Period: 10 * time.Minute, Burst: 20}) {
		t.Fatalf("defaults: %v, %v", cfg.RateSession, cfg.RateIP)
	}
	t.Setenv("TRANSFER_RATELIMIT_SESSION", "off")
	t.Setenv("TRANSFER_RATELIMIT_IP", "5/1m/2")
	cfg = ConfigFromEnv().Transfer
	if cfg.RateSession.Enabled() || cfg.RateIP != (ratelimit.Limit{Rate: 5, Period: time.Minute, Burst: 2}) {
		t.Fatalf("from the environment: %v, %v", cfg.RateSession, cfg.RateIP)
	}
}

func visitor(session, ip string) context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: 1, SessionID: session, ClientIP: ip})
}

// Transfer lookups are budgeted per session and per address (IPv6 per /64): over it the answer is
// domain.too_many_transfer_lookups with a retry delay, and the transfer service is not asked.
func TestGuardTransfersLimitsLookups(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1, DialTimeout: 100 * time.Millisecond})
	t.Cleanup(func() { rdb.Close() })
	lookups := 0
	start := guardTransfers(func(context.Context, any) (any, error) { lookups++; return nil, nil }, rdb, "rl:cart:transfer:",
		TransferConfig{RateSession: ratelimit.Limit{Rate: 2, Period: time.Hour}, RateIP: ratelimit.Limit{Rate: 3, Period: time.Hour}}, nil)
	lookup := func(session, ip string) error { _, err := start(visitor(session, ip), nil); return err }
	for range 2 {
		if err := lookup("s1", "2001:db8:7:8::1"); err != nil {
			t.Fatalf("lookup within the budget: %v", err)
		}
	}
	err := lookup("s1", "2001:db8:7:8::1")
	if apperr.Code(err) != codes.ResourceExhausted || apperr.MessageKey(err) != domain.KeyTooManyTransferLookups {
		t.Fatalf("third lookup of the session: %v", err)
	}
	if rh, ok := err.(apperr.RetryHinter); !ok || rh.RetryDelay() <= 0 {
		t.Fatalf("refusal without a retry delay: %#v", err)
	}
	if err := lookup("s2", "2001:db8:7:8::2"); err != nil {
		t.Fatalf("another session of the /64: %v", err)
	}
	if err := lookup("s3", "2001:db8:7:8:9::3"); apperr.MessageKey(err) != domain.KeyTooManyTransferLookups {
		t.Fatalf("fourth lookup of the /64 from a new session and address: %v", err)
	}
	if lookups != 3 {
		t.Errorf("transfer service asked %d times, want 3", lookups)
	}

	// Redis away: no lookups at all, 503 cart.unavailable.
	mr.Close()
	if err := lookup("s9", "192.0.2.9"); apperr.Code(err) != codes.Unavailable || apperr.MessageKey(err) != domain.ErrUnavailable.MessageKey() {
		t.Fatalf("lookup with Redis down: %v", err)
	}
	if lookups != 3 {
		t.Errorf("transfer service asked with Redis down")
	}
}
