// Package brands finds the brand a request is for from its Host header. Brands change rarely and
// every API request needs one, so answers of the catalog are kept in memory for a short time.
package brands

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

// ErrNotFound means no visible brand is served under the host.
var ErrNotFound = errors.New("brands: no brand for host")

// Catalog is the part of the catalog client the resolver needs.
type Catalog interface {
	GetBrandByFqdn(ctx context.Context, req *catalogv1.GetBrandByFqdnRequest, opts ...grpc.CallOption) (*catalogv1.GetBrandByFqdnResponse, error)
	ListBrands(ctx context.Context, req *catalogv1.ListBrandsRequest, opts ...grpc.CallOption) (*catalogv1.ListBrandsResponse, error)
}

// Options tune a Resolver.
type Options struct {
	// TTL is how long an answer of the catalog, found or not found, is reused.
	TTL time.Duration
	// DevHosts enables the development hosts: <slug>.localhost selects the brand with that slug,
	// localhost, 127.0.0.1 and [::1] select DefaultSlug.
	DevHosts    bool
	DefaultSlug string
	// MaxHosts bounds the cache, since hosts come from the client and may be arbitrary.
	MaxHosts int
	// Now replaces the clock in tests.
	Now func() time.Time
}

const (
	defaultTTL      = 30 * time.Second
	defaultMaxHosts = 1024
	maxHostLength   = 253
)

type entry struct {
	brand   *catalogv1.Brand // nil: known not to exist
	expires time.Time
}

// Resolver maps hosts to brands. Returned brands are shared between requests and must not be
// modified.
type Resolver struct {
	catalog Catalog
	opts    Options

	mu     sync.Mutex
	byHost map[string]entry
	all    []*catalogv1.Brand
	allExp time.Time
}

// NewResolver returns a resolver asking catalog; zero options take defaults.
func NewResolver(catalog Catalog, opts Options) *Resolver {
	if opts.TTL <= 0 {
		opts.TTL = defaultTTL
	}
	if opts.MaxHosts <= 0 {
		opts.MaxHosts = defaultMaxHosts
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Resolver{catalog: catalog, opts: opts, byHost: map[string]entry{}}
}

// Resolve returns the brand served under hostport (a Host header value, port optional).
func (r *Resolver) Resolve(ctx context.Context, hostport string) (*catalogv1.Brand, error) {
	host, ok := NormalizeHost(hostport)
	if !ok {
		return nil, ErrNotFound
	}
	if r.opts.DevHosts {
		if slug, ok := devSlug(host, r.opts.DefaultSlug); ok {
			return r.bySlug(ctx, slug)
		}
	}
	return r.byFqdn(ctx, host)
}

func (r *Resolver) byFqdn(ctx context.Context, host string) (*catalogv1.Brand, error) {
	now := r.opts.Now()
	r.mu.Lock()
	e, hit := r.byHost[host]
	r.mu.Unlock()
	if hit && now.Before(e.expires) {
		if e.brand == nil {
			return nil, ErrNotFound
		}
		return e.brand, nil
	}

	resp, err := r.catalog.GetBrandByFqdn(ctx, &catalogv1.GetBrandByFqdnRequest{Fqdn: host})
	switch {
	case status.Code(err) == codes.NotFound:
		r.store(host, nil, now)
		return nil, ErrNotFound
	case err != nil:
		return nil, fmt.Errorf("brands: get brand by fqdn %q: %w", host, err)
	case resp.GetBrand() == nil:
		return nil, fmt.Errorf("brands: catalog answered no brand for %q", host)
	}
	r.store(host, resp.GetBrand(), now)
	return resp.GetBrand(), nil
}

func (r *Resolver) store(host string, b *catalogv1.Brand, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.byHost) >= r.opts.MaxHosts {
		for h, e := range r.byHost {
			if !now.Before(e.expires) {
				delete(r.byHost, h)
			}
		}
	}
	// Still full of live entries: a flood of made-up hosts. Real brands are few and were cached
	// first, so dropping the newcomer keeps memory bounded without hurting them.
	if len(r.byHost) >= r.opts.MaxHosts {
		return
	}
	r.byHost[host] = entry{brand: b, expires: now.Add(r.opts.TTL)}
}

func (r *Resolver) bySlug(ctx context.Context, slug string) (*catalogv1.Brand, error) {
	now := r.opts.Now()
	r.mu.Lock()
	all, fresh := r.all, now.Before(r.allExp)
	r.mu.Unlock()
	if !fresh {
		resp, err := r.catalog.ListBrands(ctx, &catalogv1.ListBrandsRequest{})
		if err != nil {
			return nil, fmt.Errorf("brands: list brands: %w", err)
		}
		all = resp.GetBrands()
		r.mu.Lock()
		r.all, r.allExp = all, now.Add(r.opts.TTL)
		r.mu.Unlock()
	}
	for _, b := range all {
		// Invisible brands are not served under their fqdn either.
		if b.GetSlug() == slug && b.GetIsVisible() {
			return b, nil
		}
	}
	return nil, ErrNotFound
}

// NormalizeHost strips the port and a trailing dot from a Host header value and lower-cases it.
// It reports false for values that cannot be a host name or IP address.
func NormalizeHost(hostport string) (string, bool) {
	host := strings.TrimSpace(hostport)
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else {
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "" || len(host) > maxHostLength {
		return "", false
	}
	for _, ch := range host {
		switch {
		case ch >= 'a' && ch <= 'z', ch >= '0' && ch <= '9', ch == '-', ch == '.', ch == ':':
		default:
			return "", false
		}
	}
	return host, true
}

// devSlug maps the development hosts to a brand slug.
func devSlug(host, defaultSlug string) (string, bool) {
	switch host {
	case "localhost", "127.0.0.1", "::1":
		return defaultSlug, true
	}
	if slug, ok := strings.CutSuffix(host, ".localhost"); ok && slug != "" && !strings.Contains(slug, ".") {
		return slug, true
	}
	return "", false
}
