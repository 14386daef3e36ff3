package testinfra

import (
	"context"
	"fmt"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
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
	return Serving(ctx, conn, "")
}

// Serving blocks until the server behind conn reports service ("" for the whole server) SERVING on
// its health service, or ctx ends. It watches the status, so it returns the moment the server
// starts serving, with no polling interval to guess; for TestMain, where there is no *testing.T.
func Serving(ctx context.Context, conn grpc.ClientConnInterface, service string) error {
	client := healthpb.NewHealthClient(conn)
	for {
		// WaitForReady keeps the call waiting while the listener is not accepting yet.
		stream, err := client.Watch(ctx, &healthpb.HealthCheckRequest{Service: service}, grpc.WaitForReady(true))
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
		if ctx.Err() != nil || status.Code(err) == codes.Unimplemented {
			return fmt.Errorf("not serving: %w", err)
		}
	}
}

// ServingUnlessStopped is Serving that gives up as soon as the server's Run returns (its error
// arrives on done, a channel of capacity 1, and is put back for whoever reads it later).
func ServingUnlessStopped(ctx context.Context, conn grpc.ClientConnInterface, service string, done chan error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	res := make(chan error, 1)
	go func() { res <- Serving(ctx, conn, service) }()
	select {
	case err := <-res:
		return err
	case err := <-done:
		done <- err
		return fmt.Errorf("stopped while starting: %v", err)
	}
}
