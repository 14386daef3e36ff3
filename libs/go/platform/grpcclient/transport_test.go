package grpcclient_test

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
)

// echoDesc is a one-method service that answers the bytes it got, so a test can send messages of
// any size through the platform's client and server.
var echoDesc = grpc.ServiceDesc{
	ServiceName: "test.Echo",
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{{
		MethodName: "Echo",
		Handler: func(_ any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
			in := new(wrapperspb.BytesValue)
			if err := dec(in); err != nil {
				return nil, err
			}
			echo := func(context.Context, any) (any, error) { return in, nil }
			if interceptor == nil {
				return echo(ctx, in)
			}
			return interceptor(ctx, in, &grpc.UnaryServerInfo{FullMethod: "/test.Echo/Echo"}, echo)
		},
	}},
}

// The static flow-control windows (Dial, grpcserver.New) are smaller than the largest message
// gRPC accepts (4 MiB by default) and than several such messages at once: the windows must refill
// while a message is under way, in both directions, on one stream and across concurrent streams of
// the connection. The receive limit itself is unchanged.
func TestLargeMessagesPassTheStaticWindows(t *testing.T) {
	conn, _ := serveAndDial(t, grpcclient.Config{Timeout: 10 * time.Second}, func(s *grpc.Server) { s.RegisterService(&echoDesc, struct{}{}) })
	const size = 4<<20 - 1<<10 // just below the default 4 MiB receive limit, with room for framing
	var wg sync.WaitGroup
	for i := range 6 { // 6 × ~4 MiB each way: more than the connection's window
		wg.Add(1)
		go func() {
			defer wg.Done()
			payload := bytes.Repeat([]byte{byte('a' + i)}, size)
			out := new(wrapperspb.BytesValue)
			if err := conn.Invoke(context.Background(), "/test.Echo/Echo", wrapperspb.Bytes(payload), out); err != nil {
				t.Errorf("call %d: %v", i, err)
				return
			}
			if !bytes.Equal(out.GetValue(), payload) {
				t.Errorf("call %d: answer of %d bytes differs from the %d sent", i, len(out.GetValue()), size)
			}
		}()
	}
	wg.Wait()

	tooLarge := wrapperspb.Bytes(make([]byte, 4<<20+1))
	err := conn.Invoke(context.Background(), "/test.Echo/Echo", tooLarge, new(wrapperspb.BytesValue))
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("message above 4 MiB: err = %v, want ResourceExhausted from the server's limit", err)
	}
}
