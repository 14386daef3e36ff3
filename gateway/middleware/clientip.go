package middleware

import (
	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// ClientIP passes the visitor's address to the services, which rate limit per address. gin's
// ClientIP believes X-Forwarded-For only from the engine's trusted proxies, so a visitor cannot
// pick the bucket it is counted in.
func ClientIP() gin.HandlerFunc {
	return func(c *gin.Context) {
		if ip := c.ClientIP(); ip != "" {
			updateCallContext(c, func(v *callctx.Values) { v.ClientIP = ip })
		}
		c.Next()
	}
}
