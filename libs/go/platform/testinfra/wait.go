package testinfra

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// WaitServing blocks until the gRPC server at addr reports SERVING on its health service, or fails
// the test after timeout. It watches the health status instead of polling with sleeps: the server
// pushes the change the moment it starts serving.
func WaitServing(t testing.TB, addr string, timeout time.Duration) {
	t.Helper()
	if err := waitServing(addr, timeout); err != nil {
		t.Fatalf("testinfra: %s not serving: %v", addr, err)
	}
}

func waitServing(addr string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	client := healthpb.NewHealthClient(conn)
	for {
		// WaitForReady keeps the call waiting while the listener is not accepting yet.
		stream, err := client.Watch(ctx, &healthpb.HealthCheckRequest{}, grpc.WaitForReady(true))
		if err == nil {
			for {
				resp, rerr := stream.Recv()
				if rerr != nil {
					err = rerr
					break
				}
				if resp.GetStatus() == healthpb.HealthCheckResponse_SERVING {
					return nil
				}
			}
		}
		if ctx.Err() != nil {
			return err
		}
	}
}
