// Package fakeserve runs the gateway's fake services over real gRPC on a loopback port with the
// platform server (interceptors, health), so tests exercise the same wire path as production, and
// records what the fakes were asked.
package fakeserve

import (
	"context"
	"net"
	"slices"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/logging"
)

// Serve starts a server named name, lets register add the fake's services to it, serves until the
// test ends and returns the address.
func Serve(t testing.TB, name string, register func(*grpc.Server)) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("%s: listen: %v", name, err)
	}
	srv := grpcserver.New(name, logging.Discard(), grpcserver.Config{})
	register(srv.GRPC())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("%s: serve: %v", name, err)
		}
	})
	return lis.Addr().String()
}

// Call is one recorded request: the rpc name, the request context the gateway sent and the
// request.
type Call struct {
	Method string
	Values callctx.Values
	Req    proto.Message
}

// Recorder records the calls a fake receives and can make them fail; fakes embed it.
type Recorder struct {
	mu       sync.Mutex
	calls    []Call
	failWith error
}

// FailWith makes every following call fail with err; nil restores normal answers.
func (r *Recorder) FailWith(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failWith = err
}

// Calls returns the calls recorded so far.
func (r *Recorder) Calls() []Call {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}

// CallsTo returns the recorded calls of one rpc, e.g. "CheckAvailability".
func (r *Recorder) CallsTo(method string) []Call {
	var out []Call
	for _, call := range r.Calls() {
		if call.Method == method {
			out = append(out, call)
		}
	}
	return out
}

// Record notes a call and returns the error it should fail with, nil for a normal answer.
func (r *Recorder) Record(ctx context.Context, method string, req proto.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, Call{Method: method, Values: callctx.From(ctx), Req: proto.Clone(req)})
	return r.failWith
}
