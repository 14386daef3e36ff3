package service

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/catalog/domain"
)

// fakeRepo serves one brand with one category and one product whose texts depend on the locale.
type fakeRepo struct {
	lastLocale string
	err        error
}

var brand = domain.Brand{ID: 1, Slug: "hostwerk", Locales: []domain.Locale{{Code: "de-DE", IsDefault: true}, {Code: "en-GB"}},
	Properties: domain.Properties{domain.PropCountryCode: "DE"}}

func (r *fakeRepo) BrandByFQDN(_ context.Context, fqdn string) (domain.Brand, error) {
	if fqdn == "shop.hostwerk.de" {
		return brand, nil
	}
	return domain.Brand{}, fmt.Errorf("no brand: %w", domain.ErrNotFound)
}

func (r *fakeRepo) BrandByID(_ context.Context, id int32) (domain.Brand, error) {
	if r.err != nil {
		return domain.Brand{}, r.err
	}
	if id == 1 {
		return brand, nil
	}
	return domain.Brand{}, domain.ErrNotFound
}

func (r *fakeRepo) Brands(context.Context) ([]domain.Brand, error) { return []domain.Brand{brand}, nil }

func (r *fakeRepo) Countries(_ context.Context, locale string) ([]domain.Country, error) {
	r.lastLocale = locale
	return nil, nil
}

func (r *fakeRepo) Categories(_ context.Context, _ int32, locale string) ([]domain.Category, error) {
	r.lastLocale = locale
	return []domain.Category{{ID: 1, Slug: "webhosting", IsVisible: true}}, nil
}

func (r *fakeRepo) Products(_ context.Context, _ int32, locale string, f ProductFilter) ([]domain.Product, error) {
	r.lastLocale = locale
	ok := []domain.Maturity{{ID: 1, Months: 12, PriceCents: 499, IsActive: true, Intervals: []domain.Interval{{ID: 1, Months: 12, VATPercent: 19, IsActive: true}}}}
	return []domain.Product{
		{ID: 10, CategoryID: 1, IsActive: true, DomainCapable: true, Maturities: ok},
		{ID: 11, CategoryID: 1, IsActive: false, Maturities: ok},
	}, nil
}

func (r *fakeRepo) PaymentIntervals(context.Context, int32) ([]domain.Interval, error) {
	return nil, nil
}

func (r *fakeRepo) ZipCodes(_ context.Context, country, prefix string, _ int) ([]domain.ZipCode, error) {
	return []domain.ZipCode{{Code: prefix + "15", CountryCode: country}}, nil
}

type fakeLocales struct {
	stored map[string]string
	err    error
}

func (f *fakeLocales) SessionLocale(_ context.Context, sid string) (string, error) {
	return f.stored[sid], f.err
}

func (f *fakeLocales) SetSessionLocale(_ context.Context, sid, code string) error {
	if f.err != nil {
		return f.err
	}
	f.stored[sid] = code
	return nil
}

func ctxWith(brandID int32, sid, locale string) context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: brandID, SessionID: sid, Locale: locale})
}

func TestTextLocale(t *testing.T) {
	tests := []struct {
		name     string
		stored   string
		storeErr error
		header   string
		want     string
	}{
		{"gateway locale wins", "en-GB", nil, "de-de", "de-DE"},
		{"session choice without header", "en-GB", nil, "", "en-GB"},
		{"brand default without choice", "", nil, "", "de-DE"},
		{"session choice the brand lost", "fr-FR", nil, "", "de-DE"},
		{"session store down falls back to brand default", "en-GB", errors.New("redis down"), "", "de-DE"},
		{"unknown header locale is passed on for the en-GB fallback", "", nil, "it-IT", "it-IT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := &fakeRepo{}
			svc := New(repo, &fakeLocales{stored: map[string]string{"s1": tt.stored}, err: tt.storeErr})
			if _, err := svc.ListCategories(ctxWith(1, "s1", tt.header), false); err != nil {
				t.Fatal(err)
			}
			if repo.lastLocale != tt.want {
				t.Errorf("texts in %q, want %q", repo.lastLocale, tt.want)
			}
		})
	}
}

func TestSetSessionLocale(t *testing.T) {
	tests := []struct {
		name    string
		sid     string
		code    string
		err     error
		want    string
		wantErr error
	}{
		{"offered", "s1", "en-GB", nil, "en-GB", nil},
		{"other spelling stored canonically", "s1", "EN_gb", nil, "en-GB", nil},
		{"not offered", "s1", "fr-FR", nil, "", domain.ErrLocaleNotSupported},
		{"no session", "", "en-GB", nil, "", domain.ErrSessionRequired},
		{"store outage", "s1", "en-GB", fmt.Errorf("%w: dial", domain.ErrUnavailable), "", domain.ErrUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := &fakeLocales{stored: map[string]string{}, err: tt.err}
			got, err := New(&fakeRepo{}, store).SetSessionLocale(ctxWith(1, tt.sid, ""), tt.code)
			if !errors.Is(err, tt.wantErr) || got != tt.want {
				t.Fatalf("got (%q, %v), want (%q, %v)", got, err, tt.want, tt.wantErr)
			}
			if tt.wantErr == nil && store.stored[tt.sid] != tt.want {
				t.Errorf("stored %q", store.stored[tt.sid])
			}
		})
	}
}

func TestBrandErrors(t *testing.T) {
	svc := New(&fakeRepo{}, &fakeLocales{stored: map[string]string{}})
	if _, err := svc.ListProducts(ctxWith(0, "", ""), domain.ProductQuery{}); !errors.Is(err, domain.ErrBrandRequired) {
		t.Errorf("no brand: %v", err)
	}
	_, err := svc.ListProducts(ctxWith(9, "", ""), domain.ProductQuery{})
	if !errors.Is(err, domain.ErrNotFound) || domain.MessageKey(err) != "brand.not_found" {
		t.Errorf("unknown brand: %v", err)
	}
	if _, err := svc.GetBrandByFqdn(context.Background(), "nope.example"); domain.MessageKey(err) != "brand.not_found" {
		t.Errorf("unknown fqdn: %v", err)
	}
	down := New(&fakeRepo{err: fmt.Errorf("%w: connection refused", domain.ErrUnavailable)}, &fakeLocales{})
	if _, err := down.ListCategories(ctxWith(1, "", ""), false); !errors.Is(err, domain.ErrUnavailable) {
		t.Errorf("database down: %v", err)
	}
}

func TestListingRules(t *testing.T) {
	svc := New(&fakeRepo{}, &fakeLocales{stored: map[string]string{}})
	ps, err := svc.ListProducts(ctxWith(1, "", ""), domain.ProductQuery{})
	if err != nil || len(ps) != 1 || ps[0].ID != 10 || ps[0].FromPrice == nil {
		t.Errorf("products = %+v, %v", ps, err)
	}
	if _, err := svc.GetProduct(ctxWith(1, "", ""), 11); !errors.Is(err, domain.ErrProductNotFound) {
		t.Errorf("inactive product by id: %v", err)
	}
	cats, err := svc.ListCategories(ctxWith(1, "", ""), true)
	if err != nil || len(cats) != 1 || !cats[0].DomainCapable {
		t.Errorf("categories = %+v, %v", cats, err)
	}
	zips, err := svc.ListZipCodes(ctxWith(1, "", ""), "10")
	if err != nil || len(zips) != 0 {
		t.Errorf("short prefix: %+v, %v", zips, err)
	}
	zips, err = svc.ListZipCodes(ctxWith(1, "", ""), "101")
	if err != nil || len(zips) != 1 || zips[0].CountryCode != "DE" {
		t.Errorf("brand country zip search: %+v, %v", zips, err)
	}
}
