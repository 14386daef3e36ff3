package middleware

import (
	"github.com/gin-gonic/gin"
)

// ClientIP passes the visitor's address to the services, which rate limit per address. gin's
// ClientIP believes X-Forwarded-For only from the engine's trusted proxies, so a visitor cannot
// pick the bucket it is counted in.
func ClientIP() gin.HandlerFunc {
	return func(c *gin.Context) {
		if ip := c.ClientIP(); ip != "" {
			pendingValues(c).ClientIP = ip
		}
		c.Next()
	}
}
