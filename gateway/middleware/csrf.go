package middleware

import (
	"crypto/subtle"
	"fmt"
	"net/http"

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
