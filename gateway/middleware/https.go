package middleware

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// HTTPSDetector tells whether the browser talks to us over HTTPS: directly over TLS, or through a
// trusted proxy that terminated TLS and said so in X-Forwarded-Proto. Anyone else's header is
// ignored: it is client input, and the answer decides whether cookies are marked Secure.
type HTTPSDetector struct {
	trusted []netip.Prefix
}

// NewHTTPSDetector trusts X-Forwarded-Proto from the given addresses or CIDR ranges.
func NewHTTPSDetector(trustedProxies []string) (*HTTPSDetector, error) {
	d := &HTTPSDetector{}
	for _, p := range trustedProxies {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if prefix, err := netip.ParsePrefix(p); err == nil {
			d.trusted = append(d.trusted, prefix.Masked())
			continue
		}
		addr, err := netip.ParseAddr(p)
		if err != nil {
			return nil, fmt.Errorf("middleware: trusted proxy %q is neither an IP nor a CIDR: %w", p, err)
		}
		d.trusted = append(d.trusted, netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen()))
	}
	return d, nil
}

// IsHTTPS reports whether r reached the browser-facing edge over HTTPS.
func (d *HTTPSDetector) IsHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if d == nil || len(d.trusted) == 0 || !d.fromTrustedProxy(r) {
		return false
	}
	// With several proxies the header is a list; the first entry is the client-facing hop.
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

func (d *HTTPSDetector) fromTrustedProxy(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	addr = addr.Unmap()
	for _, p := range d.trusted {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}
