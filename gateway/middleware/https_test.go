package middleware

import (
	"crypto/tls"
	"net/http/httptest"
	"testing"
)

func TestHTTPSDetector(t *testing.T) {
	d, err := NewHTTPSDetector([]string{"10.0.0.0/8", " 192.168.1.5 ", "::1"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		remote string
		proto  string
		tls    bool
		want   bool
	}{
		{"direct TLS", "203.0.113.9:5000", "", true, true},
		{"plain", "203.0.113.9:5000", "", false, false},
		{"untrusted claims https", "203.0.113.9:5000", "https", false, false},
		{"trusted range", "10.1.2.3:5000", "https", false, true},
		{"trusted single ip", "192.168.1.5:5000", "HTTPS", false, true},
		{"trusted ipv6", "[::1]:5000", "https", false, true},
		{"trusted says http", "10.1.2.3:5000", "http", false, false},
		{"proxy chain uses first hop", "10.1.2.3:5000", "https, http", false, true},
		{"neighbour of single ip", "192.168.1.6:5000", "https", false, false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.remote
		if tt.proto != "" {
			r.Header.Set("X-Forwarded-Proto", tt.proto)
		}
		if tt.tls {
			r.TLS = &tls.ConnectionState{}
		}
		if got := d.IsHTTPS(r); got != tt.want {
			t.Errorf("%s: IsHTTPS = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestNewHTTPSDetectorRejectsGarbage(t *testing.T) {
	if _, err := NewHTTPSDetector([]string{"proxy.internal"}); err == nil {
		t.Fatal("accepted a host name as trusted proxy")
	}
}
