// Package catalogclient is the cart's Catalog port over the catalog service's gRPC contract. The
// call's brand and locale travel as metadata (the platform's client interceptor copies them).
package catalogclient

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/ttlcache"
	"github.com/hostcart/checkout/services/cart/domain"
)

// DefaultCacheTTL is how long brand settings and the domain-only product are reused. Products
// themselves are read on every call: availability is what revalidation checks.
const DefaultCacheTTL = 30 * time.Second

// ErrUnavailable is the answer when the catalog does not answer.
var ErrUnavailable = apperr.New(apperr.Unavailable, "catalog.unavailable")

// cacheSize bounds each cache: keys are brands, or brands × their locales, a handful of each;
// more than this means callers send made-up ones, and those must not grow the cart's memory.
const cacheSize = 256

type cacheKey struct {
	brand  int32
	locale string
}

// Client implements the cart's Catalog port.
type Client struct {
	c          catalogv1.CatalogServiceClient
	brands     *ttlcache.Cache[int32, domain.BrandSettings]
	domainOnly *ttlcache.Cache[cacheKey, *domain.Product]
}

// New returns the port over c; ttl bounds how long brand settings and the domain-only product
// are reused (0 reads them every time).
func New(c catalogv1.CatalogServiceClient, ttl time.Duration) *Client {
	return &Client{
		c:          c,
		brands:     ttlcache.New[int32, domain.BrandSettings](cacheSize, ttl),
		domainOnly: ttlcache.New[cacheKey, *domain.Product](cacheSize, ttl),
	}
}

// Products returns the orderable products among ids, hidden ones included.
func (cl *Client) Products(ctx context.Context, ids []int32) (domain.Catalog, error) {
	out := make(domain.Catalog, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	resp, err := cl.c.ListProducts(ctx, &catalogv1.ListProductsRequest{Ids: ids, IncludeHidden: true})
	if err != nil {
		return nil, remoteError("list products", err)
	}
	for _, p := range resp.GetProducts() {
		if slices.Contains(ids, p.GetId()) {
			out[p.GetId()] = ProductFromProto(p)
		}
	}
	return out, nil
}

// DomainOnlyProduct returns the brand's domain-only product.
func (cl *Client) DomainOnlyProduct(ctx context.Context) (domain.Product, bool, error) {
	v := callctx.From(ctx)
	p, err := cl.domainOnly.Load(ctx, cacheKey{v.BrandID, v.Locale}, func(ctx context.Context) (*domain.Product, error) {
		resp, err := cl.c.ListProducts(ctx, &catalogv1.ListProductsRequest{IncludeHidden: true})
		if err != nil {
			return nil, remoteError("list products", err)
		}
		for _, p := range resp.GetProducts() {
			if p.GetType() == domain.TypeDomainOnly {
				dp := ProductFromProto(p)
				return &dp, nil
			}
		}
		return nil, nil
	})
	if err != nil || p == nil {
		return domain.Product{}, false, err
	}
	return *p, true, nil
}

// TransferProduct returns the product a contract transfer orders: the one whose
// external_product_id is externalID, or with externalID empty the brand's contract-transfer
// product. Not cached: what is orderable is what revalidation checks.
func (cl *Client) TransferProduct(ctx context.Context, externalID string) (domain.Product, bool, error) {
	resp, err := cl.c.ListProducts(ctx, &catalogv1.ListProductsRequest{IncludeHidden: true})
	if err != nil {
		return domain.Product{}, false, remoteError("list products", err)
	}
	for _, p := range resp.GetProducts() {
		if (externalID != "" && p.GetExternalProductId() == externalID) || (externalID == "" && p.GetType() == domain.TypeContractTransfer) {
			return ProductFromProto(p), true, nil
		}
	}
	return domain.Product{}, false, nil
}

// Brand returns the pricing settings of the call's brand.
func (cl *Client) Brand(ctx context.Context) (domain.BrandSettings, error) {
	id := callctx.From(ctx).BrandID
	return cl.brands.Load(ctx, id, func(ctx context.Context) (domain.BrandSettings, error) {
		resp, err := cl.c.ListBrands(ctx, &catalogv1.ListBrandsRequest{})
		if err != nil {
			return domain.BrandSettings{}, remoteError("list brands", err)
		}
		for _, b := range resp.GetBrands() {
			if b.GetId() == id {
				return BrandSettingsFromProto(b), nil
			}
		}
		return domain.BrandSettings{}, fmt.Errorf("brand %d: %w", id, apperr.New(apperr.NotFound, "brand.not_found"))
	})
}

// BrandSettingsFromProto reads the pricing and promotion flags of a brand's properties.
func BrandSettingsFromProto(b *catalogv1.Brand) domain.BrandSettings {
	var s domain.BrandSettings
	for _, p := range b.GetProperties() {
		switch p.GetKey() {
		case "display_prices_with_vat":
			s.PricesWithVAT = p.GetValue() == "true"
		case "hide_zero_prices_in_cart":
			s.HideZeroPricesInCart = p.GetValue() == "true"
		case "automatic_promotions":
			s.AutomaticPromotions = p.GetValue() == "true"
		case "manual_promotions":
			s.ManualPromotions = p.GetValue() == "true"
		}
	}
	return s
}

// ProductFromProto converts a catalog product. The catalog lists only orderable maturities with
// their active intervals; inactive ones are dropped here too, so the cart never offers them.
func ProductFromProto(p *catalogv1.Product) domain.Product {
	out := domain.Product{
		ID: p.GetId(), Name: p.GetName(), Type: p.GetType(),
		IsHidden: p.GetIsHidden(), HideInCart: p.GetHideInCart(), DomainCapable: p.GetDomainCapable(),
		SMSValidation: p.GetSmsValidation(), QtyMax: p.GetQtyMax(), DomainRequired: p.GetIsDomainrequired(),
		Upsells: make([]int32, 0, len(p.GetUpsells())),
	}
	if len(p.GetAttributes()) > 0 {
		out.Attributes = make(map[string]string, len(p.GetAttributes()))
		for _, a := range p.GetAttributes() {
			out.Attributes[a.GetKey()] = a.GetValue()
		}
	}
	for _, m := range p.GetPaymentMaturities() {
		if !m.GetIsActive() {
			continue
		}
		mat := domain.Maturity{
			ID: m.GetId(), Months: m.GetMonths(), PriceCents: m.GetPriceCents(), SetupFeeCents: m.GetSetupFeeCents(),
			CancelationPeriod: m.GetCancelationPeriod(), IsDefault: m.GetIsDefault(),
		}
		for _, iv := range m.GetPaymentIntervals() {
			if iv.GetIsActive() {
				mat.Intervals = append(mat.Intervals, domain.Interval{ID: iv.GetId(), Months: iv.GetMonths(), VATPercent: iv.GetIntervalVat(), IsDefault: iv.GetIsDefault()})
			}
		}
		if len(mat.Intervals) > 0 {
			out.Maturities = append(out.Maturities, mat)
		}
	}
	for _, l := range p.GetAddons() {
		link := domain.AddonLink{AddonID: l.GetAddonId(), IsPromoted: l.GetIsPromoted()}
		for _, g := range l.GetGroups() {
			group := domain.Group{ID: g.GetId(), Name: g.GetName()}
			for _, r := range g.GetRules() {
				group.Rules = append(group.Rules, domain.Rule(r.GetType()))
			}
			link.Groups = append(link.Groups, group)
		}
		out.Addons = append(out.Addons, link)
	}
	for _, u := range p.GetUpsells() {
		out.Upsells = append(out.Upsells, u.GetUpsellId())
	}
	for _, f := range p.GetAdditionalFields() {
		out.Fields = append(out.Fields, domain.FieldDef{ID: f.GetId(), Key: f.GetKey(), Rules: f.GetValidationRules(), IsPostponed: f.GetIsPostponed(),
			InputComponent: f.GetInputComponent(), Secret: f.GetIsSecret()})
	}
	if ft := p.GetFreeTlds(); ft != nil {
		out.FreeTLDs.Amount = ft.GetAmount()
		for _, d := range ft.GetDomains() {
			out.FreeTLDs.TLDs = append(out.FreeTLDs.TLDs, strings.ToLower(strings.TrimPrefix(strings.TrimSpace(d), ".")))
		}
	}
	return out
}

// remoteError turns a failed catalog call into the cart's errors: refusals keep their kind and
// message key, everything else means the catalog is unavailable.
func remoteError(what string, err error) error {
	st, _ := status.FromError(err)
	switch st.Code() {
	case codes.InvalidArgument:
		return fmt.Errorf("%s: %w", what, apperr.New(apperr.InvalidArgument, st.Message()))
	case codes.NotFound:
		return fmt.Errorf("%s: %w", what, apperr.New(apperr.NotFound, st.Message()))
	case codes.Canceled:
		return fmt.Errorf("%s: %w", what, context.Canceled)
	default:
		return fmt.Errorf("%s: %w: %v", what, ErrUnavailable, err)
	}
}
