// Package ttlcache is the in-process cache of the gateway and the services: a bounded LRU whose
// entries expire a fixed time after they were stored. The bookkeeping is hashicorp/golang-lru's
// expirable LRU; this package adds the rules every caller here needs and the library leaves open
// or gets dangerously wrong for them: a TTL of 0 means "do not cache" (the library would keep
// entries forever), a size is required (the library's 0 means unbounded, and keys here often come
// from clients), and a failed load is never cached.
package ttlcache

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
)

// minTTL keeps the library's sweeper sane: it ticks every TTL/100, and a ticker of 0 panics.
const minTTL = time.Millisecond

// Cache holds at most size values, each for ttl after it was stored; the least recently used
// goes first when it is full. A Cache with a TTL of 0 or less holds nothing.
type Cache[K comparable, V any] struct {
	lru *expirable.LRU[K, V] // nil: caching is off
}

// New returns a cache of at most size entries kept for ttl. size must be positive. A cache with
// a TTL sweeps expired entries in a goroutine that lives as long as the process (the library's
// v2 has no Close), so caches belong in constructors run once at start-up, never per request.
func New[K comparable, V any](size int, ttl time.Duration) *Cache[K, V] {
	return NewWithEvict[K, V](size, ttl, nil)
}

// NewWithEvict is New with a callback run when an entry leaves the cache (expired, pushed out
// by size, or removed), under the cache's lock: it must not call the cache. Tests use it to wait
// for an expiry instead of sleeping for a guessed time.
func NewWithEvict[K comparable, V any](size int, ttl time.Duration, onEvict func(K, V)) *Cache[K, V] {
	if size <= 0 {
		panic(fmt.Sprintf("ttlcache: size %d, want a positive bound", size))
	}
	if ttl <= 0 {
		return &Cache[K, V]{}
	}
	return &Cache[K, V]{lru: expirable.NewLRU[K, V](size, onEvict, max(ttl, minTTL))}
}

// Get returns the value of key while it is fresh.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	if c.lru == nil {
		var zero V
		return zero, false
	}
	return c.lru.Get(key)
}

// Add stores v for key for the cache's TTL, replacing what key held.
func (c *Cache[K, V]) Add(key K, v V) {
	if c.lru != nil {
		c.lru.Add(key, v)
	}
}

// Remove drops key, so the next Load asks again.
func (c *Cache[K, V]) Remove(key K) {
	if c.lru != nil {
		c.lru.Remove(key)
	}
}

// Len is the number of entries held, expired ones not yet swept included.
func (c *Cache[K, V]) Len() int {
	if c.lru == nil {
		return 0
	}
	return c.lru.Len()
}

// Load returns the value of key, calling load when it is absent or expired.
func (c *Cache[K, V]) Load(ctx context.Context, key K, load func(context.Context) (V, error)) (V, error) {
	if v, ok := c.Get(key); ok {
		return v, nil
	}
	return c.Reload(ctx, key, load)
}

// Reload calls load and keeps its value whatever the cache held: for a caller that found its
// copy stale (a value it expected is missing). A failed load leaves the cached value in place.
func (c *Cache[K, V]) Reload(ctx context.Context, key K, load func(context.Context) (V, error)) (V, error) {
	v, err := load(ctx)
	if err != nil {
		return v, err
	}
	c.Add(key, v)
	return v, nil
}
