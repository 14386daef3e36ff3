package gatewaysvc_test

import (
	"context"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/gateway/gatewaysvc"
	"github.com/hostcart/checkout/gateway/internal/fakecart"
	"github.com/hostcart/checkout/gateway/internal/fakecatalog"
	"github.com/hostcart/checkout/gateway/internal/fakedomain"
	"github.com/hostcart/checkout/libs/go/platform/discovery"
	"github.com/hostcart/checkout/libs/go/platform/logging"
)

func TestRunServesUntilCancelled(t *testing.T) {
	catalogAddr := fakecatalog.Serve(t, fakecatalog.New())
	domainAddr := fakedomain.Serve(t, fakedomain.New())
	cartAddr := fakecart.Serve(t, fakecart.New())
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	cfg := gatewaysvc.Config{StaticDir: t.TempDir(), DevBrandHosts: true, ShutdownGrace: 2 * time.Second, RedisURL: testinfra.RedisURL()}
	go func() {
		done <- gatewaysvc.Run(ctx, cfg, lis, discovery.Static{
			"catalog": catalogAddr, "domain": domainAddr, "cart": cartAddr, "promotion": cartAddr, "customer": cartAddr, "payment": cartAddr, "order": cartAddr,
		}, logging.Discard())
	}()

	base := "http://" + lis.Addr().String()
	get := func(path, host string) (int, string) {
		req, err := http.NewRequest(http.MethodGet, base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}

	if code, body := get("/api/v2/brands/current", "alpenhost.localhost"); code != 200 || !strings.Contains(body, `"slug":"alpenhost"`) {
		t.Fatalf("brand over a real connection: %d %s", code, body)
	}
	if code, body := get("/api/v2/domains", "localhost"); code != 200 || !strings.Contains(body, `"tld":"de"`) {
		t.Fatalf("domains over a real connection: %d %s", code, body)
	}
	if code, body := get("/api/v2/session/cart", "localhost"); code != 200 || !strings.Contains(body, `"row_id":"`+fakecart.RowID+`"`) {
		t.Fatalf("cart over a real connection: %d %s", code, body)
	}
	if code, body := get("/readyz", "localhost"); code != 200 || !strings.Contains(body, `"domain":"SERVING"`) ||
		!strings.Contains(body, `"cart":"SERVING"`) || !strings.Contains(body, `"promotion":"SERVING"`) {
		t.Fatalf("readyz: %d %s", code, body)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run after cancel: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop after its context ended")
	}
	if _, err := net.DialTimeout("tcp", lis.Addr().String(), 200*time.Millisecond); err == nil {
		t.Fatal("still accepting connections after shutdown")
	}
}

func TestRunNeedsCatalogAddress(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
	err = gatewaysvc.Run(context.Background(), gatewaysvc.Config{}, lis, discovery.Static{}, logging.Discard())
	if err == nil || !strings.Contains(err.Error(), "CATALOG_ADDR") {
		t.Fatalf("err = %v, want a hint to CATALOG_ADDR", err)
	}
}

func TestRunNeedsDomainAddress(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
	err = gatewaysvc.Run(context.Background(), gatewaysvc.Config{}, lis, discovery.Static{"catalog": "127.0.0.1:1"}, logging.Discard())
	if err == nil || !strings.Contains(err.Error(), "DOMAIN_ADDR") {
		t.Fatalf("err = %v, want a hint to DOMAIN_ADDR", err)
	}
}

// The cart, promotion, customer and payment services are required like the catalog: the shop cannot sell
// without them.
func TestRunNeedsCartPromotionAndCustomerAddresses(t *testing.T) {
	for missing, hint := range map[string]string{"cart": "CART_ADDR", "promotion": "PROMOTION_ADDR", "customer": "CUSTOMER_ADDR", "payment": "PAYMENT_ADDR", "order": "ORDER_ADDR"} {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		resolver := discovery.Static{"catalog": "127.0.0.1:1", "domain": "127.0.0.1:1", "cart": "127.0.0.1:1", "promotion": "127.0.0.1:1", "customer": "127.0.0.1:1", "payment": "127.0.0.1:1", "order": "127.0.0.1:1"}
		delete(resolver, missing)
		err = gatewaysvc.Run(context.Background(), gatewaysvc.Config{}, lis, resolver, logging.Discard())
		lis.Close()
		if err == nil || !strings.Contains(err.Error(), hint) {
			t.Fatalf("without %s: err = %v, want a hint to %s", missing, err, hint)
		}
	}
}

// Sessions live in Redis so every replica knows them: without REDIS_URL the gateway refuses to start
// unless told embedded stores are fine (devstack).
func TestRunNeedsRedis(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer lis.Close()
	resolver := discovery.Static{"catalog": "127.0.0.1:1", "domain": "127.0.0.1:1", "cart": "127.0.0.1:1", "promotion": "127.0.0.1:1", "customer": "127.0.0.1:1", "payment": "127.0.0.1:1", "order": "127.0.0.1:1"}
	err = gatewaysvc.Run(context.Background(), gatewaysvc.Config{}, lis, resolver, logging.Discard())
	if err == nil || !strings.Contains(err.Error(), "REDIS_URL") {
		t.Fatalf("err = %v, want a hint to REDIS_URL", err)
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("PORT", "9090")
	t.Setenv("FRONTEND_DIR", "/srv/shell")
	t.Setenv("DEFAULT_BRAND", "alpenhost")
	t.Setenv("DEV_BRAND_HOSTS", "true")
	t.Setenv("TRUSTED_PROXIES", "10.0.0.0/8, ,127.0.0.1")
	t.Setenv("BRAND_CACHE_TTL", "5s")
	cfg := gatewaysvc.ConfigFromEnv()
	if cfg.Port != "9090" || cfg.StaticDir != "/srv/shell" || cfg.DefaultBrand != "alpenhost" || !cfg.DevBrandHosts ||
		cfg.BrandCacheTTL != 5*time.Second || len(cfg.TrustedProxies) != 2 || cfg.TrustedProxies[1] != "127.0.0.1" {
		t.Fatalf("config = %+v", cfg)
	}
}

func TestConfigDefaults(t *testing.T) {
	for _, key := range []string{"PORT", "FRONTEND_DIR", "DEFAULT_BRAND", "DEV_BRAND_HOSTS"} {
		t.Setenv(key, "") // blank counts as unset
	}
	cfg := gatewaysvc.ConfigFromEnv()
	if cfg.Port != "8080" || cfg.StaticDir != "dist/frontend/shell" || cfg.DefaultBrand != "hostwerk" || cfg.DevBrandHosts {
		t.Fatalf("defaults = %+v", cfg)
	}
}
