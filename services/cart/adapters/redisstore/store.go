// Package redisstore keeps session carts in Redis (or an in-process Redis-protocol server), one
// JSON document per session under cart:session:<sid>. Updates are optimistic: the key is WATCHed,
// the update function runs on what was read, and the write is a MULTI/EXEC that fails when another
// writer stored the cart in between; the update then runs again on the newer cart. No update is
// ever lost and a refused update writes nothing.
package redisstore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/cart/domain"
)

// Defaults of Options.
const (
	DefaultPrefix      = "cart:session:"
	DefaultTTL         = 7 * 24 * time.Hour
	DefaultMaxAttempts = 50
)

// Options tune the store.
type Options struct {
	// Prefix of the keys; tests use their own to stay apart.
	Prefix string
	// TTL of a cart after its last change.
	TTL time.Duration
	// MaxAttempts bounds how often a contended update is retried before it gives up with
	// domain.ErrVersionConflict.
	MaxAttempts int
}

// Store is the Redis cart store.
type Store struct {
	rdb  redis.UniversalClient
	opts Options
}

// New returns a store over rdb.
func New(rdb redis.UniversalClient, opts Options) *Store {
	if opts.Prefix == "" {
		opts.Prefix = DefaultPrefix
	}
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.MaxAttempts <= 0 {
		opts.MaxAttempts = DefaultMaxAttempts
	}
	return &Store{rdb: rdb, opts: opts}
}

// Ping checks that Redis answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.rdb.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("cart store ping: %w: %w", apperr.Unavailable, err)
	}
	return nil
}

func (s *Store) key(sessionID string) string { return s.opts.Prefix + sessionID }

// Get returns the session's cart; an unknown session has an empty one.
func (s *Store) Get(ctx context.Context, sessionID string) (domain.Cart, error) {
	raw, err := s.rdb.Get(ctx, s.key(sessionID)).Bytes()
	if err != nil && !errors.Is(err, redis.Nil) {
		return domain.Cart{}, outage("read cart", err)
	}
	return decode(raw)
}

// fnError carries the update function's own error through go-redis untouched.
type fnError struct{ err error }

func (e fnError) Error() string { return e.err.Error() }

// Update runs fn on the session's cart and stores the outcome when fn succeeds and changed it.
func (s *Store) Update(ctx context.Context, sessionID string, fn func(*domain.Cart) error) (domain.Cart, error) {
	key := s.key(sessionID)
	for attempt := 0; attempt < s.opts.MaxAttempts; attempt++ {
		var out domain.Cart
		err := s.rdb.Watch(ctx, func(tx *redis.Tx) error {
			raw, err := tx.Get(ctx, key).Bytes()
			if err != nil && !errors.Is(err, redis.Nil) {
				return err
			}
			cart, err := decode(raw)
			if err != nil {
				return fnError{err}
			}
			before, err := json.Marshal(cart)
			if err != nil {
				return fnError{fmt.Errorf("encode cart: %w", err)}
			}
			if err := fn(&cart); err != nil {
				return fnError{err}
			}
			after, err := json.Marshal(cart)
			if err != nil {
				return fnError{fmt.Errorf("encode cart: %w", err)}
			}
			if bytes.Equal(before, after) {
				out = cart
				return nil
			}
			cart.Version++
			data, err := json.Marshal(cart)
			if err != nil {
				return fnError{fmt.Errorf("encode cart: %w", err)}
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				p.Set(ctx, key, data, s.opts.TTL)
				return nil
			})
			out = cart
			return err
		}, key)
		var fe fnError
		switch {
		case err == nil:
			return out, nil
		case errors.As(err, &fe):
			return domain.Cart{}, fe.err
		case errors.Is(err, redis.TxFailedErr):
			if werr := wait(ctx, attempt); werr != nil {
				return domain.Cart{}, werr
			}
		default:
			return domain.Cart{}, outage("update cart", err)
		}
	}
	return domain.Cart{}, fmt.Errorf("update cart of a busy session after %d attempts: %w", s.opts.MaxAttempts, domain.ErrVersionConflict)
}

// wait backs off before another attempt, with jitter so contending writers spread out.
func wait(ctx context.Context, attempt int) error {
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

func decode(raw []byte) (domain.Cart, error) {
	var c domain.Cart
	if len(raw) == 0 {
		return c, nil
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return domain.Cart{}, fmt.Errorf("decode stored cart: %w", err)
	}
	return c, nil
}

func outage(what string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: %w", what, err)
	}
	return fmt.Errorf("%s: %w: %w", what, domain.ErrUnavailable, err)
}

// Delete removes the session's cart (tests and operators).
func (s *Store) Delete(ctx context.Context, sessionID string) error {
	if err := s.rdb.Del(ctx, s.key(sessionID)).Err(); err != nil {
		return outage("delete cart", err)
	}
	return nil
}
