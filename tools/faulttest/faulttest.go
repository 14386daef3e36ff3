// Package faulttest puts in-process toxiproxy proxies between the shop's processes and what they
// dial (PostgreSQL, Redis, NATS, the gateway's services) and injects the faults of the fault
// matrix into them: latency beyond the caller's deadline, connection resets, the dependency gone.
// It also prints the matrix's table. The matrix itself (which routes must keep answering, which
// must fail and how) is tools/devstack's faultmatrix_test.go, run by `make faulttest`.
package faulttest

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/Shopify/toxiproxy/v2"
	"github.com/rs/zerolog"
)

// Fault is one kind of failure injected into a proxy.
type Fault string

const (
	// Latency delays everything the dependency answers by Proxies.Latency (beyond the callers'
	// deadlines).
	Latency Fault = "latency"
	// Reset answers every byte sent to the dependency with a TCP reset (toxiproxy's reset_peer),
	// on pooled connections and new ones alike.
	Reset Fault = "reset"
	// Down disables the proxy: open connections are closed and new ones refused, as when the
	// dependency's process or host is gone (for a service: the service stopped).
	Down Fault = "down"
)

// Faults are the faults of the matrix, in the order it runs them.
var Faults = []Fault{Latency, Reset, Down}

// Proxies is an in-process toxiproxy with one proxy per dependency, each listening on a free
// loopback port.
type Proxies struct {
	// Latency is what the Latency fault adds to every answer.
	Latency time.Duration

	server  *toxiproxy.ApiServer
	mu      sync.Mutex
	proxies map[string]*toxiproxy.Proxy
	latency map[string]time.Duration
}

// SetLatency makes the Latency fault of the named proxy add d instead of Latency: beyond the
// longest deadline of the calls through it.
func (p *Proxies) SetLatency(name string, d time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.latency[name] = d
}

// New returns proxies that add latency on the Latency fault.
func New(latency time.Duration) *Proxies {
	return &Proxies{
		Latency: latency,
		server:  toxiproxy.NewServer(toxiproxy.NewMetricsContainer(nil), zerolog.Nop()),
		proxies: map[string]*toxiproxy.Proxy{},
		latency: map[string]time.Duration{},
	}
}

// Add starts a proxy named name in front of upstream (host:port) and returns the address to dial
// instead.
func (p *Proxies) Add(name, upstream string) (string, error) {
	proxy := toxiproxy.NewProxy(p.server, name, "127.0.0.1:0", upstream)
	if err := p.server.Collection.Add(proxy, true); err != nil {
		return "", fmt.Errorf("faulttest: proxy %s to %s: %w", name, upstream, err)
	}
	p.mu.Lock()
	p.proxies[name] = proxy
	p.mu.Unlock()
	return proxy.Listen, nil
}

// AddURL starts a proxy in front of the host:port of rawURL (postgres://, redis://, nats://) and
// returns the URL with the proxy's address in its place.
func (p *Proxies) AddURL(name, rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("faulttest: %s URL: %w", name, err)
	}
	addr, err := p.Add(name, u.Host)
	if err != nil {
		return "", err
	}
	u.Host = addr
	return u.String(), nil
}

// Close stops every proxy.
func (p *Proxies) Close() {
	_ = p.server.Collection.Clear()
}

// Inject starts fault on the named proxy and returns the function that ends it.
func (p *Proxies) Inject(name string, fault Fault) (end func() error, err error) {
	p.mu.Lock()
	proxy, ok := p.proxies[name]
	latency, set := p.latency[name]
	p.mu.Unlock()
	if !set {
		latency = p.Latency
	}
	if !ok {
		return nil, fmt.Errorf("faulttest: no proxy %q", name)
	}
	toxic := func(name, spec string) (func() error, error) {
		if _, err := proxy.Toxics.AddToxicJson(strings.NewReader(spec)); err != nil {
			return nil, fmt.Errorf("faulttest: %s toxic on %s: %w", name, proxy.Name, err)
		}
		return func() error { return proxy.Toxics.RemoveToxic(context.Background(), name) }, nil
	}
	switch fault {
	case Latency:
		return toxic("latency", fmt.Sprintf(`{"name":"latency","type":"latency","stream":"downstream","attributes":{"latency":%d}}`, latency.Milliseconds()))
	case Reset:
		// Upstream: whatever the caller sends next (a query, a call, a ping) meets the reset.
		return toxic("reset", `{"name":"reset","type":"reset_peer","stream":"upstream","attributes":{"timeout":0}}`)
	case Down:
		proxy.Stop()
		// The proxy listens on the same port again, so callers find it where they left it.
		return proxy.Start, nil
	}
	return nil, fmt.Errorf("faulttest: unknown fault %q", fault)
}

// Cell is the outcome of one fault on one dependency.
type Cell struct {
	Dependency string
	Fault      Fault
	// Failed lists what broke the rules; empty means the cell passed.
	Failed []string
	// Slowest is the longest answer of a route that needed the broken part, during the fault.
	Slowest time.Duration
	// Recovered is how long after the fault ended every route answered 200 again.
	Recovered time.Duration
	// Order is what POST /orders answered during the fault ("200", "503").
	Order string
	// Known names a finding not fixed yet that the cell ran into within the bounds allowed for
	// it; such a cell passes, marked "known".
	Known string
}

// OK reports whether the cell passed.
func (c Cell) OK() bool { return len(c.Failed) == 0 }

// PrintTable writes the matrix as a table (one row per dependency, one column per fault, each
// cell "ok", "known" or "FAIL" with the slowest failing answer and the recovery time), then each failed
// cell's reasons and a closing "N passed, N failed" line.
func PrintTable(w io.Writer, cells []Cell) {
	var deps []string
	byKey := map[string]Cell{}
	seen := map[string]bool{}
	for _, c := range cells {
		if !seen[c.Dependency] {
			seen[c.Dependency] = true
			deps = append(deps, c.Dependency)
		}
		byKey[c.Dependency+"/"+string(c.Fault)] = c
	}
	const depWidth, cellWidth = 20, 34
	fmt.Fprintf(w, "\nfault matrix (cell: result, slowest failing answer / back to 200 after the fault; POST /orders during the fault)\n")
	fmt.Fprintf(w, "%-*s", depWidth, "dependency")
	for _, f := range Faults {
		fmt.Fprintf(w, " | %-*s", cellWidth, f)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, strings.Repeat("-", depWidth+len(Faults)*(cellWidth+3)))
	passed, failed := 0, 0
	for _, d := range deps {
		fmt.Fprintf(w, "%-*s", depWidth, d)
		for _, f := range Faults {
			c, ok := byKey[d+"/"+string(f)]
			text := "-"
			if ok {
				result := "ok"
				if c.OK() {
					passed++
					if c.Known != "" {
						result = "known"
					}
				} else {
					result = "FAIL"
					failed++
				}
				text = fmt.Sprintf("%s %s/%s %s", result, round(c.Slowest), round(c.Recovered), c.Order)
			}
			fmt.Fprintf(w, " | %-*s", cellWidth, text)
		}
		fmt.Fprintln(w)
	}
	var failures []Cell
	for _, c := range cells {
		if !c.OK() {
			failures = append(failures, c)
		}
	}
	sort.SliceStable(failures, func(i, j int) bool { return failures[i].Dependency < failures[j].Dependency })
	for _, c := range failures {
		fmt.Fprintf(w, "\n%s × %s:\n", c.Dependency, c.Fault)
		for _, f := range c.Failed {
			fmt.Fprintf(w, "  - %s\n", f)
		}
	}
	for _, c := range cells {
		if c.OK() && c.Known != "" {
			fmt.Fprintf(w, "\nknown in %s × %s: %s\n", c.Dependency, c.Fault, c.Known)
		}
	}
	fmt.Fprintf(w, "\nfaultmatrix: %d passed, %d failed\n", passed, failed)
}

func round(d time.Duration) string {
	return d.Round(100 * time.Millisecond).String()
}
