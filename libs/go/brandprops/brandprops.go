// Package brandprops reads a brand's properties (spec §3 brand properties: feature flags and
// settings) from the catalog service for the services that follow them, cached for a while: they
// change rarely and are asked on every call.
package brandprops

import (
	"context"
	"errors"
	"fmt"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/ttlcache"
)

// DefaultTTL is how long a brand's properties are reused.
const DefaultTTL = 30 * time.Second

// cacheSize bounds the cache: there are a handful of brands, and made-up ids must not grow it.
const cacheSize = 64

// Errors of the reader.
var (
	ErrUnavailable   = apperr.New(apperr.Unavailable, "catalog.unavailable")
	ErrBrandNotFound = apperr.New(apperr.NotFound, "brand.not_found")
)

// Props are a brand's properties by key ("display_bank_name_input_field": "true", ...).
type Props map[string]string

// Flag reports whether the flag key is "true".
func (p Props) Flag(key string) bool { return p[key] == "true" }

// Reader answers brands' properties.
type Reader struct {
	c     catalogv1.CatalogServiceClient
	cache *ttlcache.Cache[int32, Props]
}

// New returns a reader over c; ttl bounds how long answers are reused.
func New(c catalogv1.CatalogServiceClient, ttl time.Duration) *Reader {
	return &Reader{c: c, cache: ttlcache.New[int32, Props](cacheSize, ttl)}
}

// Props returns the properties of the brand with id: ErrBrandNotFound for an unknown brand,
// ErrUnavailable when the catalog cannot answer, the caller's cancellation as it is.
func (r *Reader) Props(ctx context.Context, id int32) (Props, error) {
	return r.cache.Load(ctx, id, func(ctx context.Context) (Props, error) {
		resp, err := r.c.ListBrands(ctx, &catalogv1.ListBrandsRequest{})
		if err != nil {
			if st, ok := status.FromError(err); ok && st.Code() == codes.Canceled || errors.Is(err, context.Canceled) {
				return nil, fmt.Errorf("list brands: %w", context.Canceled)
			}
			return nil, fmt.Errorf("list brands: %w: %v", ErrUnavailable, err)
		}
		for _, b := range resp.GetBrands() {
			if b.GetId() == id {
				props := make(Props, len(b.GetProperties()))
				for _, p := range b.GetProperties() {
					props[p.GetKey()] = p.GetValue()
				}
				return props, nil
			}
		}
		return nil, fmt.Errorf("brand %d: %w", id, ErrBrandNotFound)
	})
}
