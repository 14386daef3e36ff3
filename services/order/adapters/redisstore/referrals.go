// Package redisstore keeps each session's referral id (PUT /session/referral) in Redis, as long
// as its cart: session state belongs in Redis, orders in SQL.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Defaults of the store.
const (
	DefaultPrefix = "order:referral:"
	DefaultTTL    = 7 * 24 * time.Hour
)

// Referrals is the store.
type Referrals struct {
	rdb    redis.UniversalClient
	prefix string
	ttl    time.Duration
}

// New returns the store over rdb; an empty prefix or a zero ttl take the defaults.
func New(rdb redis.UniversalClient, prefix string, ttl time.Duration) *Referrals {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	return &Referrals{rdb: rdb, prefix: prefix, ttl: ttl}
}

// Get answers the session's referral id, "" when none is stored.
func (r *Referrals) Get(ctx context.Context, sessionID string) (string, error) {
	id, err := r.rdb.Get(ctx, r.prefix+sessionID).Result()
	if errors.Is(err, redis.Nil) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("referral: %w: %w", apperr.Unavailable, err)
	}
	return id, nil
}

// Put stores the session's referral id.
func (r *Referrals) Put(ctx context.Context, sessionID, id string) error {
	if err := r.rdb.Set(ctx, r.prefix+sessionID, id, r.ttl).Err(); err != nil {
		return fmt.Errorf("referral: %w: %w", apperr.Unavailable, err)
	}
	return nil
}

// Delete forgets the session's referral id.
func (r *Referrals) Delete(ctx context.Context, sessionID string) error {
	if err := r.rdb.Del(ctx, r.prefix+sessionID).Err(); err != nil {
		return fmt.Errorf("referral: %w: %w", apperr.Unavailable, err)
	}
	return nil
}
