// Package redisstore keeps the session locale in Redis (or any server speaking its protocol, such
// as the in-process miniredis of devstack).
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/services/catalog/domain"
)

// Defaults of the key space: catalog:session:<sid>:locale, kept a day after the last write.
const (
	DefaultKeyPrefix = "catalog:session:"
	DefaultTTL       = 24 * time.Hour
)

// Store is the session locale store.
type Store struct {
	client redis.UniversalClient
	prefix string
	ttl    time.Duration
}

// Option changes a Store default.
type Option func(*Store)

// WithKeyPrefix replaces "catalog:session:" (tests use a random prefix to share a server).
func WithKeyPrefix(prefix string) Option { return func(s *Store) { s.prefix = prefix } }

// WithTTL replaces the 24-hour lifetime of a stored locale.
func WithTTL(ttl time.Duration) Option { return func(s *Store) { s.ttl = ttl } }

// New returns a store on client.
func New(client redis.UniversalClient, opts ...Option) *Store {
	s := &Store{client: client, prefix: DefaultKeyPrefix, ttl: DefaultTTL}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Key is where the locale of session sid lives.
func (s *Store) Key(sid string) string { return s.prefix + sid + ":locale" }

// SessionLocale returns the stored locale of the session, "" when none was chosen.
func (s *Store) SessionLocale(ctx context.Context, sid string) (string, error) {
	v, err := s.client.Get(ctx, s.Key(sid)).Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("get session locale: %w", storeErr(err))
	}
	return v, nil
}

// SetSessionLocale stores the locale and restarts its lifetime.
func (s *Store) SetSessionLocale(ctx context.Context, sid, code string) error {
	if err := s.client.Set(ctx, s.Key(sid), code, s.ttl).Err(); err != nil {
		return fmt.Errorf("set session locale: %w", storeErr(err))
	}
	return nil
}

// Ping checks the server is reachable, for readiness probes.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.client.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("ping session store: %w", storeErr(err))
	}
	return nil
}

// storeErr marks failures as an outage of the session store, except a caller that gave up.
func storeErr(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%w: %w", domain.ErrUnavailable, err)
}
