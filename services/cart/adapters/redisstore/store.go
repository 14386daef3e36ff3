// Package redisstore keeps session carts in Redis (or an in-process Redis-protocol server), one
// JSON document per session under cart:session:<sid>. Updates are optimistic: the key is WATCHed,
// the update function runs on what was read, and the write is a MULTI/EXEC that fails when another
// writer stored the cart in between; the update then runs again on the newer cart. No update is
// ever lost and a refused update writes nothing (redisconn.Update).
package redisstore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
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

// Update runs fn on the session's cart and stores the outcome when fn succeeds and changed it.
func (s *Store) Update(ctx context.Context, sessionID string, fn func(*domain.Cart) error) (domain.Cart, error) {
	var out domain.Cart
	var refused error // fn's own error or an unreadable cart: not an outage
	err := redisconn.Update(ctx, s.rdb, s.key(sessionID), s.opts.TTL, s.opts.MaxAttempts, func(raw []byte) ([]byte, error) {
		next, err := s.apply(raw, fn, &out)
		if err != nil {
			refused = err
		}
		return next, err
	})
	switch {
	case err == nil:
		return out, nil
	case refused != nil && errors.Is(err, refused):
		return domain.Cart{}, err
	case errors.Is(err, redisconn.ErrContended):
		return domain.Cart{}, fmt.Errorf("update cart of a busy session after %d attempts: %w", s.opts.MaxAttempts, domain.ErrVersionConflict)
	default:
		return domain.Cart{}, outage("update cart", err)
	}
}

// apply runs fn on the stored cart raw and returns what to store, nil when fn changed nothing; the
// stored cart's Version grows with every write.
func (s *Store) apply(raw []byte, fn func(*domain.Cart) error, out *domain.Cart) ([]byte, error) {
	cart, err := decode(raw)
	if err != nil {
		return nil, err
	}
	before, err := json.Marshal(cart)
	if err != nil {
		return nil, fmt.Errorf("encode cart: %w", err)
	}
	if err := fn(&cart); err != nil {
		return nil, err
	}
	after, err := json.Marshal(cart)
	if err != nil {
		return nil, fmt.Errorf("encode cart: %w", err)
	}
	if bytes.Equal(before, after) {
		*out = cart
		return nil, nil
	}
	cart.Version++
	data, err := json.Marshal(cart)
	if err != nil {
		return nil, fmt.Errorf("encode cart: %w", err)
	}
	*out = cart
	return data, nil
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
