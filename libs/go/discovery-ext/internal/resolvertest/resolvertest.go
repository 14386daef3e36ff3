// Package resolvertest holds what the resolvers' tests share: a recording resolver.ClientConn,
// real gRPC health servers on loopback that count the calls they serve, and a client calling them
// in a loop.
package resolvertest

import (
	"context"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/resolver"
	"google.golang.org/grpc/serviceconfig"

	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
)

// ClientConn records what a resolver pushes.
type ClientConn struct {
	mu      sync.Mutex
	states  [][]string
	configs []string
	errs    []error
	changed chan struct{}
}

// NewClientConn returns an empty recorder.
func NewClientConn() *ClientConn { return &ClientConn{changed: make(chan struct{})} }

var _ resolver.ClientConn = (*ClientConn)(nil)

func (c *ClientConn) notify() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// UpdateState records the addresses of s.
func (c *ClientConn) UpdateState(s resolver.State) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var addrs []string
	for _, ep := range s.Endpoints {
		for _, a := range ep.Addresses {
			addrs = append(addrs, a.Addr)
		}
	}
	for _, a := range s.Addresses {
		addrs = append(addrs, a.Addr)
	}
	slices.Sort(addrs)
	c.states = append(c.states, addrs)
	c.notify()
	return nil
}

// ReportError records err.
func (c *ClientConn) ReportError(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.errs = append(c.errs, err)
	c.notify()
}

// NewAddress is the deprecated form of UpdateState.
func (c *ClientConn) NewAddress(addrs []resolver.Address) {
	_ = c.UpdateState(resolver.State{Addresses: addrs})
}

// ParseServiceConfig records the service config a resolver asks for.
func (c *ClientConn) ParseServiceConfig(js string) *serviceconfig.ParseResult {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.configs = append(c.configs, js)
	return &serviceconfig.ParseResult{}
}

// Pushes returns how many states were pushed.
func (c *ClientConn) Pushes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.states)
}

// Errors returns how many errors were reported.
func (c *ClientConn) Errors() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.errs)
}

// Configs returns the service configs asked for, one per push.
func (c *ClientConn) Configs() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.configs)
}

// WaitFor waits until the last pushed state is exactly want (in any order), failing after 5 s.
func (c *ClientConn) WaitFor(t *testing.T, want ...string) {
	t.Helper()
	want = slices.Clone(want)
	slices.Sort(want)
	deadline := time.After(5 * time.Second)
	for {
		c.mu.Lock()
		var last []string
		n := len(c.states)
		if n > 0 {
			last = c.states[n-1]
		}
		ch := c.changed
		c.mu.Unlock()
		if n > 0 && slices.Equal(last, want) {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("resolver pushed %v (%d pushes), want %v", last, n, want)
		}
	}
}

// WaitErrors waits until at least n errors were reported.
func (c *ClientConn) WaitErrors(t *testing.T, n int) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		c.mu.Lock()
		got, ch := len(c.errs), c.changed
		c.mu.Unlock()
		if got >= n {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("resolver reported %d errors, want %d", got, n)
		}
	}
}

// Server is a platform gRPC server (grpc.health.v1 only) on loopback counting the unary calls it
// serves.
type Server struct {
	Addr  string
	calls atomic.Int64
	stop  context.CancelFunc
	done  chan error
	once  sync.Once
}

// StartServer starts a server; the test's cleanup stops it.
func StartServer(t *testing.T) *Server {
	t.Helper()
	s := &Server{done: make(chan error, 1)}
	count := func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		s.calls.Add(1)
		return h(ctx, req)
	}
	srv := grpcserver.New("echo", nil, grpcserver.Config{ShutdownGrace: 2 * time.Second}, grpc.ChainUnaryInterceptor(count))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.Addr = lis.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	go func() { s.done <- srv.Serve(ctx, lis) }()
	t.Cleanup(func() { s.Stop(t) })
	return s
}

// Calls returns how many unary calls the server has served.
func (s *Server) Calls() int64 { return s.calls.Load() }

// Host and Port split Addr.
func (s *Server) Host() string { h, _, _ := net.SplitHostPort(s.Addr); return h }

// Port returns the server's port.
func (s *Server) Port() int {
	_, p, _ := net.SplitHostPort(s.Addr)
	var n int
	_, _ = fmt.Sscanf(p, "%d", &n)
	return n
}

// Stop shuts the server down the way a process does on SIGTERM: health NOT_SERVING, then a
// graceful stop letting in-flight calls finish. It returns when the server has stopped.
func (s *Server) Stop(t *testing.T) {
	s.once.Do(func() {
		s.stop()
		if err := <-s.done; err != nil {
			t.Errorf("Serve %s: %v", s.Addr, err)
		}
	})
}

// Caller calls grpc.health.v1 Check through target in a loop from a few goroutines and counts the
// failures, until stopped.
type Caller struct {
	Conn     *grpc.ClientConn
	ok, fail atomic.Int64
	mu       sync.Mutex
	firstErr error
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// StartCaller dials target with the platform client (no retries, so no failure is hidden) and
// starts calling.
func StartCaller(t *testing.T, target string, opts ...grpc.DialOption) *Caller {
	t.Helper()
	conn, err := grpcclient.Dial(target, nil, grpcclient.Config{Timeout: 3 * time.Second, BreakerFailures: 1000}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &Caller{Conn: conn, cancel: cancel}
	client := healthpb.NewHealthClient(conn)
	for range 2 {
		c.wg.Add(1)
		go func() {
			defer c.wg.Done()
			for ctx.Err() == nil {
				_, err := client.Check(ctx, &healthpb.HealthCheckRequest{})
				switch {
				case ctx.Err() != nil:
					return
				case err != nil:
					c.fail.Add(1)
					c.mu.Lock()
					if c.firstErr == nil {
						c.firstErr = err
					}
					c.mu.Unlock()
				default:
					c.ok.Add(1)
				}
			}
		}()
	}
	t.Cleanup(func() { c.Stop(); _ = conn.Close() })
	return c
}

// Stop ends the loop and waits for the calls in flight.
func (c *Caller) Stop() {
	c.cancel()
	c.wg.Wait()
}

// OK returns the number of successful calls.
func (c *Caller) OK() int64 { return c.ok.Load() }

// CheckNoFailures fails the test if any call failed.
func (c *Caller) CheckNoFailures(t *testing.T) {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := c.fail.Load(); n > 0 {
		t.Errorf("%d of %d calls failed, first: %v", n, n+c.ok.Load(), c.firstErr)
	}
}

// WaitUntil polls cond every 5 ms for up to 5 s.
func WaitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Followed waits until gone gets no more calls while stay keeps getting them: at least 100 calls
// in a row land on stay. It then checks that the next 100 calls all land on stay too.
func Followed(t *testing.T, c *Caller, stay, gone *Server) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		g, s := gone.Calls(), stay.Calls()
		WaitUntil(t, "100 more calls", func() bool { return stay.Calls()+gone.Calls() >= g+s+100 })
		if gone.Calls() == g {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s still gets calls", gone.Addr)
		}
	}
	g, s := gone.Calls(), stay.Calls()
	WaitUntil(t, "100 more calls on "+stay.Addr, func() bool { return stay.Calls() >= s+100 })
	if n := gone.Calls() - g; n != 0 {
		t.Fatalf("%s got %d calls after it was removed", gone.Addr, n)
	}
}

// Spread waits until every server got at least n calls: the client balances over all of them
// (with pick_first one would get them all).
func Spread(t *testing.T, n int64, servers ...*Server) {
	t.Helper()
	WaitUntil(t, fmt.Sprintf("every server got %d calls", n), func() bool {
		for _, s := range servers {
			if s.Calls() < n {
				return false
			}
		}
		return true
	})
}

// JoinAddrs is for messages.
func JoinAddrs(servers ...*Server) string {
	var out []string
	for _, s := range servers {
		out = append(out, s.Addr)
	}
	return strings.Join(out, ",")
}
