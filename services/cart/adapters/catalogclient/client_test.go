package catalogclient

import (
	"context"
	"fmt"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/cart/domain"
)

func TestProductFromProto(t *testing.T) {
	p := ProductFromProto(&catalogv1.Product{
		Id: 1001, Name: "Web hosting S", Type: "hosting", QtyMax: 10, IsDomainrequired: 2, DomainCapable: true,
		Attributes: []*catalogv1.ProductAttribute{{Key: "gtc_agreement", Value: "true"}},
		PaymentMaturities: []*catalogv1.PaymentMaturity{
			{Id: 1, Months: 12, PriceCents: 499, IsActive: true, PaymentIntervals: []*catalogv1.PaymentInterval{
				{Id: 4, Months: 12, IntervalVat: 19, IsActive: true, IsDefault: true},
				{Id: 9, Months: 3, IntervalVat: 19, IsActive: false},
			}},
			{Id: 2, Months: 1, PriceCents: 699, IsActive: false, PaymentIntervals: []*catalogv1.PaymentInterval{{Id: 2, Months: 1, IsActive: true}}},
			{Id: 3, Months: 3, PriceCents: 599, IsActive: true, PaymentIntervals: []*catalogv1.PaymentInterval{{Id: 9, Months: 3, IsActive: false}}},
		},
		Addons: []*catalogv1.ProductAddon{{AddonId: 1205, Groups: []*catalogv1.AddonGroup{
			{Id: 12, Name: "included_protection", Rules: []*catalogv1.AddonRule{{Type: "autoassign"}, {Type: "non_removable"}}},
		}}},
		Upsells: []*catalogv1.Upsell{{UpsellId: 1301}},
		AdditionalFields: []*catalogv1.AdditionalField{
			{Id: 8, Key: "wp_site_title", ValidationRules: "required", IsPostponed: true},
			{Id: 15, Key: "nsa_po_box", InputComponent: "nsa_po_box"},
			{Id: 30, Key: "api_key", InputComponent: "text", IsSecret: true},
		},
		FreeTlds: &catalogv1.FreeTlds{Amount: 1, Domains: []string{".DE", "co.at"}},
	})
	if len(p.Maturities) != 1 || len(p.Maturities[0].Intervals) != 1 || !p.Maturities[0].Intervals[0].IsDefault {
		t.Errorf("maturities = %+v", p.Maturities)
	}
	link, ok := p.Link(1205)
	if !ok || !link.Has(domain.RuleAutoassign) || !link.Has(domain.RuleNonRemovable) || link.Has(domain.RuleInvisible) {
		t.Errorf("link = %+v", link)
	}
	if !p.HasUpsell(1301) || p.Fields[0].Key != "wp_site_title" || !p.Fields[0].IsPostponed || p.Attributes["gtc_agreement"] != "true" {
		t.Errorf("product = %+v", p)
	}
	// The cart checks a family widget's value by its input_component (libs/go/fields families.go).
	if len(p.Fields) != 3 || p.Fields[1].InputComponent != "nsa_po_box" || p.Fields[0].InputComponent != "" {
		t.Errorf("fields = %+v", p.Fields)
	}
	// The catalog's secret mark reaches the cart, which names such fields to the order for sealing.
	if !p.Fields[2].Secret || !p.Fields[2].IsSecret() || p.Fields[0].Secret || p.Fields[1].IsSecret() {
		t.Errorf("secret marks = %+v", p.Fields)
	}
	if fmt.Sprint(p.FreeTLDs.TLDs) != "[de co.at]" || p.DomainRequired != domain.DomainOptional {
		t.Errorf("free TLDs = %+v", p.FreeTLDs)
	}
}

// stubCatalog answers ListProducts and ListBrands from fixed data, or fails with err.
type stubCatalog struct {
	catalogv1.CatalogServiceClient
	err   error
	lists int
}

func (s *stubCatalog) ListProducts(_ context.Context, in *catalogv1.ListProductsRequest, _ ...grpc.CallOption) (*catalogv1.ListProductsResponse, error) {
	s.lists++
	if s.err != nil {
		return nil, s.err
	}
	all := []*catalogv1.Product{
		{Id: 1001, Type: "hosting"}, {Id: 1043, Type: "domain-only", IsHidden: true},
	}
	if !in.GetIncludeHidden() {
		all = all[:1]
	}
	return &catalogv1.ListProductsResponse{Products: all}, nil
}

func (s *stubCatalog) ListBrands(context.Context, *catalogv1.ListBrandsRequest, ...grpc.CallOption) (*catalogv1.ListBrandsResponse, error) {
	if s.err != nil {
		return nil, s.err
	}
	return &catalogv1.ListBrandsResponse{Brands: []*catalogv1.Brand{
		{Id: 1, Properties: []*catalogv1.BrandProperty{{Key: "display_prices_with_vat", Value: "true"}, {Key: "hide_zero_prices_in_cart", Value: "false"},
			{Key: "automatic_promotions", Value: "true"}, {Key: "manual_promotions", Value: "true"}}},
		{Id: 2, Properties: []*catalogv1.BrandProperty{{Key: "display_prices_with_vat", Value: "false"}, {Key: "hide_zero_prices_in_cart", Value: "true"},
			{Key: "automatic_promotions", Value: "false"}, {Key: "manual_promotions", Value: "true"}}},
	}}, nil
}

func TestClient(t *testing.T) {
	stub := &stubCatalog{}
	cl := New(stub, DefaultCacheTTL)
	ctx := callctx.With(context.Background(), callctx.Values{BrandID: 2})
	cat, err := cl.Products(ctx, []int32{1043, 7})
	if err != nil || len(cat) != 1 || cat[1043].Type != domain.TypeDomainOnly {
		t.Errorf("products = %+v, %v", cat, err)
	}
	for range 2 {
		if p, ok, err := cl.DomainOnlyProduct(ctx); err != nil || !ok || p.ID != 1043 {
			t.Errorf("domain-only = %+v %v %v", p, ok, err)
		}
	}
	if stub.lists != 2 {
		t.Errorf("%d product listings, want 2 (the domain-only product is cached)", stub.lists)
	}
	if b, err := cl.Brand(ctx); err != nil || b.PricesWithVAT || !b.HideZeroPricesInCart || b.AutomaticPromotions || !b.ManualPromotions {
		t.Errorf("Alpenhost = %+v, %v", b, err)
	}
	if b, err := cl.Brand(callctx.With(ctx, callctx.Values{BrandID: 1})); err != nil || !b.PricesWithVAT || !b.AutomaticPromotions {
		t.Errorf("Hostwerk = %+v, %v", b, err)
	}
	if _, err := cl.Brand(callctx.With(ctx, callctx.Values{BrandID: 3})); apperr.Code(err) != codes.NotFound {
		t.Errorf("unknown brand: %v", err)
	}

	down := New(&stubCatalog{err: status.Error(codes.Unavailable, "connection refused")}, 0)
	if _, err := down.Products(ctx, []int32{1}); apperr.Code(err) != codes.Unavailable || apperr.MessageKey(err) != "catalog.unavailable" {
		t.Errorf("catalog down: %v", err)
	}
	refused := New(&stubCatalog{err: status.Error(codes.InvalidArgument, "brand.required")}, 0)
	if _, err := refused.Products(ctx, []int32{1}); apperr.Code(err) != codes.InvalidArgument || apperr.MessageKey(err) != "brand.required" {
		t.Errorf("catalog refusal: %v", err)
	}
}
