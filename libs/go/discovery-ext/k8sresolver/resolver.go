// Package k8sresolver is a gRPC resolver for kubernetes:// targets: the ready endpoints of a
// Kubernetes Service, read from its EndpointSlices through an informer and balanced round robin.
//
// Importing the package registers the scheme with an in-cluster client (the pod's service
// account, which needs get, list and watch on endpointslices in discovery.k8s.io). Targets:
//
//	kubernetes:///catalog:grpc            Service catalog in the pod's namespace, port named grpc
//	kubernetes:///catalog.shop:grpc       ... in namespace shop
//	kubernetes:///catalog.shop:9101       ... the endpoints' port 9101
//
// Endpoints that are not ready or are terminating are left out, so a pod leaving stops getting
// new calls as soon as Kubernetes marks it, while its in-flight calls finish.
package k8sresolver

import (
	"context"
	"fmt"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"

	"google.golang.org/grpc/resolver"

	"github.com/hostcart/checkout/libs/go/discovery-ext/internal/endpoints"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

func init() { resolver.Register(NewBuilder(nil)) }

// namespaceFile holds the pod's namespace in every container with a service account token.
const namespaceFile = "/var/run/secrets/kubernetes.io/serviceaccount/namespace"

// Builder builds kubernetes:// resolvers on one client.
type Builder struct {
	mu     sync.Mutex
	client Client // nil until the first Build when created by NewBuilder(nil)
	// Namespace is used by targets that name none; empty means the pod's own namespace.
	Namespace string
	// Resync re-lists the slices every Resync (0: never; the watch reports every change).
	Resync time.Duration
}

// NewBuilder returns a Builder on client; nil means the in-cluster configuration (NewRESTClient of
// rest.InClusterConfig), created on the first Build. Pass it to grpc.WithResolvers to use a client
// of your own (tests: client-go's fake clientset).
func NewBuilder(client Client) *Builder { return &Builder{client: client} }

// Scheme returns "kubernetes".
func (*Builder) Scheme() string { return discovery.SchemeKubernetes }

func (b *Builder) clientset() (Client, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.client != nil {
		return b.client, nil
	}
	cfg, err := rest.InClusterConfig()
	if err != nil {
		return nil, fmt.Errorf("k8sresolver: in-cluster config: %w", err)
	}
	c, err := NewRESTClient(cfg)
	if err != nil {
		return nil, err
	}
	b.client = c
	return c, nil
}

// Target is a parsed kubernetes:// target.
type Target struct {
	Service, Namespace, Port string
}

// ParseTarget reads "<service>[.<namespace>]:<port>" from the target's path (the authority is not
// used: the resolver talks to the cluster it runs in).
func ParseTarget(t resolver.Target) (Target, error) {
	s := strings.TrimPrefix(t.URL.Path, "/")
	if s == "" && t.URL.Opaque != "" {
		s = t.URL.Opaque
	}
	host, port, err := net.SplitHostPort(s)
	if err != nil || host == "" || port == "" {
		return Target{}, fmt.Errorf("k8sresolver: target %q: want kubernetes:///<service>[.<namespace>]:<port>", t.URL.String())
	}
	svc, ns, _ := strings.Cut(host, ".")
	// A target may also spell the DNS name, <service>.<namespace>.svc[.cluster.local].
	ns, _, _ = strings.Cut(ns, ".")
	return Target{Service: svc, Namespace: ns, Port: port}, nil
}

// Build starts an informer on the EndpointSlices of the target's Service (those labelled
// kubernetes.io/service-name=<service>).
func (b *Builder) Build(target resolver.Target, cc resolver.ClientConn, _ resolver.BuildOptions) (resolver.Resolver, error) {
	t, err := ParseTarget(target)
	if err != nil {
		return nil, err
	}
	if t.Namespace == "" {
		t.Namespace = b.Namespace
	}
	if t.Namespace == "" {
		raw, err := os.ReadFile(namespaceFile)
		if err != nil {
			return nil, fmt.Errorf("k8sresolver: target %q names no namespace and the pod's is unknown: %w", target.URL.String(), err)
		}
		t.Namespace = strings.TrimSpace(string(raw))
	}
	client, err := b.clientset()
	if err != nil {
		return nil, err
	}
	sel := labels.Set{discoveryv1.LabelServiceName: t.Service}.AsSelector()
	ns := t.Namespace
	lw := &cache.ListWatch{
		ListWithContextFunc: func(ctx context.Context, o metav1.ListOptions) (runtime.Object, error) {
			o.LabelSelector = sel.String()
			return client.ListEndpointSlices(ctx, ns, o)
		},
		WatchFuncWithContext: func(ctx context.Context, o metav1.ListOptions) (watch.Interface, error) {
			o.LabelSelector = sel.String()
			return client.WatchEndpointSlices(ctx, ns, o)
		},
	}
	// The API server streams the initial list as watch events (WatchList) when it can; a client
	// that says it cannot (client-go's fake clientset) gets a plain list and watch.
	informer := cache.NewSharedIndexInformer(cache.ToListWatcherWithWatchListSemantics(lw, client),
		&discoveryv1.EndpointSlice{}, b.Resync, cache.Indexers{})
	r := &k8sResolver{
		target:   t,
		selector: sel,
		cc:       cc,
		store:    informer.GetStore(),
		stop:     make(chan struct{}),
	}
	if _, err := informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(any) { r.update(informer.HasSynced) },
		UpdateFunc: func(any, any) { r.update(informer.HasSynced) },
		DeleteFunc: func(any) { r.update(informer.HasSynced) },
	}); err != nil {
		return nil, fmt.Errorf("k8sresolver: %w", err)
	}
	r.done.Add(2)
	go func() {
		defer r.done.Done()
		informer.Run(r.stop)
	}()
	go func() {
		defer r.done.Done()
		// The events of the initial list are held back until it is complete, then pushed once:
		// also when the Service has no slices at all, so calls do not wait for an update that
		// never comes.
		if cache.WaitForCacheSync(r.stop, informer.HasSynced) {
			r.update(func() bool { return true })
		}
	}()
	return r, nil
}

type k8sResolver struct {
	target   Target
	selector labels.Selector // the Service's slices, also when a watch does not filter
	cc       resolver.ClientConn
	store    cache.Store // the informer's
	stop     chan struct{}
	done     sync.WaitGroup

	mu       sync.Mutex
	closed   bool
	pushed   []string
	havePush bool
}

// ResolveNow does nothing: the informer's watch reports every change as it happens.
func (*k8sResolver) ResolveNow(resolver.ResolveNowOptions) {}

// Close stops the informer and returns once it has stopped.
func (r *k8sResolver) Close() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	close(r.stop)
	r.done.Wait()
}

// update pushes the ready endpoints of the Service's slices when they differ from the last push.
func (r *k8sResolver) update(synced func() bool) {
	if !synced() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	var all []*discoveryv1.EndpointSlice
	for _, o := range r.store.List() {
		if s, ok := o.(*discoveryv1.EndpointSlice); ok && s.Namespace == r.target.Namespace && r.selector.Matches(labels.Set(s.Labels)) {
			all = append(all, s)
		}
	}
	addrs := ReadyAddresses(all, r.target.Port)
	if r.havePush && slices.Equal(addrs, r.pushed) {
		return
	}
	_ = endpoints.Push(r.cc, addrs) // an empty list is refused by round_robin, which is the point
	r.pushed, r.havePush = addrs, true
}

// ReadyAddresses returns "ip:port" of every endpoint of the slices that is ready and not terminating,
// sorted and without duplicates (an endpoint may appear in two slices while they are rebalanced).
// port is a port name or number; an empty name matches a slice's only port. FQDN slices are
// skipped.
func ReadyAddresses(all []*discoveryv1.EndpointSlice, port string) []string {
	var out []string
	for _, s := range all {
		if s.AddressType != discoveryv1.AddressTypeIPv4 && s.AddressType != discoveryv1.AddressTypeIPv6 {
			continue
		}
		p, ok := slicePort(s, port)
		if !ok {
			continue
		}
		for _, ep := range s.Endpoints {
			// Ready: nil means unknown, which the API says to read as ready; terminating: nil
			// means not terminating.
			if ep.Conditions.Ready != nil && !*ep.Conditions.Ready {
				continue
			}
			if ep.Conditions.Terminating != nil && *ep.Conditions.Terminating {
				continue
			}
			for _, a := range ep.Addresses {
				out = append(out, net.JoinHostPort(a, strconv.Itoa(int(p))))
			}
		}
	}
	return endpoints.Normalize(out)
}

func slicePort(s *discoveryv1.EndpointSlice, want string) (int32, bool) {
	if n, err := strconv.Atoi(want); err == nil {
		return int32(n), n > 0 && n <= 65535
	}
	for _, p := range s.Ports {
		name := ""
		if p.Name != nil {
			name = *p.Name
		}
		if p.Port == nil {
			continue
		}
		if name == want || (want == "" && len(s.Ports) == 1) {
			return *p.Port, true
		}
	}
	return 0, false
}
