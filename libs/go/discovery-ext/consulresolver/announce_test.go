package consulresolver_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/discovery-ext/consulresolver"
)

func listen(t *testing.T) net.Listener {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = lis.Close() })
	return lis
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// A service started with DISCOVERY=consul is in Consul while it serves, under the release's prefix
// and tag, at the pod's address and the listener's port, and leaves as soon as it is told to stop,
// before its composition root has finished draining.
func TestAnnouncedRegistersWhileServing(t *testing.T) {
	f := newFakeConsul(t)
	t.Setenv("DISCOVERY", "consul")
	t.Setenv("CONSUL_HTTP_ADDR", f.Listener.Addr().String())
	t.Setenv("DISCOVERY_SERVICE_PREFIX", "shop-")
	t.Setenv("CONSUL_SERVICE_TAG", "blue")
	t.Setenv("POD_IP", "10.9.8.7")
	t.Setenv("APP_RELEASE", "1.4.2")
	lis := listen(t)
	port := lis.Addr().(*net.TCPAddr).Port

	ctx, stop := context.WithCancel(context.Background())
	serving := make(chan struct{})
	drainedAfterDeregister := make(chan bool, 1)
	done := make(chan error, 1)
	go func() {
		done <- consulresolver.Announced("cart", func(ctx context.Context, _ net.Listener, _ *slog.Logger) error {
			close(serving)
			<-ctx.Done()
			// Still draining: the instance must already be on its way out of Consul.
			deadline := time.Now().Add(3 * time.Second)
			for time.Now().Before(deadline) && len(f.deregistrations()) == 0 {
				time.Sleep(10 * time.Millisecond)
			}
			drainedAfterDeregister <- len(f.deregistrations()) == 1
			return nil
		})(ctx, lis, quiet)
	}()
	<-serving
	regs := f.registrations()
	if len(regs) != 1 {
		t.Fatalf("%d registrations while serving, want 1", len(regs))
	}
	r := regs[0]
	if r.Name != "shop-cart" || r.Address != "10.9.8.7" || r.Port != port || !slices.Equal(r.Tags, []string{"blue"}) || r.Meta["version"] != "1.4.2" {
		t.Errorf("registered %+v", r)
	}
	if r.Check == nil || r.Check.GRPC != net.JoinHostPort("10.9.8.7", strconv.Itoa(port)) {
		t.Errorf("check %+v, want gRPC health on the registered address", r.Check)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !<-drainedAfterDeregister {
		t.Error("not deregistered while the service drained")
	}
	if got := f.deregistrations(); !slices.Equal(got, []string{r.ID}) {
		t.Errorf("deregistered %v, want [%s]", got, r.ID)
	}
}

// A composition root that fails leaves no instance behind, and its error is the one returned.
func TestAnnouncedDeregistersWhenTheServiceFails(t *testing.T) {
	f := newFakeConsul(t)
	t.Setenv("DISCOVERY", "consul")
	t.Setenv("CONSUL_HTTP_ADDR", f.Listener.Addr().String())
	t.Setenv("POD_IP", "")
	t.Setenv("CONSUL_SERVICE_ADDRESS", "")
	boom := errors.New("store unreachable")
	err := consulresolver.Announced("order", func(context.Context, net.Listener, *slog.Logger) error { return boom })(context.Background(), listen(t), quiet)
	if !errors.Is(err, boom) {
		t.Fatalf("err %v, want %v", err, boom)
	}
	regs := f.registrations()
	if len(regs) != 1 || regs[0].Address != "127.0.0.1" || regs[0].Name != "order" {
		t.Fatalf("registrations %+v, want order at the loopback listener's address", regs)
	}
	if got := f.deregistrations(); len(got) != 1 {
		t.Errorf("deregistrations %v, want the instance gone", got)
	}
}

// Other modes register nothing; a wildcard listener with no address to announce is refused
// before anything is served.
func TestAnnouncedOnlyInConsulMode(t *testing.T) {
	f := newFakeConsul(t)
	t.Setenv("CONSUL_HTTP_ADDR", f.Listener.Addr().String())
	ran := 0
	run := func(context.Context, net.Listener, *slog.Logger) error { ran++; return nil }
	for _, mode := range []string{"", "static", "kubernetes"} {
		t.Setenv("DISCOVERY", mode)
		if err := consulresolver.Announced("catalog", run)(context.Background(), listen(t), quiet); err != nil {
			t.Errorf("%q: %v", mode, err)
		}
	}
	if ran != 3 || len(f.registrations()) != 0 {
		t.Errorf("ran %d times, %d registrations; want 3 and none", ran, len(f.registrations()))
	}

	t.Setenv("DISCOVERY", "consul")
	t.Setenv("POD_IP", "")
	t.Setenv("CONSUL_SERVICE_ADDRESS", "")
	wild, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	defer wild.Close()
	err = consulresolver.Announced("catalog", run)(context.Background(), wild, quiet)
	if err == nil || ran != 3 {
		t.Errorf("wildcard listener without POD_IP: err %v, ran %d", err, ran)
	}
}
