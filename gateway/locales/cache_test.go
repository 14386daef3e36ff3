package locales

import (
	"context"
	"errors"
	"testing"
	"time"

	"google.golang.org/grpc"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

type fakeCatalog struct {
	bySession map[string]string
	err       error
	calls     int
}

func (f *fakeCatalog) GetSessionLocale(ctx context.Context, _ *catalogv1.GetSessionLocaleRequest, _ ...grpc.CallOption) (*catalogv1.GetSessionLocaleResponse, error) {
	f.calls++
	if f.err != nil {
		return nil, f.err
	}
	return &catalogv1.GetSessionLocaleResponse{Code: f.bySession[callctx.From(ctx).SessionID]}, nil
}

var brand = &catalogv1.Brand{Id: 7, Locales: []*catalogv1.Locale{
	{Code: "en-GB"}, {Code: "fr-FR", IsDefault: true},
}}

func ctxFor(session string) context.Context {
	return callctx.With(context.Background(), callctx.Values{SessionID: session, BrandID: brand.GetId()})
}

func TestResolveCachesUntilTTL(t *testing.T) {
	cat := &fakeCatalog{bySession: map[string]string{"s1": "de-DE"}}
	c := New(cat, Options{})
	for range 3 {
		if got := c.Resolve(ctxFor("s1"), brand, "s1"); got != "de-DE" {
			t.Fatalf("Resolve = %q, want de-DE", got)
		}
	}
	if cat.calls != 1 {
		t.Fatalf("catalog asked %d times, want 1", cat.calls)
	}
}

func TestResolveAsksAgainAfterTTL(t *testing.T) {
	expired := make(chan struct{}, 1)
	cat := &fakeCatalog{bySession: map[string]string{"s1": "de-DE"}}
	c := New(cat, Options{TTL: 20 * time.Millisecond, onEvict: func() { expired <- struct{}{} }})
	if got := c.Resolve(ctxFor("s1"), brand, "s1"); got != "de-DE" {
		t.Fatalf("Resolve = %q, want de-DE", got)
	}
	cat.bySession["s1"] = "en-GB" // changed through another gateway instance
	select {
	case <-expired:
	case <-time.After(10 * time.Second):
		t.Fatal("the entry never expired")
	}
	if got := c.Resolve(ctxFor("s1"), brand, "s1"); got != "en-GB" || cat.calls != 2 {
		t.Fatalf("after TTL: %q with %d calls, want en-GB asked again", got, cat.calls)
	}
}

func TestSetReplacesAtOnce(t *testing.T) {
	cat := &fakeCatalog{bySession: map[string]string{"s1": "de-DE"}}
	c := New(cat, Options{})
	c.Resolve(ctxFor("s1"), brand, "s1")
	c.Set(brand.GetId(), "s1", "en-GB")
	if code, ok := c.Cached(brand.GetId(), "s1"); !ok || code != "en-GB" {
		t.Fatalf("Cached = %q %v, want en-GB", code, ok)
	}
	if _, ok := c.Cached(brand.GetId(), "unknown"); ok {
		t.Fatal("Cached answered for a session it never saw")
	}
	if got := c.Resolve(ctxFor("s1"), brand, "s1"); got != "en-GB" || cat.calls != 1 {
		t.Fatalf("Resolve = %q with %d calls, want en-GB from the cache", got, cat.calls)
	}
	// The same session id under another brand is another entry.
	other := &catalogv1.Brand{Id: 8}
	if got := c.Resolve(ctxFor("s1"), other, "s1"); got != "de-DE" || cat.calls != 2 {
		t.Fatalf("other brand: %q with %d calls", got, cat.calls)
	}
}

func TestFallsBackToBrandDefault(t *testing.T) {
	cat := &fakeCatalog{err: errors.New("catalog down")}
	c := New(cat, Options{})
	if got := c.Resolve(ctxFor("s1"), brand, "s1"); got != "fr-FR" {
		t.Fatalf("Resolve = %q, want the brand default fr-FR", got)
	}
	cat.err = nil
	cat.bySession = map[string]string{"s1": "en-GB"}
	if got := c.Resolve(ctxFor("s1"), brand, "s1"); got != "en-GB" {
		t.Fatalf("failure was cached: %q", got)
	}
	if got := c.Resolve(ctxFor(""), brand, ""); got != "fr-FR" {
		t.Fatalf("no session: %q, want brand default", got)
	}
}

func TestBoundedEntries(t *testing.T) {
	cat := &fakeCatalog{bySession: map[string]string{"a": "de-DE", "b": "de-DE", "c": "en-GB"}}
	c := New(cat, Options{MaxEntries: 2})
	c.Resolve(ctxFor("a"), brand, "a")
	c.Resolve(ctxFor("b"), brand, "b")
	c.Resolve(ctxFor("a"), brand, "a") // b is now the least recently used
	c.Resolve(ctxFor("c"), brand, "c")
	if n := c.entries.Len(); n != 2 {
		t.Fatalf("%d entries, want at most 2", n)
	}
	if _, ok := c.Cached(brand.GetId(), "b"); ok {
		t.Error("the least recently used session survived a full cache")
	}
	for _, s := range []string{"a", "c"} {
		if _, ok := c.Cached(brand.GetId(), s); !ok {
			t.Errorf("session %s was evicted, want the least recently used one to go", s)
		}
	}
}

// blockingCatalog answers only when the call's context ends, as a stopped catalog does under
// gRPC's wait-for-ready.
type blockingCatalog struct{ hadDeadline bool }

func (b *blockingCatalog) GetSessionLocale(ctx context.Context, _ *catalogv1.GetSessionLocaleRequest, _ ...grpc.CallOption) (*catalogv1.GetSessionLocaleResponse, error) {
	_, b.hadDeadline = ctx.Deadline()
	<-ctx.Done()
	return nil, ctx.Err()
}

// A catalog that does not answer costs a lookup at most LookupTimeout, not the request's whole
// deadline (here none at all): the brand's default stands in and the route keeps its time.
func TestLookupGivesUpAtItsOwnTimeout(t *testing.T) {
	cat := &blockingCatalog{}
	c := New(cat, Options{LookupTimeout: 10 * time.Millisecond})
	if got := c.Resolve(ctxFor("s1"), brand, "s1"); got != "fr-FR" {
		t.Fatalf("Resolve = %q, want the brand default fr-FR", got)
	}
	if !cat.hadDeadline {
		t.Fatal("the catalog call had no deadline of its own")
	}
	if _, ok := c.Cached(brand.GetId(), "s1"); ok {
		t.Fatal("the fallback was cached")
	}
}
