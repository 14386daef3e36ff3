package redisstore

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/payment/domain"
)

func TestRoundTrip(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	rdb, prefix := testinfra.Redis(t, "payment")
	s := New(rdb, Options{Prefix: prefix, TTL: time.Hour})
	ctx := context.Background()
	if _, ok, err := s.Get(ctx, "s1"); ok || err != nil {
		t.Fatalf("fresh session: %v, %v", ok, err)
	}
	want := domain.Option{Type: "sepa", Holder: "Erika", IBAN: "DE89370400440532013000", BIC: "COBADEFFXXX", Permission: true, SMSValidation: true}
	if err := s.Put(ctx, "s1", want); err != nil {
		t.Fatal(err)
	}
	got, ok, err := s.Get(ctx, "s1")
	if err != nil || !ok || got != want {
		t.Fatalf("Get = %+v, %v, %v", got, ok, err)
	}
	if ttl := rdb.TTL(ctx, prefix+"s1").Val(); ttl <= 0 || ttl > time.Hour {
		t.Fatalf("TTL %v", ttl)
	}
	if _, ok, _ := s.Get(ctx, "s2"); ok {
		t.Fatal("another session sees the option")
	}
	if err := s.Put(ctx, "s2", domain.Option{Type: "paypal-integration", PayPalPending: "I-1"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.Get(ctx, "s1"); ok || err != nil {
		t.Fatalf("after Delete: %v, %v", ok, err)
	}
	if got, ok, _ := s.Get(ctx, "s2"); !ok || got.PayPalPending != "I-1" {
		t.Fatalf("Delete of s1 touched s2: %+v %v", got, ok)
	}
}

func TestOutage(t *testing.T) {
	t.Parallel() // a store of its own that reaches no server
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 200 * time.Millisecond})
	defer rdb.Close()
	s := New(rdb, Options{})
	if _, _, err := s.Get(context.Background(), "s"); !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("Get: %v", err)
	}
	if err := s.Put(context.Background(), "s", domain.Option{Type: "sepa"}); !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("Put: %v", err)
	}
}

func TestNotificationsOnce(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	rdb, prefix := testinfra.Redis(t, "payment_notify")
	n := NewNotifications(rdb, prefix)
	ctx := context.Background()
	first, err := n.FirstTime(ctx, "PSP-1:AUTHORISATION")
	if err != nil || !first {
		t.Fatalf("first delivery: %v, %v", first, err)
	}
	again, err := n.FirstTime(ctx, "PSP-1:AUTHORISATION")
	if err != nil || again {
		t.Fatalf("second delivery: %v, %v", again, err)
	}
	if other, _ := n.FirstTime(ctx, "PSP-1:CAPTURE"); !other {
		t.Fatal("another event of the payment taken for a repeat")
	}
}
