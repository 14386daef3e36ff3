package outbound

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/sony/gobreaker"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Defaults of a BreakerConfig.
const (
	DefaultBreakerFailures = 5
	DefaultBreakerOpenFor  = 10 * time.Second
)

// BreakerConfig tunes the breaker in front of one outside system.
type BreakerConfig struct {
	// Failures is how many consecutive failures of the system open the breaker; 0 is
	// DefaultBreakerFailures.
	Failures uint32
	// OpenFor is how long an open breaker fails fast before one call probes the system again; 0
	// is DefaultBreakerOpenFor.
	OpenFor time.Duration
	// Log receives the state changes; nil discards them.
	Log *slog.Logger
}

// Breaker guards the calls to one outside system (docs/operations.md "Failure behaviour"): after
// Failures consecutive failures of the system itself it refuses calls for OpenFor with *OpenError,
// an outage naming the system, instead of having every visitor wait out a timeout against a
// system that is down. Only the system's failures count (no connection, no answer in time, a 5xx);
// an answer about the caller (a 4xx) and the caller giving up do not.
type Breaker struct {
	dependency string
	cb         *gobreaker.CircuitBreaker
}

// errSystemFailed tells gobreaker that a call failed on the system's side; the call's own result
// stays with the caller.
var errSystemFailed = errors.New("outside system failed")

// NewBreaker returns the breaker of the outside system named dependency (e.g. "card-provider").
func NewBreaker(dependency string, cfg BreakerConfig) *Breaker {
	if cfg.Failures == 0 {
		cfg.Failures = DefaultBreakerFailures
	}
	if cfg.OpenFor <= 0 {
		cfg.OpenFor = DefaultBreakerOpenFor
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Breaker{dependency: dependency, cb: gobreaker.NewCircuitBreaker(gobreaker.Settings{
		Name:        dependency,
		MaxRequests: 1,
		Timeout:     cfg.OpenFor,
		ReadyToTrip: func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= cfg.Failures },
		OnStateChange: func(name string, from, to gobreaker.State) {
			log.Warn("outbound circuit breaker state change",
				slog.String("dependency", name), slog.String("from", from.String()), slog.String("to", to.String()))
		},
	})}
}

// Do runs call unless the breaker is open, then answers *OpenError without calling. call reports
// whether its outcome was a failure of the outside system (counted); it keeps its own result.
func (b *Breaker) Do(call func() (systemFailed bool)) error {
	_, err := b.cb.Execute(func() (any, error) {
		if call() {
			return nil, errSystemFailed
		}
		return nil, nil
	})
	if errors.Is(err, gobreaker.ErrOpenState) || errors.Is(err, gobreaker.ErrTooManyRequests) {
		return &OpenError{Name: b.dependency}
	}
	return nil
}

// OpenError refuses a call while the breaker of the outside system Name is open: Unavailable,
// naming the system (apperr.DependencyNamer), so the service answers it as that system's outage,
// which its callers neither retry nor count.
type OpenError struct{ Name string }

func (e *OpenError) Error() string { return fmt.Sprintf("%s: circuit breaker open", e.Name) }

// Unwrap makes the refusal an outage.
func (e *OpenError) Unwrap() error { return apperr.Unavailable }

// Dependency names the outside system.
func (e *OpenError) Dependency() string { return e.Name }

// Transport is next (nil: http.DefaultTransport) behind a breaker per host of the outside system
// named dependency (one per registry for RDAP, where each TLD's registry is its own system). A
// request fails, for its breaker, when no answer came (no connection, reset, timeout; unless the
// caller cancelled) or the answer is a 5xx; a refused request gets *OpenError (inside the
// *url.Error http.Client returns).
func Transport(dependency string, next http.RoundTripper, cfg BreakerConfig) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return &transport{dependency: dependency, next: next, cfg: cfg, breakers: map[string]*Breaker{}}
}

// NewClient is an http.Client whose requests go through Transport(dependency, nil, cfg): the client
// of an outbound adapter. It has no timeout of its own: each request's context carries the bound
// (Context).
func NewClient(dependency string, cfg BreakerConfig) *http.Client {
	return &http.Client{Transport: Transport(dependency, nil, cfg)}
}

type transport struct {
	dependency string
	next       http.RoundTripper
	cfg        BreakerConfig

	mu       sync.Mutex
	breakers map[string]*Breaker
}

func (t *transport) breaker(host string) *Breaker {
	t.mu.Lock()
	defer t.mu.Unlock()
	b, ok := t.breakers[host]
	if !ok {
		b = NewBreaker(t.dependency, t.cfg)
		t.breakers[host] = b
	}
	return b
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	if open := t.breaker(req.URL.Host).Do(func() bool {
		resp, err = t.next.RoundTrip(req)
		return systemFailed(req, resp, err)
	}); open != nil {
		if req.Body != nil {
			_ = req.Body.Close() // a RoundTripper closes the body, even when it sends nothing
		}
		return nil, open
	}
	return resp, err
}

// systemFailed tells whether the outcome of req is the outside system's failure.
func systemFailed(req *http.Request, resp *http.Response, err error) bool {
	if err != nil {
		// The caller giving up says nothing about the system; its own timeout (Context) does.
		return !errors.Is(req.Context().Err(), context.Canceled)
	}
	return resp.StatusCode >= http.StatusInternalServerError
}
