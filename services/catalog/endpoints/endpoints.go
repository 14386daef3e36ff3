// Package endpoints turns each catalog use case into a go-kit endpoint, the unit transports
// bind to and middlewares (rate limit, circuit breaker, tracing) wrap.
package endpoints

import (
	"context"
	"fmt"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/services/catalog/domain"
	"github.com/hostcart/checkout/services/catalog/service"
)

// Set has one endpoint per RPC of the catalog contract.
type Set struct {
	GetBrandByFqdn       endpoint.Endpoint
	ListBrands           endpoint.Endpoint
	ListCountries        endpoint.Endpoint
	ListCategories       endpoint.Endpoint
	ListProducts         endpoint.Endpoint
	GetProduct           endpoint.Endpoint
	ListPaymentIntervals endpoint.Endpoint
	ListZipCodes         endpoint.Endpoint
	ResolveVat           endpoint.Endpoint
	GetSessionLocale     endpoint.Endpoint
	SetSessionLocale     endpoint.Endpoint
	// ValidateAdditionalFields is named like the rpc; see service.Service.
	ValidateAdditionalFields endpoint.Endpoint
}

// New builds the set over svc; every endpoint is wrapped by mws, the first one outermost.
func New(svc service.Service, mws ...endpoint.Middleware) Set {
	wrap := func(e endpoint.Endpoint) endpoint.Endpoint {
		if len(mws) == 0 {
			return e
		}
		return endpoint.Chain(mws[0], mws[1:]...)(e)
	}
	return Set{
		GetBrandByFqdn:           wrap(makeGetBrandByFqdn(svc)),
		ListBrands:               wrap(makeListBrands(svc)),
		ListCountries:            wrap(makeListCountries(svc)),
		ListCategories:           wrap(makeListCategories(svc)),
		ListProducts:             wrap(makeListProducts(svc)),
		GetProduct:               wrap(makeGetProduct(svc)),
		ListPaymentIntervals:     wrap(makeListPaymentIntervals(svc)),
		ListZipCodes:             wrap(makeListZipCodes(svc)),
		ResolveVat:               wrap(makeResolveVat(svc)),
		GetSessionLocale:         wrap(makeGetSessionLocale(svc)),
		SetSessionLocale:         wrap(makeSetSessionLocale(svc)),
		ValidateAdditionalFields: wrap(makeValidateAdditionalFields(svc)),
	}
}

// Requests and responses of the endpoints, in domain terms.
type (
	GetBrandByFqdnRequest  struct{ FQDN string }
	GetBrandByFqdnResponse struct{ Brand domain.Brand }

	ListBrandsRequest  struct{}
	ListBrandsResponse struct{ Brands []domain.Brand }

	ListCountriesRequest  struct{}
	ListCountriesResponse struct{ Countries []domain.Country }

	ListCategoriesRequest  struct{ DomainCapableOnly bool }
	ListCategoriesResponse struct{ Categories []domain.Category }

	ListProductsRequest  struct{ Query domain.ProductQuery }
	ListProductsResponse struct{ Products []domain.Product }

	GetProductRequest  struct{ ID int32 }
	GetProductResponse struct{ Product domain.Product }

	ListPaymentIntervalsRequest  struct{}
	ListPaymentIntervalsResponse struct{ Intervals []domain.Interval }

	ResolveVatRequest    struct{ Position domain.TaxPosition }
	ResolveVatResponse   struct{ VAT domain.VAT }
	ListZipCodesRequest  struct{ Prefix string }
	ListZipCodesResponse struct{ ZipCodes []domain.ZipCode }

	GetSessionLocaleRequest  struct{}
	GetSessionLocaleResponse struct{ Code string }

	SetSessionLocaleRequest  struct{ Code string }
	SetSessionLocaleResponse struct{ Code string }

	ValidateAdditionalFieldsRequest  struct{ Values []domain.FieldValue }
	ValidateAdditionalFieldsResponse struct{ Errors []domain.FieldErrors }
)

func makeGetBrandByFqdn(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[GetBrandByFqdnRequest](request)
		if err != nil {
			return nil, err
		}
		b, err := svc.GetBrandByFqdn(ctx, req.FQDN)
		if err != nil {
			return nil, err
		}
		return GetBrandByFqdnResponse{Brand: b}, nil
	}
}

func makeListBrands(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		bs, err := svc.ListBrands(ctx)
		if err != nil {
			return nil, err
		}
		return ListBrandsResponse{Brands: bs}, nil
	}
}

func makeListCountries(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		cs, err := svc.ListCountries(ctx)
		if err != nil {
			return nil, err
		}
		return ListCountriesResponse{Countries: cs}, nil
	}
}

func makeListCategories(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[ListCategoriesRequest](request)
		if err != nil {
			return nil, err
		}
		cs, err := svc.ListCategories(ctx, req.DomainCapableOnly)
		if err != nil {
			return nil, err
		}
		return ListCategoriesResponse{Categories: cs}, nil
	}
}

func makeListProducts(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[ListProductsRequest](request)
		if err != nil {
			return nil, err
		}
		ps, err := svc.ListProducts(ctx, req.Query)
		if err != nil {
			return nil, err
		}
		return ListProductsResponse{Products: ps}, nil
	}
}

func makeGetProduct(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[GetProductRequest](request)
		if err != nil {
			return nil, err
		}
		p, err := svc.GetProduct(ctx, req.ID)
		if err != nil {
			return nil, err
		}
		return GetProductResponse{Product: p}, nil
	}
}

func makeListPaymentIntervals(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		ivs, err := svc.ListPaymentIntervals(ctx)
		if err != nil {
			return nil, err
		}
		return ListPaymentIntervalsResponse{Intervals: ivs}, nil
	}
}

func makeListZipCodes(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[ListZipCodesRequest](request)
		if err != nil {
			return nil, err
		}
		zs, err := svc.ListZipCodes(ctx, req.Prefix)
		if err != nil {
			return nil, err
		}
		return ListZipCodesResponse{ZipCodes: zs}, nil
	}
}

func makeResolveVat(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[ResolveVatRequest](request)
		if err != nil {
			return nil, err
		}
		vat, err := svc.ResolveVAT(ctx, req.Position)
		if err != nil {
			return nil, err
		}
		return ResolveVatResponse{VAT: vat}, nil
	}
}

func makeGetSessionLocale(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		code, err := svc.GetSessionLocale(ctx)
		if err != nil {
			return nil, err
		}
		return GetSessionLocaleResponse{Code: code}, nil
	}
}

func makeSetSessionLocale(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[SetSessionLocaleRequest](request)
		if err != nil {
			return nil, err
		}
		code, err := svc.SetSessionLocale(ctx, req.Code)
		if err != nil {
			return nil, err
		}
		return SetSessionLocaleResponse{Code: code}, nil
	}
}

// requestAs guards the endpoints against a transport handing them the wrong request type.
func requestAs[T any](request any) (T, error) {
	req, ok := request.(T)
	if !ok {
		return req, fmt.Errorf("catalog endpoint: got request %T, want %T", request, req)
	}
	return req, nil
}

func makeValidateAdditionalFields(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[ValidateAdditionalFieldsRequest](request)
		if err != nil {
			return nil, err
		}
		errs, err := svc.ValidateAdditionalFields(ctx, req.Values)
		if err != nil {
			return nil, err
		}
		return ValidateAdditionalFieldsResponse{Errors: errs}, nil
	}
}
