package grpcserver

import (
	"context"
	"fmt"

	"github.com/go-kit/kit/endpoint"
	kitgrpc "github.com/go-kit/kit/transport/grpc"
)

// Handle runs one go-kit gRPC handler for a generated service method and hands back its typed
// response. toStatus is the service's one mapping of its errors to gRPC statuses; it also receives
// the (programming) error of an encoder that produced the wrong type.
func Handle[Resp any](ctx context.Context, h kitgrpc.Handler, req any, toStatus func(error) error) (*Resp, error) {
	_, resp, err := h.ServeGRPC(ctx, req)
	if err != nil {
		return nil, toStatus(err)
	}
	out, ok := resp.(*Resp)
	if !ok {
		return nil, toStatus(fmt.Errorf("grpc transport: encoded %T, want %T", resp, out))
	}
	return out, nil
}

// Bind binds an endpoint to its RPC: decode, endpoint, encode. It is go-kit's grpc.Server without
// the per-call copy of the call's whole metadata that grpc.Server makes for ServerBefore functions
// (and without those hooks): session, brand, locale and client address reach the endpoints through
// callctx, read once by the platform's interceptor. BenchmarkBinding measures the difference.
func Bind(e endpoint.Endpoint, dec kitgrpc.DecodeRequestFunc, enc kitgrpc.EncodeResponseFunc) kitgrpc.Handler {
	return binding{endpoint: e, decode: dec, encode: enc}
}

type binding struct {
	endpoint endpoint.Endpoint
	decode   kitgrpc.DecodeRequestFunc
	encode   kitgrpc.EncodeResponseFunc
}

func (b binding) ServeGRPC(ctx context.Context, grpcReq any) (context.Context, any, error) {
	req, err := b.decode(ctx, grpcReq)
	if err != nil {
		return ctx, nil, err
	}
	resp, err := b.endpoint(ctx, req)
	if err != nil {
		return ctx, nil, err
	}
	grpcResp, err := b.encode(ctx, resp)
	if err != nil {
		return ctx, nil, err
	}
	return ctx, grpcResp, nil
}
