// Package consulresolver is a gRPC resolver for consul:// targets: the instances of a service that
// pass all their Consul health checks, followed with blocking queries and balanced round robin.
//
// Importing the package registers the scheme. Targets:
//
//	consul:///catalog              the agent from CONSUL_HTTP_ADDR (default 127.0.0.1:8500)
//	consul://10.0.0.5:8500/catalog an explicit agent (plain HTTP)
//	consul:///catalog?tag=v2&dc=eu only instances tagged v2, in datacenter eu
//
// Register announces an instance to the local agent with a gRPC health check; its deregister
// function removes it on stop.
package consulresolver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/consul/api"
	"google.golang.org/grpc/balancer"
	"google.golang.org/grpc/resolver"

	"github.com/hostcart/checkout/libs/go/discovery-ext/internal/endpoints"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

func init() { resolver.Register(NewBuilder(Options{})) }

// Defaults of Options.
const (
	DefaultWaitTime   = 5 * time.Minute
	DefaultBackoff    = 100 * time.Millisecond
	DefaultMaxBackoff = 10 * time.Second
)

// Options tune a Builder; zero fields take the defaults.
type Options struct {
	// Config is the Consul client's configuration; nil means api.DefaultConfig(), which reads
	// CONSUL_HTTP_ADDR, CONSUL_HTTP_TOKEN and Consul's TLS variables. A target's authority, when
	// given, replaces its Address.
	Config *api.Config
	// WaitTime bounds each blocking query; Consul answers earlier when the instances change.
	WaitTime time.Duration
	// Backoff and MaxBackoff bound the waits between failed queries (doubling, with jitter).
	Backoff, MaxBackoff time.Duration
}

// Builder builds consul:// resolvers.
type Builder struct{ opts Options }

// NewBuilder returns a Builder; pass it to grpc.WithResolvers to use options other than the
// registered defaults.
func NewBuilder(o Options) *Builder {
	if o.WaitTime <= 0 {
		o.WaitTime = DefaultWaitTime
	}
	if o.Backoff <= 0 {
		o.Backoff = DefaultBackoff
	}
	if o.MaxBackoff < o.Backoff {
		o.MaxBackoff = max(DefaultMaxBackoff, o.Backoff)
	}
	return &Builder{opts: o}
}

// Scheme returns "consul".
func (*Builder) Scheme() string { return discovery.SchemeConsul }

// Build starts watching the service named by target's path.
func (b *Builder) Build(target resolver.Target, cc resolver.ClientConn, _ resolver.BuildOptions) (resolver.Resolver, error) {
	service := strings.TrimPrefix(target.URL.Path, "/")
	if service == "" || strings.Contains(service, "/") {
		return nil, fmt.Errorf("consulresolver: target %q: want consul://[agent]/<service>", target.URL.String())
	}
	cfg := api.DefaultConfig()
	if b.opts.Config != nil {
		c := *b.opts.Config
		cfg = &c
	}
	if host := target.URL.Host; host != "" {
		cfg.Address, cfg.Scheme = host, "http"
	}
	client, err := api.NewClient(cfg)
	if err != nil {
		return nil, fmt.Errorf("consulresolver: %w", err)
	}
	q := target.URL.Query()
	ctx, cancel := context.WithCancel(context.Background())
	r := &consulResolver{
		health:  client.Health(),
		service: service,
		tag:     q.Get("tag"),
		dc:      q.Get("dc"),
		opts:    b.opts,
		cc:      cc,
		cancel:  cancel,
	}
	r.wg.Add(1)
	go r.watch(ctx)
	return r, nil
}

type consulResolver struct {
	health  *api.Health
	service string
	tag, dc string
	opts    Options
	cc      resolver.ClientConn
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// ResolveNow does nothing: the blocking query already reports every change as it happens.
func (*consulResolver) ResolveNow(resolver.ResolveNowOptions) {}

// Close stops the watch, aborting the query in flight, and returns once it has stopped.
func (r *consulResolver) Close() {
	r.cancel()
	r.wg.Wait()
}

// watch runs blocking queries until ctx is done: each waits at the index of the previous answer
// until Consul's view of the service changes (or WaitTime passes), and every changed set of
// passing instances is pushed to gRPC.
func (r *consulResolver) watch(ctx context.Context) {
	defer r.wg.Done()
	var (
		index    uint64
		pushed   []string
		havePush bool
		failures int
	)
	for {
		opts := &api.QueryOptions{WaitIndex: index, WaitTime: r.opts.WaitTime, Datacenter: r.dc}
		entries, meta, err := r.health.Service(r.service, r.tag, true, opts.WithContext(ctx))
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			// Keep the last known instances (they may well still be serving) and retry.
			r.cc.ReportError(fmt.Errorf("consulresolver: %s: %w", r.service, err))
			if !sleep(ctx, endpoints.Backoff(r.opts.Backoff, r.opts.MaxBackoff, failures)) {
				return
			}
			failures++
			continue
		}
		failures = 0
		// Consul's rules for blocking indexes: start over when the index goes backwards, and never
		// wait on 0, which would answer at once forever.
		switch {
		case meta.LastIndex < index:
			index = 0
		case meta.LastIndex == 0:
			index = 1
		default:
			index = meta.LastIndex
		}
		addrs := instances(entries)
		if havePush && slices.Equal(addrs, pushed) {
			continue
		}
		if err := endpoints.Push(r.cc, addrs); err != nil && !errors.Is(err, balancer.ErrBadResolverState) {
			r.cc.ReportError(err)
		}
		pushed, havePush = addrs, true
	}
}

// instances returns "host:port" of every entry: the service's address, or its node's when the
// service registered none.
func instances(entries []*api.ServiceEntry) []string {
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.Service == nil || e.Service.Port <= 0 {
			continue
		}
		host := e.Service.Address
		if host == "" && e.Node != nil {
			host = e.Node.Address
		}
		if host == "" {
			continue
		}
		out = append(out, net.JoinHostPort(host, strconv.Itoa(e.Service.Port)))
	}
	return endpoints.Normalize(out)
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
