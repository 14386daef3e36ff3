// Package locales resolves the locale of a shopper's session for the services the catalog does not
// serve itself. The catalog owns the session locale; asking it on every domain call would add a
// gRPC round trip to the hottest route, so answers are kept in process for a short time and
// replaced at once when this gateway handles the shopper's change of locale.
package locales

import (
	"context"
	"sync"
	"time"

	"google.golang.org/grpc"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

// Catalog is the part of the catalog client the cache needs. The call's context must carry the
// session and brand (callctx) the locale is asked for.
type Catalog interface {
	GetSessionLocale(ctx context.Context, req *catalogv1.GetSessionLocaleRequest, opts ...grpc.CallOption) (*catalogv1.GetSessionLocaleResponse, error)
}

// Options tune a Cache; zero values take defaults.
type Options struct {
	// TTL bounds how stale a locale changed through another gateway instance may be.
	TTL time.Duration
	// MaxEntries bounds memory: session ids come from clients.
	MaxEntries int
	// Now replaces the clock in tests.
	Now func() time.Time
}

const (
	DefaultTTL        = 30 * time.Second
	DefaultMaxEntries = 100_000
)

type key struct {
	brandID   int32
	sessionID string
}

type entry struct {
	code    string
	expires time.Time
}

// Cache maps (brand, session) to the session's locale code.
type Cache struct {
	catalog Catalog
	opts    Options

	mu      sync.RWMutex
	entries map[key]entry
}

// New returns a cache asking catalog on misses.
func New(catalog Catalog, opts Options) *Cache {
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.MaxEntries <= 0 {
		opts.MaxEntries = DefaultMaxEntries
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Cache{catalog: catalog, opts: opts, entries: map[key]entry{}}
}

// Cached returns the session's locale when a fresh answer is in memory.
func (c *Cache) Cached(brandID int32, sessionID string) (string, bool) {
	c.mu.RLock()
	e, ok := c.entries[key{brandID: brandID, sessionID: sessionID}]
	c.mu.RUnlock()
	if !ok || !c.opts.Now().Before(e.expires) {
		return "", false
	}
	return e.code, true
}

// Resolve returns the session's locale. When the catalog cannot answer, the brand's default locale
// is returned and nothing is cached, so the next request asks again; texts in the brand's
// language are better than failing a domain search because of the catalog.
func (c *Cache) Resolve(ctx context.Context, brand *catalogv1.Brand, sessionID string) string {
	if code, ok := c.Cached(brand.GetId(), sessionID); ok {
		return code
	}
	k := key{brandID: brand.GetId(), sessionID: sessionID}
	now := c.opts.Now()
	if sessionID == "" || c.catalog == nil {
		return DefaultOf(brand)
	}
	resp, err := c.catalog.GetSessionLocale(ctx, &catalogv1.GetSessionLocaleRequest{})
	if err != nil || resp.GetCode() == "" {
		return DefaultOf(brand)
	}
	c.store(k, resp.GetCode(), now)
	return resp.GetCode()
}

// Set records a locale the catalog has just accepted for the session.
func (c *Cache) Set(brandID int32, sessionID, code string) {
	if sessionID == "" || code == "" {
		return
	}
	c.store(key{brandID: brandID, sessionID: sessionID}, code, c.opts.Now())
}

func (c *Cache) store(k key, code string, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, exists := c.entries[k]; !exists && len(c.entries) >= c.opts.MaxEntries {
		for ek, e := range c.entries {
			if !now.Before(e.expires) {
				delete(c.entries, ek)
			}
		}
		// Still full of live sessions: skip caching this one rather than grow without bound; it
		// is then asked for per request, which is correct, only slower.
		if len(c.entries) >= c.opts.MaxEntries {
			return
		}
	}
	c.entries[k] = entry{code: code, expires: now.Add(c.opts.TTL)}
}

// DefaultOf returns the brand's default locale code, or "" when it has none marked.
func DefaultOf(brand *catalogv1.Brand) string {
	for _, l := range brand.GetLocales() {
		if l.GetIsDefault() {
			return l.GetCode()
		}
	}
	return ""
}
