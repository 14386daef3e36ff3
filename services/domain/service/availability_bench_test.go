package service

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/domain/adapters/sandbox"
	"github.com/hostcart/checkout/services/domain/fieldrules"
)

// BenchmarkAvailabilityFanOut measures one 5-name batch through the checker. Cold batches miss the
// cache and wait for the sandbox's latency; because the names are checked in parallel a batch
// should cost about one latency, not five. Warm batches are served from the cache.
func BenchmarkAvailabilityFanOut(b *testing.B) {
	for _, latency := range []time.Duration{0, 10 * time.Millisecond, 50 * time.Millisecond} {
		b.Run(fmt.Sprintf("cold/latency=%v", latency), func(b *testing.B) {
			c := NewChecker(sandbox.New(latency), newMemCache(), CheckerConfig{RegistryTimeout: time.Second}, nil)
			ctx := context.Background()
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				names := make([]string, 5)
				for j := range names {
					names[j] = fmt.Sprintf("cold%d-%d.de", i, j)
				}
				i++
				c.Check(ctx, names)
			}
		})
	}
	b.Run("warm", func(b *testing.B) {
		c := NewChecker(sandbox.New(50*time.Millisecond), newMemCache(), CheckerConfig{RegistryTimeout: time.Second}, nil)
		ctx := context.Background()
		names := []string{"warm1.de", "warm2.com", "warm3.net", "warm4.eu", "warm5.at"}
		c.Check(ctx, names)
		b.ReportAllocs()
		for b.Loop() {
			c.Check(ctx, names)
		}
	})
}

// BenchmarkCheckAvailability is the whole use case on a warm cache: normalisation, catalogue
// lookup, cache and result building for 5 names.
func BenchmarkCheckAvailability(b *testing.B) {
	checker := NewChecker(sandbox.New(0), newMemCache(), CheckerConfig{}, nil)
	svc := New(&fakeRepo{}, checker, nil, &fieldrules.Engine{}, Config{CatalogueTTL: time.Hour}, nil)
	ctx := brandCtx()
	names := []string{"WWW.Shop.de", "shop.com", "müller.de", "shop.eu", "blog.shop.co.uk"}
	if _, err := svc.CheckAvailability(ctx, names, []string{"de"}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := svc.CheckAvailability(ctx, names, []string{"de"}); err != nil {
			b.Fatal(err)
		}
	}
}
