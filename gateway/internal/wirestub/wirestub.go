// Package wirestub answers any gRPC call in memory for the gateway's fuzz targets. A call crosses
// the real gRPC client, its codec and its metadata checks, so a request a visitor shaped that gRPC
// cannot send (a string that is no UTF-8, a header value that is not printable ASCII) fails there
// as it would in production, where it answers 500 instead of a client error. Every call is
// recorded and answered with the empty message of its response type, so one stub stands in for
// every service without a fake per service.
package wirestub

import (
	"context"
	"net"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"
)

// Call is one recorded call: the full method name ("/checkout.cart.v1.CartService/ReplaceCart"),
// the request as it went over the wire and the metadata it carried.
type Call struct {
	Method string
	Req    []byte
	MD     metadata.MD
}

// Decode reads the recorded request into msg.
func (c Call) Decode(msg proto.Message) error { return proto.Unmarshal(c.Req, msg) }

// Server records the calls it receives.
type Server struct {
	mu    sync.Mutex
	calls []Call
}

// Take returns the calls recorded since the last Take and forgets them.
func (s *Server) Take() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	calls := s.calls
	s.calls = nil
	return calls
}

// Dial serves a stub until the test ends and returns a client connection to it, on which any
// service's client may be built.
func Dial(t testing.TB) (*grpc.ClientConn, *Server) {
	t.Helper()
	s := &Server{}
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer(grpc.UnknownServiceHandler(s.handle), grpc.ForceServerCodecV2(rawCodec{}))
	go func() { _ = srv.Serve(lis) }()
	conn, err := grpc.NewClient("passthrough:///wirestub",
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }))
	if err != nil {
		t.Fatalf("wirestub: %v", err)
	}
	t.Cleanup(func() {
		_ = conn.Close()
		srv.Stop()
	})
	return conn, s
}

func (s *Server) handle(_ any, stream grpc.ServerStream) error {
	method, _ := grpc.MethodFromServerStream(stream)
	var req []byte
	if err := stream.RecvMsg(&req); err != nil {
		return err
	}
	md, _ := metadata.FromIncomingContext(stream.Context())
	s.mu.Lock()
	s.calls = append(s.calls, Call{Method: method, Req: req, MD: md})
	s.mu.Unlock()
	// No bytes are the empty message of any type.
	return stream.SendMsg(&[]byte{})
}

// rawCodec passes messages through as their bytes: the stub needs no service's types.
type rawCodec struct{}

func (rawCodec) Name() string { return "proto" }

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(*v.(*[]byte))}, nil
}

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}

var _ encoding.CodecV2 = rawCodec{}
