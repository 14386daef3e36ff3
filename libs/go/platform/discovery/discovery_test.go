package discovery

import (
	"strings"
	"testing"
)

func TestStaticFromEnv(t *testing.T) {
	t.Setenv("CATALOG_ADDR", "127.0.0.1:7001")
	t.Setenv("PAYMENT_ADDR", "")
	var r Resolver = StaticFromEnv("catalog", "payment")

	got, err := r.Target("catalog")
	if err != nil || got != "127.0.0.1:7001" {
		t.Fatalf("Target(catalog) = %q, %v", got, err)
	}
	for _, svc := range []string{"payment", "order"} {
		_, err := r.Target(svc)
		if err == nil {
			t.Fatalf("Target(%s) succeeded, want error", svc)
		}
		want := strings.ToUpper(svc) + "_ADDR"
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
}

func TestEnvVar(t *testing.T) {
	if got := EnvVar("order-draft"); got != "ORDER_DRAFT_ADDR" {
		t.Errorf("EnvVar = %q", got)
	}
}
