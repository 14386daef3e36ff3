package outbound

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// system is an outside system answering status to every request, counting them.
func system(t *testing.T, status *atomic.Int32) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(int(status.Load()))
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func get(t *testing.T, c *http.Client, ctx context.Context, url string) (int, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// 5xx answers are the system's failures: after Failures of them the breaker refuses at once, with
// an outage naming the system, and the system is not asked; another host has its own breaker.
func TestTransportOpensOnServerErrors(t *testing.T) {
	var status atomic.Int32
	status.Store(http.StatusServiceUnavailable)
	srv, hits := system(t, &status)
	other, otherHits := system(t, &status)
	c := NewClient("card-provider", BreakerConfig{Failures: 3, OpenFor: time.Hour})
	for i := range 3 {
		if code, err := get(t, c, context.Background(), srv.URL); err != nil || code != http.StatusServiceUnavailable {
			t.Fatalf("call %d: %d %v, want the 503 passed on", i+1, code, err)
		}
	}
	_, err := get(t, c, context.Background(), srv.URL)
	var open *OpenError
	if !errors.As(err, &open) || !errors.Is(err, apperr.Unavailable) || open.Dependency() != "card-provider" || hits.Load() != 3 {
		t.Fatalf("call with the breaker open: %v (system asked %d times), want *OpenError naming card-provider, not sent", err, hits.Load())
	}
	if st := (apperr.Origin{ErrorDomain: "payment.checkout.hostcart"}).Status(err, ""); apperr.DependencyDown(st.Err()) != "card-provider" {
		t.Fatalf("status of the refusal %v names no dependency", st)
	}
	status.Store(http.StatusOK)
	if code, err := get(t, c, context.Background(), other.URL); err != nil || code != http.StatusOK || otherHits.Load() != 1 {
		t.Fatalf("another host: %d %v", code, err)
	}
}

// Answers about the caller (4xx) and the caller giving up never count.
func TestTransportCountsOnlyTheSystemsFailures(t *testing.T) {
	var status atomic.Int32
	status.Store(http.StatusUnprocessableEntity)
	srv, hits := system(t, &status)
	c := NewClient("paypal", BreakerConfig{Failures: 2, OpenFor: time.Hour})
	for i := range 5 {
		if code, err := get(t, c, context.Background(), srv.URL); err != nil || code != http.StatusUnprocessableEntity {
			t.Fatalf("call %d: %d %v", i+1, code, err)
		}
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for range 5 {
		if _, err := get(t, c, cancelled, srv.URL); !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled call: %v", err)
		}
	}
	status.Store(http.StatusOK)
	if code, err := get(t, c, context.Background(), srv.URL); err != nil || code != http.StatusOK || hits.Load() != 6 {
		t.Fatalf("after 4xx and cancelled calls: %d %v (system asked %d times), want the breaker closed", code, err, hits.Load())
	}
}

// No connection and no answer within the call's own timeout are the system's failures.
func TestTransportOpensOnConnectionErrorsAndTimeouts(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := "http://" + lis.Addr().String()
	lis.Close()
	c := NewClient("sms-gateway", BreakerConfig{Failures: 2, OpenFor: time.Hour})
	for range 2 {
		if _, err := get(t, c, context.Background(), addr); err == nil || errors.As(err, new(*OpenError)) {
			t.Fatalf("refused connection: %v", err)
		}
	}
	if _, err := get(t, c, context.Background(), addr); !errors.As(err, new(*OpenError)) {
		t.Fatalf("after two refused connections: %v, want the breaker open", err)
	}

	block := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-block }))
	t.Cleanup(func() { close(block); slow.Close() })
	c = NewClient("vies", BreakerConfig{Failures: 1, OpenFor: time.Hour})
	ctx, cancel := Context(context.Background(), 50*time.Millisecond, 0)
	defer cancel()
	if _, err := get(t, c, ctx, slow.URL); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("slow system: %v", err)
	}
	if _, err := get(t, c, context.Background(), slow.URL); !errors.As(err, new(*OpenError)) {
		t.Fatalf("after a timeout: %v, want the breaker open", err)
	}
}

// Breaker.Do guards calls that are not HTTP (SMTP): an open breaker does not call.
func TestBreakerDo(t *testing.T) {
	b := NewBreaker("mail", BreakerConfig{Failures: 1, OpenFor: time.Hour})
	calls := 0
	if err := b.Do(func() bool { calls++; return true }); err != nil {
		t.Fatalf("first call: %v", err)
	}
	err := b.Do(func() bool { calls++; return false })
	var open *OpenError
	if !errors.As(err, &open) || open.Name != "mail" || calls != 1 {
		t.Fatalf("open breaker: %v, %d calls", err, calls)
	}
}
