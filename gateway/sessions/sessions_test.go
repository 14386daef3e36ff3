package sessions_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/gateway/sessions"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
)

func TestValidToken(t *testing.T) {
	tok, err := sessions.NewToken()
	if err != nil {
		t.Fatal(err)
	}
	if !sessions.ValidToken(tok) {
		t.Fatalf("own token %q rejected", tok)
	}
	for _, bad := range []string{"", "short", tok + "A", tok[:len(tok)-1] + "=", tok[:len(tok)-1] + "+"} {
		if sessions.ValidToken(bad) {
			t.Errorf("ValidToken(%q) = true", bad)
		}
	}
}

func TestRedisStore(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "gwsession")
	store := sessions.NewRedis(rdb, sessions.RedisOptions{Prefix: prefix, TTL: time.Hour})
	testStore(t, store)

	// The token itself is never a key: a dump of Redis yields no working cookies.
	token, _, err := store.Create(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	keys, err := rdb.Keys(context.Background(), prefix+"*").Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if k == prefix+token {
			t.Fatalf("token stored in clear as key %q", k)
		}
	}
}

func TestRedisStoreSlidingExpiry(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "gwsession")
	store := sessions.NewRedis(rdb, sessions.RedisOptions{Prefix: prefix, TTL: time.Hour})
	ctx := context.Background()
	token, _, err := store.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	keys, err := rdb.Keys(ctx, prefix+"*").Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("keys %v, %v", keys, err)
	}
	if err := rdb.Expire(ctx, keys[0], time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Resolve(ctx, token); err != nil {
		t.Fatal(err)
	}
	if ttl := rdb.TTL(ctx, keys[0]).Val(); ttl < 59*time.Minute {
		t.Fatalf("TTL after resolve = %v, want the full hour again", ttl)
	}
}

// A rotated-away token is remembered only for the grace period, however often it comes back.
func TestRedisStoreRotatedGrace(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "gwsession")
	store := sessions.NewRedis(rdb, sessions.RedisOptions{Prefix: prefix, TTL: time.Hour})
	ctx := context.Background()
	token, _, err := store.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	keys, err := rdb.Keys(ctx, prefix+"*").Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("keys %v, %v", keys, err)
	}
	if _, err := store.Rotate(ctx, token); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := store.Resolve(ctx, token); !errors.Is(err, sessions.ErrRotated) {
			t.Fatalf("old token: %v, want ErrRotated", err)
		}
		if ttl := rdb.PTTL(ctx, keys[0]).Val(); ttl <= 0 || ttl > sessions.RotatedGrace {
			t.Fatalf("rotated marker lives %v, want at most %v", ttl, sessions.RotatedGrace)
		}
	}
}

func TestRedisStoreOutage(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 200 * time.Millisecond})
	defer rdb.Close()
	store := sessions.NewRedis(rdb, sessions.RedisOptions{})
	if _, err := store.Resolve(context.Background(), "x"); !errors.Is(err, sessions.ErrUnavailable) {
		t.Fatalf("Resolve during outage: %v, want ErrUnavailable", err)
	}
	if _, _, err := store.Create(context.Background(), ""); !errors.Is(err, sessions.ErrUnavailable) {
		t.Fatalf("Create during outage: %v, want ErrUnavailable", err)
	}
	if _, err := store.Rotate(context.Background(), "x"); !errors.Is(err, sessions.ErrUnavailable) {
		t.Fatalf("Rotate during outage: %v, want ErrUnavailable", err)
	}
}

func TestMemoryStore(t *testing.T) { testStore(t, sessions.NewMemory()) }

// testStore checks the contract both stores keep.
func testStore(t *testing.T, store sessions.Store) {
	t.Helper()
	ctx := context.Background()
	token, id, err := store.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if !sessions.ValidToken(token) || id == "" || id == token {
		t.Fatalf("Create = %q, %q", token, id)
	}
	got, err := store.Resolve(ctx, token)
	if err != nil || got != id {
		t.Fatalf("Resolve = %q, %v; want %q", got, err, id)
	}
	other, otherID, err := store.Create(ctx, "")
	if err != nil || other == token || otherID == id {
		t.Fatalf("second session %q %q %v collides", other, otherID, err)
	}

	fresh, err := store.Rotate(ctx, token)
	if err != nil || fresh == token || !sessions.ValidToken(fresh) {
		t.Fatalf("Rotate = %q, %v", fresh, err)
	}
	if got, err := store.Resolve(ctx, fresh); err != nil || got != id {
		t.Fatalf("rotated token resolves to %q, %v; want the same session %q", got, err, id)
	}
	if _, err := store.Resolve(ctx, token); !errors.Is(err, sessions.ErrRotated) {
		t.Fatalf("old token after rotation: %v, want ErrRotated", err)
	}
	if _, err := store.Rotate(ctx, token); !errors.Is(err, sessions.ErrUnknown) {
		t.Fatalf("rotating a dead token: %v, want ErrUnknown", err)
	}
	if got, err := store.Resolve(ctx, other); err != nil || got != otherID {
		t.Fatalf("other session disturbed: %q, %v", got, err)
	}
	if _, err := store.Resolve(ctx, "never-issued"); !errors.Is(err, sessions.ErrUnknown) {
		t.Fatalf("unknown token: %v", err)
	}

	// Adopting another session (an order draft's): the browser's new token names that id, its
	// old token is dead, and the adopted session's own token still works.
	adopted, err := store.Adopt(ctx, fresh, otherID)
	if err != nil || adopted == fresh || !sessions.ValidToken(adopted) {
		t.Fatalf("Adopt = %q, %v", adopted, err)
	}
	if got, err := store.Resolve(ctx, adopted); err != nil || got != otherID {
		t.Fatalf("adopted token resolves to %q, %v; want %q", got, err, otherID)
	}
	if _, err := store.Resolve(ctx, fresh); !errors.Is(err, sessions.ErrRotated) {
		t.Fatalf("token before adoption: %v, want ErrRotated", err)
	}
	if got, err := store.Resolve(ctx, other); err != nil || got != otherID {
		t.Fatalf("the draft's own token: %q, %v", got, err)
	}
}

func TestScopedID(t *testing.T) {
	id, err := sessions.ScopedID("2")
	if err != nil || sessions.ScopeOf(id) != "2" || !sessions.ValidToken(id[2:]) {
		t.Fatalf("scoped id %q, %v", id, err)
	}
	plain, err := sessions.ScopedID("")
	if err != nil || sessions.ScopeOf(plain) != "" || !sessions.ValidToken(plain) {
		t.Fatalf("unscoped id %q, %v", plain, err)
	}
	if sessions.ScopeOf(".x") != "" || sessions.ScopeOf("") != "" {
		t.Fatal("a leading dot or an empty id has a scope")
	}
}

// A new session lives NewTTL until its cookie comes back; then it gets the full TTL. Cookieless
// loops leave keys that expire soon.
func TestRedisStoreNewSessionsStartShort(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "gwsession")
	store := sessions.NewRedis(rdb, sessions.RedisOptions{Prefix: prefix, TTL: time.Hour, NewTTL: time.Minute})
	ctx := context.Background()
	token, _, err := store.Create(ctx, "1")
	if err != nil {
		t.Fatal(err)
	}
	keys, err := rdb.Keys(ctx, prefix+"*").Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("keys %v, %v", keys, err)
	}
	if ttl := rdb.TTL(ctx, keys[0]).Val(); ttl > time.Minute || ttl <= 0 {
		t.Fatalf("new session TTL %v, want at most a minute", ttl)
	}
	if _, err := store.Resolve(ctx, token); err != nil {
		t.Fatal(err)
	}
	if ttl := rdb.TTL(ctx, keys[0]).Val(); ttl < 59*time.Minute {
		t.Fatalf("TTL after use %v, want the full hour", ttl)
	}
}
