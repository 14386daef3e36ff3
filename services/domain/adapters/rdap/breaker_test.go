package rdap

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/domain/domain"
)

// A registry answering 5xx opens its breaker: after DefaultBreakerFailures checks it is not asked,
// and checks fail at once as its outage.
func TestRegistryDownOpensTheBreaker(t *testing.T) {
	f := newFakeRDAP(t)
	var hits atomic.Int32
	f.setOverride(func(w http.ResponseWriter, r *http.Request) bool {
		hits.Add(1)
		w.WriteHeader(http.StatusInternalServerError)
		return true
	})
	c := clientFor(t, f, Config{Timeout: time.Second})
	for i := range outbound.DefaultBreakerFailures + 2 {
		if _, err := c.Check(context.Background(), "x1.de"); !errors.Is(err, domain.ErrUnavailable) {
			t.Fatalf("check %d: %v, want the registry's outage", i+1, err)
		}
	}
	if got := hits.Load(); got != outbound.DefaultBreakerFailures {
		t.Fatalf("registry asked %d times, want %d (then the breaker is open)", got, outbound.DefaultBreakerFailures)
	}
}
