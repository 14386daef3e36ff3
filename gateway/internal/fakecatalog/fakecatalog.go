// Package fakecatalog is an in-memory catalog service for the gateway's tests. It is served over a
// real gRPC loopback listener with the platform server, so tests exercise the same client chain,
// metadata and error codes as production, and it records the request context of every call.
package fakecatalog

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/internal/fakeserve"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// Call is one recorded request: the rpc name and the request context the gateway sent.
type Call struct {
	Method string
	Values callctx.Values
	Req    proto.Message
}

// Catalog holds the data the fake answers with. Brands, categories and products are the same for
// every brand id except where a test sets up otherwise.
type Catalog struct {
	catalogv1.UnimplementedCatalogServiceServer

	mu               sync.Mutex
	Brands           []*catalogv1.Brand
	Categories       []*catalogv1.Category
	Products         []*catalogv1.Product
	Countries        []*catalogv1.Country
	PaymentIntervals []*catalogv1.PaymentInterval
	ZipCodes         []*catalogv1.ZipCode
	sessionLocales   map[string]string
	calls            []Call
	failWith         error
}

// New returns a fake seeded with the two brands of the shop and a little catalog data.
func New() *Catalog {
	return &Catalog{
		Brands: []*catalogv1.Brand{
			{
				Id: 1, Name: "Hostwerk", Slug: "hostwerk", Fqdn: "shop.hostwerk.de", IsVisible: true,
				Locales: []*catalogv1.Locale{
					{Label: "Deutsch", Code: "de-DE", FallbackCode: "en-GB", IsDefault: true},
					{Label: "English", Code: "en-GB", FallbackCode: "en-GB"},
				},
				Properties: []*catalogv1.BrandProperty{
					{Key: "display_prices_with_vat", Value: "true"},
					{Key: "show_locale_switcher", Value: "true"},
					{Key: "country_code", Value: "DE"},
				},
			},
			{
				Id: 2, Name: "Alpenhost", Slug: "alpenhost", Fqdn: "shop.alpenhost.at", IsVisible: true,
				Locales: []*catalogv1.Locale{
					{Label: "Deutsch", Code: "de-DE", FallbackCode: "en-GB", IsDefault: true},
					{Label: "English", Code: "en-GB", FallbackCode: "en-GB"},
				},
				Properties: []*catalogv1.BrandProperty{
					{Key: "display_prices_with_vat", Value: "false"},
					{Key: "display_privacy_settings_link", Value: "true"},
					{Key: "country_code", Value: "AT"},
				},
			},
			{Id: 3, Name: "Hidden", Slug: "hidden", Fqdn: "shop.hidden.example", IsVisible: false},
		},
		Categories: []*catalogv1.Category{
			{Id: 10, Name: "Webhosting", Slug: "webhosting", IsVisible: true, DomainCapable: true, Order: 1},
			{Id: 11, Name: "SSL", Slug: "ssl", IsVisible: true, Order: 2},
		},
		Products: []*catalogv1.Product{
			{
				Id: 100, Name: "Web S", Type: "hosting", CategorySlug: "webhosting", CategoryId: 10,
				IsActive: true, DomainCapable: true, QtyMax: 5, Advantages: []string{"10 GB"},
				PaymentMaturities: []*catalogv1.PaymentMaturity{{Id: 1, Months: 12, PriceCents: 499, IsActive: true, IsDefault: true, ProductId: 100}},
				FromPrice:         &catalogv1.FromPrice{NetCents: 499, GrossCents: 594, VatPercent: 19, MaturityMonths: 12},
				FreeTlds:          &catalogv1.FreeTlds{Amount: 1, Domains: []string{"de", "eu"}},
			},
			{Id: 101, Name: "Web M", Type: "hosting", CategorySlug: "webhosting", CategoryId: 10, IsActive: true, DomainCapable: true},
			{Id: 200, Name: "SSL Basic", Type: "certificate", CategorySlug: "ssl", CategoryId: 11, IsActive: true},
		},
		Countries: []*catalogv1.Country{
			{Id: 1, Code: "DE", Name: "Deutschland", PhonePrefix: "+49", Order: 1},
			{Id: 2, Code: "AT", Name: "Österreich", PhonePrefix: "+43", Order: 2},
		},
		PaymentIntervals: []*catalogv1.PaymentInterval{
			{Id: 1, Months: 1, IntervalVat: 19, IsActive: true, IsDefault: true},
			{Id: 2, Months: 12, IntervalVat: 19, IsActive: true},
		},
		ZipCodes: []*catalogv1.ZipCode{
			{Code: "10115", City: "Berlin", CountryCode: "DE"},
			{Code: "10117", City: "Berlin", CountryCode: "DE"},
			{Code: "80331", City: "München", CountryCode: "DE"},
		},
		sessionLocales: map[string]string{},
	}
}

// Serve runs the fake on a loopback port until the test ends and returns its address.
func Serve(t testing.TB, c *Catalog) string {
	t.Helper()
	return fakeserve.Serve(t, "catalog-fake", func(srv *grpc.Server) {
		catalogv1.RegisterCatalogServiceServer(srv, c)
	})
}

// FailWith makes every following call fail with err; nil restores normal answers.
func (c *Catalog) FailWith(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.failWith = err
}

// Calls returns the calls recorded so far.
func (c *Catalog) Calls() []Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.calls)
}

// CallsTo returns the recorded calls of one rpc, e.g. "ListProducts".
func (c *Catalog) CallsTo(method string) []Call {
	var out []Call
	for _, call := range c.Calls() {
		if call.Method == method {
			out = append(out, call)
		}
	}
	return out
}

// record notes the call and returns the configured failure, if any. It must be called with mu held.
func (c *Catalog) record(ctx context.Context, method string, req proto.Message) error {
	c.calls = append(c.calls, Call{Method: method, Values: callctx.From(ctx), Req: proto.Clone(req)})
	return c.failWith
}

func (c *Catalog) GetBrandByFqdn(ctx context.Context, req *catalogv1.GetBrandByFqdnRequest) (*catalogv1.GetBrandByFqdnResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "GetBrandByFqdn", req); err != nil {
		return nil, err
	}
	for _, b := range c.Brands {
		if b.GetIsVisible() && b.GetFqdn() == req.GetFqdn() {
			return &catalogv1.GetBrandByFqdnResponse{Brand: b}, nil
		}
	}
	return nil, status.Error(codes.NotFound, "brand.not_found")
}

func (c *Catalog) ListBrands(ctx context.Context, req *catalogv1.ListBrandsRequest) (*catalogv1.ListBrandsResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "ListBrands", req); err != nil {
		return nil, err
	}
	return &catalogv1.ListBrandsResponse{Brands: c.Brands}, nil
}

func (c *Catalog) ListCountries(ctx context.Context, req *catalogv1.ListCountriesRequest) (*catalogv1.ListCountriesResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "ListCountries", req); err != nil {
		return nil, err
	}
	return &catalogv1.ListCountriesResponse{Countries: c.Countries}, nil
}

func (c *Catalog) ListCategories(ctx context.Context, req *catalogv1.ListCategoriesRequest) (*catalogv1.ListCategoriesResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "ListCategories", req); err != nil {
		return nil, err
	}
	out := []*catalogv1.Category{}
	for _, cat := range c.Categories {
		if !req.GetDomainCapableOnly() || cat.GetDomainCapable() {
			out = append(out, cat)
		}
	}
	return &catalogv1.ListCategoriesResponse{Categories: out}, nil
}

func (c *Catalog) ListProducts(ctx context.Context, req *catalogv1.ListProductsRequest) (*catalogv1.ListProductsResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "ListProducts", req); err != nil {
		return nil, err
	}
	out := []*catalogv1.Product{}
	for _, p := range c.Products {
		switch {
		case req.GetCategorySlug() != "" && p.GetCategorySlug() != req.GetCategorySlug():
		case req.GetDomainCapableOnly() && !p.GetDomainCapable():
		case len(req.GetIds()) > 0 && !slices.Contains(req.GetIds(), p.GetId()):
		default:
			out = append(out, p)
		}
	}
	return &catalogv1.ListProductsResponse{Products: out}, nil
}

func (c *Catalog) GetProduct(ctx context.Context, req *catalogv1.GetProductRequest) (*catalogv1.GetProductResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "GetProduct", req); err != nil {
		return nil, err
	}
	for _, p := range c.Products {
		if p.GetId() == req.GetId() {
			return &catalogv1.GetProductResponse{Product: p}, nil
		}
	}
	return nil, status.Error(codes.NotFound, "product.not_found")
}

func (c *Catalog) ListPaymentIntervals(ctx context.Context, req *catalogv1.ListPaymentIntervalsRequest) (*catalogv1.ListPaymentIntervalsResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "ListPaymentIntervals", req); err != nil {
		return nil, err
	}
	return &catalogv1.ListPaymentIntervalsResponse{PaymentIntervals: c.PaymentIntervals}, nil
}

func (c *Catalog) ListZipCodes(ctx context.Context, req *catalogv1.ListZipCodesRequest) (*catalogv1.ListZipCodesResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "ListZipCodes", req); err != nil {
		return nil, err
	}
	out := []*catalogv1.ZipCode{}
	if len(req.GetCode()) >= 3 {
		for _, z := range c.ZipCodes {
			if strings.HasPrefix(z.GetCode(), req.GetCode()) {
				out = append(out, z)
			}
		}
	}
	return &catalogv1.ListZipCodesResponse{ZipCodes: out}, nil
}

func (c *Catalog) GetSessionLocale(ctx context.Context, req *catalogv1.GetSessionLocaleRequest) (*catalogv1.GetSessionLocaleResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "GetSessionLocale", req); err != nil {
		return nil, err
	}
	if code, ok := c.sessionLocales[callctx.From(ctx).SessionID]; ok {
		return &catalogv1.GetSessionLocaleResponse{Code: code}, nil
	}
	return &catalogv1.GetSessionLocaleResponse{Code: "de-DE"}, nil
}

func (c *Catalog) SetSessionLocale(ctx context.Context, req *catalogv1.SetSessionLocaleRequest) (*catalogv1.SetSessionLocaleResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "SetSessionLocale", req); err != nil {
		return nil, err
	}
	v := callctx.From(ctx)
	if v.SessionID == "" {
		return nil, status.Error(codes.FailedPrecondition, "session.missing")
	}
	for _, b := range c.Brands {
		if b.GetId() != v.BrandID {
			continue
		}
		for _, l := range b.GetLocales() {
			if l.GetCode() == req.GetCode() {
				c.sessionLocales[v.SessionID] = req.GetCode()
				return &catalogv1.SetSessionLocaleResponse{Code: req.GetCode()}, nil
			}
		}
	}
	return nil, status.Error(codes.InvalidArgument, "locale.not_supported")
}

// ValidateAdditionalFields knows one field, id 1, which is required; other ids are unknown.
func (c *Catalog) ValidateAdditionalFields(ctx context.Context, req *catalogv1.ValidateAdditionalFieldsRequest) (*catalogv1.ValidateAdditionalFieldsResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.record(ctx, "ValidateAdditionalFields", req); err != nil {
		return nil, err
	}
	out := &catalogv1.ValidateAdditionalFieldsResponse{Valid: true}
	for _, f := range req.GetFields() {
		switch {
		case f.GetFieldId() != 1:
			out.Errors = append(out.Errors, &catalogv1.FieldErrors{FieldId: f.GetFieldId(), Errors: []string{"validation.unknown_field"}})
		case strings.TrimSpace(f.GetValue()) == "":
			out.Errors = append(out.Errors, &catalogv1.FieldErrors{FieldId: 1, Errors: []string{"validation.required"}})
		}
	}
	out.Valid = len(out.Errors) == 0
	return out, nil
}
