// Package e2e runs the gateway against the real catalog, domain, promotion and cart services
// (embedded SQLite with the seed data, in-process Redis, sandbox registry), all on loopback ports,
// as devstack does.
package systemtest

import (
	"context"
	"encoding/json"
	"github.com/hostcart/checkout/gateway/sessions"
	"github.com/redis/go-redis/v9"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"

	"github.com/hostcart/checkout/gateway/gatewaysvc"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
	"github.com/hostcart/checkout/libs/go/platform/logging"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/cart/cartsvc"
	"github.com/hostcart/checkout/services/catalog/catalogsvc"
	"github.com/hostcart/checkout/services/domain/domainsvc"
	"github.com/hostcart/checkout/services/promotion/promotionsvc"
)

// stack starts catalog, domain, promotion and cart service and the gateway and returns the
// gateway's base URL.
func stack(t *testing.T) string {
	t.Helper()
	return startStack(t).base
}

// running is a started stack: the gateway's base URL and the cart service's gRPC address, for
// tests that prepare a cart the way only an internal caller may (a sales agent's draft).
type running struct {
	base     string
	cartAddr string
	redisURL string
}

// sessionID is the id the services know the session of cookie token by (the gateway's sessions
// map one to the other).
func (r running) sessionID(t *testing.T, token string) string {
	t.Helper()
	opt, err := redis.ParseURL(r.redisURL)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	id, err := sessions.NewRedis(rdb, sessions.RedisOptions{}).Resolve(context.Background(), token)
	if err != nil {
		t.Fatalf("session of cookie %q: %v", token, err)
	}
	return id
}

func startStack(t *testing.T) running {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := map[string]chan error{}
	start := func(name string, lis net.Listener, run func(net.Listener) error) {
		ch := make(chan error, 1)
		done[name] = ch
		go func() { ch <- run(lis) }()
	}

	catalogLis, domainLis, promotionLis, cartLis := listen(t), listen(t), listen(t), listen(t)
	start("catalog", catalogLis, func(lis net.Listener) error {
		return catalogsvc.Run(ctx, catalogsvc.Config{EmbeddedStores: true, SQLitePath: ":memory:", Seed: true}, lis, logging.Discard())
	})
	start("domain", domainLis, func(lis net.Listener) error {
		return domainsvc.Run(ctx, domainsvc.Config{EmbeddedStores: true,
			SQLitePath: ":memory:", Seed: true, Registry: domainsvc.RegistrySandbox,
			CacheTTL: time.Minute, RegistryTimeout: time.Second, CatalogueTTL: time.Minute,
		}, lis, logging.Discard())
	})
	// Rate limits and carts share one in-process Redis-protocol server, as in devstack.
	mr := miniredis.NewMiniRedis()
	if err := mr.Start(); err != nil {
		t.Fatal(err)
	}
	start("promotion", promotionLis, func(lis net.Listener) error {
		return promotionsvc.Run(ctx, promotionsvc.Config{EmbeddedStores: true,
			SQLitePath: ":memory:", RedisURL: "redis://" + mr.Addr(), Seed: true, BookTTL: time.Minute,
			RateSession: ratelimit.Limit{Rate: 1000, Period: time.Minute}, RateIP: ratelimit.Limit{Rate: 1000, Period: time.Minute},
		}, lis, logging.Discard())
	})
	start("cart", cartLis, func(lis net.Listener) error {
		return cartsvc.Run(ctx, cartsvc.Config{EmbeddedStores: true,
			RedisURL: "redis://" + mr.Addr(), CatalogAddr: catalogLis.Addr().String(), DomainAddr: domainLis.Addr().String(),
			PromotionAddr: promotionLis.Addr().String(), CacheTTL: time.Minute,
		}, lis, logging.Discard())
	})

	gatewayLis := listen(t)
	cfg := gatewaysvc.Config{StaticDir: t.TempDir(), DevBrandHosts: true, DefaultBrand: "hostwerk", RedisURL: "redis://" + mr.Addr()}
	resolver := discovery.Static{
		"catalog": catalogLis.Addr().String(), "domain": domainLis.Addr().String(),
		"promotion": promotionLis.Addr().String(), "cart": cartLis.Addr().String(),
		// The customer routes are not under test here; connections are lazy.
		"customer": "127.0.0.1:1", "payment": "127.0.0.1:1", "order": "127.0.0.1:1",
	}
	start("gateway", gatewayLis, func(lis net.Listener) error {
		return gatewaysvc.Run(ctx, cfg, lis, resolver, logging.Discard())
	})

	t.Cleanup(func() {
		cancel()
		for name, ch := range done {
			select {
			case err := <-ch:
				if err != nil {
					t.Errorf("%s stopped with %v", name, err)
				}
			case <-time.After(15 * time.Second):
				t.Errorf("%s did not stop", name)
			}
		}
		mr.Close()
	})

	base := "http://" + gatewayLis.Addr().String()
	waitReady(t, base)
	return running{base: base, cartAddr: cartLis.Addr().String(), redisURL: "redis://" + mr.Addr()}
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return lis
}

// waitReady polls /readyz: the catalog migrates and seeds before it reports SERVING.
func serving(checks map[string]string, backends ...string) bool {
	for _, b := range backends {
		if checks[b] != "SERVING" {
			return false
		}
	}
	return true
}

func waitReady(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		// /readyz is 200 as soon as the gateway serves; the stack is ready once every backend under
		// test reports SERVING, not while one still migrates or seeds. The customer service is not
		// started here.
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			var body struct{ Checks map[string]string }
			derr := json.NewDecoder(resp.Body).Decode(&body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK && derr == nil && serving(body.Checks, "catalog", "domain", "cart", "promotion") {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("gateway not ready within 60s")
}

// browser talks to the gateway under a brand's host and keeps its cookies like a browser would
// (by hand: a cookie jar files them under the dialled address, not the Host header).
type browser struct {
	t       *testing.T
	base    string
	host    string
	client  *http.Client
	cookies map[string]string
}

func newBrowser(t *testing.T, base, host string) *browser {
	return &browser{t: t, base: base, host: host, client: &http.Client{Timeout: 10 * time.Second}, cookies: map[string]string{}}
}

func (b *browser) do(method, path, body string) (int, map[string]any) {
	b.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, b.base+path, r)
	if err != nil {
		b.t.Fatal(err)
	}
	req.Host = b.host
	for name, value := range b.cookies {
		req.AddCookie(&http.Cookie{Name: name, Value: value})
	}
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-XSRF-TOKEN", b.cookies["XSRF-TOKEN"])
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		b.cookies[c.Name] = c.Value
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		b.t.Fatalf("%s %s: %d, not a JSON object: %s", method, path, resp.StatusCode, raw)
	}
	return resp.StatusCode, out
}

func (b *browser) list(path, key string) []map[string]any {
	b.t.Helper()
	code, body := b.do(http.MethodGet, path, "")
	if code != http.StatusOK {
		b.t.Fatalf("GET %s: %d %v", path, code, body)
	}
	raw, ok := body[key].([]any)
	if !ok {
		b.t.Fatalf("GET %s: no list %q in %v", path, key, body)
	}
	out := make([]map[string]any, len(raw))
	for i := range raw {
		out[i] = raw[i].(map[string]any)
	}
	return out
}

func TestGatewayWithRealCatalog(t *testing.T) {
	base := stack(t)

	t.Run("brands by host", func(t *testing.T) {
		for host, want := range map[string]string{
			"shop.hostwerk.de":         "hostwerk",
			"shop.alpenhost.at":        "alpenhost",
			"alpenhost.localhost:8080": "alpenhost",
			"localhost":                "hostwerk",
		} {
			code, brand := newBrowser(t, base, host).do(http.MethodGet, "/api/v2/brands/current", "")
			if code != http.StatusOK || brand["slug"] != want {
				t.Fatalf("%s: %d %v, want %s", host, code, brand, want)
			}
			props, ok := brand["properties"].(map[string]any)
			if !ok || props["show_locale_switcher"] != "true" {
				t.Fatalf("%s: properties %v", host, brand["properties"])
			}
		}
		code, body := newBrowser(t, base, "shop.nowhere.example").do(http.MethodGet, "/api/v2/brands/current", "")
		if code != http.StatusNotFound || body["error"] != "brand.not_found" {
			t.Fatalf("unknown host: %d %v", code, body)
		}
	})

	t.Run("vat display differs per brand", func(t *testing.T) {
		_, hw := newBrowser(t, base, "shop.hostwerk.de").do(http.MethodGet, "/api/v2/brands/current", "")
		_, ah := newBrowser(t, base, "shop.alpenhost.at").do(http.MethodGet, "/api/v2/brands/current", "")
		if hw["properties"].(map[string]any)["display_prices_with_vat"] != "true" ||
			ah["properties"].(map[string]any)["display_prices_with_vat"] != "false" {
			t.Fatalf("display_prices_with_vat: hostwerk %v, alpenhost %v", hw["properties"], ah["properties"])
		}
	})

	t.Run("catalog lists", func(t *testing.T) {
		b := newBrowser(t, base, "shop.hostwerk.de")
		cats := b.list("/api/v2/categories", "categories")
		if len(cats) == 0 {
			t.Fatal("no categories")
		}
		domainCats := b.list("/api/v2/categories?d=example.de", "categories")
		if len(domainCats) == 0 || len(domainCats) > len(cats) {
			t.Fatalf("%d domain-capable of %d categories", len(domainCats), len(cats))
		}
		for _, c := range domainCats {
			if c["domain_capable"] != true {
				t.Fatalf("category %v listed for a domain search", c["slug"])
			}
		}
		slug := cats[0]["slug"].(string)
		for _, p := range b.list("/api/v2/products?category="+slug, "products") {
			if p["category_slug"] != slug {
				t.Fatalf("product %v of category %v under %s", p["id"], p["category_slug"], slug)
			}
		}
		if len(b.list("/api/v2/payment-intervals", "payment_intervals")) == 0 {
			t.Fatal("no payment intervals")
		}
		if len(b.list("/api/v2/countries", "countries")) == 0 {
			t.Fatal("no countries")
		}
		zips := b.list("/api/v2/zipcodes/101", "zip_codes")
		if len(zips) == 0 || zips[0]["country_code"] != "DE" {
			t.Fatalf("zip codes of hostwerk (DE): %v", zips)
		}
		if len(b.list("/api/v2/zipcodes/10", "zip_codes")) != 0 {
			t.Fatal("zip codes listed for a 2-character prefix")
		}
	})

	t.Run("session locale", func(t *testing.T) {
		b := newBrowser(t, base, "shop.alpenhost.at")
		if code, body := b.do(http.MethodGet, "/api/v2/session/locale", ""); code != http.StatusOK || body["code"] != "de-DE" {
			t.Fatalf("default locale: %d %v", code, body)
		}
		if code, body := b.do(http.MethodPut, "/api/v2/session/locale", `{"code":"en-GB"}`); code != http.StatusOK || body["code"] != "en-GB" {
			t.Fatalf("set locale: %d %v", code, body)
		}
		if code, body := b.do(http.MethodGet, "/api/v2/session/locale", ""); code != http.StatusOK || body["code"] != "en-GB" {
			t.Fatalf("locale after set: %d %v", code, body)
		}
		if code, body := b.do(http.MethodPut, "/api/v2/session/locale", `{"code":"fr-FR"}`); code != http.StatusBadRequest || body["error"] != "locale.not_supported" {
			t.Fatalf("unsupported locale: %d %v", code, body)
		}
		// Another browser keeps the brand default.
		other := newBrowser(t, base, "shop.alpenhost.at")
		if _, body := other.do(http.MethodGet, "/api/v2/session/locale", ""); body["code"] != "de-DE" {
			t.Fatalf("locale leaked between sessions: %v", body)
		}
	})
}
