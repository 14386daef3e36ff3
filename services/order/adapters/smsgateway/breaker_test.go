package smsgateway

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

// A gateway answering 5xx opens the breaker: after DefaultBreakerFailures sends it is not asked,
// and sends fail at once as its outage; a refused message (4xx) does not count.
func TestGatewayDownOpensTheBreaker(t *testing.T) {
	var hits atomic.Int32
	var status atomic.Int32
	status.Store(http.StatusUnprocessableEntity)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(int(status.Load()))
	}))
	defer srv.Close()
	c := New(Config{URL: srv.URL, APIKey: "k", Timeout: time.Second})
	for range outbound.DefaultBreakerFailures + 2 {
		if err := c.Send(context.Background(), "+491234567", "x"); !errors.Is(err, ErrRejected) {
			t.Fatalf("refused number: %v", err)
		}
	}
	status.Store(http.StatusBadGateway)
	for i := range outbound.DefaultBreakerFailures + 2 {
		if err := c.Send(context.Background(), "+491234567", "x"); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("send %d: %v, want the gateway's outage", i+1, err)
		}
	}
	if got, want := hits.Load(), int32(2*outbound.DefaultBreakerFailures+2); got != want {
		t.Fatalf("gateway asked %d times, want %d (then the breaker is open)", got, want)
	}
}
