package availabilitycache

import (
	"context"
	"sync"
	"time"

	"github.com/hostcart/checkout/services/domain/domain"
)

// Backend is the cache a Local layer fronts (normally Redis).
type Backend interface {
	GetMany(ctx context.Context, names []string) (map[string]domain.Status, error)
	Set(ctx context.Context, name string, status domain.Status, ttl time.Duration) error
}

// Local keeps answers in process for a TTL far shorter than the backend's, so a name's status may
// be at most that much older than the shared cache says: acceptable for answers that are minutes
// old anyway, and it takes a Redis round trip off the hottest path.
type Local struct {
	next       Backend
	ttl        time.Duration
	maxEntries int
	now        func() time.Time

	mu      sync.RWMutex
	entries map[string]localEntry
}

type localEntry struct {
	status  domain.Status
	expires time.Time
}

// NewLocal fronts next with an in-process layer holding up to maxEntries names for ttl.
func NewLocal(next Backend, ttl time.Duration, maxEntries int) *Local {
	if maxEntries <= 0 {
		maxEntries = 10000
	}
	return &Local{next: next, ttl: ttl, maxEntries: maxEntries, now: time.Now, entries: map[string]localEntry{}}
}

// GetMany answers from the process where it can and asks the backend for the rest.
func (c *Local) GetMany(ctx context.Context, names []string) (map[string]domain.Status, error) {
	out := make(map[string]domain.Status, len(names))
	var rest []string
	now := c.now()
	c.mu.RLock()
	for _, n := range names {
		if e, ok := c.entries[n]; ok && now.Before(e.expires) {
			out[n] = e.status
		} else {
			rest = append(rest, n)
		}
	}
	c.mu.RUnlock()
	if len(rest) == 0 {
		return out, nil
	}
	remote, err := c.next.GetMany(ctx, rest)
	if err != nil {
		return out, err
	}
	for n, st := range remote {
		out[n] = st
		c.keep(n, st, c.ttl)
	}
	return out, nil
}

// Set stores in the backend and keeps a local copy.
func (c *Local) Set(ctx context.Context, name string, status domain.Status, ttl time.Duration) error {
	c.keep(name, status, min(ttl, c.ttl))
	return c.next.Set(ctx, name, status, ttl)
}

func (c *Local) keep(name string, status domain.Status, ttl time.Duration) {
	if ttl <= 0 {
		return
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.maxEntries {
		for k, e := range c.entries {
			if !now.Before(e.expires) {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= c.maxEntries {
			// Still full of live entries: start over rather than track recency on the hot path.
			clear(c.entries)
		}
	}
	c.entries[name] = localEntry{status: status, expires: now.Add(ttl)}
}
