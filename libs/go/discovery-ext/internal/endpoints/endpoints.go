// Package endpoints pushes a resolver's instance list to gRPC with the round-robin service config,
// shared by the consul and kubernetes resolvers.
package endpoints

import (
	"math/rand/v2"
	"slices"
	"time"

	// Registers gRPC's client-side health checking, which RoundRobinServiceConfig turns on.
	_ "google.golang.org/grpc/health"
	"google.golang.org/grpc/resolver"

	"github.com/hostcart/checkout/libs/go/platform/discovery"
)

// Normalize sorts addrs and drops duplicates, so two snapshots of the same set compare equal.
func Normalize(addrs []string) []string {
	out := slices.Clone(addrs)
	slices.Sort(out)
	return slices.Compact(out)
}

// Push hands addrs ("host:port", normalized) to cc, one endpoint each, with
// discovery.RoundRobinServiceConfig. An empty list is pushed too: gRPC then reports the target as
// unavailable (calls waiting for ready keep waiting within their deadline) instead of calling
// instances that left.
func Push(cc resolver.ClientConn, addrs []string) error {
	eps := make([]resolver.Endpoint, 0, len(addrs))
	for _, a := range addrs {
		eps = append(eps, resolver.Endpoint{Addresses: []resolver.Address{{Addr: a}}})
	}
	return cc.UpdateState(resolver.State{
		Endpoints:     eps,
		ServiceConfig: cc.ParseServiceConfig(discovery.RoundRobinServiceConfig),
	})
}

// Backoff is the wait before retry number attempt (0-based) after a failed lookup: base doubling
// up to max, with up to 50 % jitter so a fleet does not retry in step.
func Backoff(base, max time.Duration, attempt int) time.Duration {
	d := base
	for range attempt {
		if d >= max/2 {
			d = max
			break
		}
		d *= 2
	}
	d = min(d, max)
	return d + rand.N(d/2+1)
}
