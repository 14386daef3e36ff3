// Package service holds the catalog's use cases. Brand, locale and session of a call come from the
// request context (callctx), set by the gateway and read by the gRPC interceptors.
package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/catalog/domain"
)

// Service is what the catalog offers its callers.
type Service interface {
	GetBrandByFqdn(ctx context.Context, fqdn string) (domain.Brand, error)
	ListBrands(ctx context.Context) ([]domain.Brand, error)
	ListCountries(ctx context.Context) ([]domain.Country, error)
	ListCategories(ctx context.Context, domainCapableOnly bool) ([]domain.Category, error)
	ListProducts(ctx context.Context, q domain.ProductQuery) ([]domain.Product, error)
	GetProduct(ctx context.Context, id int32) (domain.Product, error)
	ListPaymentIntervals(ctx context.Context) ([]domain.Interval, error)
	ListZipCodes(ctx context.Context, prefix string) ([]domain.ZipCode, error)
	// ResolveVAT answers the VAT rate of the call's brand for a customer's tax position.
	ResolveVAT(ctx context.Context, p domain.TaxPosition) (domain.VAT, error)
	GetSessionLocale(ctx context.Context) (string, error)
	SetSessionLocale(ctx context.Context, code string) (string, error)
	// ValidateAdditionalFields checks values of the brand's product, addon and upsell fields.
	ValidateAdditionalFields(ctx context.Context, values []domain.FieldValue) ([]domain.FieldErrors, error)
}

// Repository reads the catalog. Texts come back in the requested locale with en-GB filling gaps.
// Missing rows are reported as domain.ErrNotFound, store outages as domain.ErrUnavailable.
type Repository interface {
	BrandByFQDN(ctx context.Context, fqdn string) (domain.Brand, error)
	BrandByID(ctx context.Context, id int32) (domain.Brand, error)
	Brands(ctx context.Context) ([]domain.Brand, error)
	Countries(ctx context.Context, locale string) ([]domain.Country, error)
	Categories(ctx context.Context, brandID int32, locale string) ([]domain.Category, error)
	// Products returns every product of the brand, hidden and inactive ones included, narrowed by
	// the category slug and ids of f when set.
	Products(ctx context.Context, brandID int32, locale string, f ProductFilter) ([]domain.Product, error)
	PaymentIntervals(ctx context.Context, brandID int32) ([]domain.Interval, error)
	ZipCodes(ctx context.Context, countryCode, prefix string, limit int) ([]domain.ZipCode, error)
}

// ProductFilter narrows what the repository loads; the listing rules stay in domain.
type ProductFilter struct {
	CategorySlug string
	IDs          []int32
}

// SessionLocaleStore keeps the locale a session chose.
type SessionLocaleStore interface {
	// SessionLocale returns "" when the session chose none.
	SessionLocale(ctx context.Context, sessionID string) (string, error)
	SetSessionLocale(ctx context.Context, sessionID, code string) error
}

type catalog struct {
	repo    Repository
	locales SessionLocaleStore
	now     func() time.Time
}

// Option adjusts the catalog use cases.
type Option func(*catalog)

// WithClock sets the clock a power of attorney's signature is dated against (default time.Now),
// as the cart's and promotion's Now ports do.
func WithClock(now func() time.Time) Option {
	return func(c *catalog) {
		if now != nil {
			c.now = now
		}
	}
}

// New returns the catalog use cases over the given stores.
func New(repo Repository, locales SessionLocaleStore, opts ...Option) Service {
	c := &catalog{repo: repo, locales: locales, now: time.Now}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *catalog) GetBrandByFqdn(ctx context.Context, fqdn string) (domain.Brand, error) {
	host := domain.NormalizeFQDN(fqdn)
	if host == "" {
		return domain.Brand{}, domain.ErrBrandNotFound
	}
	b, err := c.repo.BrandByFQDN(ctx, host)
	if err != nil {
		return domain.Brand{}, fmt.Errorf("brand by fqdn %q: %w", host, notFoundAs(err, domain.ErrBrandNotFound))
	}
	return b, nil
}

func (c *catalog) ListBrands(ctx context.Context) ([]domain.Brand, error) {
	bs, err := c.repo.Brands(ctx)
	if err != nil {
		return nil, fmt.Errorf("list brands: %w", err)
	}
	return bs, nil
}

func (c *catalog) ListCountries(ctx context.Context) ([]domain.Country, error) {
	cs, err := c.repo.Countries(ctx, c.textLocale(ctx, nil))
	if err != nil {
		return nil, fmt.Errorf("list countries: %w", err)
	}
	return cs, nil
}

func (c *catalog) ListCategories(ctx context.Context, domainCapableOnly bool) ([]domain.Category, error) {
	b, locale, err := c.callBrand(ctx)
	if err != nil {
		return nil, err
	}
	cats, err := c.repo.Categories(ctx, b.ID, locale)
	if err != nil {
		return nil, fmt.Errorf("list categories of brand %d: %w", b.ID, err)
	}
	products, err := c.repo.Products(ctx, b.ID, locale, ProductFilter{})
	if err != nil {
		return nil, fmt.Errorf("list products of brand %d: %w", b.ID, err)
	}
	return domain.VisibleCategories(domain.MarkDomainCapable(cats, products), domainCapableOnly), nil
}

func (c *catalog) ListProducts(ctx context.Context, q domain.ProductQuery) ([]domain.Product, error) {
	b, locale, err := c.callBrand(ctx)
	if err != nil {
		return nil, err
	}
	products, err := c.repo.Products(ctx, b.ID, locale, ProductFilter{CategorySlug: q.CategorySlug, IDs: q.IDs})
	if err != nil {
		return nil, fmt.Errorf("list products of brand %d: %w", b.ID, err)
	}
	return domain.SelectProducts(products, q), nil
}

// GetProduct answers hidden products too (a cart may hold them) but never one that cannot be ordered.
func (c *catalog) GetProduct(ctx context.Context, id int32) (domain.Product, error) {
	if id <= 0 {
		return domain.Product{}, domain.ErrInvalidProductID
	}
	b, locale, err := c.callBrand(ctx)
	if err != nil {
		return domain.Product{}, err
	}
	products, err := c.repo.Products(ctx, b.ID, locale, ProductFilter{IDs: []int32{id}})
	if err != nil {
		return domain.Product{}, fmt.Errorf("get product %d of brand %d: %w", id, b.ID, err)
	}
	for _, p := range products {
		if p.ID != id {
			continue
		}
		if listed, ok := domain.Listed(p); ok {
			return listed, nil
		}
	}
	return domain.Product{}, fmt.Errorf("get product %d of brand %d: %w", id, b.ID, domain.ErrProductNotFound)
}

func (c *catalog) ListPaymentIntervals(ctx context.Context) ([]domain.Interval, error) {
	b, err := c.brand(ctx)
	if err != nil {
		return nil, err
	}
	ivs, err := c.repo.PaymentIntervals(ctx, b.ID)
	if err != nil {
		return nil, fmt.Errorf("list payment intervals of brand %d: %w", b.ID, err)
	}
	return ivs, nil
}

func (c *catalog) ListZipCodes(ctx context.Context, prefix string) ([]domain.ZipCode, error) {
	b, err := c.brand(ctx)
	if err != nil {
		return nil, err
	}
	p, ok := domain.ZipPrefix(prefix)
	country := b.Properties.CountryCode()
	if !ok || country == "" {
		return []domain.ZipCode{}, nil
	}
	zips, err := c.repo.ZipCodes(ctx, country, p, domain.MaxZipResults)
	if err != nil {
		return nil, fmt.Errorf("list zip codes %s %q: %w", country, p, err)
	}
	return zips, nil
}

func (c *catalog) ResolveVAT(ctx context.Context, p domain.TaxPosition) (domain.VAT, error) {
	b, err := c.brand(ctx)
	if err != nil {
		return domain.VAT{}, err
	}
	countries, err := c.repo.Countries(ctx, domain.FallbackLocale)
	if err != nil {
		return domain.VAT{}, fmt.Errorf("resolve vat: %w", err)
	}
	return domain.ResolveVAT(b.Properties.CountryCode(), countries, p), nil
}

func (c *catalog) GetSessionLocale(ctx context.Context) (string, error) {
	b, err := c.brand(ctx)
	if err != nil {
		return "", err
	}
	sid := callctx.From(ctx).SessionID
	if !domain.ValidSessionID(sid) {
		return b.DefaultLocale(), nil
	}
	stored, err := c.locales.SessionLocale(ctx, sid)
	if err != nil {
		return "", fmt.Errorf("read session locale: %w", err)
	}
	return domain.ChooseLocale(b, stored), nil
}

func (c *catalog) SetSessionLocale(ctx context.Context, code string) (string, error) {
	b, err := c.brand(ctx)
	if err != nil {
		return "", err
	}
	sid := callctx.From(ctx).SessionID
	if !domain.ValidSessionID(sid) {
		return "", domain.ErrSessionRequired
	}
	offered, ok := b.OfferedLocale(code)
	if !ok {
		return "", fmt.Errorf("set session locale %q for brand %s: %w", code, b.Slug, domain.ErrLocaleNotSupported)
	}
	if err := c.locales.SetSessionLocale(ctx, sid, offered); err != nil {
		return "", fmt.Errorf("store session locale: %w", err)
	}
	return offered, nil
}

func (c *catalog) ValidateAdditionalFields(ctx context.Context, values []domain.FieldValue) ([]domain.FieldErrors, error) {
	b, err := c.brand(ctx)
	if err != nil {
		return nil, err
	}
	// Definitions hang off products; the brand's products, hidden ones included (a cart may hold
	// them), define which ids exist for it. Texts are not needed, so any locale does.
	products, err := c.repo.Products(ctx, b.ID, domain.FallbackLocale, ProductFilter{})
	if err != nil {
		return nil, fmt.Errorf("field definitions of brand %d: %w", b.ID, err)
	}
	out, err := domain.ValidateCatalogFieldValues(domain.FieldCatalogOf(products, c.now()), values)
	if err != nil {
		return nil, fmt.Errorf("validate fields of brand %d: %w", b.ID, err)
	}
	return out, nil
}

// brand loads the brand named by the call's x-brand-id.
func (c *catalog) brand(ctx context.Context) (domain.Brand, error) {
	id := callctx.From(ctx).BrandID
	if id <= 0 {
		return domain.Brand{}, domain.ErrBrandRequired
	}
	b, err := c.repo.BrandByID(ctx, id)
	if err != nil {
		return domain.Brand{}, fmt.Errorf("brand %d: %w", id, notFoundAs(err, domain.ErrBrandNotFound))
	}
	return b, nil
}

// callBrand loads the call's brand and the locale its texts are shown in.
func (c *catalog) callBrand(ctx context.Context) (domain.Brand, string, error) {
	b, err := c.brand(ctx)
	if err != nil {
		return domain.Brand{}, "", err
	}
	return b, c.textLocale(ctx, &b), nil
}

// textLocale is the locale texts are resolved in: the x-locale of the call when the gateway sent
// one, else the session's choice for the brand, else the brand default. Without a brand, en-GB.
// A session store outage only costs the visitor their language choice, never the catalog.
func (c *catalog) textLocale(ctx context.Context, b *domain.Brand) string {
	v := callctx.From(ctx)
	if v.Locale != "" {
		if b != nil {
			if code, ok := b.OfferedLocale(v.Locale); ok {
				return code
			}
		}
		return domain.CanonicalLocale(v.Locale)
	}
	if b == nil {
		return domain.FallbackLocale
	}
	stored := ""
	if domain.ValidSessionID(v.SessionID) {
		if code, err := c.locales.SessionLocale(ctx, v.SessionID); err == nil {
			stored = code
		}
	}
	return domain.ChooseLocale(*b, stored)
}

// notFoundAs replaces a bare ErrNotFound from a store with the keyed error users should see.
func notFoundAs(err error, keyed *apperr.Keyed) error {
	if domain.MessageKey(err) == "" && errors.Is(err, domain.ErrNotFound) {
		return keyed
	}
	return err
}
