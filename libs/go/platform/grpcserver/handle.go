package grpcserver

import (
	"context"
	"fmt"

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
