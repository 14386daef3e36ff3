// Package locales resolves the locale of a shopper's session for the services the catalog does not
// serve itself. The catalog owns the session locale; asking it on every domain call would add a
// gRPC round trip to the hottest route, so answers are kept in process for a short time and
// replaced at once when this gateway handles the shopper's change of locale.
package locales

import (
	"context"
	"time"

	"google.golang.org/grpc"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/ttlcache"
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
	// MaxEntries bounds memory: session ids come from clients. When full, the least recently
	// active session goes first, and it only costs that session one catalog call.
	MaxEntries int
	// LookupTimeout bounds the catalog call of a miss. The locale is optional (the brand's default
	// stands in) and runs under the route's deadline before the route's own call: without a bound
	// of its own, a slow or stopped catalog made it eat the whole deadline, and routes that do not
	// need the catalog (domains, cart, promotions, payment types) answered 503 (the fault matrix,
	// docs/operations.md).
	LookupTimeout time.Duration

	// onEvict lets tests wait for an entry to expire instead of sleeping.
	onEvict func()
}

const (
	DefaultTTL = 30 * time.Second
	// DefaultMaxEntries holds the sessions active within a TTL on a busy instance, a few MB.
	DefaultMaxEntries = 100_000
	// DefaultLookupTimeout leaves two thirds of the 3 s route deadline to the route's own call;
	// a healthy catalog answers in milliseconds.
	DefaultLookupTimeout = time.Second
)

type key struct {
	brandID   int32
	sessionID string
}

// Cache maps (brand, session) to the session's locale code.
type Cache struct {
	catalog Catalog
	entries *ttlcache.Cache[key, string]
	timeout time.Duration
}

// New returns a cache asking catalog on misses.
func New(catalog Catalog, opts Options) *Cache {
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.MaxEntries <= 0 {
		opts.MaxEntries = DefaultMaxEntries
	}
	if opts.LookupTimeout <= 0 {
		opts.LookupTimeout = DefaultLookupTimeout
	}
	var onEvict func(key, string)
	if opts.onEvict != nil {
		onEvict = func(key, string) { opts.onEvict() }
	}
	return &Cache{catalog: catalog, entries: ttlcache.NewWithEvict(opts.MaxEntries, opts.TTL, onEvict), timeout: opts.LookupTimeout}
}

// Cached returns the session's locale when a fresh answer is in memory.
func (c *Cache) Cached(brandID int32, sessionID string) (string, bool) {
	return c.entries.Get(key{brandID: brandID, sessionID: sessionID})
}

// Resolve returns the session's locale. When the catalog cannot answer, the brand's default locale
// is returned and nothing is cached, so the next request asks again; texts in the brand's
// language are better than failing a domain search because of the catalog.
func (c *Cache) Resolve(ctx context.Context, brand *catalogv1.Brand, sessionID string) string {
	if code, ok := c.Cached(brand.GetId(), sessionID); ok {
		return code
	}
	if sessionID == "" || c.catalog == nil {
		return DefaultOf(brand)
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	resp, err := c.catalog.GetSessionLocale(ctx, &catalogv1.GetSessionLocaleRequest{})
	if err != nil || resp.GetCode() == "" {
		return DefaultOf(brand)
	}
	c.entries.Add(key{brandID: brand.GetId(), sessionID: sessionID}, resp.GetCode())
	return resp.GetCode()
}

// Set records a locale the catalog has just accepted for the session.
func (c *Cache) Set(brandID int32, sessionID, code string) {
	if sessionID == "" || code == "" {
		return
	}
	c.entries.Add(key{brandID: brandID, sessionID: sessionID}, code)
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
