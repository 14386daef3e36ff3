package redisconn

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrContended is Update's answer when other writers changed the key on every attempt.
var ErrContended = errors.New("redis: key changed by other writers on every attempt")

// fnError carries the update function's own error through go-redis untouched.
type fnError struct{ err error }

func (e fnError) Error() string { return e.err.Error() }

// Update is the optimistic read-modify-write of one key that session stores share: the key is
// WATCHed, fn gets its value (nil when absent) and returns the value to store, and the write is a
// MULTI/EXEC with ttl that fails when another writer stored the key in between; fn then runs again
// on the newer value, after a jittered backoff, up to maxAttempts times (then ErrContended). No
// update is lost and a refused one writes nothing: fn returning a nil value writes nothing, fn's
// error is returned as it is. Other errors are Redis's, wrapped, for the caller to call an outage.
func Update(ctx context.Context, rdb redis.UniversalClient, key string, ttl time.Duration, maxAttempts int,
	fn func(current []byte) (next []byte, err error)) error {
	for attempt := range max(maxAttempts, 1) {
		err := rdb.Watch(ctx, func(tx *redis.Tx) error {
			current, err := tx.Get(ctx, key).Bytes()
			if err != nil && !errors.Is(err, redis.Nil) {
				return err
			}
			next, err := fn(current)
			if err != nil {
				return fnError{err}
			}
			if next == nil {
				return nil
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				p.Set(ctx, key, next, ttl)
				return nil
			})
			return err
		}, key)
		var fe fnError
		switch {
		case err == nil:
			return nil
		case errors.As(err, &fe):
			return fe.err
		case errors.Is(err, redis.TxFailedErr):
			if werr := backoff(ctx, attempt); werr != nil {
				return werr
			}
		default:
			return fmt.Errorf("redis update %s: %w", key, err)
		}
	}
	return ErrContended
}

// backoff waits before another attempt, with jitter so contending writers spread out.
func backoff(ctx context.Context, attempt int) error {
	ceiling := time.Millisecond << min(attempt, 6)
	t := time.NewTimer(time.Duration(rand.Int64N(int64(ceiling))) + 100*time.Microsecond)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
