package redisstore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/services/catalog/domain"
)

// TestStore runs the same checks against the machine's Redis and an in-process miniredis.
func TestStore(t *testing.T) {
	impls := map[string]func(t *testing.T) (redis.UniversalClient, func(time.Duration)){
		"redis":     realRedis,
		"miniredis": miniRedis,
	}
	for name, open := range impls {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			client, _ := open(t)
			prefix := "test-" + randomHex(t) + ":catalog:session:"
			s := New(client, WithKeyPrefix(prefix))
			t.Cleanup(func() { cleanup(t, client, prefix) })
			ctx := context.Background()

			got, err := s.SessionLocale(ctx, "sid-1")
			if err != nil || got != "" {
				t.Fatalf("unset locale = %q, %v; want empty", got, err)
			}
			if err := s.SetSessionLocale(ctx, "sid-1", "en-GB"); err != nil {
				t.Fatal(err)
			}
			if got, err := s.SessionLocale(ctx, "sid-1"); err != nil || got != "en-GB" {
				t.Fatalf("locale = %q, %v; want en-GB", got, err)
			}
			if got, _ := s.SessionLocale(ctx, "sid-2"); got != "" {
				t.Errorf("other session sees %q", got)
			}
			key := prefix + "sid-1:locale"
			if s.Key("sid-1") != key {
				t.Errorf("key = %q", s.Key("sid-1"))
			}
			ttl := client.TTL(ctx, key).Val()
			if ttl <= 23*time.Hour || ttl > DefaultTTL {
				t.Errorf("ttl = %v, want about 24h", ttl)
			}
			// Shorten the lifetime, then a write must restore the full day.
			client.Expire(ctx, key, time.Minute)
			if err := s.SetSessionLocale(ctx, "sid-1", "de-DE"); err != nil {
				t.Fatal(err)
			}
			if ttl := client.TTL(ctx, key).Val(); ttl <= 23*time.Hour {
				t.Errorf("ttl after rewrite = %v, want refreshed", ttl)
			}
			if got, _ := s.SessionLocale(ctx, "sid-1"); got != "de-DE" {
				t.Errorf("locale after rewrite = %q", got)
			}
		})
	}
}

func TestDefaultKeyLayout(t *testing.T) {
	if got := New(nil).Key("abc"); got != "catalog:session:abc:locale" {
		t.Errorf("key = %q", got)
	}
}

func TestLocaleExpires(t *testing.T) {
	client, fastForward := miniRedis(t)
	s := New(client, WithTTL(time.Hour))
	ctx := context.Background()
	if err := s.SetSessionLocale(ctx, "sid", "en-GB"); err != nil {
		t.Fatal(err)
	}
	fastForward(2 * time.Hour)
	if got, err := s.SessionLocale(ctx, "sid"); err != nil || got != "" {
		t.Errorf("expired locale = %q, %v", got, err)
	}
}

func TestOutageIsUnavailable(t *testing.T) {
	mr := miniredis.RunT(t)
	client := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1, DialTimeout: time.Second})
	t.Cleanup(func() { _ = client.Close() })
	mr.Close()
	s := New(client)
	if _, err := s.SessionLocale(context.Background(), "sid"); !errors.Is(err, domain.ErrUnavailable) {
		t.Errorf("get on a dead server: err = %v, want unavailable", err)
	}
	if err := s.SetSessionLocale(context.Background(), "sid", "de-DE"); !errors.Is(err, domain.ErrUnavailable) {
		t.Errorf("set on a dead server: err = %v, want unavailable", err)
	}
}

// realRedis is the machine's Redis (TEST_REDIS_URL); the suite cleans its keys up itself.
func realRedis(t *testing.T) (redis.UniversalClient, func(time.Duration)) {
	rdb, _ := testinfra.Redis(t, "catalog")
	return rdb, nil
}

func miniRedis(t *testing.T) (redis.UniversalClient, func(time.Duration)) {
	mr := miniredis.RunT(t)
	client := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { _ = client.Close() })
	return client, mr.FastForward
}

func cleanup(t *testing.T, client redis.UniversalClient, prefix string) {
	ctx := context.Background()
	keys, err := client.Keys(ctx, prefix+"*").Result()
	if err != nil {
		t.Errorf("list test keys: %v", err)
		return
	}
	if len(keys) > 0 {
		client.Del(ctx, keys...)
	}
}

func randomHex(t *testing.T) string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b[:])
}
