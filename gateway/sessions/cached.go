package sessions

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// DefaultCacheTTL is how long a replica answers a resolved token from its memory: also how often,
// at most, a token's sliding expiry is extended in the store (a GETEX per token per minute instead
// of one per request; a session lives SESSION_TTL, days, so a minute more or less is noise).
const DefaultCacheTTL = time.Minute

// DefaultInvalidationChannel is the Redis channel on which replicas announce rotated-away tokens.
const DefaultInvalidationChannel = "gateway:session:invalidate"

// maxCached bounds the memory: about 100 bytes an entry. Full: the cache starts over.
const maxCached = 100_000

// Cached answers Resolve from the process for CacheTTL (issue 26: the session GETEX was a Redis
// round trip on every request). A rotated-away token must never be answered as live, so:
//
//   - Rotate and Adopt drop the old token here and publish its key (the token's hash, never the
//     token) on the invalidation channel; every replica drops it on receipt;
//   - a replica answers from memory only while its subscription is confirmed: when the
//     subscription breaks (Redis down, connection reset) it forgets everything and asks the store
//     until the subscription is back, so a missed message cannot leave a stale entry;
//   - a Resolve that ran while an invalidation arrived does not store its (maybe stale) answer.
//
// Errors (unknown, rotated, outage) are never cached.
type Cached struct {
	Store
	rdb     redis.UniversalClient
	channel string
	ttl     time.Duration
	now     func() time.Time

	mu      sync.Mutex
	entries map[entryKey]cachedSession
	gen     uint64            // bumped by every invalidation and reset
	live    bool              // subscription confirmed: memory may answer
	events  func(kind string) // tests: called after a subscription event was applied
}

// entryKey is what the memory keeps a token by: the SHA-256 that tokenKey encodes (the
// invalidation messages carry that text), as bytes, so a lookup neither converts the token to a
// []byte nor encodes a key string: two allocations on every request (issue 26).
type entryKey [sha256.Size]byte

func entryKeyOf(token string) entryKey {
	var buf [64]byte // a token is 43 characters (ValidToken); longer ones take the slow way
	if len(token) <= len(buf) {
		return sha256.Sum256(buf[:copy(buf[:], token)])
	}
	return sha256.Sum256([]byte(token))
}

type cachedSession struct {
	id    string
	until time.Time
}

// CachedOptions tune Cached; zero values take the defaults.
type CachedOptions struct {
	TTL     time.Duration
	Channel string
	// Now is the clock entries expire by (default time.Now).
	Now func() time.Time
}

// NewCached wraps store and listens for invalidations on rdb until ctx ends.
func NewCached(ctx context.Context, store Store, rdb redis.UniversalClient, o CachedOptions) *Cached {
	c := newCached(store, rdb, o)
	go c.listen(ctx)
	return c
}

func newCached(store Store, rdb redis.UniversalClient, o CachedOptions) *Cached {
	if o.TTL <= 0 {
		o.TTL = DefaultCacheTTL
	}
	if o.Channel == "" {
		o.Channel = DefaultInvalidationChannel
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Cached{Store: store, rdb: rdb, channel: o.Channel, ttl: o.TTL, now: o.Now, entries: map[entryKey]cachedSession{}}
}

// listen applies invalidations; every subscription error or (re)subscription starts the memory
// over, since messages may have been missed in between.
func (c *Cached) listen(ctx context.Context) {
	ps := c.rdb.Subscribe(ctx, c.channel)
	// Receive blocks in a read that ctx does not interrupt: closing the subscription ends it.
	stop := context.AfterFunc(ctx, func() { _ = ps.Close() })
	defer stop()
	for {
		msg, err := ps.Receive(ctx)
		if err != nil {
			c.reset(false)
			if ctx.Err() != nil {
				return
			}
			c.event("error")
			select {
			case <-ctx.Done():
				return
			case <-time.After(100 * time.Millisecond): // go-redis reconnects on the next Receive
			}
			continue
		}
		switch m := msg.(type) {
		case *redis.Subscription:
			c.reset(m.Kind == "subscribe")
			c.event(m.Kind)
		case *redis.Message:
			c.dropMessage(m.Payload)
			c.event("invalidate")
		}
	}
}

func (c *Cached) event(kind string) {
	if c.events != nil {
		c.events(kind)
	}
}

func (c *Cached) reset(live bool) {
	c.mu.Lock()
	clear(c.entries)
	c.gen++
	c.live = live
	c.mu.Unlock()
}

// dropMessage applies an invalidation message: a tokenKey. One that is no key drops nothing, but
// still counts as an invalidation for the lookups it overlaps.
func (c *Cached) dropMessage(payload string) {
	var key entryKey
	valid := len(payload) == base64.RawURLEncoding.EncodedLen(len(key)) // Decode must not overrun key
	if valid {
		n, err := base64.RawURLEncoding.Decode(key[:], []byte(payload))
		valid = err == nil && n == len(key)
	}
	c.drop(key, valid)
}

func (c *Cached) drop(key entryKey, valid bool) {
	c.mu.Lock()
	if valid {
		delete(c.entries, key)
	}
	c.gen++
	c.mu.Unlock()
}

// Resolve answers from memory while the entry is fresh, else asks the store (which extends the
// session) and remembers the answer.
func (c *Cached) Resolve(ctx context.Context, token string) (string, error) {
	key := entryKeyOf(token)
	now := c.now()
	c.mu.Lock()
	e, ok := c.entries[key]
	live, gen := c.live, c.gen
	c.mu.Unlock()
	if live && ok && now.Before(e.until) {
		return e.id, nil
	}
	id, err := c.Store.Resolve(ctx, token)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	if c.live && c.gen == gen {
		if len(c.entries) >= maxCached {
			clear(c.entries)
		}
		c.entries[key] = cachedSession{id: id, until: now.Add(c.ttl)}
	}
	c.mu.Unlock()
	return id, nil
}

// Rotate rotates in the store, then forgets the old token here and on every replica.
func (c *Cached) Rotate(ctx context.Context, token string) (string, error) {
	fresh, err := c.Store.Rotate(ctx, token)
	if err == nil {
		c.invalidate(ctx, token)
	}
	return fresh, err
}

// Adopt adopts in the store, then forgets the old token here and on every replica.
func (c *Cached) Adopt(ctx context.Context, token, id string) (string, error) {
	fresh, err := c.Store.Adopt(ctx, token, id)
	if err == nil {
		c.invalidate(ctx, token)
	}
	return fresh, err
}

// invalidate drops token locally and publishes it. A publish that fails is tried once more
// detached from the request's deadline; when Redis itself is gone, the other replicas' broken
// subscriptions have emptied their memories anyway.
func (c *Cached) invalidate(ctx context.Context, token string) {
	key := tokenKey(token)
	c.drop(entryKeyOf(token), true)
	if c.rdb.Publish(ctx, c.channel, key).Err() != nil {
		retry, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		_ = c.rdb.Publish(retry, c.channel, key).Err()
	}
}
