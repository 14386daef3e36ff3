package middleware

import (
	"net/http"
	"strings"
)

// tokenCookie returns the value of the request's first cookie called name, as net/http's
// Request.Cookie does (surrounding quotes removed), without parsing every cookie of the request
// into structs: Session and CSRF look up one cookie each on every request. Only the session and
// CSRF tokens are read this way, and validToken checks them strictly afterwards.
func tokenCookie(r *http.Request, name string) (string, bool) {
	for _, line := range r.Header["Cookie"] {
		for part := range strings.SplitSeq(line, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
			if !ok || strings.TrimSpace(k) != name {
				continue
			}
			if len(v) > 1 && v[0] == '"' && v[len(v)-1] == '"' {
				v = v[1 : len(v)-1]
			}
			if !validCookieValue(v) {
				continue // net/http skips such a cookie and looks further
			}
			return v, true
		}
	}
	return "", false
}

// validCookieValue applies net/http's rule for cookie value bytes (RFC 6265 cookie-octet, plus
// space and comma, which browsers send).
func validCookieValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if b := v[i]; b < 0x20 || b >= 0x7f || b == '"' || b == ';' || b == '\\' {
			return false
		}
	}
	return true
}
