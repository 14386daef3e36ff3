package customersvc

import (
	"testing"
	"time"
)

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("REDIS_URL", "redis://10.0.0.5:6379/2")
	t.Setenv("EMBEDDED_STORES", "")
	t.Setenv("CUSTOMER_SESSION_TTL", "36h")
	t.Setenv("CATALOG_ADDR", "catalog:9101")
	t.Setenv("CUSTOMER_CACHE_TTL", "")
	cfg := ConfigFromEnv()
	if cfg.RedisURL != "redis://10.0.0.5:6379/2" || cfg.EmbeddedStores || cfg.SessionTTL != 36*time.Hour ||
		cfg.CatalogAddr != "catalog:9101" || cfg.CacheTTL != 30*time.Second {
		t.Errorf("cfg = %+v", cfg)
	}
	// Devstack's VIES sandbox answers at once unless told to be slow.
	t.Setenv("VIES_SANDBOX_LATENCY", "")
	if got := ConfigFromEnv().VIESSandboxLatency; got != 0 {
		t.Errorf("default VIES sandbox latency = %v", got)
	}
	t.Setenv("VIES_SANDBOX_LATENCY", "20s")
	if got := ConfigFromEnv().VIESSandboxLatency; got != 20*time.Second {
		t.Errorf("VIES sandbox latency = %v", got)
	}
	// The default lifetime is the cart's: a week.
	t.Setenv("CUSTOMER_SESSION_TTL", "")
	if got := ConfigFromEnv().SessionTTL; got != 7*24*time.Hour {
		t.Errorf("default session TTL = %v", got)
	}
}
