// Command refserver is a yardstick for the load test: it answers POST /api/v2/domain-availability
// with a fixed 5-result body of the same shape and size as the gateway's, either straight from a
// bare gin handler (-mode bare, reference A) or after one unary gRPC call on loopback to a trivial
// gRPC server in the same process (-mode grpc, reference B: the floor cost of any gateway-plus-
// service path). Nothing else happens on either path: no middleware, logging or telemetry.
package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

//go:embed body.json
var body []byte

const route = "/api/v2/domain-availability"

func main() {
	mode := flag.String("mode", "bare", "bare (A: gin only) or grpc (B: gin plus one loopback gRPC call)")
	addr := flag.String("addr", "127.0.0.1:18081", "HTTP listen address")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *mode, *addr); err != nil {
		fmt.Fprintln(os.Stderr, "refserver:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, mode, addr string) error {
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	engine.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	switch mode {
	case "bare":
		engine.POST(route, func(c *gin.Context) {
			_, _ = io.Copy(io.Discard, c.Request.Body)
			c.Data(http.StatusOK, "application/json; charset=utf-8", body)
		})
	case "grpc":
		client, stopGRPC, err := trivialGRPC()
		if err != nil {
			return err
		}
		defer stopGRPC()
		engine.POST(route, func(c *gin.Context) {
			_, _ = io.Copy(io.Discard, c.Request.Body)
			if _, err := client.Check(c.Request.Context(), &healthpb.HealthCheckRequest{}); err != nil {
				c.AbortWithStatusJSON(http.StatusServiceUnavailable, gin.H{"error": "error.service_unavailable"})
				return
			}
			c.Data(http.StatusOK, "application/json; charset=utf-8", body)
		})
	default:
		return fmt.Errorf("unknown -mode %q: want bare or grpc", mode)
	}

	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: engine, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(lis) }()
	fmt.Fprintf(os.Stderr, "refserver %s listening on %s\n", mode, lis.Addr())
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// trivialGRPC serves the standard health service on a loopback port and returns a client of it:
// the cheapest real unary call there is (HTTP/2 framing, protobuf, one round trip).
func trivialGRPC() (healthpb.HealthClient, func(), error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, fmt.Errorf("listen grpc: %w", err)
	}
	srv := grpc.NewServer()
	healthpb.RegisterHealthServer(srv, health.NewServer())
	go func() { _ = srv.Serve(lis) }()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		srv.Stop()
		return nil, nil, fmt.Errorf("dial grpc: %w", err)
	}
	return healthpb.NewHealthClient(conn), func() {
		_ = conn.Close()
		srv.GracefulStop()
	}, nil
}
