package grpcserver_test

import (
	"context"
	"errors"
	"testing"

	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
)

type handlerFunc func(ctx context.Context, req any) (context.Context, any, error)

func (f handlerFunc) ServeGRPC(ctx context.Context, req any) (context.Context, any, error) {
	return f(ctx, req)
}

var _ kitgrpc.Handler = handlerFunc(nil)

func toStatus(err error) error { return status.Error(codes.FailedPrecondition, "mapped: "+err.Error()) }

func TestHandle(t *testing.T) {
	want := &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_SERVING}
	ok := handlerFunc(func(ctx context.Context, _ any) (context.Context, any, error) { return ctx, want, nil })
	got, err := grpcserver.Handle[healthpb.HealthCheckResponse](context.Background(), ok, nil, toStatus)
	if err != nil || got != want {
		t.Fatalf("Handle = %v, %v; want the handler's response", got, err)
	}

	failing := handlerFunc(func(ctx context.Context, _ any) (context.Context, any, error) {
		return ctx, nil, errors.New("sold out")
	})
	if _, err := grpcserver.Handle[healthpb.HealthCheckResponse](context.Background(), failing, nil, toStatus); status.Convert(err).Message() != "mapped: sold out" {
		t.Fatalf("error = %v, want it mapped by toStatus", err)
	}

	wrongType := handlerFunc(func(ctx context.Context, _ any) (context.Context, any, error) { return ctx, "text", nil })
	if _, err := grpcserver.Handle[healthpb.HealthCheckResponse](context.Background(), wrongType, nil, toStatus); status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("wrong response type: %v, want an error through toStatus", err)
	}
}
