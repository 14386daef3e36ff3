package systemtest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/hostcart/checkout/gateway/gatewaysvc"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
	"github.com/hostcart/checkout/libs/go/platform/logging"
	"github.com/hostcart/checkout/services/catalog/catalogsvc"
	"github.com/hostcart/checkout/services/domain/domainsvc"
)

// BenchmarkWarmAvailability is the in-process counterpart of `make loadtest`'s closed-loop
// maximum: the same warm 5-name batches, cookies and CSRF header sent over 32 keep-alive
// connections (like wrk) to
//
//   - ours: the real gateway (gatewaysvc.Run, all middleware) → real gRPC on loopback → the real
//     domain service (seeded SQLite, in-process Redis, sandbox registry, 2 s local cache, rate
//     limits off as in the load test), logs at info like devstack;
//   - B: a bare gin handler that makes one unary gRPC call (health check) on loopback and returns
//     our answer's bytes, the floor of any gateway-plus-service path;
//   - A: the bare gin handler with the same fixed body.
//
// The client writes prepared request bytes and reads answers by Content-Length, so its own cost
// (a few µs) barely dilutes the comparison. What matters is ours/B in ns/op of one run:
//
//	cd gateway && GOWORK=off go test -run '^$' -bench WarmAvailability -benchmem -count 5 ./e2e/
//
// CPU profiles (-cpuprofile) show the server side of all three in one process.
func BenchmarkWarmAvailability(b *testing.B) {
	ours := ourStack(b, "")
	sess := openBenchSession(b, ours)
	reqs := warmRequests(ours, sess)
	// Warm the cache twice: the second pass must be served from it.
	var body []byte
	for range 2 {
		for _, r := range reqs {
			body = roundTrip(b, ours, r)
		}
	}
	if !bytes.Contains(body, []byte(`"cached":true`)) {
		b.Fatalf("warm batch not served from the cache: %s", body)
	}

	b.Run("ours", func(b *testing.B) { drive(b, ours, reqs) })
	b.Run("B_gin_grpc", func(b *testing.B) { drive(b, referenceServer(b, body, true), reqs) })
	b.Run("A_gin", func(b *testing.B) { drive(b, referenceServer(b, body, false), reqs) })
}

const benchConnections = 32

// drive sends the requests round robin over benchConnections connections, one goroutine each.
func drive(b *testing.B, addr string, reqs [][]byte) {
	b.Helper()
	conns := make(chan *benchConn, benchConnections)
	for range benchConnections {
		c, err := dialBench(addr)
		if err != nil {
			b.Fatal(err)
		}
		defer c.conn.Close()
		conns <- c
	}
	var next atomic.Uint64
	b.ReportAllocs()
	// RunParallel starts parallelism × GOMAXPROCS goroutines: at least one per connection.
	b.SetParallelism((benchConnections + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
	b.ResetTimer()
	cpuStart := processCPU(b)
	defer func() {
		// CPU time of the whole process (servers and this client) per request: unlike ns/op it
		// hardly moves when other work shares the cores.
		b.ReportMetric(float64(processCPU(b)-cpuStart)/float64(b.N), "cpu-ns/op")
	}()
	b.RunParallel(func(pb *testing.PB) {
		c := <-conns
		defer func() { conns <- c }()
		for pb.Next() {
			r := reqs[next.Add(1)%uint64(len(reqs))]
			if err := c.do(r); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// processCPU is the user plus system CPU time this process has used.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ourStack starts catalog, domain service and gateway as devstack does for the load test and
// returns the gateway's address. redisURL empty: the gateway's sessions in an in-process Redis.
func ourStack(b *testing.B, redisURL string) string {
	b.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	log := logging.New("bench", io.Discard, slog.LevelInfo)

	catalogLis, domainLis, gatewayLis := benchListen(b), benchListen(b), benchListen(b)
	done := make(chan error, 3)
	go func() {
		done <- catalogsvc.Run(ctx, catalogsvc.Config{EmbeddedStores: true, SQLitePath: ":memory:", Seed: true}, catalogLis, log)
	}()
	go func() {
		done <- domainsvc.Run(ctx, domainsvc.Config{EmbeddedStores: true,
			SQLitePath: ":memory:", Seed: true, Registry: domainsvc.RegistrySandbox,
			CacheTTL: domainsvc.DefaultCacheTTL, LocalCacheTTL: domainsvc.DefaultLocalCacheTTL,
			RegistryTimeout: time.Second, CatalogueTTL: domainsvc.DefaultCatalogueTTL,
		}, domainLis, log)
	}()
	// A short session life: the benchmark's one session in a shared Redis goes away soon after.
	cfg := gatewaysvc.Config{StaticDir: b.TempDir(), DevBrandHosts: true, DefaultBrand: "hostwerk", EmbeddedStores: true,
		RedisURL: redisURL, SessionTTL: 10 * time.Minute}
	// The warm path needs catalog (brand, locale) and domain service only; other backends get an
	// address nothing listens on (connections are lazy), so /readyz is not the signal to wait for.
	resolver := discovery.Static{"catalog": catalogLis.Addr().String(), "domain": domainLis.Addr().String(),
		"cart": "127.0.0.1:1", "promotion": "127.0.0.1:1", "customer": "127.0.0.1:1", "payment": "127.0.0.1:1", "order": "127.0.0.1:1"}
	go func() { done <- gatewaysvc.Run(ctx, cfg, gatewayLis, resolver, log) }()
	b.Cleanup(func() {
		cancel()
		for range 3 {
			select {
			case <-done:
			case <-time.After(15 * time.Second):
				b.Error("stack did not stop")
				return
			}
		}
	})

	addr := gatewayLis.Addr().String()
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/api/v2/domains")
		var answer []byte
		if err == nil {
			answer, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return addr
			}
		}
		if time.Now().After(deadline) {
			b.Fatalf("domain routes not answering within 60s: %v %s", err, answer)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func benchListen(b *testing.B) net.Listener {
	b.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	return lis
}

type benchSession struct{ cookie, xsrf string }

func openBenchSession(b *testing.B, addr string) benchSession {
	b.Helper()
	resp, err := http.Get("http://" + addr + "/api/v2/session/locale")
	if err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	var s benchSession
	var parts []string
	for _, c := range resp.Cookies() {
		parts = append(parts, c.Name+"="+c.Value)
		if c.Name == "XSRF-TOKEN" {
			s.xsrf = c.Value
		}
	}
	if s.xsrf == "" {
		b.Fatal("no XSRF-TOKEN cookie")
	}
	s.cookie = strings.Join(parts, "; ")
	return s
}

// warmRequests are the load test's warm set: 20 batches of lt-warm-<i>.{de,com,net,eu,org}.
func warmRequests(addr string, s benchSession) [][]byte {
	tlds := []string{"de", "com", "net", "eu", "org"}
	out := make([][]byte, 0, 20)
	for i := 1; i <= 20; i++ {
		names := make([]string, len(tlds))
		for j, tld := range tlds {
			names[j] = fmt.Sprintf(`"lt-warm-%d.%s"`, i, tld)
		}
		body := `{"domains":[` + strings.Join(names, ",") + `]}`
		out = append(out, []byte(fmt.Sprintf("POST /api/v2/domain-availability HTTP/1.1\r\nHost: %s\r\n"+
			"Content-Type: application/json\r\nCookie: %s\r\nX-XSRF-TOKEN: %s\r\nContent-Length: %d\r\n\r\n%s",
			addr, s.cookie, s.xsrf, len(body), body)))
	}
	return out
}

// roundTrip sends one request on a fresh connection and returns the answer's body.
func roundTrip(b *testing.B, addr string, req []byte) []byte {
	b.Helper()
	c, err := dialBench(addr)
	if err != nil {
		b.Fatal(err)
	}
	defer c.conn.Close()
	c.keep = true
	if err := c.do(req); err != nil {
		b.Fatal(err)
	}
	return c.body
}

// referenceServer serves body on the availability route, after one loopback gRPC call when
// withGRPC (B), straight away otherwise (A), and returns its address.
func referenceServer(b *testing.B, body []byte, withGRPC bool) string {
	b.Helper()
	engine := gin.New()
	if withGRPC {
		lis := benchListen(b)
		srv := grpc.NewServer()
		healthpb.RegisterHealthServer(srv, health.NewServer())
		go func() { _ = srv.Serve(lis) }()
		conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = conn.Close(); srv.Stop() })
		client := healthpb.NewHealthClient(conn)
		engine.POST("/api/v2/domain-availability", func(c *gin.Context) {
			_, _ = io.Copy(io.Discard, c.Request.Body)
			if _, err := client.Check(c.Request.Context(), &healthpb.HealthCheckRequest{}); err != nil {
				c.AbortWithStatus(http.StatusServiceUnavailable)
				return
			}
			c.Data(http.StatusOK, "application/json; charset=utf-8", body)
		})
	} else {
		engine.POST("/api/v2/domain-availability", func(c *gin.Context) {
			_, _ = io.Copy(io.Discard, c.Request.Body)
			c.Data(http.StatusOK, "application/json; charset=utf-8", body)
		})
	}
	lis := benchListen(b)
	srv := &http.Server{Handler: engine, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(lis) }()
	b.Cleanup(func() { _ = srv.Close() })
	return lis.Addr().String()
}

// benchConn is a minimal HTTP/1.1 keep-alive client: it writes prepared requests and reads the
// answer's head and Content-Length body, much cheaper than net/http's client.
type benchConn struct {
	conn net.Conn
	r    *bufio.Reader
	keep bool   // keep the last body in body
	body []byte // last body when keep
	buf  []byte
}

func dialBench(addr string) (*benchConn, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	return &benchConn{conn: conn, r: bufio.NewReaderSize(conn, 16<<10), buf: make([]byte, 16<<10)}, nil
}

func (c *benchConn) do(req []byte) error {
	if _, err := c.conn.Write(req); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return fmt.Errorf("read status: %w", err)
	}
	if !bytes.HasPrefix(line, []byte("HTTP/1.1 200 ")) {
		return fmt.Errorf("answer %q", bytes.TrimSpace(line))
	}
	length := -1
	for {
		h, err := c.r.ReadSlice('\n')
		if err != nil {
			return fmt.Errorf("read header: %w", err)
		}
		h = bytes.TrimRight(h, "\r\n")
		if len(h) == 0 {
			break
		}
		if name, value, ok := bytes.Cut(h, []byte(":")); ok && strings.EqualFold(string(name), "Content-Length") {
			if length, err = strconv.Atoi(string(bytes.TrimSpace(value))); err != nil {
				return fmt.Errorf("content-length %q: %w", value, err)
			}
		}
	}
	if length < 0 {
		return fmt.Errorf("answer without Content-Length")
	}
	if length > len(c.buf) {
		c.buf = make([]byte, length)
	}
	if _, err := io.ReadFull(c.r, c.buf[:length]); err != nil {
		return fmt.Errorf("read body: %w", err)
	}
	if c.keep {
		c.body = append(c.body[:0], c.buf[:length]...)
	}
	return nil
}
