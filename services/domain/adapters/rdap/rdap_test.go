package rdap

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/domain/domain"
	"github.com/hostcart/checkout/services/domain/seed"
)

// fakeRDAP imitates a registry's RDAP server: registered names answer 200 with a domain object,
// others 404 with an RDAP error object. Handlers for special cases can be swapped in.
type fakeRDAP struct {
	srv        *httptest.Server
	registered map[string]bool
	requests   atomic.Int32
	mu         sync.Mutex
	override   func(w http.ResponseWriter, r *http.Request) bool
	lastHeader http.Header
}

func newFakeRDAP(t *testing.T, registered ...string) *fakeRDAP {
	f := &fakeRDAP{registered: map[string]bool{}}
	for _, n := range registered {
		f.registered[n] = true
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeRDAP) serve(w http.ResponseWriter, r *http.Request) {
	f.requests.Add(1)
	f.mu.Lock()
	f.lastHeader = r.Header.Clone()
	override := f.override
	f.mu.Unlock()
	if override != nil && override(w, r) {
		return
	}
	name, ok := strings.CutPrefix(r.URL.Path, "/rdap/domain/")
	if !ok || r.Method != http.MethodGet {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/rdap+json")
	if f.registered[name] {
		_ = json.NewEncoder(w).Encode(map[string]any{
			"objectClassName": "domain", "ldhName": name, "status": []string{"active", "client transfer prohibited"},
			"rdapConformance": []string{"rdap_level_0"},
		})
		return
	}
	w.WriteHeader(http.StatusNotFound)
	_ = json.NewEncoder(w).Encode(map[string]any{"errorCode": 404, "title": "Not Found", "rdapConformance": []string{"rdap_level_0"}})
}

func (f *fakeRDAP) setOverride(h func(w http.ResponseWriter, r *http.Request) bool) {
	f.mu.Lock()
	f.override = h
	f.mu.Unlock()
}

func clientFor(t *testing.T, f *fakeRDAP, cfg Config) *Client {
	t.Helper()
	boot, err := DefaultBootstrap()
	if err != nil {
		t.Fatal(err)
	}
	return New(boot.WithBase(f.srv.URL+"/rdap/"), f.srv.Client(), cfg)
}

func TestAvailableAndRegistered(t *testing.T) {
	f := newFakeRDAP(t, "example.de", "xn--mller-kva.de", "shop.co.uk")
	c := clientFor(t, f, Config{Timeout: time.Second})
	tests := map[string]domain.Status{
		"example.de":       domain.StatusTaken,
		"xn--mller-kva.de": domain.StatusTaken,
		"shop.co.uk":       domain.StatusTaken,
		"free-name.de":     domain.StatusAvailable,
		"example.com":      domain.StatusAvailable,
	}
	for name, want := range tests {
		got, err := c.Check(context.Background(), name)
		if err != nil || got != want {
			t.Errorf("Check(%q) = %d, %v; want %d", name, got, err, want)
		}
	}
	f.mu.Lock()
	accept, ua := f.lastHeader.Get("Accept"), f.lastHeader.Get("User-Agent")
	f.mu.Unlock()
	if !strings.Contains(accept, "application/rdap+json") || ua == "" {
		t.Errorf("request headers Accept %q, User-Agent %q", accept, ua)
	}
}

func TestRetryAfterIsHonoured(t *testing.T) {
	f := newFakeRDAP(t)
	var limited atomic.Bool
	f.setOverride(func(w http.ResponseWriter, r *http.Request) bool {
		if limited.CompareAndSwap(false, true) {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return true
		}
		return false
	})
	c := clientFor(t, f, Config{Timeout: time.Second, MaxWait: 2 * time.Second})
	begin := time.Now()
	got, err := c.Check(context.Background(), "waiting.de")
	if err != nil || got != domain.StatusAvailable {
		t.Fatalf("Check after a short 429 = %d, %v; want available", got, err)
	}
	if took := time.Since(begin); took < time.Second {
		t.Errorf("retried after %v, before the registry's Retry-After of 1s", took)
	}
	if n := f.requests.Load(); n != 2 {
		t.Errorf("registry saw %d requests, want 2", n)
	}
}

func TestLongRetryAfterFailsFastAndBlocksTheServer(t *testing.T) {
	f := newFakeRDAP(t)
	f.setOverride(func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusTooManyRequests)
		return true
	})
	c := clientFor(t, f, Config{Timeout: time.Second, MaxWait: time.Second})
	_, err := c.Check(context.Background(), "one.de")
	var rl *RateLimitError
	if !errors.As(err, &rl) || rl.RetryAfter != 120*time.Second {
		t.Fatalf("err = %v, want a RateLimitError with 120s", err)
	}
	if !errors.Is(err, ErrRateLimited) || !errors.Is(err, domain.ErrUnavailable) {
		t.Errorf("err = %v does not match ErrRateLimited and domain.ErrUnavailable", err)
	}
	// Other names on the same server are refused locally until the wait is over.
	begin := time.Now()
	if _, err := c.Check(context.Background(), "two.com"); !errors.Is(err, ErrRateLimited) {
		t.Errorf("second check err = %v, want ErrRateLimited", err)
	}
	if n := f.requests.Load(); n != 1 {
		t.Errorf("registry saw %d requests, want 1: a blocked server must not be asked again", n)
	}
	if took := time.Since(begin); took > 100*time.Millisecond {
		t.Errorf("refusal took %v, want immediate", took)
	}

	// Once the clock passes the Retry-After, the server is asked again.
	c.now = func() time.Time { return time.Now().Add(121 * time.Second) }
	f.setOverride(nil)
	if got, err := c.Check(context.Background(), "three.de"); err != nil || got != domain.StatusAvailable {
		t.Errorf("after the wait = %d, %v", got, err)
	}
}

func TestPerRequestTimeout(t *testing.T) {
	f := newFakeRDAP(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f.setOverride(func(w http.ResponseWriter, r *http.Request) bool {
		select {
		case <-release:
		case <-r.Context().Done():
		}
		return true
	})
	c := clientFor(t, f, Config{Timeout: 50 * time.Millisecond})
	begin := time.Now()
	_, err := c.Check(context.Background(), "slow.de")
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, domain.ErrUnavailable) {
		t.Fatalf("err = %v, want deadline exceeded and unavailable", err)
	}
	if took := time.Since(begin); took > time.Second {
		t.Errorf("timed out after %v, want about 50ms", took)
	}
}

func TestUnexpectedAnswers(t *testing.T) {
	f := newFakeRDAP(t)
	f.setOverride(func(w http.ResponseWriter, r *http.Request) bool {
		w.WriteHeader(http.StatusInternalServerError)
		return true
	})
	c := clientFor(t, f, Config{Timeout: time.Second})
	if _, err := c.Check(context.Background(), "x1.de"); !errors.Is(err, ErrUnexpected) || !errors.Is(err, domain.ErrUnavailable) {
		t.Errorf("500: err = %v, want ErrUnexpected", err)
	} else if got := apperr.DependencyDown(apperr.Origin{ErrorDomain: "domain.checkout.hostcart"}.Err(err, "")); got != "registry" {
		// The domain service's status names the registry: no caller retries it or counts it.
		t.Errorf("500: status names dependency %q, want registry", got)
	}
	if _, err := c.Check(context.Background(), "example.unknowntld"); !errors.Is(err, ErrNoService) {
		t.Errorf("unknown TLD: err = %v, want ErrNoService", err)
	}
}

func TestShippedBootstrapCoversTheSeededTLDs(t *testing.T) {
	boot, err := DefaultBootstrap()
	if err != nil {
		t.Fatal(err)
	}
	data, err := seed.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range data.TLDs {
		base, ok := boot.Base("example." + row.TLD)
		if !ok {
			t.Errorf("no RDAP service for .%s", row.TLD)
			continue
		}
		if !strings.HasPrefix(base, "https://") || !strings.HasSuffix(base, "/") {
			t.Errorf(".%s base %q, want an https URL ending in /", row.TLD, base)
		}
	}
}

func TestBootstrapLongestMatch(t *testing.T) {
	doc := `{"version":"1.0","publication":"x","services":[
		[["uk"],["https://uk.example/rdap"]],
		[["co.uk"],["http://plain.example/","https://co-uk.example/rdap/"]],
		[["de"],["http://only-http.example/"]]]}`
	b, err := ParseBootstrap(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]string{
		"shop.co.uk":     "https://co-uk.example/rdap/",
		"a.shop.co.uk":   "https://co-uk.example/rdap/",
		"example.uk":     "https://uk.example/rdap/",
		"example.org.uk": "https://uk.example/rdap/",
		"example.de":     "http://only-http.example/",
		"EXAMPLE.DE.":    "http://only-http.example/",
	}
	for name, want := range tests {
		if got, ok := b.Base(name); !ok || got != want {
			t.Errorf("Base(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for _, name := range []string{"uk", "example.com", ""} {
		if got, ok := b.Base(name); ok {
			t.Errorf("Base(%q) = %q, want none", name, got)
		}
	}
	for _, bad := range []string{`{"version":"2.0","services":[]}`, `{"version":"1.0","services":[]}`,
		`{"version":"1.0","services":[[["de"]]]}`, `{"version":"1.0","services":[[["de"],["ftp://x/"]]]}`, `nope`} {
		if _, err := ParseBootstrap(strings.NewReader(bad)); err == nil {
			t.Errorf("ParseBootstrap(%s) accepted a broken file", bad)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	tests := map[string]time.Duration{
		"":                              defaultRetryAfter,
		"7":                             7 * time.Second,
		"-3":                            defaultRetryAfter,
		"soon":                          defaultRetryAfter,
		"Thu, 01 Oct 2026 12:00:30 GMT": 30 * time.Second,
		"Thu, 01 Oct 2026 11:00:00 GMT": 0,
	}
	for in, want := range tests {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}
