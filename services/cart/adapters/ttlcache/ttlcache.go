// Package ttlcache keeps values of other services for a short time, per key (a brand and locale),
// so a cart operation does not ask for data that changes rarely (brand settings, TLDs, the
// domain-only product) on every call.
package ttlcache

import (
	"context"
	"sync"
	"time"
)

// Cache holds values for TTL after they were loaded. Failed loads are not cached.
type Cache[K comparable, V any] struct {
	ttl     time.Duration
	now     func() time.Time
	mu      sync.Mutex
	entries map[K]entry[V]
}

type entry[V any] struct {
	value   V
	expires time.Time
}

// New returns a cache keeping values for ttl; a ttl of 0 or less caches nothing.
func New[K comparable, V any](ttl time.Duration) *Cache[K, V] {
	return &Cache[K, V]{ttl: ttl, now: time.Now, entries: make(map[K]entry[V])}
}

// Get returns the value of key, loading it when absent or expired.
func (c *Cache[K, V]) Get(ctx context.Context, key K, load func(context.Context) (V, error)) (V, error) {
	if c.ttl > 0 {
		c.mu.Lock()
		e, ok := c.entries[key]
		c.mu.Unlock()
		if ok && c.now().Before(e.expires) {
			return e.value, nil
		}
	}
	return c.Reload(ctx, key, load)
}

// Reload loads the value of key and keeps it, whatever the cache held: for a caller that found
// its copy stale (a value it expected is missing).
func (c *Cache[K, V]) Reload(ctx context.Context, key K, load func(context.Context) (V, error)) (V, error) {
	v, err := load(ctx)
	if err != nil || c.ttl <= 0 {
		return v, err
	}
	c.mu.Lock()
	if len(c.entries) > 1024 {
		// Keys are brands and locales, a handful; a flood of keys means misuse, not a working set.
		clear(c.entries)
	}
	c.entries[key] = entry[V]{value: v, expires: c.now().Add(c.ttl)}
	c.mu.Unlock()
	return v, nil
}
