package redisconn_test

import (
	"context"
	"errors"
	"testing"

	"github.com/alicebob/miniredis/v2"

	"github.com/hostcart/checkout/libs/go/platform/redisconn"
)

func TestRefusesWithoutURLUnlessEmbeddedIsAllowed(t *testing.T) {
	if _, _, err := redisconn.Open(context.Background(), redisconn.Config{}, nil); !errors.Is(err, redisconn.ErrNoURL) {
		t.Fatalf("Open without URL = %v, want ErrNoURL", err)
	}
	client, closeFn, err := redisconn.Open(context.Background(), redisconn.Config{Embedded: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	if err := client.Set(context.Background(), "k", "v", 0).Err(); err != nil {
		t.Fatalf("in-process server does not answer: %v", err)
	}
}

func TestConnectsToURL(t *testing.T) {
	mr := miniredis.RunT(t)
	mr.Set("greeting", "hello")
	client, closeFn, err := redisconn.Open(context.Background(), redisconn.Config{URL: "redis://" + mr.Addr()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	if got, err := client.Get(context.Background(), "greeting").Result(); err != nil || got != "hello" {
		t.Fatalf("Get = %q, %v; want the server's value", got, err)
	}
}

func TestBadURLIsAnError(t *testing.T) {
	if _, _, err := redisconn.Open(context.Background(), redisconn.Config{URL: "http://nope"}, nil); err == nil {
		t.Fatal("Open with a non-redis URL succeeded")
	}
}

// An unreachable server is not fatal at start: the client comes back and reconnects later.
func TestUnreachableServerIsNotFatal(t *testing.T) {
	client, closeFn, err := redisconn.Open(context.Background(), redisconn.Config{URL: "redis://127.0.0.1:1/0"}, nil)
	if err != nil || client == nil {
		t.Fatalf("Open = %v, want a client that reconnects later", err)
	}
	closeFn()
}

// Calls end by their context's deadline (a route's, a gRPC caller's), not only by go-redis's own
// read timeout and retries: the fault matrix saw a slow Redis hold 3 s routes for 12 s.
func TestCallsEndByTheirContextsDeadline(t *testing.T) {
	mr := miniredis.RunT(t)
	client, closeFn, err := redisconn.Open(context.Background(), redisconn.Config{URL: "redis://" + mr.Addr()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFn()
	if !client.Options().ContextTimeoutEnabled {
		t.Fatal("ContextTimeoutEnabled is off: calls would outlive their deadline")
	}
}
