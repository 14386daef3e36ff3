package ttlcache

import (
	"strconv"
	"sync"
	"testing"
	"time"
)

// handwritten is the cache this package replaced in six places (gateway brands and locales,
// domain catalogue and availability, promotion books, cart clients), reduced to its hit path: a
// map under an RWMutex with an expiry time per entry. It stays here only as the baseline of
// BenchmarkHit, which decided that the library is fast enough for the per-request caches:
//
//	cd libs/go && go test -run '^$' -bench Hit -benchmem -count 5 ./ttlcache/
//
// On the 2-core CI machine (medians of 5): serial 68 ns hand-written vs 75 ns library (1.10x),
// parallel 65 ns vs 75 ns (1.15x), no allocations either way. A warm availability request hits
// about eight caches (brand, locale, catalogue, five names): under 0.1 µs more of the ~130 µs of
// CPU it costs, so the hand-written caches did not earn their keep.
type handwritten[K comparable, V any] struct {
	ttl     time.Duration
	mu      sync.RWMutex
	entries map[K]handwrittenEntry[V]
}

type handwrittenEntry[V any] struct {
	v       V
	expires time.Time
}

func (c *handwritten[K, V]) get(k K) (V, bool) {
	c.mu.RLock()
	e, ok := c.entries[k]
	c.mu.RUnlock()
	if !ok || !time.Now().Before(e.expires) {
		var zero V
		return zero, false
	}
	return e.v, true
}

func (c *handwritten[K, V]) add(k K, v V) {
	c.mu.Lock()
	c.entries[k] = handwrittenEntry[V]{v: v, expires: time.Now().Add(c.ttl)}
	c.mu.Unlock()
}

// benchKeys is about the gateway's working set: a few brands' hosts, or sessions' locales.
var benchKeys = func() []string {
	ks := make([]string, 64)
	for i := range ks {
		ks[i] = "shop" + strconv.Itoa(i) + ".example"
	}
	return ks
}()

// BenchmarkHit compares the hit path, alone and from all cores at once as the gateway serves.
func BenchmarkHit(b *testing.B) {
	old := &handwritten[string, int]{ttl: time.Hour, entries: map[string]handwrittenEntry[int]{}}
	lib := New[string, int](1024, time.Hour)
	for i, k := range benchKeys {
		old.add(k, i)
		lib.Add(k, i)
	}
	get := map[string]func(string) (int, bool){"handwritten": old.get, "ttlcache": lib.Get}
	for _, name := range []string{"handwritten", "ttlcache"} {
		get := get[name]
		b.Run(name+"/serial", func(b *testing.B) {
			i := 0
			for b.Loop() {
				if _, ok := get(benchKeys[i%len(benchKeys)]); !ok {
					b.Fatal("miss")
				}
				i++
			}
		})
		b.Run(name+"/parallel", func(b *testing.B) {
			b.RunParallel(func(pb *testing.PB) {
				i := 0
				for pb.Next() {
					if _, ok := get(benchKeys[i%len(benchKeys)]); !ok {
						b.Fatal("miss")
					}
					i++
				}
			})
		})
	}
}
