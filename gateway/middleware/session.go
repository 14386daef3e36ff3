package middleware

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/httperr"
)

// SessionCookie names the cookie holding the opaque session id.
const SessionCookie = "sid"

// tokenBytes is the entropy of session ids and CSRF tokens: 256 bits, far beyond guessing.
const tokenBytes = 32

// Session makes sure the browser holds a session id and passes it to the services. A missing,
// malformed or oversized cookie is replaced by a fresh random id; services never see client-made
// ids of another shape.
func Session(https *HTTPSDetector) gin.HandlerFunc {
	return func(c *gin.Context) {
		sid, ok := tokenCookie(c.Request, SessionCookie)
		if !ok || !validToken(sid) {
			var err error
			sid, err = newToken()
			if err != nil {
				httperr.Abort(c, fmt.Errorf("new session id: %w", err))
				return
			}
			http.SetCookie(c.Writer, &http.Cookie{
				Name:     SessionCookie,
				Value:    sid,
				Path:     "/",
				HttpOnly: true,
				Secure:   https.IsHTTPS(c.Request),
				SameSite: http.SameSiteLaxMode,
			})
		}
		pendingValues(c).SessionID = sid
		c.Next()
	}
}

func newToken() (string, error) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("read random bytes: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// validToken accepts exactly the shape newToken produces.
func validToken(s string) bool {
	if len(s) != base64.RawURLEncoding.EncodedLen(tokenBytes) {
		return false
	}
	// Decoded into an array on the stack: this runs twice per request (session and CSRF).
	var b [tokenBytes]byte
	n, err := base64.RawURLEncoding.Decode(b[:], []byte(s))
	return err == nil && n == tokenBytes
}
