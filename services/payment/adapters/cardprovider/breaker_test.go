package cardprovider

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

// A provider answering 5xx opens the breaker: after DefaultBreakerFailures calls it is not asked,
// and the calls fail at once as its outage, naming it.
func TestProviderDownOpensTheBreaker(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusBadGateway)
	}))
	defer srv.Close()
	c := New(Config{URL: srv.URL + "/v71", APIKey: "k", MerchantAccount: "M", Timeout: time.Second})
	for i := range outbound.DefaultBreakerFailures + 2 {
		_, err := c.CreatePayment(context.Background(), payment("ok", 100), "key-1")
		if !errors.Is(err, ErrUnavailable) || dependencyDown(err) != Dependency {
			t.Fatalf("call %d: %v, want the provider's outage", i+1, err)
		}
	}
	if got := hits.Load(); got != outbound.DefaultBreakerFailures {
		t.Fatalf("provider asked %d times, want %d (then the breaker is open)", got, outbound.DefaultBreakerFailures)
	}
}
