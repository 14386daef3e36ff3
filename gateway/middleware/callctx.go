// Package middleware holds the gin middleware of the gateway: request ids, the session and CSRF
// cookies, brand resolution, security headers and the access log.
package middleware

import (
	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

const pendingKey = "gateway.callctx"

// updateCallContext changes the callctx Values of the request, which the gRPC clients turn into
// metadata for the services. Each call copies the request, so the /api/v2 middleware fill in
// pendingValues instead and CallContext applies them once.
func updateCallContext(c *gin.Context, change func(*callctx.Values)) {
	ctx := c.Request.Context()
	v := callctx.From(ctx)
	change(&v)
	c.Request = c.Request.WithContext(callctx.With(ctx, v))
}

// pendingValues returns the Values being collected for this request, starting from those already
// in its context.
func pendingValues(c *gin.Context) *callctx.Values {
	if p, ok := c.Get(pendingKey); ok {
		if v, ok := p.(*callctx.Values); ok {
			return v
		}
	}
	v := callctx.From(c.Request.Context())
	c.Set(pendingKey, &v)
	return &v
}

// CallContext puts the Values collected by Session, ClientIP and Brand into the request context.
// It must run after them and before any handler calls a service.
func CallContext() gin.HandlerFunc {
	return func(c *gin.Context) {
		if p, ok := c.Get(pendingKey); ok {
			if v, ok := p.(*callctx.Values); ok {
				c.Request = c.Request.WithContext(callctx.With(c.Request.Context(), *v))
			}
		}
		c.Next()
	}
}
