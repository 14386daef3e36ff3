package systemtest

import (
	"bytes"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/testinfra"
)

// BenchmarkWarmRequest is one warm availability request at a time (issue 26) through the real
// gateway: its whole middleware chain (request id, access log, metrics, tracing, brand, session
// lookup, CSRF/Origin, deadline), the gRPC client interceptors (retry, breaker, metadata) and the
// loopback hop to the domain service, whose answer comes from its warm cache. One keep-alive
// connection and no concurrency, so ns/op is the latency of one request and allocs/op what the
// process allocates for it (client included, a few allocations), unlike BenchmarkWarmAvailability's
// 32 connections. Variants by where the gateway keeps its sessions:
//
//   - embedded: the in-process Redis-protocol server devstack starts without REDIS_URL;
//   - redis: the machine's Redis (TEST_REDIS_URL, 127.0.0.1:6379), as in `make loadtest`.
//
// `make test-bench` runs it once per variant (-benchtime=1x) so a break shows before a load test;
// figures and profiles in docs/performance.md "Issue 26":
//
//	cd tools && go test -run '^$' -bench WarmRequest -benchmem -count 5 ./systemtest/
func BenchmarkWarmRequest(b *testing.B) {
	for _, v := range []struct{ name, redisURL string }{
		{"embedded", ""},
		{"redis", testinfra.RedisURL()},
	} {
		b.Run(v.name, func(b *testing.B) {
			addr := ourStack(b, v.redisURL)
			sess := openBenchSession(b, addr)
			reqs := warmRequests(addr, sess)
			c, err := dialBench(addr)
			if err != nil {
				b.Fatal(err)
			}
			defer c.conn.Close()
			c.keep = true
			// Two passes: the second must be served from the domain service's cache.
			for range 2 {
				for _, r := range reqs {
					if err := c.do(r); err != nil {
						b.Fatal(err)
					}
				}
			}
			if !bytes.Contains(c.body, []byte(`"cached":true`)) {
				b.Fatalf("warm batch not served from the cache: %s", c.body)
			}
			c.keep = false
			b.ReportAllocs()
			b.ResetTimer()
			// CPU of the whole process per request, as in BenchmarkWarmAvailability: unlike ns/op it
			// counts work done off the request's path (the gRPC transport's writers and readers).
			cpuStart := processCPU(b)
			for i := range b.N {
				if err := c.do(reqs[i%len(reqs)]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(processCPU(b)-cpuStart)/float64(b.N), "cpu-ns/op")
		})
	}
}
