package middleware

import (
	"context"

	"github.com/gin-gonic/gin"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// LocaleResolver finds a session's locale; locales.Cache implements it.
type LocaleResolver interface {
	// Cached answers from memory only.
	Cached(brandID int32, sessionID string) (string, bool)
	// Resolve may ask the catalog, with the session and brand of ctx's callctx.
	Resolve(ctx context.Context, brand *catalogv1.Brand, sessionID string) string
}

// Locale passes the session's locale to services that do not keep it themselves (the catalog
// does, and reads it from its own store). It must run after Session and Brand and before
// CallContext.
func Locale(resolver LocaleResolver) gin.HandlerFunc {
	return func(c *gin.Context) {
		brand, ok := CurrentBrand(c)
		if !ok {
			c.Next()
			return
		}
		v := pendingValues(c)
		code, ok := resolver.Cached(brand.GetId(), v.SessionID)
		if !ok {
			// Only a miss pays for a context: the catalog needs to know whose locale is asked.
			code = resolver.Resolve(callctx.With(c.Request.Context(), *v), brand, v.SessionID)
		}
		if code != "" {
			v.Locale = code
		}
		c.Next()
	}
}
