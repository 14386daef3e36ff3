package sessions

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/platform/testinfra"
)

// countingStore counts the Resolve calls that reach the store.
type countingStore struct {
	Store
	resolves atomic.Int64
}

func (s *countingStore) Resolve(ctx context.Context, token string) (string, error) {
	s.resolves.Add(1)
	return s.Store.Resolve(ctx, token)
}

// replica is one gateway's cache over the shared Redis store, with its subscription events.
type replica struct {
	*Cached
	store  *countingStore
	events chan string
}

func newReplica(t *testing.T, rdb *redis.Client, prefix string, now func() time.Time) *replica {
	t.Helper()
	store := &countingStore{Store: NewRedis(rdb, RedisOptions{Prefix: prefix})}
	r := &replica{store: store, events: make(chan string, 64)}
	r.Cached = newCached(store, rdb, CachedOptions{TTL: time.Minute, Channel: prefix + "invalidate", Now: now})
	r.Cached.events = func(kind string) { r.events <- kind }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { r.listen(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	r.await(t, "subscribe")
	return r
}

// await waits for the next subscription event, which must be kind.
func (r *replica) await(t *testing.T, kind string) {
	t.Helper()
	select {
	case got := <-r.events:
		if got != kind {
			t.Fatalf("subscription event %q, want %q", got, kind)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no %q event within 10s", kind)
	}
}

func TestCachedAnswersFromMemoryAndForgetsRotatedTokensOnEveryReplica(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "sessions-cached")
	ctx := context.Background()
	now := time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	a, b := newReplica(t, rdb, prefix, clock), newReplica(t, rdb, prefix, clock)

	token, id, err := a.Create(ctx, "1")
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if got, err := a.Resolve(ctx, token); err != nil || got != id {
			t.Fatalf("resolve: %q %v, want %q", got, err, id)
		}
	}
	if n := a.store.resolves.Load(); n != 1 {
		t.Fatalf("%d store lookups for 3 resolves within the TTL, want 1", n)
	}
	// The sliding expiry: past the TTL the store is asked (GETEX) again.
	now = now.Add(time.Minute)
	if got, err := a.Resolve(ctx, token); err != nil || got != id || a.store.resolves.Load() != 2 {
		t.Fatalf("after the TTL: %q %v, %d store lookups, want %q and 2", got, err, a.store.resolves.Load(), id)
	}

	// B rotates: A, which holds the token in memory, answers it as rotated once the message is in.
	fresh, err := b.Rotate(ctx, token)
	if err != nil {
		t.Fatal(err)
	}
	a.await(t, "invalidate")
	b.await(t, "invalidate") // its own message
	if _, err := a.Resolve(ctx, token); !errors.Is(err, ErrRotated) {
		t.Fatalf("A resolved the rotated-away token: %v", err)
	}
	if got, err := a.Resolve(ctx, fresh); err != nil || got != id {
		t.Fatalf("new token on A: %q %v", got, err)
	}

	// A rotates what it holds: the old token is gone at once, without waiting for the message.
	again, err := a.Rotate(ctx, fresh)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Resolve(ctx, fresh); !errors.Is(err, ErrRotated) {
		t.Fatalf("A resolved the token it rotated away: %v", err)
	}
	a.await(t, "invalidate")
	b.await(t, "invalidate")

	// Adoption on B: A forgets the adopting browser's old token.
	if got, err := a.Resolve(ctx, again); err != nil || got != id {
		t.Fatalf("resolve %q %v", got, err)
	}
	if _, err := b.Adopt(ctx, again, "1.draft"); err != nil {
		t.Fatal(err)
	}
	a.await(t, "invalidate")
	if _, err := a.Resolve(ctx, again); !errors.Is(err, ErrRotated) {
		t.Fatalf("A resolved the adopted-away token: %v", err)
	}
}

func TestCachedAsksTheStoreWhileNotSubscribed(t *testing.T) {
	rdb, prefix := testinfra.Redis(t, "sessions-cached")
	ctx := context.Background()
	store := &countingStore{Store: NewRedis(rdb, RedisOptions{Prefix: prefix})}
	c := newCached(store, rdb, CachedOptions{Channel: prefix + "invalidate"}) // listen not started
	token, id, err := c.Create(ctx, "1")
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if got, err := c.Resolve(ctx, token); err != nil || got != id {
			t.Fatalf("resolve: %q %v", got, err)
		}
	}
	if n := store.resolves.Load(); n != 2 {
		t.Fatalf("%d store lookups without a subscription, want 2 (memory must not answer)", n)
	}
	c.reset(true)
	c.dropMessage("x") // an invalidation during a lookup: its answer is not kept
	gen := c.gen
	if _, err := c.Resolve(ctx, token); err != nil || c.gen != gen || len(c.entries) != 1 {
		t.Fatalf("after subscribing: %v, gen %d→%d, %d entries", err, gen, c.gen, len(c.entries))
	}
}

// An invalidation message is the token's tokenKey: it drops that token's entry and no other;
// anything else (a short, long or garbled payload) drops nothing and never panics.
func TestCachedDropMessageMatchesTokenKey(t *testing.T) {
	c := newCached(nil, nil, CachedOptions{})
	a, b := "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB"
	c.entries[entryKeyOf(a)] = cachedSession{id: "a"}
	c.entries[entryKeyOf(b)] = cachedSession{id: "b"}
	for _, junk := range []string{"", "x", tokenKey(a)[:42], tokenKey(a) + "A", strings.Repeat("A", 200), "!" + tokenKey(a)[1:]} {
		c.dropMessage(junk)
	}
	if len(c.entries) != 2 {
		t.Fatalf("junk messages dropped entries: %d left", len(c.entries))
	}
	c.dropMessage(tokenKey(a))
	if _, ok := c.entries[entryKeyOf(b)]; !ok || len(c.entries) != 1 {
		t.Fatalf("after dropping a: %v", c.entries)
	}
}
