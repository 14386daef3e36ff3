package service

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/hostcart/checkout/libs/go/ttlcache"
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
// check needs it, and TLDs change rarely. Concurrent loads of one key share a single read, which
// the cache library does not do by itself.
type catalogueCache struct {
	repo    Repository
	entries *ttlcache.Cache[catalogueKey, *domain.Catalogue]
	loads   singleflight.Group
}

// loadTimeout bounds one read of a catalogue from the store.
const loadTimeout = 5 * time.Second

// maxCatalogues bounds the cache: keys are brands × the locales texts exist in, a handful; the
// bound only matters if callers send brands that do not exist.
const maxCatalogues = 256

// catalogueKey is a struct rather than a formatted string: the lookup runs on every call.
type catalogueKey struct {
	brandID int32
	locale  string
}

func newCatalogueCache(repo Repository, ttl time.Duration) *catalogueCache {
	return &catalogueCache{repo: repo, entries: ttlcache.New[catalogueKey, *domain.Catalogue](maxCatalogues, ttl)}
}

func (c *catalogueCache) get(ctx context.Context, brandID int32, locale string) (*domain.Catalogue, error) {
	key := catalogueKey{brandID: brandID, locale: locale}
	if cat, ok := c.entries.Get(key); ok {
		return cat, nil
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
		c.entries.Add(key, cat)
		return cat, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*domain.Catalogue), nil
}
