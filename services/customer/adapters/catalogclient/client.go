// Package catalogclient is the customer service's Brands port over the catalog service's gRPC
// contract: the customer rules of a brand come from its properties (allow_companies,
// allow_private_persons, country_code) and the countries the catalog lists. Both change rarely and
// are cached for a while.
package catalogclient

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/ttlcache"
	"github.com/hostcart/checkout/services/customer/domain"
)

// DefaultCacheTTL is how long brand rules and the country list are reused.
const DefaultCacheTTL = 30 * time.Second

// cacheSize bounds the brand cache: there are a handful of brands, and made-up brand ids must not
// grow the service's memory.
const cacheSize = 64

// Errors of the port.
var (
	ErrUnavailable   = apperr.New(apperr.Unavailable, "catalog.unavailable")
	ErrBrandNotFound = apperr.New(apperr.NotFound, "brand.not_found")
)

// Client implements the customer service's Brands port.
type Client struct {
	c         catalogv1.CatalogServiceClient
	brands    *ttlcache.Cache[int32, domain.Brand]
	countries *ttlcache.Cache[struct{}, []*catalogv1.Country]
	vat       *ttlcache.Cache[vatKey, domain.VAT]
}

type vatKey struct {
	brand int32
	pos   domain.TaxPosition
}

// New returns the port over c; ttl bounds how long answers are reused (0 asks every time).
func New(c catalogv1.CatalogServiceClient, ttl time.Duration) *Client {
	return &Client{
		c:         c,
		brands:    ttlcache.New[int32, domain.Brand](cacheSize, ttl),
		countries: ttlcache.New[struct{}, []*catalogv1.Country](1, ttl),
		// Positions are few per brand (countries × group × verified).
		vat: ttlcache.New[vatKey, domain.VAT](1024, ttl),
	}
}

// Brand returns the customer rules of the brand with id.
func (cl *Client) Brand(ctx context.Context, id int32) (domain.Brand, error) {
	b, err := cl.brands.Load(ctx, id, func(ctx context.Context) (domain.Brand, error) {
		resp, err := cl.c.ListBrands(ctx, &catalogv1.ListBrandsRequest{})
		if err != nil {
			return domain.Brand{}, remoteError("list brands", err)
		}
		for _, b := range resp.GetBrands() {
			if b.GetId() == id {
				return BrandFromProto(b), nil
			}
		}
		return domain.Brand{}, fmt.Errorf("brand %d: %w", id, ErrBrandNotFound)
	})
	if err != nil {
		return domain.Brand{}, err
	}
	countries, err := cl.countries.Load(ctx, struct{}{}, func(ctx context.Context) ([]*catalogv1.Country, error) {
		resp, err := cl.c.ListCountries(ctx, &catalogv1.ListCountriesRequest{})
		if err != nil {
			return nil, remoteError("list countries", err)
		}
		return resp.GetCountries(), nil
	})
	if err != nil {
		return domain.Brand{}, err
	}
	b.Countries = make([]string, 0, len(countries))
	b.EUMembers = make(map[string]bool, len(countries))
	for _, c := range countries {
		code := strings.ToUpper(c.GetCode())
		b.Countries = append(b.Countries, code)
		if c.GetVatRate() > 0 {
			b.EUMembers[code] = true
		}
	}
	return b, nil
}

// VAT asks the catalog's rule for the rate of a tax position in the brand (ResolveVat); the
// call's metadata names the brand.
func (cl *Client) VAT(ctx context.Context, brandID int32, p domain.TaxPosition) (domain.VAT, error) {
	return cl.vat.Load(ctx, vatKey{brand: brandID, pos: p}, func(ctx context.Context) (domain.VAT, error) {
		resp, err := cl.c.ResolveVat(ctx, &catalogv1.ResolveVatRequest{CountryCode: p.CountryCode, Business: p.Business, VatIdVerified: p.VATIDVerified})
		if err != nil {
			return domain.VAT{}, remoteError("resolve vat", err)
		}
		return domain.VAT{Percent: resp.GetVatPercent(), CountryCode: resp.GetCountryCode(), Reason: resp.GetReason()}, nil
	})
}

// BrandFromProto reads the customer rules of a brand's properties. A brand that says nothing
// about a kind of customer takes it: the catalog lists both flags for every brand it seeds, and a
// missing flag must not lock every visitor out.
func BrandFromProto(b *catalogv1.Brand) domain.Brand {
	out := domain.Brand{ID: b.GetId(), AllowCompanies: true, AllowPrivatePersons: true}
	for _, p := range b.GetProperties() {
		switch p.GetKey() {
		case "allow_companies":
			out.AllowCompanies = p.GetValue() == "true"
		case "allow_private_persons":
			out.AllowPrivatePersons = p.GetValue() == "true"
		case "allow_crm":
			out.AllowCRM = p.GetValue() == "true"
		case "oauth_authority_url":
			out.Authority = strings.TrimSpace(p.GetValue())
		case "oauth_authority_url_2":
			out.Authority2 = strings.TrimSpace(p.GetValue())
		case "oauth_client_id":
			out.ClientID = strings.TrimSpace(p.GetValue())
		case "country_code":
			out.CountryCode = strings.ToUpper(strings.TrimSpace(p.GetValue()))
		}
	}
	return out
}

// remoteError keeps a caller's cancellation as it is and makes every other failure of the
// catalog an outage: the customer service sends nothing the catalog could refuse.
func remoteError(what string, err error) error {
	if st, ok := status.FromError(err); ok && st.Code() == codes.Canceled || errors.Is(err, context.Canceled) {
		return fmt.Errorf("%s: %w", what, context.Canceled)
	}
	return fmt.Errorf("%s: %w: %v", what, ErrUnavailable, err)
}
