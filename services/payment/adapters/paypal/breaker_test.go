package paypal

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

// PayPal answering 5xx (here to the token request every call starts with) opens the breaker:
// after DefaultBreakerFailures calls it is not asked, and the calls fail at once as its outage.
func TestPayPalDownOpensTheBreaker(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	c := New(Config{URL: srv.URL, ClientID: "shop", ClientSecret: "s3cret", PlanID: "P-PLAN", Timeout: time.Second})
	for i := range outbound.DefaultBreakerFailures + 2 {
		_, err := c.CreateSubscription(context.Background(), request(), "k")
		if !errors.Is(err, ErrUnavailable) || dependencyDown(err) != Dependency {
			t.Fatalf("call %d: %v, want PayPal's outage", i+1, err)
		}
	}
	if got := hits.Load(); got != outbound.DefaultBreakerFailures {
		t.Fatalf("PayPal asked %d times, want %d (then the breaker is open)", got, outbound.DefaultBreakerFailures)
	}
}
