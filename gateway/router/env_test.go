package router_test

import (
	"context"
	"crypto/tls"
	"github.com/hostcart/checkout/gateway/sessions"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/hostcart/checkout/gateway/brands"
	"github.com/hostcart/checkout/gateway/internal/fakecart"
	"github.com/hostcart/checkout/gateway/internal/fakecatalog"
	"github.com/hostcart/checkout/gateway/internal/fakedomain"
	"github.com/hostcart/checkout/gateway/router"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/logging"
)

// env is the real router in front of a fake catalog, a fake domain service and a fake cart and
// promotion service, all served over gRPC on loopback.
type env struct {
	fake    *fakecatalog.Catalog
	domain  *fakedomain.Service
	cart    *fakecart.Service
	handler http.Handler
	// sessions is the router's session store: services see the session id a cookie stands for.
	sessions *sessions.Memory
}

// sessionID is the id the services see for the session of cookie token.
func (e *env) sessionID(t *testing.T, token string) string {
	t.Helper()
	id, err := e.sessions.Resolve(context.Background(), token)
	if err != nil {
		t.Fatalf("session cookie %q: %v", token, err)
	}
	return id
}

type envOptions struct {
	catalogAddr    string // empty: serve a fresh fake
	domainAddr     string // empty: serve a fresh fake
	cartAddr       string // empty: serve a fresh fake (cart and promotion service)
	staticDir      string // empty: a temporary built frontend
	trustedProxies []string
	draining       *atomic.Bool                   // nil: never drains
	payments       paymentv1.PaymentServiceClient // nil: no payment routes
}

func newEnv(t *testing.T, opts envOptions) *env {
	t.Helper()
	e := &env{fake: fakecatalog.New(), domain: fakedomain.New(), cart: fakecart.New(), sessions: sessions.NewMemory()}
	addr := opts.catalogAddr
	if addr == "" {
		addr = fakecatalog.Serve(t, e.fake)
	}
	conn := dial(t, addr)
	catalog := catalogv1.NewCatalogServiceClient(conn)
	domainAddr := opts.domainAddr
	if domainAddr == "" {
		domainAddr = fakedomain.Serve(t, e.domain)
	}
	domainConn := dial(t, domainAddr)
	cartAddr := opts.cartAddr
	if cartAddr == "" {
		cartAddr = fakecart.Serve(t, e.cart)
	}
	cartConn := dial(t, cartAddr)

	staticDir := opts.staticDir
	if staticDir == "" {
		staticDir = writeFrontend(t)
	}
	h, err := router.New(router.Deps{
		Sessions:   e.sessions,
		Log:        logging.Discard(),
		Catalog:    catalog,
		Domains:    domainv1.NewDomainServiceClient(domainConn),
		Cart:       cartv1.NewCartServiceClient(cartConn),
		Promotions: promotionv1.NewPromotionServiceClient(cartConn),
		Ready: map[string]healthpb.HealthClient{
			"catalog":   healthpb.NewHealthClient(conn),
			"domain":    healthpb.NewHealthClient(domainConn),
			"cart":      healthpb.NewHealthClient(cartConn),
			"promotion": healthpb.NewHealthClient(cartConn),
		},
		Brands:         brands.NewResolver(catalog, brands.Options{DevHosts: true, DefaultSlug: "hostwerk"}),
		StaticDir:      staticDir,
		TrustedProxies: opts.trustedProxies,
		ReadyTimeout:   time.Second,
		Draining:       opts.draining,
		Payments:       opts.payments,
	})
	if err != nil {
		t.Fatal(err)
	}
	e.handler = h
	return e
}

func dial(t *testing.T, addr string) *grpc.ClientConn {
	t.Helper()
	conn, err := grpcclient.Dial(addr, logging.Discard(), grpcclient.Config{
		Timeout: 2 * time.Second, MaxRetries: 1, RetryBackoff: 10 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

const indexHTML = "<!doctype html><title>shop</title><div id=root></div>"

func writeFrontend(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":                   indexHTML,
		"main.3f2a1b9c7d6e5f40.js":     "console.log('main')",
		"assets/logo.svg":              "<svg/>",
		"remoteEntry.js":               "var remote",
		"mf-manifest.json":             "{}",
		"flow/remoteEntry.js":          "var flow",
		"flow/123.a1b2c3d4e5f6a7b8.js": "chunk",
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// closedAddr is a loopback address nobody listens on: a catalog that is down.
func closedAddr(t *testing.T) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	_ = lis.Close()
	return addr
}

type request struct {
	method  string
	target  string
	host    string
	body    string
	cookies []*http.Cookie
	header  map[string]string
	tls     bool
}

func (e *env) do(t *testing.T, r request) *httptest.ResponseRecorder {
	t.Helper()
	if r.method == "" {
		r.method = http.MethodGet
	}
	var body io.Reader
	if r.body != "" {
		body = strings.NewReader(r.body)
	}
	req := httptest.NewRequest(r.method, r.target, body)
	req.Host = "shop.hostwerk.de"
	if r.host != "" {
		req.Host = r.host
	}
	if r.tls {
		req.TLS = &tls.ConnectionState{HandshakeComplete: true}
	}
	for _, c := range r.cookies {
		req.AddCookie(c)
	}
	for k, v := range r.header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, req)
	return rec
}

func cookieNamed(rec *httptest.ResponseRecorder, name string) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}
