// Package redisstore keeps the customer data of each session in Redis (or an in-process
// Redis-protocol server): one JSON document per session under customer:session:<sid>, living as
// long as the session's cart (the TTL is refreshed on every write). Updates are optimistic like the
// cart's: the key is WATCHed, the update function runs on what was read, and the write fails
// when another request of the session stored in between; the update then runs again on the newer
// data. A refused update writes nothing.
package redisstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/customer/domain"
)

// Defaults of Options. The TTL matches the cart's (services/cart CART_TTL): a visitor who comes
// back to the cart finds the customer forms filled in as long as the cart is there.
const (
	DefaultPrefix      = "customer:session:"
	DefaultTTL         = 7 * 24 * time.Hour
	DefaultMaxAttempts = 20
)

// Options tune the store.
type Options struct {
	// Prefix of the keys; tests use their own to stay apart.
	Prefix string
	// TTL of the data after its last change.
	TTL time.Duration
	// MaxAttempts bounds how often a contended update runs again before it gives up.
	MaxAttempts int
}

// Store is the Redis session customer store.
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

func (s *Store) key(sessionID string) string { return s.opts.Prefix + sessionID }

// Get returns the session's customer; an unknown session has none of the forms.
func (s *Store) Get(ctx context.Context, sessionID string) (domain.SessionCustomer, error) {
	raw, err := s.rdb.Get(ctx, s.key(sessionID)).Bytes()
	if err != nil && !errors.Is(err, redis.Nil) {
		return domain.SessionCustomer{}, outage("read session customer", err)
	}
	return decode(raw)
}

// fnError carries the update function's own error through go-redis untouched.
type fnError struct{ err error }

func (e fnError) Error() string { return e.err.Error() }

// errBusy is the answer when other writers of the session won every attempt.
var errBusy = apperr.New(apperr.Conflict, "customer.busy")

// Update runs fn on the session's customer and stores the outcome when fn succeeds and changed it.
func (s *Store) Update(ctx context.Context, sessionID string, fn func(*domain.SessionCustomer) error) (domain.SessionCustomer, error) {
	key := s.key(sessionID)
	for attempt := range s.opts.MaxAttempts {
		var out domain.SessionCustomer
		err := s.rdb.Watch(ctx, func(tx *redis.Tx) error {
			raw, err := tx.Get(ctx, key).Bytes()
			if err != nil && !errors.Is(err, redis.Nil) {
				return err
			}
			c, err := decode(raw)
			if err != nil {
				return fnError{err}
			}
			before := encode(c)
			if err := fn(&c); err != nil {
				return fnError{err}
			}
			out = c
			after := encode(c)
			if bytes.Equal(before, after) {
				return nil
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				p.Set(ctx, key, after, s.opts.TTL)
				return nil
			})
			return err
		}, key)
		var fe fnError
		switch {
		case err == nil:
			return out, nil
		case errors.As(err, &fe):
			return domain.SessionCustomer{}, fe.err
		case errors.Is(err, redis.TxFailedErr):
			if werr := wait(ctx, attempt); werr != nil {
				return domain.SessionCustomer{}, werr
			}
		default:
			return domain.SessionCustomer{}, outage("update session customer", err)
		}
	}
	return domain.SessionCustomer{}, fmt.Errorf("update session customer after %d attempts: %w", s.opts.MaxAttempts, errBusy)
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

func outage(what string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: %w", what, err)
	}
	return fmt.Errorf("%s: %w: %w", what, apperr.Unavailable, err)
}
