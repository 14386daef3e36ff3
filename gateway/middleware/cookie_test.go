package middleware

import (
	"net/http/httptest"
	"testing"
)

// tokenCookie must find what net/http's Request.Cookie finds for the cookie headers browsers send.
func TestTokenCookieMatchesNetHTTP(t *testing.T) {
	headers := [][]string{
		{"sid=abc; XSRF-TOKEN=def"},
		{"XSRF-TOKEN=def;sid=abc"},
		{`other=1; sid="abc"; sid=second`},
		{"a=1", "sid=abc"},
		{"sid="},
		{"sidx=1; xsid=2"},
		{"  sid  =abc"},
		{},
	}
	for _, h := range headers {
		r := httptest.NewRequest("GET", "/", nil)
		for _, line := range h {
			r.Header.Add("Cookie", line)
		}
		for _, name := range []string{SessionCookie, CSRFCookie} {
			got, ok := tokenCookie(r, name)
			want, err := r.Cookie(name)
			if ok != (err == nil) || (ok && got != want.Value) {
				t.Errorf("%q %s: got %q %v, net/http %v %v", h, name, got, ok, want, err)
			}
		}
	}
}

func TestTokenCookieSkipsInvalidValues(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Add("Cookie", "sid=bad\\value; sid=good")
	got, ok := tokenCookie(r, SessionCookie)
	want, err := r.Cookie(SessionCookie)
	if !ok || err != nil || got != want.Value {
		t.Fatalf("got %q %v, net/http %v %v", got, ok, want, err)
	}
}
