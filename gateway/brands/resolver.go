// Package brands finds the brand a request is for from its Host header. Brands change rarely and
// every API request needs one, so answers of the catalog are kept in memory for a short time.
package brands

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/ttlcache"
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
	// MaxHosts bounds the cache of hosts that are not a brand, since hosts come from the client
	// and may be arbitrary. The hosts of brands are few and kept apart, so a flood of made-up
	// hosts cannot push them out.
	MaxHosts int
	// LookupTimeout bounds a catalog call made while a last known answer can stand in: a slow
	// or stopped catalog then costs the request this much of its deadline, not all of it.
	LookupTimeout time.Duration

	// onEvict lets tests wait for a host's answer to expire instead of sleeping.
	onEvict func(host string)
}

const (
	defaultTTL      = 30 * time.Second
	defaultMaxHosts = 1024
	// defaultLookupTimeout leaves most of a 3 s route deadline to the route's own calls; a
	// healthy catalog answers in milliseconds.
	defaultLookupTimeout = time.Second
	maxHostLength        = 253
	// maxBrandHosts bounds the cache of brands found: one host per brand, and a shop runs a few.
	maxBrandHosts = 256
)

// Resolver maps hosts to brands. Returned brands are shared between requests and must not be
// modified.
type Resolver struct {
	catalog Catalog
	opts    Options

	byHost   *ttlcache.Cache[string, *catalogv1.Brand]
	notFound *ttlcache.Cache[string, struct{}]
	// all is the brand list the development hosts are matched against, under a single key.
	all *ttlcache.Cache[struct{}, []*catalogv1.Brand]
	// lastByHost and lastAll keep the catalog's last answers for staleTTL: when the catalog
	// cannot answer once the TTL has passed, the last known brand is served instead of an error.
	// Every request needs its brand, so without them a catalog outage longer than the TTL took
	// every route down, the catalog's or not (the fault matrix, docs/operations.md).
	lastByHost *ttlcache.Cache[string, *catalogv1.Brand]
	lastAll    *ttlcache.Cache[struct{}, []*catalogv1.Brand]
}

// staleTTL bounds how long a brand is served from the last answer while the catalog fails.
const staleTTL = 24 * time.Hour

// NewResolver returns a resolver asking catalog; zero options take defaults.
func NewResolver(catalog Catalog, opts Options) *Resolver {
	if opts.TTL <= 0 {
		opts.TTL = defaultTTL
	}
	if opts.MaxHosts <= 0 {
		opts.MaxHosts = defaultMaxHosts
	}
	if opts.LookupTimeout <= 0 {
		opts.LookupTimeout = defaultLookupTimeout
	}
	var onFound func(string, *catalogv1.Brand)
	var onNotFound func(string, struct{})
	if opts.onEvict != nil {
		onFound = func(h string, _ *catalogv1.Brand) { opts.onEvict(h) }
		onNotFound = func(h string, _ struct{}) { opts.onEvict(h) }
	}
	return &Resolver{
		catalog:  catalog,
		opts:     opts,
		byHost:   ttlcache.NewWithEvict(maxBrandHosts, opts.TTL, onFound),
		notFound: ttlcache.NewWithEvict(opts.MaxHosts, opts.TTL, onNotFound),
		all:      ttlcache.New[struct{}, []*catalogv1.Brand](1, opts.TTL),

		lastByHost: ttlcache.New[string, *catalogv1.Brand](maxBrandHosts, staleTTL),
		lastAll:    ttlcache.New[struct{}, []*catalogv1.Brand](1, staleTTL),
	}
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
	if b, ok := r.byHost.Get(host); ok {
		return b, nil
	}
	if _, ok := r.notFound.Get(host); ok {
		return nil, ErrNotFound
	}
	lookupCtx := ctx
	if _, ok := r.lastByHost.Get(host); ok {
		var cancel context.CancelFunc
		lookupCtx, cancel = context.WithTimeout(ctx, r.opts.LookupTimeout)
		defer cancel()
	}
	resp, err := r.catalog.GetBrandByFqdn(lookupCtx, &catalogv1.GetBrandByFqdnRequest{Fqdn: host})
	switch {
	case status.Code(err) == codes.NotFound:
		r.notFound.Add(host, struct{}{})
		return nil, ErrNotFound
	case err != nil:
		if b, ok := r.lastByHost.Get(host); ok {
			return b, nil
		}
		return nil, fmt.Errorf("brands: get brand by fqdn %q: %w", host, err)
	case resp.GetBrand() == nil:
		return nil, fmt.Errorf("brands: catalog answered no brand for %q", host)
	}
	r.byHost.Add(host, resp.GetBrand())
	r.lastByHost.Add(host, resp.GetBrand())
	return resp.GetBrand(), nil
}

func (r *Resolver) bySlug(ctx context.Context, slug string) (*catalogv1.Brand, error) {
	// A fresh list answers without a lookup context: building the bounded context (a timer and
	// its cancellation) on every request cost about seven allocations on the warm path of every
	// development-host request, for a catalog call that a hit never makes (issue 26).
	if all, ok := r.all.Get(struct{}{}); ok {
		return slugIn(all, slug)
	}
	lookupCtx := ctx
	if _, ok := r.lastAll.Get(struct{}{}); ok {
		var cancel context.CancelFunc
		lookupCtx, cancel = context.WithTimeout(ctx, r.opts.LookupTimeout)
		defer cancel()
	}
	all, err := r.all.Load(lookupCtx, struct{}{}, func(ctx context.Context) ([]*catalogv1.Brand, error) {
		resp, err := r.catalog.ListBrands(ctx, &catalogv1.ListBrandsRequest{})
		if err != nil {
			return nil, fmt.Errorf("brands: list brands: %w", err)
		}
		r.lastAll.Add(struct{}{}, resp.GetBrands())
		return resp.GetBrands(), nil
	})
	if err != nil {
		last, ok := r.lastAll.Get(struct{}{})
		if !ok {
			return nil, err
		}
		all = last
	}
	return slugIn(all, slug)
}

// slugIn finds the visible brand with slug in all.
func slugIn(all []*catalogv1.Brand, slug string) (*catalogv1.Brand, error) {
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
