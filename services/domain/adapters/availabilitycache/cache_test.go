package availabilitycache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/services/domain/domain"
)

// realRedis is the machine's Redis (TEST_REDIS_URL); the tests put their keys under a prefix of
// their own.
func realRedis(t *testing.T) *redis.Client {
	t.Helper()
	rdb, _ := testinfra.Redis(t, "domain")
	return rdb
}

func TestRedisCache(t *testing.T) {
	mr := miniredis.RunT(t)
	backends := map[string]func(t *testing.T) (redis.UniversalClient, func(time.Duration)){
		"miniredis": func(t *testing.T) (redis.UniversalClient, func(time.Duration)) {
			rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
			t.Cleanup(func() { rdb.Close() })
			return rdb, mr.FastForward
		},
		"redis": func(t *testing.T) (redis.UniversalClient, func(time.Duration)) {
			return realRedis(t), time.Sleep
		},
	}
	for name, open := range backends {
		t.Run(name, func(t *testing.T) {
			rdb, advance := open(t)
			var b [6]byte
			_, _ = rand.Read(b[:])
			prefix := "domaintest:" + hex.EncodeToString(b[:]) + ":"
			t.Cleanup(func() {
				keys, _ := rdb.Keys(context.Background(), prefix+"*").Result()
				if len(keys) > 0 {
					rdb.Del(context.Background(), keys...)
				}
			})
			c := NewRedis(rdb, prefix)
			ctx := context.Background()
			if err := c.Set(ctx, "taken.de", domain.StatusTaken, 200*time.Millisecond); err != nil {
				t.Fatal(err)
			}
			if err := c.Set(ctx, "free.de", domain.StatusAvailable, time.Minute); err != nil {
				t.Fatal(err)
			}
			rdb.Set(ctx, prefix+"garbage.de", "x", time.Minute)
			got, err := c.GetMany(ctx, []string{"taken.de", "free.de", "unknown.de", "garbage.de"})
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]domain.Status{"taken.de": domain.StatusTaken, "free.de": domain.StatusAvailable}
			if len(got) != len(want) || got["taken.de"] != want["taken.de"] || got["free.de"] != want["free.de"] {
				t.Errorf("GetMany = %v, want %v (unknown and garbage values are misses)", got, want)
			}
			advance(300 * time.Millisecond)
			got, _ = c.GetMany(ctx, []string{"taken.de", "free.de"})
			if _, ok := got["taken.de"]; ok || len(got) != 1 {
				t.Errorf("after the TTL GetMany = %v, want only free.de", got)
			}
		})
	}
}

type countingBackend struct {
	data  map[string]domain.Status
	gets  int
	sets  int
	fails bool
}

func (b *countingBackend) GetMany(_ context.Context, names []string) (map[string]domain.Status, error) {
	b.gets++
	if b.fails {
		return nil, errors.New("backend down")
	}
	out := map[string]domain.Status{}
	for _, n := range names {
		if s, ok := b.data[n]; ok {
			out[n] = s
		}
	}
	return out, nil
}

func (b *countingBackend) Set(_ context.Context, name string, s domain.Status, _ time.Duration) error {
	b.sets++
	b.data[name] = s
	return nil
}

func TestLocalLayer(t *testing.T) {
	ctx := context.Background()
	back := &countingBackend{data: map[string]domain.Status{"a.de": domain.StatusTaken}}
	l := NewLocal(back, time.Hour, 3)

	got, err := l.GetMany(ctx, []string{"a.de", "b.de"})
	if err != nil || got["a.de"] != domain.StatusTaken || len(got) != 1 || back.gets != 1 {
		t.Fatalf("first read = %v, %v (backend reads %d)", got, err, back.gets)
	}
	got, _ = l.GetMany(ctx, []string{"a.de"})
	if got["a.de"] != domain.StatusTaken || back.gets != 1 {
		t.Errorf("second read went to the backend (%d reads)", back.gets)
	}
	if err := l.Set(ctx, "b.de", domain.StatusAvailable, 2*time.Hour); err != nil || back.sets != 1 {
		t.Fatalf("Set: %v, backend sets %d", err, back.sets)
	}
	if got, _ := l.GetMany(ctx, []string{"b.de"}); got["b.de"] != domain.StatusAvailable || back.gets != 1 {
		t.Errorf("a written name is not served locally: %v, %d reads", got, back.gets)
	}
	// The backend keeps this one for less than the local TTL: a local copy would outlive it.
	if err := l.Set(ctx, "s.de", domain.StatusAvailable, time.Minute); err != nil {
		t.Fatal(err)
	}
	if got, _ := l.GetMany(ctx, []string{"s.de"}); got["s.de"] != domain.StatusAvailable || back.gets != 2 {
		t.Errorf("a short-lived answer was served locally: %v, %d backend reads", got, back.gets)
	}

	for _, n := range []string{"c.de", "d.de", "e.de", "f.de"} {
		_ = l.Set(ctx, n, domain.StatusTaken, time.Hour)
	}
	if n := l.entries.Len(); n > 3 {
		t.Errorf("local layer holds %d entries, bound is 3", n)
	}

	back.fails = true
	got, err = l.GetMany(ctx, []string{"f.de", "zzz.de"})
	if err == nil || got["f.de"] != domain.StatusTaken {
		t.Errorf("backend outage: %v, %v; want the local answers and the error", got, err)
	}
}

func TestLocalLayerAsksTheBackendAfterItsTTL(t *testing.T) {
	ctx := context.Background()
	back := &countingBackend{data: map[string]domain.Status{"a.de": domain.StatusTaken}}
	expired := make(chan string, 1)
	l := newLocal(back, 20*time.Millisecond, 3, func(n string, _ domain.Status) { expired <- n })
	if got, _ := l.GetMany(ctx, []string{"a.de"}); got["a.de"] != domain.StatusTaken {
		t.Fatalf("first read = %v", got)
	}
	back.data["a.de"] = domain.StatusAvailable
	select {
	case <-expired:
	case <-time.After(10 * time.Second):
		t.Fatal("the local copy never expired")
	}
	if got, _ := l.GetMany(ctx, []string{"a.de"}); got["a.de"] != domain.StatusAvailable || back.gets != 2 {
		t.Errorf("after the local TTL the backend's newer answer is not used: %v", got)
	}
}
