package redisstore

import (
	"context"
	"errors"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/cart/domain"
)

// backend is one Redis the suite runs against, with its own key prefix.
type backend struct {
	rdb    redis.UniversalClient
	prefix string
}

// realRedis connects to the machine's Redis (TEST_REDIS_URL) under a key prefix of the test's own,
// whose keys are deleted at the end.
func realRedis(t *testing.T) backend {
	t.Helper()
	rdb, prefix := testinfra.Redis(t, "cart")
	return backend{rdb: rdb, prefix: prefix + "cart:session:"}
}

func embeddedRedis(t *testing.T) backend {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { rdb.Close() })
	return backend{rdb: rdb, prefix: DefaultPrefix}
}

// TestStore runs one suite against the machine's Redis and the in-process one, in parallel.
func TestStore(t *testing.T) {
	for name, open := range map[string]func(*testing.T) backend{"redis": realRedis, "miniredis": embeddedRedis} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b := open(t)
			suite(t, b)
		})
	}
}

func item(row string, product int32) domain.Item {
	return domain.Item{RowID: row, Product: domain.ProductLine{Line: domain.Line{ID: product, MaturityID: 1, IntervalID: 2}}}
}

func suite(t *testing.T, b backend) {
	ctx := context.Background()
	store := New(b.rdb, Options{Prefix: b.prefix, TTL: time.Hour})

	t.Run("unknown session has an empty cart", func(t *testing.T) {
		c, err := store.Get(ctx, "nobody")
		if err != nil || len(c.Items) != 0 || c.Version != 0 {
			t.Errorf("cart = %+v, %v", c, err)
		}
	})

	t.Run("update stores and counts versions", func(t *testing.T) {
		for i := 1; i <= 2; i++ {
			c, err := store.Update(ctx, "s1", func(c *domain.Cart) error {
				c.Items = append(c.Items, item(domain.NewRowID(), int32(1000+i)))
				return nil
			})
			if err != nil || c.Version != int64(i) || len(c.Items) != i {
				t.Fatalf("update %d: %+v, %v", i, c, err)
			}
		}
		got, err := store.Get(ctx, "s1")
		if err != nil || got.Version != 2 || got.Items[1].Product.ID != 1002 {
			t.Errorf("stored = %+v, %v", got, err)
		}
		ttl, err := b.rdb.TTL(ctx, b.prefix+"s1").Result()
		if err != nil || ttl <= 0 || ttl > time.Hour {
			t.Errorf("TTL = %v, %v", ttl, err)
		}
	})

	t.Run("a failing update writes nothing", func(t *testing.T) {
		refused := errors.New("refused")
		before, _ := store.Get(ctx, "s1")
		_, err := store.Update(ctx, "s1", func(c *domain.Cart) error {
			c.Items = nil
			return refused
		})
		if !errors.Is(err, refused) {
			t.Fatalf("err = %v", err)
		}
		after, _ := store.Get(ctx, "s1")
		if after.Version != before.Version || len(after.Items) != len(before.Items) {
			t.Errorf("cart changed: %+v", after)
		}
	})

	t.Run("an update that changes nothing writes nothing", func(t *testing.T) {
		c, err := store.Update(ctx, "s2", func(*domain.Cart) error { return nil })
		if err != nil || c.Version != 0 {
			t.Fatalf("%+v, %v", c, err)
		}
		if n, _ := b.rdb.Exists(ctx, b.prefix+"s2").Result(); n != 0 {
			t.Error("an empty cart was written")
		}
	})

	t.Run("concurrent updates lose nothing", func(t *testing.T) {
		const writers = 16
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for i := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := store.Update(ctx, "busy", func(c *domain.Cart) error {
					c.Items = append(c.Items, item(domain.NewRowID(), int32(i)))
					return nil
				})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		c, err := store.Get(ctx, "busy")
		if err != nil || len(c.Items) != writers || c.Version != writers {
			t.Errorf("after %d writers: %d items, version %d, %v", writers, len(c.Items), c.Version, err)
		}
	})

	t.Run("a corrupt cart is not overwritten", func(t *testing.T) {
		if err := b.rdb.Set(ctx, b.prefix+"bad", "{not json", time.Minute).Err(); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Update(ctx, "bad", func(c *domain.Cart) error { return nil }); err == nil {
			t.Error("a corrupt cart was accepted")
		}
		if raw, _ := b.rdb.Get(ctx, b.prefix+"bad").Result(); raw != "{not json" {
			t.Errorf("stored = %q", raw)
		}
		if err := store.Delete(ctx, "bad"); err != nil {
			t.Error(err)
		}
	})
}

func TestStoreOutage(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1})
	t.Cleanup(func() { rdb.Close() })
	store := New(rdb, Options{})
	mr.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := store.Get(ctx, "s"); apperr.Code(err) != codes.Unavailable {
		t.Errorf("get: %v (%s)", err, apperr.Code(err))
	}
	if _, err := store.Update(ctx, "s", func(*domain.Cart) error { return nil }); apperr.Code(err) != codes.Unavailable {
		t.Errorf("update: %v (%s)", err, apperr.Code(err))
	}
	if err := store.Ping(ctx); apperr.Code(err) != codes.Unavailable {
		t.Errorf("ping: %v", err)
	}
}
