package k8sresolver_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/resolver"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes/fake"
	clienttesting "k8s.io/client-go/testing"

	"github.com/hostcart/checkout/libs/go/discovery-ext/internal/resolvertest"
	"github.com/hostcart/checkout/libs/go/discovery-ext/k8sresolver"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

// ep is an endpoint: ready and terminating are "", "true" or "false" (unset, set, set).
type ep struct {
	ip                 string
	ready, terminating string
}

func cond(s string) *bool {
	switch s {
	case "true":
		return new(true)
	case "false":
		return new(false)
	}
	return nil
}

// slice is an EndpointSlice of service in namespace ns with port grpc (and admin 9090).
func slice(ns, name, service string, grpcPort int32, eps ...ep) *discoveryv1.EndpointSlice {
	s := &discoveryv1.EndpointSlice{
		ObjectMeta: metav1.ObjectMeta{
			Namespace: ns, Name: name,
			Labels: map[string]string{discoveryv1.LabelServiceName: service, discoveryv1.LabelManagedBy: "endpointslice-controller.k8s.io"},
		},
		AddressType: discoveryv1.AddressTypeIPv4,
		Ports: []discoveryv1.EndpointPort{
			{Name: new("grpc"), Port: new(grpcPort), Protocol: new(corev1.ProtocolTCP)},
			{Name: new("admin"), Port: new(int32(9090)), Protocol: new(corev1.ProtocolTCP)},
		},
	}
	for _, e := range eps {
		s.Endpoints = append(s.Endpoints, discoveryv1.Endpoint{
			Addresses:  []string{e.ip},
			Conditions: discoveryv1.EndpointConditions{Ready: cond(e.ready), Terminating: cond(e.terminating)},
		})
	}
	return s
}

// clientset adapts the fake clientset to the resolver's Client.
type clientset struct{ *fake.Clientset }

func (c clientset) ListEndpointSlices(ctx context.Context, ns string, o metav1.ListOptions) (*discoveryv1.EndpointSliceList, error) {
	return c.DiscoveryV1().EndpointSlices(ns).List(ctx, o)
}

func (c clientset) WatchEndpointSlices(ctx context.Context, ns string, o metav1.ListOptions) (watch.Interface, error) {
	return c.DiscoveryV1().EndpointSlices(ns).Watch(ctx, o)
}

// cluster is a fake clientset that reports when an EndpointSlice watch has started, so a test
// changes objects only once the informer can see the change (the fake has no resourceVersions to
// replay what happened between list and watch).
type cluster struct {
	*fake.Clientset
	watching chan struct{}
}

func newCluster(objs ...*discoveryv1.EndpointSlice) *cluster {
	c := &cluster{Clientset: fake.NewClientset(), watching: make(chan struct{}, 16)}
	for _, o := range objs {
		if err := c.Tracker().Add(o); err != nil {
			panic(err)
		}
	}
	c.PrependWatchReactor("endpointslices", func(a clienttesting.Action) (bool, watch.Interface, error) {
		var opts metav1.ListOptions
		if wa, ok := a.(clienttesting.WatchActionImpl); ok {
			opts = wa.ListOptions
		}
		w, err := c.Tracker().Watch(a.GetResource(), a.GetNamespace(), opts)
		if err != nil {
			return false, nil, err
		}
		c.watching <- struct{}{}
		return true, w, nil
	})
	return c
}

func (c *cluster) waitWatching(t *testing.T) {
	t.Helper()
	select {
	case <-c.watching:
	case <-time.After(5 * time.Second):
		t.Fatal("the informer never started watching")
	}
}

func (c *cluster) apply(t *testing.T, s *discoveryv1.EndpointSlice) {
	t.Helper()
	ctx := context.Background()
	api := c.DiscoveryV1().EndpointSlices(s.Namespace)
	if _, err := api.Get(ctx, s.Name, metav1.GetOptions{}); err == nil {
		_, err = api.Update(ctx, s, metav1.UpdateOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	if _, err := api.Create(ctx, s, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
}

func (c *cluster) delete(t *testing.T, ns, name string) {
	t.Helper()
	if err := c.DiscoveryV1().EndpointSlices(ns).Delete(context.Background(), name, metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
}

func build(t *testing.T, c *cluster, target string) *resolvertest.ClientConn {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	cc := resolvertest.NewClientConn()
	r, err := k8sresolver.NewBuilder(clientset{c.Clientset}).Build(resolver.Target{URL: *u}, cc, resolver.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return cc
}

func TestFollowsReadyEndpoints(t *testing.T) {
	c := newCluster(
		slice("shop", "catalog-abc", "catalog", 9101,
			ep{ip: "10.0.0.1", ready: "true", terminating: "false"},
			ep{ip: "10.0.0.2", ready: "true"},
			ep{ip: "10.0.0.3", ready: "false"},
			ep{ip: "10.0.0.4"}, // no conditions: ready, as the API defines
		),
		slice("shop", "cart-abc", "cart", 9103, ep{ip: "10.0.1.1", ready: "true"}),
		slice("other", "catalog-abc", "catalog", 9101, ep{ip: "10.0.2.1", ready: "true"}),
	)
	cc := build(t, c, "kubernetes:///catalog.shop:grpc")
	cc.WaitFor(t, "10.0.0.1:9101", "10.0.0.2:9101", "10.0.0.4:9101")
	c.waitWatching(t)

	// Update: 10.0.0.2 is terminating (a pod being deleted) while it still reports ready, as it
	// may; 10.0.0.3 turns ready; 10.0.0.4 turns not ready.
	c.apply(t, slice("shop", "catalog-abc", "catalog", 9101,
		ep{ip: "10.0.0.1", ready: "true", terminating: "false"},
		ep{ip: "10.0.0.2", ready: "true", terminating: "true"},
		ep{ip: "10.0.0.3", ready: "true"},
		ep{ip: "10.0.0.4", ready: "false"},
	))
	cc.WaitFor(t, "10.0.0.1:9101", "10.0.0.3:9101")

	// Add: a second slice of the same Service, one endpoint also still listed in the first (as
	// during a rebalancing of slices).
	c.apply(t, slice("shop", "catalog-def", "catalog", 9101,
		ep{ip: "10.0.0.5", ready: "true"}, ep{ip: "10.0.0.3", ready: "true"}))
	cc.WaitFor(t, "10.0.0.1:9101", "10.0.0.3:9101", "10.0.0.5:9101")

	// Changes to other Services are not pushed.
	pushes := cc.Pushes()
	c.apply(t, slice("shop", "cart-abc", "cart", 9103, ep{ip: "10.0.1.2", ready: "true"}))

	// Delete.
	c.delete(t, "shop", "catalog-abc")
	cc.WaitFor(t, "10.0.0.3:9101", "10.0.0.5:9101")
	if n := cc.Pushes(); n != pushes+1 {
		t.Errorf("%d pushes, want %d: the cart's slice changed the catalog's state", n, pushes+1)
	}
	c.delete(t, "shop", "catalog-def")
	cc.WaitFor(t) // none left: gRPC is told so

	for _, js := range cc.Configs() {
		if js != discovery.RoundRobinServiceConfig {
			t.Errorf("service config %s, want %s", js, discovery.RoundRobinServiceConfig)
		}
	}
}

func TestPortByNameOrNumber(t *testing.T) {
	c := newCluster(slice("shop", "catalog-abc", "catalog", 9101, ep{ip: "10.0.0.1", ready: "true"}))
	for target, want := range map[string][]string{
		"kubernetes:///catalog.shop:admin":                  {"10.0.0.1:9090"},
		"kubernetes:///catalog.shop:7000":                   {"10.0.0.1:7000"},
		"kubernetes:///catalog.shop.svc.cluster.local:grpc": {"10.0.0.1:9101"},
		"kubernetes:///catalog.shop:http":                   nil, // no such port
		"kubernetes:///payment.shop:grpc":                   nil, // no slices (yet)
		"kubernetes://ignored-authority/catalog.shop:grpc":  {"10.0.0.1:9101"},
	} {
		t.Run(target, func(t *testing.T) {
			build(t, c, target).WaitFor(t, want...)
		})
	}
}

func TestNamespaceDefault(t *testing.T) {
	c := newCluster(slice("shop", "catalog-abc", "catalog", 9101, ep{ip: "10.0.0.1", ready: "true"}))
	b := k8sresolver.NewBuilder(clientset{c.Clientset})
	b.Namespace = "shop"
	u, _ := url.Parse("kubernetes:///catalog:grpc")
	cc := resolvertest.NewClientConn()
	r, err := b.Build(resolver.Target{URL: *u}, cc, resolver.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cc.WaitFor(t, "10.0.0.1:9101")
}

func TestRejectsBadTargets(t *testing.T) {
	for _, raw := range []string{"kubernetes:///catalog", "kubernetes:///:grpc", "kubernetes:///catalog.shop:"} {
		u, _ := url.Parse(raw)
		if _, err := k8sresolver.NewBuilder(clientset{newCluster().Clientset}).Build(resolver.Target{URL: *u}, resolvertest.NewClientConn(), resolver.BuildOptions{}); err == nil {
			t.Errorf("Build(%s) succeeded", raw)
		}
	}
}

// Two real gRPC servers behind kubernetes:// and a client calling them in a loop through the
// platform's grpcclient: calls are spread over both; when one's endpoint turns terminating it
// stops getting calls while it still runs; when another's slice is deleted and the server stops at
// the same time (a rolling update) no call fails.
func TestCallsFollowEndpointsEndToEnd(t *testing.T) {
	a, b := resolvertest.StartServer(t), resolvertest.StartServer(t)
	// Both listen on 127.0.0.1 with their own port: one slice each, as for two named ports.
	c := newCluster(
		slice("shop", "echo-a", "echo", int32(a.Port()), ep{ip: a.Host(), ready: "true"}),
		slice("shop", "echo-b", "echo", int32(b.Port()), ep{ip: b.Host(), ready: "true"}),
	)
	caller := resolvertest.StartCaller(t, "kubernetes:///echo.shop:grpc", grpc.WithResolvers(k8sresolver.NewBuilder(clientset{c.Clientset})))
	resolvertest.Spread(t, 20, a, b) // round robin is in force, not pick_first
	c.waitWatching(t)

	c.apply(t, slice("shop", "echo-b", "echo", int32(b.Port()), ep{ip: b.Host(), ready: "false", terminating: "true"}))
	resolvertest.Followed(t, caller, a, b) // only a from now on, although b still serves
	b.Stop(t)

	s := resolvertest.StartServer(t)
	c.apply(t, slice("shop", "echo-c", "echo", int32(s.Port()), ep{ip: s.Host(), ready: "true"}))
	resolvertest.Spread(t, 20, s)
	c.delete(t, "shop", "echo-c")
	s.Stop(t)
	resolvertest.Followed(t, caller, a, s)

	caller.Stop()
	caller.CheckNoFailures(t)
}
