package service

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/hostcart/checkout/services/catalog/domain"
)

// DefaultReadCacheTTL is how long the read cache keeps a brand's products, categories and the
// brand itself. The catalog changes only by seed import and migrations, which run when a release
// is deployed (no route writes it), so a short TTL bounds how long a replica serves the old
// catalogue after a change without any invalidation message.
const DefaultReadCacheTTL = 30 * time.Second

// readCacheEntries bounds the cache: keys are brand × locale, a handful; the locale comes from
// the call, so a flood of odd locales must not grow it without end. Full: it starts over.
const readCacheEntries = 256

// ReadCache is a Repository that keeps what every listing reads (the brand by id, its categories
// and its whole product list per locale) in the process for a TTL. The checkout load test found
// ListProducts reading PostgreSQL on every call (about 23 % of the stack's CPU): six queries per
// call for data that changes only with a deployment. A filtered Products call is answered from
// the brand's cached list (same order: sort_order, id), so GetProduct and the category pages share
// one entry.
//
// Hand-written rather than libs/go/ttlcache: expiry must follow the injected clock (tests step it
// past the TTL; the library reads the wall clock), and the keys are few.
type ReadCache struct {
	Repository
	ttl time.Duration
	now func() time.Time

	mu         sync.Mutex
	brands     map[int32]cached[domain.Brand]
	categories map[listKey]cached[[]domain.Category]
	products   map[listKey]cached[[]domain.Product]
}

type listKey struct {
	brandID int32
	locale  string
}

type cached[V any] struct {
	v       V
	expires time.Time
}

// NewReadCache wraps repo; ttl 0 or less turns the cache off (every call reaches repo). now is
// the clock expiry follows (nil: time.Now).
func NewReadCache(repo Repository, ttl time.Duration, now func() time.Time) Repository {
	if ttl <= 0 {
		return repo
	}
	if now == nil {
		now = time.Now
	}
	return &ReadCache{Repository: repo, ttl: ttl, now: now,
		brands: map[int32]cached[domain.Brand]{}, categories: map[listKey]cached[[]domain.Category]{},
		products: map[listKey]cached[[]domain.Product]{}}
}

// lookup returns m[k] while fresh, else loads and stores it. A failed load is not cached.
// Concurrent misses may load twice: harmless, and rarer than a lock held across a query.
func lookup[K comparable, V any](c *ReadCache, m map[K]cached[V], k K, load func() (V, error)) (V, error) {
	c.mu.Lock()
	e, ok := m[k]
	now := c.now()
	c.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.v, nil
	}
	v, err := load()
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if len(m) >= readCacheEntries {
		clear(m)
	}
	m[k] = cached[V]{v: v, expires: now.Add(c.ttl)}
	c.mu.Unlock()
	return v, nil
}

// BrandByID answers from the cache; lookups by host stay with the repository (the gateway keeps
// its own brand cache by host).
func (c *ReadCache) BrandByID(ctx context.Context, id int32) (domain.Brand, error) {
	return lookup(c, c.brands, id, func() (domain.Brand, error) { return c.Repository.BrandByID(ctx, id) })
}

// Categories returns a copy the caller may change (MarkDomainCapable writes to its own copy).
func (c *ReadCache) Categories(ctx context.Context, brandID int32, locale string) ([]domain.Category, error) {
	cats, err := lookup(c, c.categories, listKey{brandID, locale}, func() ([]domain.Category, error) {
		return c.Repository.Categories(ctx, brandID, locale)
	})
	return slices.Clone(cats), err
}

// Products filters the brand's cached list as the repository's query would. The products are
// copies; their nested slices are shared and read-only (the domain rules build new ones).
func (c *ReadCache) Products(ctx context.Context, brandID int32, locale string, f ProductFilter) ([]domain.Product, error) {
	all, err := lookup(c, c.products, listKey{brandID, locale}, func() ([]domain.Product, error) {
		return c.Repository.Products(ctx, brandID, locale, ProductFilter{})
	})
	if err != nil {
		return nil, err
	}
	out := make([]domain.Product, 0, len(all))
	for _, p := range all {
		if f.CategorySlug != "" && p.CategorySlug != f.CategorySlug {
			continue
		}
		if len(f.IDs) > 0 && !slices.Contains(f.IDs, p.ID) {
			continue
		}
		out = append(out, p)
	}
	return out, nil
}
