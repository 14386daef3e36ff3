package middleware

import (
	"context"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/brands"
	"github.com/hostcart/checkout/gateway/httperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

// KeyBrandNotFound answers requests for a host that serves no brand.
const KeyBrandNotFound = "brand.not_found"

const brandKey = "gateway.brand"

// BrandResolver finds the brand of a Host header value; brands.Resolver implements it.
type BrandResolver interface {
	Resolve(ctx context.Context, host string) (*catalogv1.Brand, error)
}

// Brand resolves the request's brand from its Host header and passes its id to the services.
func Brand(resolver BrandResolver) gin.HandlerFunc {
	return func(c *gin.Context) {
		b, err := resolver.Resolve(c.Request.Context(), c.Request.Host)
		if errors.Is(err, brands.ErrNotFound) {
			httperr.AbortKey(c, http.StatusNotFound, KeyBrandNotFound, "")
			return
		}
		if err != nil {
			httperr.Abort(c, err)
			return
		}
		c.Set(brandKey, b)
		pendingValues(c).BrandID = b.GetId()
		c.Next()
	}
}

// CurrentBrand returns the brand Brand resolved for this request; it must not be modified.
func CurrentBrand(c *gin.Context) (*catalogv1.Brand, bool) {
	b, ok := c.Get(brandKey)
	if !ok {
		return nil, false
	}
	brand, ok := b.(*catalogv1.Brand)
	return brand, ok && brand != nil
}
