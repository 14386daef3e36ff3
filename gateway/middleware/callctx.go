// Package middleware holds the gin middleware of the gateway: request ids, the session and CSRF
// cookies, brand resolution, security headers and the access log.
package middleware

import (
	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// updateCallContext changes the callctx Values of the request, which the gRPC clients turn into
// metadata for the services.
func updateCallContext(c *gin.Context, change func(*callctx.Values)) {
	ctx := c.Request.Context()
	v := callctx.From(ctx)
	change(&v)
	c.Request = c.Request.WithContext(callctx.With(ctx, v))
}
