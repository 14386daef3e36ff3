package catalogclient

import (
	"context"
	"errors"
	"net"
	"slices"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/services/customer/domain"
)

// fakeCatalog serves ListBrands and ListCountries over real gRPC and counts the calls.
type fakeCatalog struct {
	catalogv1.UnimplementedCatalogServiceServer
	mu                   sync.Mutex
	brandCalls, ctyCalls int
	down                 bool
}

func (f *fakeCatalog) ListBrands(context.Context, *catalogv1.ListBrandsRequest) (*catalogv1.ListBrandsResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.brandCalls++
	if f.down {
		return nil, status.Error(codes.Unavailable, "catalog.unavailable")
	}
	prop := func(k, v string) *catalogv1.BrandProperty { return &catalogv1.BrandProperty{Key: k, Value: v} }
	return &catalogv1.ListBrandsResponse{Brands: []*catalogv1.Brand{
		{Id: 1, Slug: "hostwerk", Properties: []*catalogv1.BrandProperty{prop("allow_companies", "true"), prop("allow_private_persons", "true"), prop("country_code", "DE"), prop("display_prices_with_vat", "true")}},
		{Id: 2, Slug: "alpenhost", Properties: []*catalogv1.BrandProperty{prop("allow_companies", "true"), prop("allow_private_persons", "false"), prop("country_code", "at")}},
	}}, nil
}

func (f *fakeCatalog) ListCountries(context.Context, *catalogv1.ListCountriesRequest) (*catalogv1.ListCountriesResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ctyCalls++
	if f.down {
		return nil, status.Error(codes.Unavailable, "catalog.unavailable")
	}
	return &catalogv1.ListCountriesResponse{Countries: []*catalogv1.Country{{Id: 1, Code: "DE"}, {Id: 2, Code: "at"}, {Id: 3, Code: "CH"}}}, nil
}

func (f *fakeCatalog) calls() (int, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.brandCalls, f.ctyCalls
}

func (f *fakeCatalog) setDown(down bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = down
}

func serve(t *testing.T, fake *fakeCatalog) catalogv1.CatalogServiceClient {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := grpc.NewServer()
	catalogv1.RegisterCatalogServiceServer(srv, fake)
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return catalogv1.NewCatalogServiceClient(conn)
}

func TestBrandRulesAndCountries(t *testing.T) {
	fake := &fakeCatalog{}
	cl := New(serve(t, fake), time.Hour)
	ctx := context.Background()

	b, err := cl.Brand(ctx, 1)
	want := domain.Brand{AllowCompanies: true, AllowPrivatePersons: true, CountryCode: "DE", Countries: []string{"DE", "AT", "CH"}}
	if err != nil || b.AllowCompanies != want.AllowCompanies || b.AllowPrivatePersons != want.AllowPrivatePersons || b.CountryCode != want.CountryCode || !slices.Equal(b.Countries, want.Countries) {
		t.Fatalf("hostwerk = %+v, %v", b, err)
	}
	b, err = cl.Brand(ctx, 2)
	if err != nil || !b.AllowCompanies || b.AllowPrivatePersons || b.CountryCode != "AT" || !b.Supports("at") || b.Supports("FR") {
		t.Fatalf("alpenhost = %+v, %v", b, err)
	}
	// Cached: two brands cost one call each, the countries one call.
	if brands, countries := fake.calls(); brands != 2 || countries != 1 {
		t.Errorf("calls: brands %d, countries %d", brands, countries)
	}
	if _, err := cl.Brand(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if brands, countries := fake.calls(); brands != 2 || countries != 1 {
		t.Errorf("after a cached read: brands %d, countries %d", brands, countries)
	}

	if _, err := cl.Brand(ctx, 77); !errors.Is(err, apperr.NotFound) || apperr.MessageKey(err) != "brand.not_found" {
		t.Errorf("unknown brand: %v", err)
	}
}

func TestCatalogOutageIsUnavailable(t *testing.T) {
	fake := &fakeCatalog{down: true}
	cl := New(serve(t, fake), time.Hour)
	_, err := cl.Brand(context.Background(), 1)
	if !errors.Is(err, apperr.Unavailable) || apperr.MessageKey(err) != "catalog.unavailable" {
		t.Fatalf("down: %v", err)
	}
	// Failures are not cached: the next call after the catalog is back succeeds.
	fake.setDown(false)
	if b, err := cl.Brand(context.Background(), 1); err != nil || b.CountryCode != "DE" {
		t.Fatalf("back: %+v, %v", b, err)
	}
}

func TestBrandWithoutFlagsTakesEveryone(t *testing.T) {
	b := BrandFromProto(&catalogv1.Brand{Id: 9})
	if !b.AllowCompanies || !b.AllowPrivatePersons || b.CountryCode != "" {
		t.Errorf("brand without properties = %+v", b)
	}
}
