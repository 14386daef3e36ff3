// Package endpoints turns each promotion use case into a go-kit endpoint, the unit transports bind
// to and middlewares (rate limit, logging) wrap.
package endpoints

import (
	"context"
	"fmt"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/services/promotion/domain"
	"github.com/hostcart/checkout/services/promotion/service"
)

// Set has one endpoint per RPC of the promotion contract.
type Set struct {
	ListPromotions     endpoint.Endpoint
	GetPromotionByCode endpoint.Endpoint
	BestAutomatic      endpoint.Endpoint
	RedeemCode         endpoint.Endpoint
	Revalidate         endpoint.Endpoint
}

// Options configure the set.
type Options struct {
	// CodeGuard wraps the endpoints that look a code up (GetPromotionByCode, RedeemCode):
	// normally the rate limit, since guessing codes costs a guesser nothing else.
	CodeGuard endpoint.Middleware
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
		if opts.CodeGuard != nil {
			e = opts.CodeGuard(e)
		}
		return wrap(e)
	}
	return Set{
		ListPromotions:     wrap(makeListPromotions(svc)),
		GetPromotionByCode: guarded(makeGetPromotionByCode(svc)),
		BestAutomatic:      wrap(makeBestAutomatic(svc)),
		RedeemCode:         guarded(makeRedeemCode(svc)),
		Revalidate:         wrap(makeRevalidate(svc)),
	}
}

// Requests and responses of the endpoints, in domain terms.
type (
	ListPromotionsRequest  struct{ IncludeManual bool }
	ListPromotionsResponse struct{ Promotions []domain.Promotion }

	GetPromotionByCodeRequest  struct{ Code string }
	GetPromotionByCodeResponse struct{ Promotion domain.Promotion }

	BestAutomaticRequest struct{ Cart domain.Cart }
	RedeemCodeRequest    struct {
		Code string
		Cart domain.Cart
	}
	RevalidateRequest struct{ Cart domain.Cart }

	// OutcomeResponse answers the cart decisions; Promotion is set by RedeemCode only.
	OutcomeResponse struct {
		Promotion *domain.Promotion
		Outcome   domain.Outcome
	}
)

func makeListPromotions(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[ListPromotionsRequest](request)
		if err != nil {
			return nil, err
		}
		ps, err := svc.ListPromotions(ctx, req.IncludeManual)
		if err != nil {
			return nil, err
		}
		return ListPromotionsResponse{Promotions: ps}, nil
	}
}

func makeGetPromotionByCode(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[GetPromotionByCodeRequest](request)
		if err != nil {
			return nil, err
		}
		p, err := svc.GetPromotionByCode(ctx, req.Code)
		if err != nil {
			return nil, err
		}
		return GetPromotionByCodeResponse{Promotion: p}, nil
	}
}

func makeBestAutomatic(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[BestAutomaticRequest](request)
		if err != nil {
			return nil, err
		}
		o, err := svc.BestAutomatic(ctx, req.Cart)
		if err != nil {
			return nil, err
		}
		return OutcomeResponse{Outcome: o}, nil
	}
}

func makeRedeemCode(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[RedeemCodeRequest](request)
		if err != nil {
			return nil, err
		}
		p, o, err := svc.RedeemCode(ctx, req.Code, req.Cart)
		if err != nil {
			return nil, err
		}
		return OutcomeResponse{Promotion: &p, Outcome: o}, nil
	}
}

func makeRevalidate(svc service.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req, err := requestAs[RevalidateRequest](request)
		if err != nil {
			return nil, err
		}
		o, err := svc.Revalidate(ctx, req.Cart)
		if err != nil {
			return nil, err
		}
		return OutcomeResponse{Outcome: o}, nil
	}
}

// requestAs guards the endpoints against a transport handing them the wrong request type.
func requestAs[T any](request any) (T, error) {
	req, ok := request.(T)
	if !ok {
		return req, fmt.Errorf("promotion endpoint: got request %T, want %T", request, req)
	}
	return req, nil
}
