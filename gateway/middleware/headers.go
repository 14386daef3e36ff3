package middleware

import "github.com/gin-gonic/gin"

// DefaultContentSecurityPolicy fits the module-federation frontend served from our own origin:
// scripts, remotes and API calls stay same-origin; inline styles are allowed because the UI
// libraries inject them.
const DefaultContentSecurityPolicy = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; " +
	"object-src 'none'; base-uri 'self'; frame-ancestors 'none'"

// SecurityHeaders sets the headers that harden every response of the shop.
func SecurityHeaders(csp string, https *HTTPSDetector) gin.HandlerFunc {
	if csp == "" {
		csp = DefaultContentSecurityPolicy
	}
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Content-Security-Policy", csp)
		if https.IsHTTPS(c.Request) {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		c.Next()
	}
}

// NoStore keeps API answers, which depend on the session, out of every cache.
func NoStore() gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Header("Cache-Control", "no-store")
		c.Next()
	}
}
