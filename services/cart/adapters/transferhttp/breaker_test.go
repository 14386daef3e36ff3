package transferhttp

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/cart/domain"
)

// A transfer service answering 5xx opens the breaker: after DefaultBreakerFailures lookups it is
// not asked, and lookups fail at once as its outage.
func TestTransferServiceDownOpensTheBreaker(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	c := New(Config{URL: srv.URL, APIKey: "k", Timeout: time.Second})
	for i := range outbound.DefaultBreakerFailures + 2 {
		if _, err := c.Lookup(context.Background(), "T-1"); !errors.Is(err, domain.ErrTransferUnavailable) {
			t.Fatalf("lookup %d: %v, want the transfer service's outage", i+1, err)
		}
	}
	if got := hits.Load(); got != outbound.DefaultBreakerFailures {
		t.Fatalf("transfer service asked %d times, want %d (then the breaker is open)", got, outbound.DefaultBreakerFailures)
	}
}
