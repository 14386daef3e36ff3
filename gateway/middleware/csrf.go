package middleware

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/sessions"
)

// Double-submit CSRF protection: the gateway sets a token in a cookie that the frontend (same
// origin) can read and must echo in a header on every state-changing request. Another site can make
// the browser send the cookie but cannot read it to forge the header.
const (
	CSRFCookie = "XSRF-TOKEN"
	CSRFHeader = "X-XSRF-TOKEN"
	// KeyCSRFInvalid is the message key of a rejected request.
	KeyCSRFInvalid = "error.csrf_token_invalid"
)

// CSRF issues the token cookie when missing and rejects unsafe methods without a matching header.
func CSRF(https *HTTPSDetector) gin.HandlerFunc {
	return func(c *gin.Context) {
		token, ok := tokenCookie(c.Request, CSRFCookie)
		valid := ok && sessions.ValidToken(token)
		if !valid {
			// Issue a token even when rejecting below, so the client can retry.
			fresh, err := sessions.NewToken()
			if err != nil {
				httperr.Abort(c, fmt.Errorf("new csrf token: %w", err))
				return
			}
			http.SetCookie(c.Writer, &http.Cookie{
				Name:     CSRFCookie,
				Value:    fresh,
				Path:     "/",
				HttpOnly: false, // the frontend reads it to fill the header
				Secure:   https.IsHTTPS(c.Request),
				SameSite: http.SameSiteLaxMode,
			})
		}
		if changesState(c.Request.Method) {
			header := c.GetHeader(CSRFHeader)
			if !valid || subtle.ConstantTimeCompare([]byte(header), []byte(token)) != 1 {
				httperr.AbortKey(c, http.StatusForbidden, KeyCSRFInvalid, "")
				return
			}
		}
		c.Next()
	}
}

func changesState(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return false
	default:
		return true
	}
}

// SameOrigin refuses a state-changing request whose Origin (or, without one, Referer) names
// another site than the one it was sent to, in addition to the double-submit token (OWASP's
// defence in depth: a token leaked to a subdomain or an XSS elsewhere is not enough). The brand's
// own host is the request's Host; the scheme must match too. A request with neither header (some
// privacy tools strip both) is left to the token check.
func SameOrigin(https *HTTPSDetector) gin.HandlerFunc {
	return func(c *gin.Context) {
		if !changesState(c.Request.Method) {
			c.Next()
			return
		}
		source := c.GetHeader("Origin")
		if source == "" {
			source = c.GetHeader("Referer")
		}
		if source != "" && !sameSite(source, c.Request, https) {
			httperr.AbortKey(c, http.StatusForbidden, KeyCSRFInvalid, "")
			return
		}
		c.Next()
	}
}

func sameSite(source string, r *http.Request, https *HTTPSDetector) bool {
	u, err := url.Parse(source)
	if err != nil || u.Host == "" {
		return false // includes "Origin: null" from sandboxed frames and opaque origins
	}
	scheme := "http"
	if https.IsHTTPS(r) {
		scheme = "https"
	}
	return strings.EqualFold(u.Scheme, scheme) && strings.EqualFold(u.Host, r.Host)
}

// RequireCSRFToken applies the double-submit check to a route whose method the spec fixes as GET
// although it changes state (GET /session/cancel): a link on another site must not trigger it.
func RequireCSRFToken() gin.HandlerFunc {
	return func(c *gin.Context) {
		token, ok := tokenCookie(c.Request, CSRFCookie)
		if !ok || !sessions.ValidToken(token) || subtle.ConstantTimeCompare([]byte(c.GetHeader(CSRFHeader)), []byte(token)) != 1 {
			httperr.AbortKey(c, http.StatusForbidden, KeyCSRFInvalid, "")
			return
		}
		c.Next()
	}
}
