// Package endpoints turns each domain use case into a go-kit endpoint, the unit transports bind to
// and middlewares (rate limit, logging) wrap.
package endpoints

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/services/domain/domain"
	"github.com/hostcart/checkout/services/domain/service"
)

// Set has one endpoint per RPC of the domain contract.
type Set struct {
	ListTLDs          endpoint.Endpoint
	ListGroups        endpoint.Endpoint
	NormalizeSearch   endpoint.Endpoint
	CheckAvailability endpoint.Endpoint
	Recommend         endpoint.Endpoint
	Inclusive         endpoint.Endpoint
	SearchGroup       endpoint.Endpoint
	SearchFullDomain  endpoint.Endpoint
	ValidateFields    endpoint.Endpoint
}

// Options configure the set.
type Options struct {
	// RegistryGuard wraps the endpoints that reach the registry (availability, recommendations,
	// group and full-domain search): normally the rate limit.
	RegistryGuard endpoint.Middleware
	// All wrap every endpoint, the first one outermost.
	All []endpoint.Middleware
}

// New builds the set over svc.
func New(svc service.Service, opts Options) Set {
	wrap := func(e endpoint.Endpoint) endpoint.Endpoint {
		if len(opts.All) == 0 {
			return e
		}
		return endpoint.Chain(opts.All[0], opts.All[1:]...)(e)
	}
	guarded := func(e endpoint.Endpoint) endpoint.Endpoint {
		if opts.RegistryGuard != nil {
			e = opts.RegistryGuard(e)
		}
		return wrap(e)
	}
	return Set{
		ListTLDs:          wrap(makeListTLDs(svc)),
		ListGroups:        wrap(makeListGroups(svc)),
		NormalizeSearch:   wrap(makeNormalizeSearch(svc)),
		CheckAvailability: guarded(makeCheckAvailability(svc)),
		Recommend:         guarded(makeRecommend(svc)),
		Inclusive:         wrap(makeInclusive(svc)),
		SearchGroup:       guarded(makeSearchGroup(svc)),
		SearchFullDomain:  guarded(makeSearchFullDomain(svc)),
		ValidateFields:    wrap(makeValidateFields(svc)),
	}
}

// Requests and responses of the endpoints, in domain terms.
type (
	ListTLDsRequest  struct{}
	ListTLDsResponse struct{ TLDs []domain.TLD }

	ListGroupsRequest  struct{}
	ListGroupsResponse struct{ Groups []domain.Group }

	NormalizeSearchRequest struct{ Input string }
	// NormalizeSearchResponse carries either the search or the input error.
	NormalizeSearchResponse struct {
		Search domain.Search
		Error  *domain.InputError
	}

	CheckAvailabilityRequest struct {
		Names    []string
		FreeTLDs []string
	}
	CheckAvailabilityResponse struct{ Results []domain.Result }

	RecommendRequest struct {
		Input    string
		Limit    int
		FreeTLDs []string
	}
	RecommendResponse struct {
		Search  domain.Search
		Results []domain.Result
	}

	InclusiveRequest struct {
		Free        domain.FreeTLDs
		Domains     []string
		AlreadyUsed int32
	}
	InclusiveResponse struct{ Inclusion domain.Inclusion }

	SearchGroupRequest  struct{ Query service.GroupQuery }
	SearchGroupResponse struct{ Page service.GroupPage }

	SearchFullDomainRequest struct {
		Input    string
		FreeTLDs []string
	}
	SearchFullDomainResponse struct {
		Search domain.Search
		Result domain.Result
	}

	ValidateFieldsRequest struct {
		Values           []domain.FieldValue
		IncludePostponed bool
	}
	ValidateFieldsResponse struct{ Errors []domain.FieldError }
)

func makeListTLDs(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		ts, err := svc.ListTLDs(ctx)
		if err != nil {
			return nil, err
		}
		return ListTLDsResponse{TLDs: ts}, nil
	}
}

func makeListGroups(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		gs, err := svc.ListGroups(ctx)
		if err != nil {
			return nil, err
		}
		return ListGroupsResponse{Groups: gs}, nil
	}
}

func makeNormalizeSearch(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[NormalizeSearchRequest](request)
		if err != nil {
			return nil, err
		}
		s, err := svc.NormalizeSearch(ctx, req.Input)
		var inErr *domain.InputError
		if errors.As(err, &inErr) {
			// Invalid input is this call's answer, not its failure.
			return NormalizeSearchResponse{Error: inErr}, nil
		}
		if err != nil {
			return nil, err
		}
		return NormalizeSearchResponse{Search: s}, nil
	}
}

func makeCheckAvailability(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[CheckAvailabilityRequest](request)
		if err != nil {
			return nil, err
		}
		rs, err := svc.CheckAvailability(ctx, req.Names, req.FreeTLDs)
		if err != nil {
			return nil, err
		}
		return CheckAvailabilityResponse{Results: rs}, nil
	}
}

func makeRecommend(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[RecommendRequest](request)
		if err != nil {
			return nil, err
		}
		s, rs, err := svc.Recommend(ctx, req.Input, req.Limit, req.FreeTLDs)
		if err != nil {
			return nil, err
		}
		return RecommendResponse{Search: s, Results: rs}, nil
	}
}

func makeInclusive(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[InclusiveRequest](request)
		if err != nil {
			return nil, err
		}
		inc, err := svc.Inclusive(ctx, req.Free, req.Domains, req.AlreadyUsed)
		if err != nil {
			return nil, err
		}
		return InclusiveResponse{Inclusion: inc}, nil
	}
}

func makeSearchGroup(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[SearchGroupRequest](request)
		if err != nil {
			return nil, err
		}
		p, err := svc.SearchGroup(ctx, req.Query)
		if err != nil {
			return nil, err
		}
		return SearchGroupResponse{Page: p}, nil
	}
}

func makeSearchFullDomain(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[SearchFullDomainRequest](request)
		if err != nil {
			return nil, err
		}
		s, r, err := svc.SearchFullDomain(ctx, req.Input, req.FreeTLDs)
		if err != nil {
			return nil, err
		}
		return SearchFullDomainResponse{Search: s, Result: r}, nil
	}
}

func makeValidateFields(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[ValidateFieldsRequest](request)
		if err != nil {
			return nil, err
		}
		errs, err := svc.ValidateFields(ctx, req.Values, req.IncludePostponed)
		if err != nil {
			return nil, err
		}
		return ValidateFieldsResponse{Errors: errs}, nil
	}
}

// requestAs guards the endpoints against a transport handing them the wrong request type.
func requestAs[T any](request any) (T, error) {
	req, ok := request.(T)
	if !ok {
		return req, fmt.Errorf("domain endpoint: got request %T, want %T", request, req)
	}
	return req, nil
}
