package service

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/hostcart/checkout/services/domain/domain"
)

// Locales texts exist in (spec §9).
const (
	LocaleDE       = "de-DE"
	LocaleEN       = "en-GB"
	FallbackLocale = LocaleEN
)

// CanonicalLocale maps a requested locale to one texts exist in; unknown ones get the fallback.
func CanonicalLocale(code string) string {
	lang, _, _ := strings.Cut(strings.ReplaceAll(strings.TrimSpace(code), "_", "-"), "-")
	switch strings.ToLower(lang) {
	case "de":
		return LocaleDE
	default:
		return FallbackLocale
	}
}

// catalogueCache keeps each brand's catalogue per locale for a short time: every availability
// check needs it, and TLDs change rarely. Concurrent loads of one key share a single read.
type catalogueCache struct {
	repo    Repository
	ttl     time.Duration
	mu      sync.RWMutex
	entries map[catalogueKey]catalogueEntry
	loads   singleflight.Group
	now     func() time.Time
}

// loadTimeout bounds one read of a catalogue from the store.
const loadTimeout = 5 * time.Second

// catalogueKey is a struct rather than a formatted string: the lookup runs on every call.
type catalogueKey struct {
	brandID int32
	locale  string
}

type catalogueEntry struct {
	cat     *domain.Catalogue
	expires time.Time
}

func newCatalogueCache(repo Repository, ttl time.Duration) *catalogueCache {
	return &catalogueCache{repo: repo, ttl: ttl, entries: map[catalogueKey]catalogueEntry{}, now: time.Now}
}

func (c *catalogueCache) get(ctx context.Context, brandID int32, locale string) (*domain.Catalogue, error) {
	key := catalogueKey{brandID: brandID, locale: locale}
	if c.ttl > 0 {
		c.mu.RLock()
		e, ok := c.entries[key]
		c.mu.RUnlock()
		if ok && c.now().Before(e.expires) {
			return e.cat, nil
		}
	}
	v, err, _ := c.loads.Do(strconv.Itoa(int(brandID))+"/"+locale, func() (any, error) {
		// Shared by every caller waiting for this key, so one caller giving up must not fail the rest.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), loadTimeout)
		defer cancel()
		tlds, err := c.repo.TLDs(ctx, brandID, locale)
		if err != nil {
			return nil, fmt.Errorf("load TLDs of brand %d: %w", brandID, err)
		}
		groups, err := c.repo.Groups(ctx, locale)
		if err != nil {
			return nil, fmt.Errorf("load domain groups: %w", err)
		}
		cat := domain.NewCatalogue(tlds, groups)
		if c.ttl > 0 {
			c.mu.Lock()
			c.entries[key] = catalogueEntry{cat: cat, expires: c.now().Add(c.ttl)}
			c.mu.Unlock()
		}
		return cat, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*domain.Catalogue), nil
}
