// Package grpctransport binds the promotion endpoints to the PromotionService gRPC contract.
package grpctransport

import (
	"context"
	"fmt"

	kitgrpc "github.com/go-kit/kit/transport/grpc"

	"github.com/hostcart/checkout/libs/go/apperr"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/services/promotion/endpoints"
)

type server struct {
	promotionv1.UnimplementedPromotionServiceServer

	listPromotions     kitgrpc.Handler
	getPromotionByCode kitgrpc.Handler
	bestAutomatic      kitgrpc.Handler
	redeemCode         kitgrpc.Handler
	revalidate         kitgrpc.Handler
}

// NewServer returns the gRPC PromotionService over the endpoint set, bound with grpcserver.Bind:
// session, brand and client address reach the endpoints through callctx, so go-kit's per-call
// copy of the metadata (about 1.4 % of the process CPU under load on GET /promotions) would buy
// nothing.
func NewServer(set endpoints.Set) promotionv1.PromotionServiceServer {
	return &server{
		listPromotions:     grpcserver.Bind(set.ListPromotions, decodeGRPCListPromotionsRequest, encodeGRPCListPromotionsResponse),
		getPromotionByCode: grpcserver.Bind(set.GetPromotionByCode, decodeGRPCGetPromotionByCodeRequest, encodeGRPCGetPromotionByCodeResponse),
		bestAutomatic:      grpcserver.Bind(set.BestAutomatic, decodeGRPCBestAutomaticPromotionsRequest, encodeGRPCBestAutomaticPromotionsResponse),
		redeemCode:         grpcserver.Bind(set.RedeemCode, decodeGRPCRedeemCodeRequest, encodeGRPCRedeemCodeResponse),
		revalidate:         grpcserver.Bind(set.Revalidate, decodeGRPCRevalidatePromotionsRequest, encodeGRPCRevalidatePromotionsResponse),
	}
}

func (s *server) ListPromotions(ctx context.Context, req *promotionv1.ListPromotionsRequest) (*promotionv1.ListPromotionsResponse, error) {
	return grpcserver.Handle[promotionv1.ListPromotionsResponse](ctx, s.listPromotions, req, statusFrom)
}

func (s *server) GetPromotionByCode(ctx context.Context, req *promotionv1.GetPromotionByCodeRequest) (*promotionv1.GetPromotionByCodeResponse, error) {
	return grpcserver.Handle[promotionv1.GetPromotionByCodeResponse](ctx, s.getPromotionByCode, req, statusFrom)
}

func (s *server) BestAutomaticPromotions(ctx context.Context, req *promotionv1.BestAutomaticPromotionsRequest) (*promotionv1.BestAutomaticPromotionsResponse, error) {
	return grpcserver.Handle[promotionv1.BestAutomaticPromotionsResponse](ctx, s.bestAutomatic, req, statusFrom)
}

func (s *server) RedeemCode(ctx context.Context, req *promotionv1.RedeemCodeRequest) (*promotionv1.RedeemCodeResponse, error) {
	return grpcserver.Handle[promotionv1.RedeemCodeResponse](ctx, s.redeemCode, req, statusFrom)
}

func (s *server) RevalidatePromotions(ctx context.Context, req *promotionv1.RevalidatePromotionsRequest) (*promotionv1.RevalidatePromotionsResponse, error) {
	return grpcserver.Handle[promotionv1.RevalidatePromotionsResponse](ctx, s.revalidate, req, statusFrom)
}

// grpcRequest asserts the request type gRPC handed to a decoder.
func grpcRequest[T any](req any) (*T, error) {
	r, ok := req.(*T)
	if !ok || r == nil {
		return nil, fmt.Errorf("promotion transport: got request %T, want %T: %w", req, r, apperr.InvalidArgument)
	}
	return r, nil
}

// endpointResponse asserts the response type an endpoint returned.
func endpointResponse[T any](response any) (T, error) {
	r, ok := response.(T)
	if !ok {
		return r, fmt.Errorf("promotion transport: endpoint returned %T, want %T", response, r)
	}
	return r, nil
}

// locale is the locale discount labels are given in: the caller's x-locale (en-GB fallback).
func locale(ctx context.Context) string { return callctx.From(ctx).Locale }

func decodeGRPCListPromotionsRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[promotionv1.ListPromotionsRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.ListPromotionsRequest{IncludeManual: req.GetIncludeManual()}, nil
}

func encodeGRPCListPromotionsResponse(ctx context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.ListPromotionsResponse](response)
	if err != nil {
		return nil, err
	}
	out := &promotionv1.ListPromotionsResponse{Promotions: make([]*promotionv1.Promotion, len(resp.Promotions))}
	for i, p := range resp.Promotions {
		out.Promotions[i] = promotionToProto(p, locale(ctx))
	}
	return out, nil
}

func decodeGRPCGetPromotionByCodeRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[promotionv1.GetPromotionByCodeRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.GetPromotionByCodeRequest{Code: req.GetCode()}, nil
}

func encodeGRPCGetPromotionByCodeResponse(ctx context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.GetPromotionByCodeResponse](response)
	if err != nil {
		return nil, err
	}
	return &promotionv1.GetPromotionByCodeResponse{Promotion: promotionToProto(resp.Promotion, locale(ctx))}, nil
}

func decodeGRPCBestAutomaticPromotionsRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[promotionv1.BestAutomaticPromotionsRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.BestAutomaticRequest{Cart: cartFromProto(req.GetCart())}, nil
}

func encodeGRPCBestAutomaticPromotionsResponse(ctx context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.OutcomeResponse](response)
	if err != nil {
		return nil, err
	}
	return &promotionv1.BestAutomaticPromotionsResponse{
		Positions: positionsToProto(resp.Outcome.Positions, locale(ctx)),
		Changed:   resp.Outcome.Changed,
	}, nil
}

func decodeGRPCRedeemCodeRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[promotionv1.RedeemCodeRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.RedeemCodeRequest{Code: req.GetCode(), Cart: cartFromProto(req.GetCart())}, nil
}

func encodeGRPCRedeemCodeResponse(ctx context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.OutcomeResponse](response)
	if err != nil {
		return nil, err
	}
	out := &promotionv1.RedeemCodeResponse{
		Positions: positionsToProto(resp.Outcome.Positions, locale(ctx)),
		Changed:   resp.Outcome.Changed,
		Notices:   noticesToProto(resp.Outcome.Notices),
	}
	if resp.Promotion != nil {
		out.Promotion = promotionToProto(*resp.Promotion, locale(ctx))
	}
	return out, nil
}

func decodeGRPCRevalidatePromotionsRequest(_ context.Context, grpcReq any) (any, error) {
	req, err := grpcRequest[promotionv1.RevalidatePromotionsRequest](grpcReq)
	if err != nil {
		return nil, err
	}
	return endpoints.RevalidateRequest{Cart: cartFromProto(req.GetCart())}, nil
}

func encodeGRPCRevalidatePromotionsResponse(ctx context.Context, response any) (any, error) {
	resp, err := endpointResponse[endpoints.OutcomeResponse](response)
	if err != nil {
		return nil, err
	}
	return &promotionv1.RevalidatePromotionsResponse{
		Positions: positionsToProto(resp.Outcome.Positions, locale(ctx)),
		Changed:   resp.Outcome.Changed,
		Notices:   noticesToProto(resp.Outcome.Notices),
	}, nil
}
