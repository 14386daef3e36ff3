// Package rdap is the registry adapter speaking RDAP (RFC 9082/9083): the registry responsible for
// a TLD comes from the IANA bootstrap data shipped in the repository, GET {base}domain/{name}
// answers 404 for a free name and 200 for a registered one. Rate limits (429 with Retry-After) are
// honoured per server, and every request has its own timeout.
package rdap

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/domain/domain"
)

// Errors the adapter reports; all of them wrap domain.ErrUnavailable for the transports.
var (
	ErrNoService   = errors.New("rdap: no RDAP service for this TLD")
	ErrRateLimited = errors.New("rdap: rate limited by the registry")
	ErrUnexpected  = errors.New("rdap: unexpected answer")
)

// Config tunes the client.
type Config struct {
	// Timeout bounds one HTTP request.
	Timeout time.Duration
	// MaxWait is the longest Retry-After the client waits out inside one check; a registry asking
	// for longer makes the check fail at once with ErrRateLimited.
	MaxWait time.Duration
	// UserAgent identifies the shop to registries, as their policies ask.
	UserAgent string
}

// Client checks names over RDAP.
type Client struct {
	http *http.Client
	boot *Bootstrap
	cfg  Config
	now  func() time.Time

	mu           sync.Mutex
	blockedUntil map[string]time.Time // per server host, from its last 429
}

// New returns a client using boot to find servers. hc may be nil for a default client.
func New(boot *Bootstrap, hc *http.Client, cfg Config) *Client {
	if hc == nil {
		hc = &http.Client{}
	}
	// A breaker per registry (per host) fails fast while that registry is down; the client's own
	// transport stays underneath.
	wrapped := *hc
	wrapped.Transport = outbound.Transport(Dependency, hc.Transport, outbound.BreakerConfig{})
	hc = &wrapped
	if cfg.Timeout <= 0 {
		cfg.Timeout = outbound.RegistryTimeout
	}
	if cfg.MaxWait < 0 {
		cfg.MaxWait = 0
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = "hostcart-checkout-domain/1 (+https://github.com/hostcart/checkout)"
	}
	return &Client{http: hc, boot: boot, cfg: cfg, now: time.Now, blockedUntil: map[string]time.Time{}}
}

// RateLimitError carries the registry's Retry-After.
type RateLimitError struct {
	Host       string
	RetryAfter time.Duration
}

func (e *RateLimitError) Error() string {
	return fmt.Sprintf("rdap: %s rate limited, retry after %v", e.Host, e.RetryAfter)
}

// Unwrap lets callers test errors.Is(err, ErrRateLimited) and errors.Is(err, domain.ErrUnavailable).
func (e *RateLimitError) Unwrap() []error { return []error{ErrRateLimited, domain.ErrUnavailable} }

// Dependency names the registries in the outages the service answers (apperr.WithDependency).
const Dependency = "registry"

// Check asks the responsible registry about name (ASCII, e.g. "xn--mller-kva.de"). Every error
// names Dependency, so the domain service's callers see which outside system is away and neither
// count the outage against the service nor send the call again at once.
func (c *Client) Check(ctx context.Context, name string) (domain.Status, error) {
	st, err := c.check(ctx, name)
	return st, apperr.WithDependency(Dependency, err)
}

func (c *Client) check(ctx context.Context, name string) (domain.Status, error) {
	base, ok := c.boot.Base(name)
	if !ok {
		return 0, fmt.Errorf("check %s: %w: %w", name, ErrNoService, domain.ErrUnavailable)
	}
	target, err := url.JoinPath(base, "domain", name)
	if err != nil {
		return 0, fmt.Errorf("check %s: build url: %w", name, err)
	}
	host := hostOf(target)

	// One wait for a 429 is allowed per check; a second 429 is the registry's final word.
	for attempt := 0; ; attempt++ {
		if err := c.waitIfBlocked(ctx, host); err != nil {
			return 0, fmt.Errorf("check %s: %w", name, err)
		}
		status, retryAfter, err := c.get(ctx, target)
		if err != nil {
			return 0, fmt.Errorf("check %s: %w", name, err)
		}
		switch status {
		case http.StatusNotFound:
			return domain.StatusAvailable, nil
		case http.StatusOK:
			return domain.StatusTaken, nil
		case http.StatusTooManyRequests:
			c.block(host, retryAfter)
			if attempt == 0 && retryAfter <= c.cfg.MaxWait {
				continue
			}
			return 0, fmt.Errorf("check %s: %w", name, &RateLimitError{Host: host, RetryAfter: retryAfter})
		default:
			return 0, fmt.Errorf("check %s: %w: HTTP %d: %w", name, ErrUnexpected, status, domain.ErrUnavailable)
		}
	}
}

// get performs one request within the per-request timeout, and never past the caller's deadline
// less a margin (outbound.Context: the caller answers the registry's silence in time), and returns
// the status code and, for a 429, how long the server asked to wait.
func (c *Client) get(ctx context.Context, target string) (int, time.Duration, error) {
	ctx, cancel := outbound.Context(ctx, c.cfg.Timeout, outbound.DefaultMargin)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return 0, 0, fmt.Errorf("rdap request: %w", err)
	}
	req.Header.Set("Accept", "application/rdap+json, application/json;q=0.9")
	req.Header.Set("User-Agent", c.cfg.UserAgent)
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, 0, fmt.Errorf("rdap request: %w: %w", err, domain.ErrUnavailable)
	}
	defer resp.Body.Close()
	// Drain a bounded amount so the connection can be reused; the status code is the answer.
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	var retryAfter time.Duration
	if resp.StatusCode == http.StatusTooManyRequests {
		retryAfter = parseRetryAfter(resp.Header.Get("Retry-After"), c.now())
	}
	return resp.StatusCode, retryAfter, nil
}

// waitIfBlocked waits out a server's Retry-After when it is at most MaxWait, else fails without
// bothering the server again.
func (c *Client) waitIfBlocked(ctx context.Context, host string) error {
	c.mu.Lock()
	until, blocked := c.blockedUntil[host]
	c.mu.Unlock()
	if !blocked {
		return nil
	}
	wait := until.Sub(c.now())
	if wait <= 0 {
		c.mu.Lock()
		if c.blockedUntil[host].Equal(until) {
			delete(c.blockedUntil, host)
		}
		c.mu.Unlock()
		return nil
	}
	if wait > c.cfg.MaxWait {
		return &RateLimitError{Host: host, RetryAfter: wait}
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("rdap: waiting for %s: %w", host, ctx.Err())
	}
}

func (c *Client) block(host string, d time.Duration) {
	until := c.now().Add(d)
	c.mu.Lock()
	if until.After(c.blockedUntil[host]) {
		c.blockedUntil[host] = until
	}
	c.mu.Unlock()
}

// defaultRetryAfter applies when a 429 names no (valid) Retry-After.
const defaultRetryAfter = time.Second

// parseRetryAfter reads delay-seconds or an HTTP date (RFC 9110 §10.2.3).
func parseRetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return defaultRetryAfter
	}
	if secs, err := strconv.Atoi(v); err == nil {
		if secs < 0 {
			return defaultRetryAfter
		}
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return defaultRetryAfter
}

func hostOf(target string) string {
	u, err := url.Parse(target)
	if err != nil {
		return target
	}
	return u.Host
}
