package consulresolver_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/hashicorp/consul/api"
	"google.golang.org/grpc/resolver"

	"github.com/hostcart/checkout/libs/go/discovery-ext/consulresolver"
	"github.com/hostcart/checkout/libs/go/discovery-ext/internal/resolvertest"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

const passing, critical = api.HealthPassing, api.HealthCritical

// build starts a resolver for target (relative to the fake's address) with a recording ClientConn.
func build(t *testing.T, f *fakeConsul, path string, o consulresolver.Options) (*resolvertest.ClientConn, resolver.Resolver) {
	t.Helper()
	u, err := url.Parse("consul://" + f.Listener.Addr().String() + path)
	if err != nil {
		t.Fatal(err)
	}
	cc := resolvertest.NewClientConn()
	r, err := consulresolver.NewBuilder(o).Build(resolver.Target{URL: *u}, cc, resolver.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return cc, r
}

func TestFollowsPassingInstances(t *testing.T) {
	f := newFakeConsul(t)
	f.set("catalog-1", "catalog", "10.0.0.1", 9101, passing)
	f.set("catalog-2", "catalog", "10.0.0.2", 9101, passing)
	f.set("catalog-3", "catalog", "10.0.0.3", 9101, critical)
	f.set("cart-1", "cart", "10.0.1.1", 9103, passing)
	wait := 30 * time.Second
	cc, _ := build(t, f, "/catalog", consulresolver.Options{WaitTime: wait})
	cc.WaitFor(t, "10.0.0.1:9101", "10.0.0.2:9101")

	f.set("catalog-4", "catalog", "10.0.0.4", 9101, passing) // added
	cc.WaitFor(t, "10.0.0.1:9101", "10.0.0.2:9101", "10.0.0.4:9101")
	f.setStatus("catalog-2", critical) // turns unhealthy
	cc.WaitFor(t, "10.0.0.1:9101", "10.0.0.4:9101")
	f.setStatus("catalog-3", passing) // recovers
	cc.WaitFor(t, "10.0.0.1:9101", "10.0.0.3:9101", "10.0.0.4:9101")
	f.remove("catalog-1") // removed
	cc.WaitFor(t, "10.0.0.3:9101", "10.0.0.4:9101")

	// A change elsewhere wakes the query, but the same instances are not pushed again.
	pushes := cc.Pushes()
	f.set("cart-2", "cart", "10.0.1.2", 9103, passing)
	changed := f.currentIndex()
	resolvertest.WaitUntil(t, "a query waiting at the index of the change", func() bool {
		qs := f.queryLog()
		return qs[len(qs)-1].index >= changed
	})
	if n := cc.Pushes(); n != pushes {
		t.Errorf("%d pushes after an unrelated change, want %d", n, pushes)
	}

	f.remove("catalog-3")
	f.remove("catalog-4")
	cc.WaitFor(t) // none left: gRPC is told so rather than kept on instances that left

	for _, js := range cc.Configs() {
		if js != discovery.RoundRobinServiceConfig {
			t.Errorf("service config %s, want %s", js, discovery.RoundRobinServiceConfig)
		}
	}
	// Blocking queries, not polling: the first asks for the state, every later one waits at the
	// index of the previous answer, and there is one query per change, not more.
	qs := f.queryLog()
	if qs[0].index != 0 {
		t.Errorf("first query at index %d, want 0", qs[0].index)
	}
	for i, q := range qs[1:] {
		if q.index == 0 || q.wait != wait {
			t.Errorf("query %d: index %d wait %v, want a blocking query with wait %v", i+1, q.index, q.wait, wait)
		}
	}
	if changes := 9; len(qs) > changes+2 {
		t.Errorf("%d queries for %d changes: the resolver polls", len(qs), changes)
	}
}

func TestTagFilter(t *testing.T) {
	f := newFakeConsul(t)
	f.set("catalog-1", "catalog", "10.0.0.1", 9101, passing, "v1")
	f.set("catalog-2", "catalog", "10.0.0.2", 9101, passing, "v2", "grpc")
	cc, _ := build(t, f, "/catalog?tag=v2", consulresolver.Options{})
	cc.WaitFor(t, "10.0.0.2:9101")
}

func TestNodeAddressWhenServiceHasNone(t *testing.T) {
	f := newFakeConsul(t)
	f.set("catalog-1", "catalog", "", 9101, passing)
	cc, _ := build(t, f, "/catalog", consulresolver.Options{})
	cc.WaitFor(t, "10.9.9.9:9101")
}

func TestBacksOffOnErrorsAndRecovers(t *testing.T) {
	f := newFakeConsul(t)
	f.set("catalog-1", "catalog", "10.0.0.1", 9101, passing)
	f.fail(3)
	start := time.Now()
	cc, _ := build(t, f, "/catalog", consulresolver.Options{Backoff: 20 * time.Millisecond, MaxBackoff: time.Second})
	cc.WaitFor(t, "10.0.0.1:9101")
	if n := cc.Errors(); n != 3 {
		t.Errorf("%d errors reported, want 3", n)
	}
	// 20 + 40 + 80 ms at least between the four queries.
	if d := time.Since(start); d < 140*time.Millisecond {
		t.Errorf("recovered after %v: no backoff between failed queries", d)
	}
	// 3 failed, 1 good, and perhaps already the next, blocking one.
	if n := len(f.queryLog()); n < 4 || n > 5 {
		t.Errorf("%d queries, want 3 failed and 1 good", n)
	}
}

func TestIndexGoingBackwardsStartsOver(t *testing.T) {
	f := newFakeConsul(t)
	f.set("catalog-1", "catalog", "10.0.0.1", 9101, passing)
	cc, _ := build(t, f, "/catalog", consulresolver.Options{WaitTime: 100 * time.Millisecond})
	cc.WaitFor(t, "10.0.0.1:9101")
	before := len(f.queryLog())
	f.resetIndex(2) // e.g. a snapshot restore on the Consul servers
	resolvertest.WaitUntil(t, "a query starting over at index 0", func() bool {
		for _, q := range f.queryLog()[before:] {
			if q.index == 0 {
				return true
			}
		}
		return false
	})
	f.set("catalog-2", "catalog", "10.0.0.2", 9101, passing)
	cc.WaitFor(t, "10.0.0.1:9101", "10.0.0.2:9101")
}

func TestCloseAbortsTheBlockingQuery(t *testing.T) {
	f := newFakeConsul(t)
	f.set("catalog-1", "catalog", "10.0.0.1", 9101, passing)
	cc, r := build(t, f, "/catalog", consulresolver.Options{}) // waits up to 5 minutes
	cc.WaitFor(t, "10.0.0.1:9101")
	resolvertest.WaitUntil(t, "the blocking query", func() bool { return len(f.queryLog()) == 2 })
	start := time.Now()
	r.Close()
	if d := time.Since(start); d > time.Second {
		t.Fatalf("Close took %v", d)
	}
}

func TestRejectsTargetWithoutService(t *testing.T) {
	for _, raw := range []string{"consul:///", "consul://127.0.0.1:8500/a/b"} {
		u, _ := url.Parse(raw)
		if _, err := consulresolver.NewBuilder(consulresolver.Options{}).Build(resolver.Target{URL: *u}, resolvertest.NewClientConn(), resolver.BuildOptions{}); err == nil {
			t.Errorf("Build(%s) succeeded", raw)
		}
	}
}

func TestRegisterWithGRPCHealthCheckAndDeregister(t *testing.T) {
	f := newFakeConsul(t)
	client, err := api.NewClient(&api.Config{Address: f.Listener.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	deregister, err := consulresolver.Register(ctx, client, consulresolver.Registration{
		Name: "catalog", ID: "catalog-pod-a", Address: "10.1.2.3", Port: 9101, Tags: []string{"grpc"},
	})
	if err != nil {
		t.Fatal(err)
	}
	regs := f.registrations()
	if len(regs) != 1 {
		t.Fatalf("%d registrations, want 1", len(regs))
	}
	reg := regs[0]
	if reg.ID != "catalog-pod-a" || reg.Name != "catalog" || reg.Address != "10.1.2.3" || reg.Port != 9101 {
		t.Errorf("registered %+v", reg)
	}
	c := reg.Check
	if c == nil || c.GRPC != "10.1.2.3:9101" || c.GRPCUseTLS || c.Interval != "10s" || c.Timeout != "2s" || c.DeregisterCriticalServiceAfter != "1m0s" {
		t.Errorf("check %+v, want gRPC health of 10.1.2.3:9101 every 10s, deregistered after 1m critical", c)
	}

	// The instance is found once its check passes, and is gone once deregistered.
	cc, _ := build(t, f, "/catalog", consulresolver.Options{})
	cc.WaitFor(t)
	f.setStatus("catalog-pod-a", passing)
	cc.WaitFor(t, "10.1.2.3:9101")
	if err := deregister(ctx); err != nil {
		t.Fatal(err)
	}
	if d := f.deregistrations(); len(d) != 1 || d[0] != "catalog-pod-a" {
		t.Errorf("deregistered %v", d)
	}
	cc.WaitFor(t)
	if err := deregister(ctx); err == nil {
		t.Error("second deregister succeeded, want the agent's unknown service error")
	}
}

func TestRegisterRefusesUndialableAddresses(t *testing.T) {
	f := newFakeConsul(t)
	client, _ := api.NewClient(&api.Config{Address: f.Listener.Addr().String()})
	for _, reg := range []consulresolver.Registration{
		{Name: "catalog", Address: "0.0.0.0", Port: 9101},
		{Name: "catalog", Address: "10.1.2.3"},
		{Address: "10.1.2.3", Port: 9101},
	} {
		if _, err := consulresolver.Register(context.Background(), client, reg); err == nil {
			t.Errorf("Register(%+v) succeeded", reg)
		}
	}
	if n := len(f.registrations()); n != 0 {
		t.Errorf("%d registrations reached the agent", n)
	}
}
