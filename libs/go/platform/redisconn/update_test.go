package redisconn_test

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/platform/redisconn"
)

func client(t *testing.T) (*miniredis.Miniredis, *redis.Client) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr()})
	t.Cleanup(func() { rdb.Close() })
	return mr, rdb
}

func TestUpdateWritesWithTTL(t *testing.T) {
	mr, rdb := client(t)
	ctx := context.Background()
	var seen []byte
	err := redisconn.Update(ctx, rdb, "k", time.Hour, 3, func(cur []byte) ([]byte, error) {
		seen = cur
		return []byte("v1"), nil
	})
	if err != nil || seen != nil {
		t.Fatalf("first update: saw %q, %v", seen, err)
	}
	if got, _ := mr.Get("k"); got != "v1" || mr.TTL("k") != time.Hour {
		t.Fatalf("stored %q with TTL %v", got, mr.TTL("k"))
	}
	err = redisconn.Update(ctx, rdb, "k", time.Hour, 3, func(cur []byte) ([]byte, error) {
		seen = cur
		return nil, nil
	})
	if err != nil || string(seen) != "v1" {
		t.Fatalf("second update: saw %q, %v", seen, err)
	}
}

func TestUpdateThatRefusesWritesNothing(t *testing.T) {
	mr, rdb := client(t)
	refused := errors.New("refused")
	err := redisconn.Update(context.Background(), rdb, "k", time.Hour, 3, func([]byte) ([]byte, error) {
		return []byte("never"), refused
	})
	if !errors.Is(err, refused) || mr.Exists("k") {
		t.Fatalf("err = %v, key exists %v", err, mr.Exists("k"))
	}
}

func TestConcurrentUpdatesLoseNothing(t *testing.T) {
	mr, rdb := client(t)
	const writers = 12
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- redisconn.Update(context.Background(), rdb, "n", time.Hour, 50, func(cur []byte) ([]byte, error) {
				n, _ := strconv.Atoi(string(cur))
				return []byte(strconv.Itoa(n + 1)), nil
			})
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := mr.Get("n"); got != strconv.Itoa(writers) {
		t.Fatalf("count = %s, want %d", got, writers)
	}
}

// A writer that always loses the race gives up after its attempts.
func TestUpdateGivesUpWhenAlwaysContended(t *testing.T) {
	mr, rdb := client(t)
	attempts := 0
	err := redisconn.Update(context.Background(), rdb, "k", time.Hour, 3, func([]byte) ([]byte, error) {
		attempts++
		mr.Set("k", "someone else's") // another writer stores between our read and our write
		return []byte("mine"), nil
	})
	if !errors.Is(err, redisconn.ErrContended) || attempts != 3 {
		t.Fatalf("err = %v after %d attempts", err, attempts)
	}
	if got, _ := mr.Get("k"); got != "someone else's" {
		t.Fatalf("stored %q", got)
	}
}

func TestUpdateOutageIsRedisError(t *testing.T) {
	mr := miniredis.RunT(t)
	rdb := redis.NewClient(&redis.Options{Addr: mr.Addr(), MaxRetries: -1})
	t.Cleanup(func() { rdb.Close() })
	mr.Close()
	err := redisconn.Update(context.Background(), rdb, "k", time.Hour, 3, func([]byte) ([]byte, error) { return nil, nil })
	if err == nil || errors.Is(err, redisconn.ErrContended) {
		t.Fatalf("err = %v", err)
	}
}
