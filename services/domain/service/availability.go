package service

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"golang.org/x/sync/singleflight"

	"github.com/hostcart/checkout/services/domain/domain"
)

// CheckerConfig tunes availability checks.
type CheckerConfig struct {
	// CacheTTL is how long a registry answer is reused.
	CacheTTL time.Duration
	// RegistryTimeout bounds one registry check. It is independent of the caller's deadline because
	// the answer is shared with every caller waiting for the same name and cached for later ones.
	RegistryTimeout time.Duration
	// Concurrency bounds the registry checks one call runs at once.
	Concurrency int
}

// Checker answers availability through the cache and the registry. Concurrent checks of one name
// are collapsed into one registry request whose answer every waiting caller gets.
type Checker struct {
	registry Registry
	cache    AvailabilityCache
	cfg      CheckerConfig
	log      *slog.Logger
	flights  singleflight.Group
	lookups  metric.Int64Counter
}

// NewChecker returns a checker over registry and cache.
func NewChecker(registry Registry, cache AvailabilityCache, cfg CheckerConfig, log *slog.Logger) *Checker {
	if cfg.CacheTTL <= 0 {
		cfg.CacheTTL = time.Minute
	}
	if cfg.RegistryTimeout <= 0 {
		cfg.RegistryTimeout = 3 * time.Second
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 8
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	lookups, _ := otel.Meter("github.com/hostcart/checkout/services/domain").Int64Counter(
		"domain.availability.lookups",
		metric.WithDescription("Availability answers by source: cache, registry or error"),
	)
	return &Checker{registry: registry, cache: cache, cfg: cfg, log: log, lookups: lookups}
}

// Answer is the availability of one name.
type Answer struct {
	Status domain.Status
	Cached bool
	// Err is set when the registry could not answer; Status is then StatusUnavailable.
	Err error
}

// Check answers every name (ASCII, normalised). Names are checked concurrently; the call returns
// when all are answered or ctx ends (unanswered names then carry ctx's error).
func (c *Checker) Check(ctx context.Context, names []string) map[string]Answer {
	out := make(map[string]Answer, len(names))
	if len(names) == 0 {
		return out
	}
	cached, err := c.cache.GetMany(ctx, names)
	if err != nil {
		// A cache outage costs speed, not answers; whatever was read still counts.
		c.log.WarnContext(ctx, "availability cache read failed", slog.String("err", err.Error()))
	}
	var misses []string
	for _, n := range names {
		if _, done := out[n]; done {
			continue
		}
		if st, ok := cached[n]; ok {
			out[n] = Answer{Status: st, Cached: true}
			continue
		}
		out[n] = Answer{}
		misses = append(misses, n)
	}
	c.count(ctx, "cache", len(names)-len(misses))
	if len(misses) == 0 {
		return out
	}

	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, c.cfg.Concurrency)
	for _, n := range misses {
		wg.Go(func() {
			select {
			case sem <- struct{}{}:
				defer func() { <-sem }()
			case <-ctx.Done():
				mu.Lock()
				out[n] = Answer{Status: domain.StatusUnavailable, Err: ctx.Err()}
				mu.Unlock()
				return
			}
			a := c.fromRegistry(ctx, n)
			mu.Lock()
			out[n] = a
			mu.Unlock()
		})
	}
	wg.Wait()
	return out
}

// fromRegistry joins (or starts) the flight for name and waits for its answer or ctx.
func (c *Checker) fromRegistry(ctx context.Context, name string) Answer {
	ch := c.flights.DoChan(name, func() (any, error) {
		// Detached from the first caller: its cancellation must not fail the others waiting.
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.cfg.RegistryTimeout)
		defer cancel()
		st, err := c.registry.Check(fctx, name)
		if err != nil {
			return nil, fmt.Errorf("registry check %s: %w", name, err)
		}
		if !st.Valid() || st == domain.StatusOwned {
			return nil, fmt.Errorf("registry check %s: registry answered status %d", name, st)
		}
		if err := c.cache.Set(fctx, name, st, c.cfg.CacheTTL); err != nil {
			c.log.WarnContext(fctx, "availability cache write failed", slog.String("name", name), slog.String("err", err.Error()))
		}
		return st, nil
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			c.count(ctx, "error", 1)
			c.log.WarnContext(ctx, "registry check failed", slog.String("name", name), slog.String("err", r.Err.Error()))
			return Answer{Status: domain.StatusUnavailable, Err: r.Err}
		}
		c.count(ctx, "registry", 1)
		return Answer{Status: r.Val.(domain.Status)}
	case <-ctx.Done():
		return Answer{Status: domain.StatusUnavailable, Err: ctx.Err()}
	}
}

// sourceAttrs are the attribute sets of the lookups counter, built once instead of per call.
var sourceAttrs = map[string]metric.AddOption{
	"cache":    metric.WithAttributeSet(attribute.NewSet(attribute.String("source", "cache"))),
	"registry": metric.WithAttributeSet(attribute.NewSet(attribute.String("source", "registry"))),
	"error":    metric.WithAttributeSet(attribute.NewSet(attribute.String("source", "error"))),
}

func (c *Checker) count(ctx context.Context, source string, n int) {
	if n <= 0 || c.lookups == nil || !c.lookups.Enabled(ctx) {
		return
	}
	opt, ok := sourceAttrs[source]
	if !ok {
		opt = metric.WithAttributes(attribute.String("source", source))
	}
	c.lookups.Add(ctx, int64(n), opt)
}
