package brands

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

type stubCatalog struct {
	mu       sync.Mutex
	brands   []*catalogv1.Brand
	err      error
	byFqdn   []string
	listings int
}

func (s *stubCatalog) GetBrandByFqdn(_ context.Context, req *catalogv1.GetBrandByFqdnRequest, _ ...grpc.CallOption) (*catalogv1.GetBrandByFqdnResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byFqdn = append(s.byFqdn, req.GetFqdn())
	if s.err != nil {
		return nil, s.err
	}
	for _, b := range s.brands {
		if b.GetFqdn() == req.GetFqdn() && b.GetIsVisible() {
			return &catalogv1.GetBrandByFqdnResponse{Brand: b}, nil
		}
	}
	return nil, status.Error(codes.NotFound, "brand.not_found")
}

func (s *stubCatalog) ListBrands(context.Context, *catalogv1.ListBrandsRequest, ...grpc.CallOption) (*catalogv1.ListBrandsResponse, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.listings++
	if s.err != nil {
		return nil, s.err
	}
	return &catalogv1.ListBrandsResponse{Brands: s.brands}, nil
}

func newStub() *stubCatalog {
	return &stubCatalog{brands: []*catalogv1.Brand{
		{Id: 1, Slug: "hostwerk", Fqdn: "shop.hostwerk.de", IsVisible: true},
		{Id: 2, Slug: "alpenhost", Fqdn: "shop.alpenhost.at", IsVisible: true},
		{Id: 3, Slug: "hidden", Fqdn: "shop.hidden.example"},
	}}
}

func TestResolveByFqdnIgnoresPortCaseAndTrailingDot(t *testing.T) {
	stub := newStub()
	r := NewResolver(stub, Options{})
	for _, host := range []string{"shop.alpenhost.at", "SHOP.Alpenhost.at:8443", "shop.alpenhost.at."} {
		b, err := r.Resolve(context.Background(), host)
		if err != nil || b.GetId() != 2 {
			t.Fatalf("Resolve(%q) = %v, %v; want brand 2", host, b, err)
		}
	}
	if len(stub.byFqdn) != 1 || stub.byFqdn[0] != "shop.alpenhost.at" {
		t.Fatalf("catalog asked %v, want one lookup of the normalised host", stub.byFqdn)
	}
}

func TestResolveCachesForTTL(t *testing.T) {
	stub := newStub()
	r := NewResolver(stub, Options{})
	ctx := context.Background()

	for range 3 {
		if _, err := r.Resolve(ctx, "shop.hostwerk.de"); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if _, err := r.Resolve(ctx, "unknown.example"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("unknown host: err = %v, want ErrNotFound", err)
		}
	}
	if len(stub.byFqdn) != 2 {
		t.Fatalf("catalog asked %d times within the TTL, want 2 (one per host)", len(stub.byFqdn))
	}
}

func TestResolveAsksAgainAfterTTL(t *testing.T) {
	stub := newStub()
	expired := make(chan string, 4)
	r := NewResolver(stub, Options{TTL: 20 * time.Millisecond, onEvict: func(h string) { expired <- h }})
	ctx := context.Background()
	for _, h := range []string{"shop.hostwerk.de", "unknown.example"} {
		_, _ = r.Resolve(ctx, h)
	}
	// The not-found answer expires too: a brand created for that host is served then.
	stub.mu.Lock()
	stub.brands = append(stub.brands, &catalogv1.Brand{Id: 4, Fqdn: "unknown.example", IsVisible: true})
	stub.mu.Unlock()
	for range 2 {
		select {
		case <-expired:
		case <-time.After(10 * time.Second):
			t.Fatal("the cached answers never expired")
		}
	}
	if b, err := r.Resolve(ctx, "unknown.example"); err != nil || b.GetId() != 4 {
		t.Fatalf("after the TTL: %v, %v; want the new brand 4", b, err)
	}
	if _, err := r.Resolve(ctx, "shop.hostwerk.de"); err != nil {
		t.Fatal(err)
	}
	stub.mu.Lock()
	defer stub.mu.Unlock()
	if len(stub.byFqdn) != 4 {
		t.Fatalf("catalog asked %v, want a fresh lookup of each host after the TTL", stub.byFqdn)
	}
}

func TestResolveDoesNotCacheFailures(t *testing.T) {
	stub := newStub()
	stub.err = status.Error(codes.Unavailable, "down")
	r := NewResolver(stub, Options{})
	_, err := r.Resolve(context.Background(), "shop.hostwerk.de")
	if status.Code(err) != codes.Unavailable || errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v, want the Unavailable status to survive wrapping", err)
	}
	stub.err = nil
	if b, err := r.Resolve(context.Background(), "shop.hostwerk.de"); err != nil || b.GetId() != 1 {
		t.Fatalf("after recovery: %v, %v", b, err)
	}
}

func TestResolveDevHosts(t *testing.T) {
	tests := []struct {
		host    string
		devOn   bool
		wantID  int32
		wantErr error
	}{
		{"alpenhost.localhost:4200", true, 2, nil},
		{"hostwerk.localhost", true, 1, nil},
		{"localhost:8080", true, 1, nil},
		{"127.0.0.1:8080", true, 1, nil},
		{"[::1]:8080", true, 1, nil},
		{"hidden.localhost", true, 0, ErrNotFound},
		{"nope.localhost", true, 0, ErrNotFound},
		{"a.alpenhost.localhost", true, 0, ErrNotFound},
		{"shop.alpenhost.at", true, 2, nil},
		{"alpenhost.localhost", false, 0, ErrNotFound},
		{"localhost", false, 0, ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s dev=%v", tt.host, tt.devOn), func(t *testing.T) {
			r := NewResolver(newStub(), Options{DevHosts: tt.devOn, DefaultSlug: "hostwerk"})
			b, err := r.Resolve(context.Background(), tt.host)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil || b.GetId() != tt.wantID {
				t.Fatalf("got %v, %v; want brand %d", b, err, tt.wantID)
			}
		})
	}
}

func TestResolveListsBrandsOncePerTTL(t *testing.T) {
	stub := newStub()
	r := NewResolver(stub, Options{DevHosts: true, DefaultSlug: "hostwerk"})
	for _, h := range []string{"localhost", "alpenhost.localhost", "hostwerk.localhost"} {
		if _, err := r.Resolve(context.Background(), h); err != nil {
			t.Fatal(err)
		}
	}
	if stub.listings != 1 {
		t.Fatalf("ListBrands called %d times, want 1", stub.listings)
	}
}

func TestResolveRejectsMalformedHostsWithoutAskingCatalog(t *testing.T) {
	stub := newStub()
	r := NewResolver(stub, Options{})
	long := make([]byte, 300)
	for i := range long {
		long[i] = 'a'
	}
	for _, h := range []string{"", "bad host", "evil/../x", "shop.hostwerk.de\x00", string(long)} {
		if _, err := r.Resolve(context.Background(), h); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Resolve(%q) err = %v, want ErrNotFound", h, err)
		}
	}
	if len(stub.byFqdn) != 0 {
		t.Fatalf("catalog asked for %v", stub.byFqdn)
	}
}

func TestCacheStaysBoundedAndKeepsBrands(t *testing.T) {
	stub := newStub()
	r := NewResolver(stub, Options{MaxHosts: 4})
	ctx := context.Background()
	if _, err := r.Resolve(ctx, "shop.hostwerk.de"); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		_, _ = r.Resolve(ctx, fmt.Sprintf("h%d.example", i))
	}
	if n := r.notFound.Len(); n > 4 {
		t.Fatalf("cache holds %d unknown hosts, want at most 4", n)
	}
	asked := len(stub.byFqdn)
	if _, err := r.Resolve(ctx, "shop.hostwerk.de"); err != nil || len(stub.byFqdn) != asked {
		t.Fatalf("a flood of made-up hosts pushed the brand out: %v, catalog asked again: %v", err, len(stub.byFqdn) != asked)
	}
}

// Once the TTL has passed, a catalog that cannot answer does not take the brand away: the last
// answer is served (fqdn and development hosts alike), so a catalog outage costs the catalog's
// routes only. A host never answered before still gets the error.
func TestResolveServesTheLastBrandWhileTheCatalogFails(t *testing.T) {
	stub := newStub()
	expired := make(chan string, 4)
	r := NewResolver(stub, Options{TTL: 20 * time.Millisecond, DevHosts: true, DefaultSlug: "hostwerk", onEvict: func(h string) { expired <- h }})
	ctx := context.Background()
	// The development host's list first: it has expired too once the fqdn's answer has.
	if _, err := r.Resolve(ctx, "alpenhost.localhost"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Resolve(ctx, "shop.alpenhost.at"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-expired:
	case <-time.After(10 * time.Second):
		t.Fatal("the cached answer never expired")
	}
	stub.mu.Lock()
	stub.err = status.Error(codes.Unavailable, "down")
	stub.mu.Unlock()
	for _, host := range []string{"shop.alpenhost.at", "alpenhost.localhost"} {
		if b, err := r.Resolve(ctx, host); err != nil || b.GetId() != 2 {
			t.Fatalf("%s with the catalog down: %v, %v; want the last known brand 2", host, b, err)
		}
	}
	if _, err := r.Resolve(ctx, "shop.hostwerk.de"); status.Code(err) != codes.Unavailable {
		t.Fatalf("a host never answered, with the catalog down: %v, want Unavailable", err)
	}
}

// blockingCatalog answers only when the call's context ends, as a stopped catalog does under
// gRPC's wait-for-ready.
type blockingCatalog struct{ *stubCatalog }

func (b blockingCatalog) GetBrandByFqdn(ctx context.Context, _ *catalogv1.GetBrandByFqdnRequest, _ ...grpc.CallOption) (*catalogv1.GetBrandByFqdnResponse, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// With a last known answer at hand, a catalog that does not answer costs the lookup at most
// LookupTimeout, not the request's whole deadline (here none at all).
func TestResolveGivesUpAtItsLookupTimeoutWhenALastAnswerIsKept(t *testing.T) {
	stub := newStub()
	expired := make(chan string, 4)
	cat := &switchCatalog{Catalog: stub}
	r := NewResolver(cat, Options{TTL: 20 * time.Millisecond, LookupTimeout: 10 * time.Millisecond, onEvict: func(h string) { expired <- h }})
	if _, err := r.Resolve(context.Background(), "shop.alpenhost.at"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-expired:
	case <-time.After(10 * time.Second):
		t.Fatal("the cached answer never expired")
	}
	cat.set(blockingCatalog{stub})
	if b, err := r.Resolve(context.Background(), "shop.alpenhost.at"); err != nil || b.GetId() != 2 {
		t.Fatalf("with the catalog hanging: %v, %v; want the last known brand 2", b, err)
	}
}

// switchCatalog lets a test swap the catalog behind a resolver.
type switchCatalog struct {
	mu sync.Mutex
	Catalog
}

func (s *switchCatalog) set(c Catalog) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Catalog = c
}

func (s *switchCatalog) GetBrandByFqdn(ctx context.Context, req *catalogv1.GetBrandByFqdnRequest, opts ...grpc.CallOption) (*catalogv1.GetBrandByFqdnResponse, error) {
	s.mu.Lock()
	c := s.Catalog
	s.mu.Unlock()
	return c.GetBrandByFqdn(ctx, req, opts...)
}
