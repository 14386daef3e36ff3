package promotionsvc

import (
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
)

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("DATABASE_URL", "postgres://shared/db")
	t.Setenv("PROMOTION_SQLITE_PATH", ":memory:")
	t.Setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
	t.Setenv("PROMOTION_SEED", "true")
	t.Setenv("PROMOTION_CACHE_TTL", "3s")
	t.Setenv("PROMOTION_RATELIMIT_SESSION", "10/1s/20")
	t.Setenv("PROMOTION_RATELIMIT_IP", "off")
	cfg := ConfigFromEnv()
	if cfg.DatabaseURL != "postgres://shared/db" || cfg.SQLitePath != ":memory:" || !cfg.Seed || cfg.BookTTL != 3*time.Second || cfg.RedisURL == "" {
		t.Errorf("config = %+v", cfg)
	}
	if cfg.RateSession != (ratelimit.Limit{Rate: 10, Period: time.Second, Burst: 20}) || cfg.RateIP.Enabled() {
		t.Errorf("rate limits = %v / %v", cfg.RateSession, cfg.RateIP)
	}

	t.Setenv("PROMOTION_DATABASE_URL", "postgres://own/db")
	t.Setenv("PROMOTION_RATELIMIT_SESSION", "plenty")
	cfg = ConfigFromEnv()
	if cfg.DatabaseURL != "postgres://own/db" {
		t.Errorf("PROMOTION_DATABASE_URL does not win over DATABASE_URL: %q", cfg.DatabaseURL)
	}
	if want, _ := ratelimit.Parse(DefaultRateSession); cfg.RateSession != want {
		t.Errorf("malformed limit = %v, want the default %s", cfg.RateSession, DefaultRateSession)
	}
}
