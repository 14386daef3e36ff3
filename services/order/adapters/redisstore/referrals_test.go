package redisstore

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
)

func TestReferrals(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	rdb, prefix := testinfra.Redis(t, "order_referral")
	r := New(rdb, prefix, time.Minute)
	ctx := context.Background()
	if id, err := r.Get(ctx, "s1"); err != nil || id != "" {
		t.Fatalf("empty session: %q %v", id, err)
	}
	if err := r.Put(ctx, "s1", "partner-1"); err != nil {
		t.Fatal(err)
	}
	if id, _ := r.Get(ctx, "s1"); id != "partner-1" {
		t.Fatalf("Get = %q", id)
	}
	if id, _ := r.Get(ctx, "s2"); id != "" {
		t.Fatalf("another session sees %q", id)
	}
	if ttl := rdb.TTL(ctx, prefix+"s1").Val(); ttl <= 0 || ttl > time.Minute {
		t.Fatalf("ttl %v", ttl)
	}
	if err := r.Delete(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if id, _ := r.Get(ctx, "s1"); id != "" {
		t.Fatalf("after Delete: %q", id)
	}
}

func TestReferralsOutageIsUnavailable(t *testing.T) {
	t.Parallel() // a store of its own that reaches no server
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 200 * time.Millisecond})
	defer rdb.Close()
	if _, err := New(rdb, "", 0).Get(context.Background(), "s"); !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("unreachable redis: %v", err)
	}
}
