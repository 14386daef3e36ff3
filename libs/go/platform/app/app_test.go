package app_test

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/app"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
	return lis.Addr().String()
}

// The composition root gets a listener on the service address while the admin listener answers
// on its own; both stop when the context ends.
func TestRunServesServiceAndAdmin(t *testing.T) {
	listen, adminAddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- app.Run(ctx, "svc", listen, adminAddr, slog.New(slog.DiscardHandler), func(ctx context.Context, lis net.Listener, _ *slog.Logger) error {
			got <- lis.Addr().String()
			<-ctx.Done()
			return lis.Close()
		})
	}()
	if addr := <-got; addr != listen {
		t.Fatalf("run got a listener on %s, want %s", addr, listen)
	}
	resp, err := http.Get("http://" + adminAddr + "/healthz")
	if err != nil {
		t.Fatalf("admin listener: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("admin /healthz: %d", resp.StatusCode)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run after a clean stop: %v", err)
	}
}

// A composition root that fails takes the admin listener down with it and reports why.
func TestRunReportsFailure(t *testing.T) {
	boom := errors.New("store unreachable")
	err := app.Run(context.Background(), "svc", freeAddr(t), freeAddr(t), slog.New(slog.DiscardHandler), func(context.Context, net.Listener, *slog.Logger) error {
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Run = %v, want the root's error", err)
	}
}

func TestRunRefusesBusyAddress(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
	err = app.Run(context.Background(), "svc", lis.Addr().String(), "", slog.New(slog.DiscardHandler), func(context.Context, net.Listener, *slog.Logger) error {
		t.Fatal("run called without a listener")
		return nil
	})
	if err == nil {
		t.Fatal("Run on a busy address succeeded")
	}
}
