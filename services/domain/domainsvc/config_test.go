package domainsvc

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/domain/domain"
)

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://shared/db")
	t.Setenv("DOMAIN_SQLITE_PATH", "/tmp/x.db")
	t.Setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
	t.Setenv("DOMAIN_SEED", "true")
	t.Setenv("DOMAIN_REGISTRY", "rdap")
	t.Setenv("DOMAIN_SANDBOX_LATENCY", "50ms")
	t.Setenv("DOMAIN_CACHE_TTL", "90s")
	t.Setenv("DOMAIN_RATELIMIT_SESSION", "10/1s/20")
	t.Setenv("DOMAIN_RATELIMIT_IP", "off")
	cfg := ConfigFromEnv()
	if cfg.DatabaseURL != "postgres://shared/db" || cfg.SQLitePath != "/tmp/x.db" || !cfg.Seed || cfg.Registry != "rdap" ||
		cfg.SandboxLatency != 50*time.Millisecond || cfg.CacheTTL != 90*time.Second || cfg.RedisURL == "" {
		t.Errorf("config = %+v", cfg)
	}
	if cfg.RateSession != (ratelimit.Limit{Rate: 10, Period: time.Second, Burst: 20}) || cfg.RateIP.Enabled() {
		t.Errorf("rate limits = %v / %v", cfg.RateSession, cfg.RateIP)
	}

	t.Setenv("DOMAIN_DATABASE_URL", "postgres://own/db")
	t.Setenv("DOMAIN_RATELIMIT_SESSION", "lots")
	cfg = ConfigFromEnv()
	if cfg.DatabaseURL != "postgres://own/db" {
		t.Errorf("DOMAIN_DATABASE_URL does not win over DATABASE_URL: %q", cfg.DatabaseURL)
	}
	if want, _ := ratelimit.Parse(DefaultRateSession); cfg.RateSession != want {
		t.Errorf("malformed limit = %v, want the default %s", cfg.RateSession, DefaultRateSession)
	}
}

func TestRegistrySelection(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	reg, err := newRegistry(Config{Registry: RegistrySandbox}, log)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := reg.Check(context.Background(), "takenname.de"); err != nil || st != domain.StatusTaken {
		t.Errorf("sandbox: %d, %v", st, err)
	}
	if _, err := newRegistry(Config{Registry: "whois"}, log); err == nil {
		t.Error("unknown registry accepted")
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/domain/registered.de") {
			fmt.Fprint(w, `{"objectClassName":"domain","ldhName":"registered.de"}`)
			return
		}
		w.WriteHeader(http.StatusNotFound)
	}))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "dns.json")
	doc := fmt.Sprintf(`{"version":"1.0","publication":"test","services":[[["de"],["%s/rdap/"]]]}`, srv.URL)
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	reg, err = newRegistry(Config{Registry: RegistryRDAP, RDAPBootstrap: path, RegistryTimeout: time.Second}, log)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := reg.Check(context.Background(), "registered.de"); err != nil || st != domain.StatusTaken {
		t.Errorf("rdap registered: %d, %v", st, err)
	}
	if st, err := reg.Check(context.Background(), "free.de"); err != nil || st != domain.StatusAvailable {
		t.Errorf("rdap free: %d, %v", st, err)
	}
	if _, err := newRegistry(Config{Registry: RegistryRDAP, RDAPBootstrap: filepath.Join(t.TempDir(), "missing.json")}, log); err == nil {
		t.Error("missing bootstrap file accepted")
	}
}
