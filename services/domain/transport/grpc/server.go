// Package grpctransport binds the domain endpoints to the DomainService gRPC contract.
package grpctransport

import (
	"context"
	"fmt"

	kitgrpc "github.com/go-kit/kit/transport/grpc"

	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/domain/domain"
	"github.com/hostcart/checkout/services/domain/endpoints"
	"github.com/hostcart/checkout/services/domain/service"
)

// Field names input errors are reported under (google.rpc.BadRequest field violations).
const (
	fieldDomain  = "domain"
	fieldDomains = "domains"
)

type server struct {
	domainv1.UnimplementedDomainServiceServer

	listTlds          kitgrpc.Handler
	listDomainGroups  kitgrpc.Handler
	normalizeSearch   kitgrpc.Handler
	checkAvailability kitgrpc.Handler
	getRecommend      kitgrpc.Handler
	getInclusiveTlds  kitgrpc.Handler
	searchGroup       kitgrpc.Handler
	searchFullDomain  kitgrpc.Handler
	validateFields    kitgrpc.Handler
}

// NewServer returns the gRPC DomainService over the endpoint set, bound with grpcserver.Bind:
// session, brand, locale and client address reach the endpoints through callctx, so go-kit's
// per-call copy of the metadata would buy nothing.
func NewServer(set endpoints.Set) domainv1.DomainServiceServer {
	return &server{
		listTlds:          grpcserver.Bind(set.ListTLDs, decodeGRPCListTldsRequest, encodeGRPCListTldsResponse),
		listDomainGroups:  grpcserver.Bind(set.ListGroups, decodeGRPCListDomainGroupsRequest, encodeGRPCListDomainGroupsResponse),
		normalizeSearch:   grpcserver.Bind(set.NormalizeSearch, decodeGRPCNormalizeSearchRequest, encodeGRPCNormalizeSearchResponse),
		checkAvailability: grpcserver.Bind(set.CheckAvailability, decodeGRPCCheckAvailabilityRequest, encodeGRPCCheckAvailabilityResponse),
		getRecommend:      grpcserver.Bind(set.Recommend, decodeGRPCGetRecommendationsRequest, encodeGRPCGetRecommendationsResponse),
		getInclusiveTlds:  grpcserver.Bind(set.Inclusive, decodeGRPCGetInclusiveTldsRequest, encodeGRPCGetInclusiveTldsResponse),
		searchGroup:       grpcserver.Bind(set.SearchGroup, decodeGRPCSearchGroupRequest, encodeGRPCSearchGroupResponse),
		searchFullDomain:  grpcserver.Bind(set.SearchFullDomain, decodeGRPCSearchFullDomainRequest, encodeGRPCSearchFullDomainResponse),
		validateFields:    grpcserver.Bind(set.ValidateFields, decodeGRPCValidateDomainAdditionalFieldsRequest, encodeGRPCValidateDomainAdditionalFieldsResponse),
	}
}

func (s *server) ListTlds(ctx context.Context, req *domainv1.ListTldsRequest) (*domainv1.ListTldsResponse, error) {
	return grpcserver.Handle[domainv1.ListTldsResponse](ctx, s.listTlds, req, statusFor(""))
}

func (s *server) ListDomainGroups(ctx context.Context, req *domainv1.ListDomainGroupsRequest) (*domainv1.ListDomainGroupsResponse, error) {
	return grpcserver.Handle[domainv1.ListDomainGroupsResponse](ctx, s.listDomainGroups, req, statusFor(""))
}

func (s *server) NormalizeSearch(ctx context.Context, req *domainv1.NormalizeSearchRequest) (*domainv1.NormalizeSearchResponse, error) {
	return grpcserver.Handle[domainv1.NormalizeSearchResponse](ctx, s.normalizeSearch, req, statusFor("input"))
}

func (s *server) CheckAvailability(ctx context.Context, req *domainv1.CheckAvailabilityRequest) (*domainv1.CheckAvailabilityResponse, error) {
	return grpcserver.Handle[domainv1.CheckAvailabilityResponse](ctx, s.checkAvailability, req, statusFor(fieldDomains))
}

func (s *server) GetRecommendations(ctx context.Context, req *domainv1.GetRecommendationsRequest) (*domainv1.GetRecommendationsResponse, error) {
	return grpcserver.Handle[domainv1.GetRecommendationsResponse](ctx, s.getRecommend, req, statusFor(fieldDomain))
}

func (s *server) GetInclusiveTlds(ctx context.Context, req *domainv1.GetInclusiveTldsRequest) (*domainv1.GetInclusiveTldsResponse, error) {
	return grpcserver.Handle[domainv1.GetInclusiveTldsResponse](ctx, s.getInclusiveTlds, req, statusFor(fieldDomains))
}

func (s *server) SearchGroup(ctx context.Context, req *domainv1.SearchGroupRequest) (*domainv1.SearchGroupResponse, error) {
	return grpcserver.Handle[domainv1.SearchGroupResponse](ctx, s.searchGroup, req, statusFor(fieldDomain))
}

func (s *server) SearchFullDomain(ctx context.Context, req *domainv1.SearchFullDomainRequest) (*domainv1.SearchFullDomainResponse, error) {
	return grpcserver.Handle[domainv1.SearchFullDomainResponse](ctx, s.searchFullDomain, req, statusFor(fieldDomain))
}

func (s *server) ValidateDomainAdditionalFields(ctx context.Context, req *domainv1.ValidateDomainAdditionalFieldsRequest) (*domainv1.ValidateDomainAdditionalFieldsResponse, error) {
	return grpcserver.Handle[domainv1.ValidateDomainAdditionalFieldsResponse](ctx, s.validateFields, req, statusFor("fields"))
}

// grpcRequest asserts the request type gRPC handed to a decoder.
func grpcRequest[T any](req any) (*T, error) {
	r, ok := req.(*T)
	if !ok || r == nil {
		return nil, fmt.Errorf("domain transport: got request %T, want %T: %w", req, r, domain.ErrInvalidArgument)
	}
	return r, nil
}

// endpointResponse asserts the response type an endpoint handed to an encoder.
func endpointResponse[T any](resp any) (T, error) {
	r, ok := resp.(T)
	if !ok {
		return r, fmt.Errorf("domain transport: got response %T, want %T", resp, r)
	}
	return r, nil
}

func decodeGRPCListTldsRequest(_ context.Context, _ any) (any, error) {
	return endpoints.ListTLDsRequest{}, nil
}

func encodeGRPCListTldsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListTLDsResponse](response)
	if err != nil {
		return nil, err
	}
	return &domainv1.ListTldsResponse{Tlds: mapAll(resp.TLDs, tldToProto)}, nil
}

func decodeGRPCListDomainGroupsRequest(_ context.Context, _ any) (any, error) {
	return endpoints.ListGroupsRequest{}, nil
}

func encodeGRPCListDomainGroupsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListGroupsResponse](response)
	if err != nil {
		return nil, err
	}
	return &domainv1.ListDomainGroupsResponse{DomainGroups: mapAll(resp.Groups, groupToProto)}, nil
}

func decodeGRPCNormalizeSearchRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[domainv1.NormalizeSearchRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.NormalizeSearchRequest{Input: req.GetInput()}, nil
}

func encodeGRPCNormalizeSearchResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.NormalizeSearchResponse](response)
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return &domainv1.NormalizeSearchResponse{Valid: false, Error: inputErrorToProto(resp.Error)}, nil
	}
	return &domainv1.NormalizeSearchResponse{Valid: true, Search: searchToProto(resp.Search)}, nil
}

func decodeGRPCCheckAvailabilityRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[domainv1.CheckAvailabilityRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.CheckAvailabilityRequest{Names: req.GetDomains(), FreeTLDs: req.GetFreeTlds()}, nil
}

func encodeGRPCCheckAvailabilityResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.CheckAvailabilityResponse](response)
	if err != nil {
		return nil, err
	}
	return &domainv1.CheckAvailabilityResponse{Results: resultsToProto(resp.Results)}, nil
}

func decodeGRPCGetRecommendationsRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[domainv1.GetRecommendationsRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.RecommendRequest{Input: req.GetDomain(), Limit: int(req.GetLimit()), FreeTLDs: req.GetFreeTlds()}, nil
}

func encodeGRPCGetRecommendationsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.RecommendResponse](response)
	if err != nil {
		return nil, err
	}
	return &domainv1.GetRecommendationsResponse{Search: searchToProto(resp.Search), Recommendations: resultsToProto(resp.Results)}, nil
}

func decodeGRPCGetInclusiveTldsRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[domainv1.GetInclusiveTldsRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	free := req.GetFreeTlds()
	return endpoints.InclusiveRequest{
		Free:        domain.FreeTLDs{Amount: free.GetAmount(), Domains: free.GetDomains()},
		Domains:     req.GetDomains(),
		AlreadyUsed: req.GetAlreadyUsed(),
	}, nil
}

func encodeGRPCGetInclusiveTldsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.InclusiveResponse](response)
	if err != nil {
		return nil, err
	}
	inc := resp.Inclusion
	return &domainv1.GetInclusiveTldsResponse{
		InclusiveTlds:    nonNil(inc.TLDs),
		InclusiveDomains: nonNil(inc.Domains),
		Remaining:        inc.Remaining,
	}, nil
}

func decodeGRPCSearchGroupRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[domainv1.SearchGroupRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SearchGroupRequest{Query: service.GroupQuery{
		Input:    req.GetDomain(),
		GroupID:  req.GetGroupId(),
		Offset:   int(req.GetOffset()),
		Limit:    int(req.GetLimit()),
		FreeTLDs: req.GetFreeTlds(),
	}}, nil
}

func encodeGRPCSearchGroupResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.SearchGroupResponse](response)
	if err != nil {
		return nil, err
	}
	p := resp.Page
	return &domainv1.SearchGroupResponse{
		Search:     searchToProto(p.Search),
		Results:    resultsToProto(p.Results),
		Total:      int32(p.Total),
		NextOffset: int32(p.NextOffset),
		HasMore:    p.HasMore,
	}, nil
}

func decodeGRPCSearchFullDomainRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[domainv1.SearchFullDomainRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.SearchFullDomainRequest{Input: req.GetDomain(), FreeTLDs: req.GetFreeTlds()}, nil
}

func encodeGRPCSearchFullDomainResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.SearchFullDomainResponse](response)
	if err != nil {
		return nil, err
	}
	return &domainv1.SearchFullDomainResponse{Search: searchToProto(resp.Search), Result: resultToProto(resp.Result)}, nil
}

func decodeGRPCValidateDomainAdditionalFieldsRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[domainv1.ValidateDomainAdditionalFieldsRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	values := make([]domain.FieldValue, 0, len(req.GetFields()))
	for _, f := range req.GetFields() {
		values = append(values, domain.FieldValue{Domain: f.GetDomain(), FieldID: f.GetFieldId(), Value: f.GetValue()})
	}
	return endpoints.ValidateFieldsRequest{Values: values, IncludePostponed: req.GetIncludePostponed()}, nil
}

func encodeGRPCValidateDomainAdditionalFieldsResponse(_ context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ValidateFieldsResponse](response)
	if err != nil {
		return nil, err
	}
	return &domainv1.ValidateDomainAdditionalFieldsResponse{
		Valid:  len(resp.Errors) == 0,
		Errors: mapAll(resp.Errors, fieldErrorToProto),
	}, nil
}

// statusFor maps errors of a method whose input field, when it is the culprit, is field.
func statusFor(field string) func(error) error {
	return func(err error) error { return statusFrom(err, field) }
}
