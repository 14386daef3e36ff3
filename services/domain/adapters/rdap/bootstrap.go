package rdap

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
)

//go:embed bootstrap/dns.json
var shipped embed.FS

// Bootstrap maps TLDs to RDAP base URLs, read from an IANA bootstrap file (RFC 9224, dns.json).
type Bootstrap struct {
	Publication string
	bases       map[string]string
}

type bootstrapFile struct {
	Version     string       `json:"version"`
	Publication string       `json:"publication"`
	Services    [][][]string `json:"services"`
}

// DefaultBootstrap is the bootstrap file shipped with the service.
func DefaultBootstrap() (*Bootstrap, error) {
	f, err := shipped.Open("bootstrap/dns.json")
	if err != nil {
		return nil, fmt.Errorf("open shipped bootstrap: %w", err)
	}
	defer f.Close()
	return ParseBootstrap(f)
}

// ParseBootstrap reads a dns.json document. Each service lists TLDs and base URLs; the first
// HTTPS URL is used, a plain HTTP one only when a service offers nothing else.
func ParseBootstrap(r io.Reader) (*Bootstrap, error) {
	var f bootstrapFile
	if err := json.NewDecoder(r).Decode(&f); err != nil {
		return nil, fmt.Errorf("parse rdap bootstrap: %w", err)
	}
	if f.Version != "1.0" {
		return nil, fmt.Errorf("parse rdap bootstrap: version %q, want 1.0", f.Version)
	}
	b := &Bootstrap{Publication: f.Publication, bases: map[string]string{}}
	for i, svc := range f.Services {
		if len(svc) != 2 {
			return nil, fmt.Errorf("parse rdap bootstrap: service %d has %d parts, want 2", i, len(svc))
		}
		base, err := chooseBase(svc[1])
		if err != nil {
			return nil, fmt.Errorf("parse rdap bootstrap: service %d: %w", i, err)
		}
		for _, tld := range svc[0] {
			b.bases[strings.ToLower(strings.Trim(tld, "."))] = base
		}
	}
	if len(b.bases) == 0 {
		return nil, errors.New("parse rdap bootstrap: no services")
	}
	return b, nil
}

func chooseBase(urls []string) (string, error) {
	var fallback string
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
			continue
		}
		if !strings.HasSuffix(u.Path, "/") {
			u.Path += "/"
		}
		if u.Scheme == "https" {
			return u.String(), nil
		}
		if fallback == "" {
			fallback = u.String()
		}
	}
	if fallback == "" {
		return "", fmt.Errorf("no usable base URL in %q", urls)
	}
	return fallback, nil
}

// Base returns the RDAP base URL responsible for name: the entry matching the most labels at the
// end of the name ("example.co.uk" tries "co.uk", then "uk").
func (b *Bootstrap) Base(name string) (string, bool) {
	name = strings.ToLower(strings.Trim(name, "."))
	for {
		_, rest, ok := strings.Cut(name, ".")
		if !ok {
			return "", false
		}
		if base, found := b.bases[rest]; found {
			return base, true
		}
		name = rest
	}
}

// Len is the number of TLDs the bootstrap covers.
func (b *Bootstrap) Len() int { return len(b.bases) }

// WithBase returns a copy of b sending every TLD to base, for tests and private registries.
func (b *Bootstrap) WithBase(base string) *Bootstrap {
	out := &Bootstrap{Publication: b.Publication, bases: make(map[string]string, len(b.bases))}
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	for tld := range b.bases {
		out.bases[tld] = base
	}
	return out
}
