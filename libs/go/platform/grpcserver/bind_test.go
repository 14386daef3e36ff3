package grpcserver_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"syscall"
	"testing"

	"github.com/go-kit/kit/endpoint"
	kitgrpc "github.com/go-kit/kit/transport/grpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/logging"
)

func TestBind(t *testing.T) {
	dec := func(_ context.Context, req any) (any, error) {
		if req == "bad" {
			return nil, errors.New("decode")
		}
		return req, nil
	}
	e := func(_ context.Context, req any) (any, error) {
		if req == "fail" {
			return nil, errors.New("endpoint")
		}
		return req, nil
	}
	enc := func(_ context.Context, resp any) (any, error) {
		if resp == "unencodable" {
			return nil, errors.New("encode")
		}
		return "<" + resp.(string) + ">", nil
	}
	h := grpcserver.Bind(e, dec, enc)
	if _, resp, err := h.ServeGRPC(context.Background(), "ok"); err != nil || resp != "<ok>" {
		t.Fatalf("ServeGRPC(ok) = %v, %v; want <ok>", resp, err)
	}
	for req, want := range map[string]string{"bad": "decode", "fail": "endpoint", "unencodable": "encode"} {
		if _, resp, err := h.ServeGRPC(context.Background(), req); err == nil || err.Error() != want || resp != nil {
			t.Errorf("ServeGRPC(%s) = %v, %v; want the %s error and no response", req, resp, err, want)
		}
	}
}

// boundCatalog answers GetSessionLocale through a go-kit handler, as the services' transports do.
type boundCatalog struct {
	catalogv1.UnimplementedCatalogServiceServer
	h kitgrpc.Handler
}

func (c *boundCatalog) GetSessionLocale(ctx context.Context, req *catalogv1.GetSessionLocaleRequest) (*catalogv1.GetSessionLocaleResponse, error) {
	return grpcserver.Handle[catalogv1.GetSessionLocaleResponse](ctx, c.h, req, func(err error) error { return err })
}

// BenchmarkBinding compares go-kit's grpc.Server with Bind on a whole loopback call through the
// platform's server (interceptors, info-level logging) with the gateway's call metadata, so the
// difference is set against the cost of an RPC, not of the binding alone. The endpoint does no
// work: a real one only makes the binding's share smaller. cpu-ns/op is client and server CPU
// per call. Compare the two in one run:
//
//	cd libs/go && go test -run '^$' -bench Binding -benchmem -count 5 ./platform/grpcserver/
func BenchmarkBinding(b *testing.B) {
	e := endpoint.Endpoint(func(_ context.Context, _ any) (any, error) { return "de-DE", nil })
	dec := func(_ context.Context, req any) (any, error) { return req, nil }
	enc := func(_ context.Context, resp any) (any, error) {
		return &catalogv1.GetSessionLocaleResponse{Code: resp.(string)}, nil
	}
	for _, bc := range []struct {
		name string
		h    kitgrpc.Handler
	}{
		{"gokit", kitgrpc.NewServer(e, dec, enc)},
		{"bind", grpcserver.Bind(e, dec, enc)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			client := serveBench(b, &boundCatalog{h: bc.h})
			ctx := callctx.With(context.Background(), callctx.Values{
				SessionID: "Y5cl5iFVXyeoXm-OmJEA0UDWawBMXN5evoEji-fpehg", BrandID: 1, Locale: "de-DE",
				RequestID: "01JQ8Z5W6Y7X8V9T0S1R2Q3P4N", ClientIP: "203.0.113.7",
			})
			ctx = metadata.AppendToOutgoingContext(ctx, "traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				if _, err := client.GetSessionLocale(ctx, &catalogv1.GetSessionLocaleRequest{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// processCPU is the process's user and system CPU time in ns: one call's wall time on a shared
// machine is mostly waiting for the scheduler, its CPU time is what the binding changes.
func processCPU() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func serveBench(b *testing.B, svc catalogv1.CatalogServiceServer) catalogv1.CatalogServiceClient {
	b.Helper()
	srv := grpcserver.New("catalog", logging.New("catalog", io.Discard, slog.LevelInfo), grpcserver.Config{})
	catalogv1.RegisterCatalogServiceServer(srv.GRPC(), svc)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis) }()
	conn, err := grpc.NewClient(lis.Addr().String(),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(callctx.UnaryClientInterceptor()))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = conn.Close()
		cancel()
		<-done
	})
	return catalogv1.NewCatalogServiceClient(conn)
}
