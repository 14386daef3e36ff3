package vies

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/outbound"
)

// VIES answering 5xx opens the breaker: after DefaultBreakerFailures checks it is not asked, and
// checks fail at once as unavailable (the form is saved unchecked without waiting).
func TestVIESDownOpensTheBreaker(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusInternalServerError)
	}))
	defer srv.Close()
	c := New(Config{URL: srv.URL, Timeout: time.Second})
	for i := range outbound.DefaultBreakerFailures + 2 {
		if _, err := c.Check(context.Background(), "DE123456789"); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("check %d: %v, want ErrUnavailable", i+1, err)
		}
	}
	if got := hits.Load(); got != outbound.DefaultBreakerFailures {
		t.Fatalf("VIES asked %d times, want %d (then the breaker is open)", got, outbound.DefaultBreakerFailures)
	}
}
