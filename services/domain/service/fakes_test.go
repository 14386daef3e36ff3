package service

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/domain/adapters/sandbox"
	"github.com/hostcart/checkout/services/domain/domain"
	"github.com/hostcart/checkout/services/domain/fieldrules"
)

// fakeRepo serves a fixed catalogue for brand 1 and counts reads.
type fakeRepo struct {
	reads atomic.Int32
	fail  error
}

func testTLDs() []domain.TLD {
	mk := func(id int32, name string, group int32, sort int32, top, idn bool) domain.TLD {
		return domain.TLD{ID: id, Name: name, Display: name, ContractMonths: 12, GroupID: group, Active: true,
			VATPercent: 19, PriceCents: 100 + id, SortID: sort, Top: top, IDN: idn, Notice: "notice " + name}
	}
	tlds := []domain.TLD{
		mk(1, "de", 1, 1, true, true),
		mk(2, "com", 1, 2, true, true),
		mk(3, "net", 1, 3, false, true),
		mk(4, "eu", 1, 4, true, true),
		mk(5, "org", 1, 5, false, false),
		mk(6, "co.uk", 2, 10, false, false),
		mk(7, "at", 2, 11, false, true),
		mk(8, "ch", 2, 12, false, true),
		mk(9, "fr", 2, 13, false, true),
		mk(10, "it", 2, 14, false, true),
		mk(11, "es", 2, 15, false, true),
		mk(12, "nl", 2, 16, false, false),
		mk(13, "old", 2, 17, false, false),
	}
	tlds[12].Active = false
	tlds[3].Fields = []domain.Field{{ID: 1, Key: "eu_residence_country", Rules: "required|string|min:2|max:2"}}
	return tlds
}

func (r *fakeRepo) TLDs(_ context.Context, brandID int32, locale string) ([]domain.TLD, error) {
	r.reads.Add(1)
	if r.fail != nil {
		return nil, r.fail
	}
	if brandID != 1 {
		return nil, nil
	}
	return testTLDs(), nil
}

func (r *fakeRepo) Groups(_ context.Context, locale string) ([]domain.Group, error) {
	if r.fail != nil {
		return nil, r.fail
	}
	name := "Popular"
	if locale == LocaleDE {
		name = "Beliebt"
	}
	return []domain.Group{{ID: 1, Name: name, Active: true, Order: 1}, {ID: 2, Name: "Country", Active: true, Order: 2}}, nil
}

// countingRegistry answers like the sandbox and counts calls per name. With a gate it holds every
// call until the gate closes, so tests can pile up concurrent callers.
type countingRegistry struct {
	mu      sync.Mutex
	calls   map[string]int
	started chan string
	gate    chan struct{}
	fail    map[string]bool
}

func newCountingRegistry() *countingRegistry {
	return &countingRegistry{calls: map[string]int{}, started: make(chan string, 100), fail: map[string]bool{}}
}

func (r *countingRegistry) Check(ctx context.Context, name string) (domain.Status, error) {
	r.mu.Lock()
	r.calls[name]++
	gate, fail := r.gate, r.fail[name]
	r.mu.Unlock()
	r.started <- name
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
	if fail {
		return 0, errors.New("registry down")
	}
	return sandbox.StatusOf(name)
}

func (r *countingRegistry) count(name string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[name]
}

func (r *countingRegistry) total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, c := range r.calls {
		n += c
	}
	return n
}

// memCache is an AvailabilityCache in a map.
type memCache struct {
	mu   sync.Mutex
	data map[string]domain.Status
	fail bool
}

func newMemCache() *memCache { return &memCache{data: map[string]domain.Status{}} }

func (c *memCache) GetMany(_ context.Context, names []string) (map[string]domain.Status, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail {
		return nil, errors.New("cache down")
	}
	out := map[string]domain.Status{}
	for _, n := range names {
		if s, ok := c.data[n]; ok {
			out[n] = s
		}
	}
	return out, nil
}

func (c *memCache) Set(_ context.Context, name string, s domain.Status, _ time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail {
		return errors.New("cache down")
	}
	c.data[name] = s
	return nil
}

type fixedOwned []string

func (o fixedOwned) InCart(context.Context, string) ([]string, error) { return o, nil }

type fixture struct {
	repo     *fakeRepo
	registry *countingRegistry
	cache    *memCache
	svc      Service
}

func newFixture(owned SessionDomains) *fixture {
	f := &fixture{repo: &fakeRepo{}, registry: newCountingRegistry(), cache: newMemCache()}
	checker := NewChecker(f.registry, f.cache, CheckerConfig{CacheTTL: time.Minute, RegistryTimeout: time.Second}, nil)
	f.svc = New(f.repo, checker, owned, &fieldrules.Engine{}, Config{CatalogueTTL: time.Minute}, nil)
	return f
}

func brandCtx() context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: 1, SessionID: "s1", Locale: "de-DE"})
}

func names(rs []domain.Result) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(r.Domain)
	}
	return b.String()
}
