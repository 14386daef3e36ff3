package testinfra_test

import (
	"strings"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/testinfra"
)

func TestNATSAnswers(t *testing.T) {
	if u := testinfra.NATS(t); !strings.HasPrefix(u, "nats://") {
		t.Fatalf("NATS URL %q", u)
	}
	if a, b := testinfra.Name("s"), testinfra.Name("s"); a == b || !strings.HasPrefix(a, "s_") {
		t.Fatalf("names %q %q", a, b)
	}
}
