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
	// The value slices are built once and shared by every response, instead of one allocation per
	// header and request: net/http only reads them, and Set or Add by a later handler replaces or
	// grows a copy (each slice is full, so append cannot write into the shared array).
	var (
		nosniff  = []string{"nosniff"}
		deny     = []string{"DENY"}
		referrer = []string{"strict-origin-when-cross-origin"}
		policy   = []string{csp}
		hsts     = []string{"max-age=31536000"}
	)
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h["X-Content-Type-Options"] = nosniff
		h["X-Frame-Options"] = deny
		h["Referrer-Policy"] = referrer
		h["Content-Security-Policy"] = policy
		if https.IsHTTPS(c.Request) {
			h["Strict-Transport-Security"] = hsts
		}
		c.Next()
	}
}

// NoStore keeps API answers, which depend on the session, out of every cache.
func NoStore() gin.HandlerFunc {
	noStore := []string{"no-store"} // shared, as in SecurityHeaders
	return func(c *gin.Context) {
		c.Writer.Header()["Cache-Control"] = noStore
		c.Next()
	}
}
