// Package redisstore keeps the customer data of each session in Redis (or an in-process
// Redis-protocol server): one JSON document per session under customer:session:<sid>, living as
// long as the session's cart (the TTL is refreshed on every write). Updates are optimistic like the
// cart's: the key is WATCHed, the update function runs on what was read, and the write fails
// when another request of the session stored in between; the update then runs again on the newer
// data (redisconn.Update). A refused update writes nothing.
package redisstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/redisconn"
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

// errBusy is the answer when other writers of the session won every attempt.
var errBusy = apperr.New(apperr.Conflict, "customer.busy")

// Update runs fn on the session's customer and stores the outcome when fn succeeds and changed it.
func (s *Store) Update(ctx context.Context, sessionID string, fn func(*domain.SessionCustomer) error) (domain.SessionCustomer, error) {
	var out domain.SessionCustomer
	var refused error // fn's own error or unreadable data: not an outage
	err := redisconn.Update(ctx, s.rdb, s.key(sessionID), s.opts.TTL, s.opts.MaxAttempts, func(raw []byte) ([]byte, error) {
		c, err := decode(raw)
		if err == nil {
			before := encode(c)
			if err = fn(&c); err == nil {
				out = c
				if after := encode(c); !bytes.Equal(before, after) {
					return after, nil
				}
				return nil, nil
			}
		}
		refused = err
		return nil, err
	})
	switch {
	case err == nil:
		return out, nil
	case refused != nil && errors.Is(err, refused):
		return domain.SessionCustomer{}, err
	case errors.Is(err, redisconn.ErrContended):
		return domain.SessionCustomer{}, fmt.Errorf("update session customer after %d attempts: %w", s.opts.MaxAttempts, errBusy)
	default:
		return domain.SessionCustomer{}, outage("update session customer", err)
	}
}

func outage(what string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: %w", what, err)
	}
	return fmt.Errorf("%s: %w: %w", what, apperr.Unavailable, err)
}
