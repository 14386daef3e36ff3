// Package grpctransport binds the catalog endpoints to the CatalogService gRPC contract.
package grpctransport

import (
	"context"
	"fmt"

	kitgrpc "github.com/go-kit/kit/transport/grpc"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/catalog/domain"
	"github.com/hostcart/checkout/services/catalog/endpoints"
)

type server struct {
	catalogv1.UnimplementedCatalogServiceServer

	getBrandByFqdn       kitgrpc.Handler
	listBrands           kitgrpc.Handler
	listCountries        kitgrpc.Handler
	listCategories       kitgrpc.Handler
	listProducts         kitgrpc.Handler
	getProduct           kitgrpc.Handler
	listPaymentIntervals kitgrpc.Handler
	listZipCodes         kitgrpc.Handler
	resolveVat           kitgrpc.Handler
	getSessionLocale     kitgrpc.Handler
	setSessionLocale     kitgrpc.Handler
	validateFields       kitgrpc.Handler
}

// NewServer returns the gRPC CatalogService over the endpoint set.
func NewServer(set endpoints.Set, opts ...kitgrpc.ServerOption) catalogv1.CatalogServiceServer {
	return &server{
		getBrandByFqdn:       kitgrpc.NewServer(set.GetBrandByFqdn, decodeGRPCGetBrandByFqdnRequest, encodeGRPCGetBrandByFqdnResponse, opts...),
		listBrands:           kitgrpc.NewServer(set.ListBrands, decodeGRPCListBrandsRequest, encodeGRPCListBrandsResponse, opts...),
		listCountries:        kitgrpc.NewServer(set.ListCountries, decodeGRPCListCountriesRequest, encodeGRPCListCountriesResponse, opts...),
		listCategories:       kitgrpc.NewServer(set.ListCategories, decodeGRPCListCategoriesRequest, encodeGRPCListCategoriesResponse, opts...),
		listProducts:         kitgrpc.NewServer(set.ListProducts, decodeGRPCListProductsRequest, encodeGRPCListProductsResponse, opts...),
		getProduct:           kitgrpc.NewServer(set.GetProduct, decodeGRPCGetProductRequest, encodeGRPCGetProductResponse, opts...),
		listPaymentIntervals: kitgrpc.NewServer(set.ListPaymentIntervals, decodeGRPCListPaymentIntervalsRequest, encodeGRPCListPaymentIntervalsResponse, opts...),
		listZipCodes:         kitgrpc.NewServer(set.ListZipCodes, decodeGRPCListZipCodesRequest, encodeGRPCListZipCodesResponse, opts...),
		resolveVat:           kitgrpc.NewServer(set.ResolveVat, decodeGRPCResolveVatRequest, encodeGRPCResolveVatResponse, opts...),
		getSessionLocale:     kitgrpc.NewServer(set.GetSessionLocale, decodeGRPCGetSessionLocaleRequest, encodeGRPCGetSessionLocaleResponse, opts...),
		setSessionLocale:     kitgrpc.NewServer(set.SetSessionLocale, decodeGRPCSetSessionLocaleRequest, encodeGRPCSetSessionLocaleResponse, opts...),
		validateFields:       kitgrpc.NewServer(set.ValidateAdditionalFields, decodeGRPCValidateAdditionalFieldsRequest, encodeGRPCValidateAdditionalFieldsResponse, opts...),
	}
}

func (s *server) GetBrandByFqdn(ctx context.Context, req *catalogv1.GetBrandByFqdnRequest) (*catalogv1.GetBrandByFqdnResponse, error) {
	return grpcserver.Handle[catalogv1.GetBrandByFqdnResponse](ctx, s.getBrandByFqdn, req, statusFrom)
}

func (s *server) ListBrands(ctx context.Context, req *catalogv1.ListBrandsRequest) (*catalogv1.ListBrandsResponse, error) {
	return grpcserver.Handle[catalogv1.ListBrandsResponse](ctx, s.listBrands, req, statusFrom)
}

func (s *server) ListCountries(ctx context.Context, req *catalogv1.ListCountriesRequest) (*catalogv1.ListCountriesResponse, error) {
	return grpcserver.Handle[catalogv1.ListCountriesResponse](ctx, s.listCountries, req, statusFrom)
}

func (s *server) ListCategories(ctx context.Context, req *catalogv1.ListCategoriesRequest) (*catalogv1.ListCategoriesResponse, error) {
	return grpcserver.Handle[catalogv1.ListCategoriesResponse](ctx, s.listCategories, req, statusFrom)
}

func (s *server) ListProducts(ctx context.Context, req *catalogv1.ListProductsRequest) (*catalogv1.ListProductsResponse, error) {
	return grpcserver.Handle[catalogv1.ListProductsResponse](ctx, s.listProducts, req, statusFrom)
}

func (s *server) GetProduct(ctx context.Context, req *catalogv1.GetProductRequest) (*catalogv1.GetProductResponse, error) {
	return grpcserver.Handle[catalogv1.GetProductResponse](ctx, s.getProduct, req, statusFrom)
}

func (s *server) ListPaymentIntervals(ctx context.Context, req *catalogv1.ListPaymentIntervalsRequest) (*catalogv1.ListPaymentIntervalsResponse, error) {
	return grpcserver.Handle[catalogv1.ListPaymentIntervalsResponse](ctx, s.listPaymentIntervals, req, statusFrom)
}

func (s *server) ListZipCodes(ctx context.Context, req *catalogv1.ListZipCodesRequest) (*catalogv1.ListZipCodesResponse, error) {
	return grpcserver.Handle[catalogv1.ListZipCodesResponse](ctx, s.listZipCodes, req, statusFrom)
}

func (s *server) GetSessionLocale(ctx context.Context, req *catalogv1.GetSessionLocaleRequest) (*catalogv1.GetSessionLocaleResponse, error) {
	return grpcserver.Handle[catalogv1.GetSessionLocaleResponse](ctx, s.getSessionLocale, req, statusFrom)
}

func (s *server) SetSessionLocale(ctx context.Context, req *catalogv1.SetSessionLocaleRequest) (*catalogv1.SetSessionLocaleResponse, error) {
	return grpcserver.Handle[catalogv1.SetSessionLocaleResponse](ctx, s.setSessionLocale, req, statusFrom)
}

func (s *server) ValidateAdditionalFields(ctx context.Context, req *catalogv1.ValidateAdditionalFieldsRequest) (*catalogv1.ValidateAdditionalFieldsResponse, error) {
	return grpcserver.Handle[catalogv1.ValidateAdditionalFieldsResponse](ctx, s.validateFields, req, statusFrom)
}

// grpcRequest asserts the request type gRPC handed to a decoder.
func grpcRequest[T any](req any) (*T, error) {
	r, ok := req.(*T)
	if !ok || r == nil {
		return nil, fmt.Errorf("catalog transport: got request %T, want %T: %w", req, r, domain.ErrInvalidArgument)
	}
	return r, nil
}

func decodeGRPCGetBrandByFqdnRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[catalogv1.GetBrandByFqdnRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.GetBrandByFqdnRequest{FQDN: req.GetFqdn()}, nil
}

func encodeGRPCGetBrandByFqdnResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.GetBrandByFqdnResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.GetBrandByFqdnResponse{Brand: brandToProto(resp.Brand)}, nil
}

func decodeGRPCListBrandsRequest(_ context.Context, _ any) (any, error) {
	return endpoints.ListBrandsRequest{}, nil
}

func encodeGRPCListBrandsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListBrandsResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListBrandsResponse{Brands: mapAll(resp.Brands, brandToProto)}, nil
}

func decodeGRPCListCountriesRequest(_ context.Context, _ any) (any, error) {
	return endpoints.ListCountriesRequest{}, nil
}

func encodeGRPCListCountriesResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListCountriesResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListCountriesResponse{Countries: mapAll(resp.Countries, countryToProto)}, nil
}

func decodeGRPCListCategoriesRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[catalogv1.ListCategoriesRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.ListCategoriesRequest{DomainCapableOnly: req.GetDomainCapableOnly()}, nil
}

func encodeGRPCListCategoriesResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListCategoriesResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListCategoriesResponse{Categories: mapAll(resp.Categories, categoryToProto)}, nil
}

func decodeGRPCListProductsRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[catalogv1.ListProductsRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.ListProductsRequest{Query: domain.ProductQuery{
		CategorySlug:      req.GetCategorySlug(),
		DomainCapableOnly: req.GetDomainCapableOnly(),
		IncludeHidden:     req.GetIncludeHidden(),
		IDs:               req.GetIds(),
	}}, nil
}

func encodeGRPCListProductsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListProductsResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListProductsResponse{Products: mapAll(resp.Products, productToProto)}, nil
}

func decodeGRPCGetProductRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[catalogv1.GetProductRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.GetProductRequest{ID: req.GetId()}, nil
}

func encodeGRPCGetProductResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.GetProductResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.GetProductResponse{Product: productToProto(resp.Product)}, nil
}

func decodeGRPCListPaymentIntervalsRequest(_ context.Context, _ any) (any, error) {
	return endpoints.ListPaymentIntervalsRequest{}, nil
}

func encodeGRPCListPaymentIntervalsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListPaymentIntervalsResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListPaymentIntervalsResponse{PaymentIntervals: mapAll(resp.Intervals, intervalToProto)}, nil
}

func (s *server) ResolveVat(ctx context.Context, req *catalogv1.ResolveVatRequest) (*catalogv1.ResolveVatResponse, error) {
	return grpcserver.Handle[catalogv1.ResolveVatResponse](ctx, s.resolveVat, req, statusFrom)
}

func decodeGRPCResolveVatRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[catalogv1.ResolveVatRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.ResolveVatRequest{Position: domain.TaxPosition{
		CountryCode: req.GetCountryCode(), Business: req.GetBusiness(), VATIDVerified: req.GetVatIdVerified()}}, nil
}

func encodeGRPCResolveVatResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ResolveVatResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ResolveVatResponse{VatPercent: resp.VAT.Percent, CountryCode: resp.VAT.CountryCode, Reason: resp.VAT.Reason}, nil
}

func decodeGRPCListZipCodesRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[catalogv1.ListZipCodesRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.ListZipCodesRequest{Prefix: req.GetCode()}, nil
}

func encodeGRPCListZipCodesResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListZipCodesResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.ListZipCodesResponse{ZipCodes: mapAll(resp.ZipCodes, zipCodeToProto)}, nil
}

func decodeGRPCGetSessionLocaleRequest(_ context.Context, _ any) (any, error) {
	return endpoints.GetSessionLocaleRequest{}, nil
}

func encodeGRPCGetSessionLocaleResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.GetSessionLocaleResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.GetSessionLocaleResponse{Code: resp.Code}, nil
}

func decodeGRPCSetSessionLocaleRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[catalogv1.SetSessionLocaleRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SetSessionLocaleRequest{Code: req.GetCode()}, nil
}

func encodeGRPCSetSessionLocaleResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.SetSessionLocaleResponse](response)
	if err != nil {
		return nil, err
	}
	return &catalogv1.SetSessionLocaleResponse{Code: resp.Code}, nil
}

// endpointResponse asserts the response type an endpoint returned.
func endpointResponse[T any](response any) (T, error) {
	r, ok := response.(T)
	if !ok {
		return r, fmt.Errorf("catalog transport: endpoint returned %T, want %T", response, r)
	}
	return r, nil
}

func decodeGRPCValidateAdditionalFieldsRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[catalogv1.ValidateAdditionalFieldsRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	values := make([]domain.FieldValue, len(req.GetFields()))
	for i, f := range req.GetFields() {
		values[i] = domain.FieldValue{FieldID: f.GetFieldId(), Value: f.GetValue()}
	}
	return endpoints.ValidateAdditionalFieldsRequest{Values: values}, nil
}

func encodeGRPCValidateAdditionalFieldsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ValidateAdditionalFieldsResponse](response)
	if err != nil {
		return nil, err
	}
	out := &catalogv1.ValidateAdditionalFieldsResponse{Valid: len(resp.Errors) == 0, Errors: []*catalogv1.FieldErrors{}}
	for _, e := range resp.Errors {
		out.Errors = append(out.Errors, &catalogv1.FieldErrors{FieldId: e.FieldID, Errors: e.Errors})
	}
	return out, nil
}
