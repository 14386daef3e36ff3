package availabilitycache

import (
	"context"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/ttlcache"
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
	next    Backend
	ttl     time.Duration
	entries *ttlcache.Cache[string, domain.Status]
}

// NewLocal fronts next with an in-process layer holding up to maxEntries names for ttl; a
// maxEntries of 0 takes 10000, the names a few hundred searches ask about, well under a MB.
func NewLocal(next Backend, ttl time.Duration, maxEntries int) *Local {
	return newLocal(next, ttl, maxEntries, nil)
}

func newLocal(next Backend, ttl time.Duration, maxEntries int, onEvict func(string, domain.Status)) *Local {
	if maxEntries <= 0 {
		maxEntries = 10000
	}
	return &Local{next: next, ttl: ttl, entries: ttlcache.NewWithEvict(maxEntries, ttl, onEvict)}
}

// GetMany answers from the process where it can and asks the backend for the rest.
func (c *Local) GetMany(ctx context.Context, names []string) (map[string]domain.Status, error) {
	out := make(map[string]domain.Status, len(names))
	var rest []string
	for _, n := range names {
		if st, ok := c.entries.Get(n); ok {
			out[n] = st
		} else {
			rest = append(rest, n)
		}
	}
	if len(rest) == 0 {
		return out, nil
	}
	remote, err := c.next.GetMany(ctx, rest)
	if err != nil {
		return out, fmt.Errorf("availability cache backend: %w", err)
	}
	for n, st := range remote {
		out[n] = st
		c.entries.Add(n, st)
	}
	return out, nil
}

// Set stores in the backend and keeps a local copy. An answer the backend keeps for less than
// the local TTL is not kept here: the local copy must never outlive the shared one.
func (c *Local) Set(ctx context.Context, name string, status domain.Status, ttl time.Duration) error {
	if ttl >= c.ttl {
		c.entries.Add(name, status)
	}
	return c.next.Set(ctx, name, status, ttl)
}
