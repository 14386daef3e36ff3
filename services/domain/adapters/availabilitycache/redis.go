// Package availabilitycache keeps registry answers for a short time: in Redis, shared by every
// replica, optionally fronted by a tiny in-process layer that spares the hottest names a round trip.
package availabilitycache

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/services/domain/domain"
)

// DefaultPrefix namespaces the keys; bump the version when the stored format changes.
const DefaultPrefix = "domain:avail:v1:"

// Redis stores one key per name holding the status number.
type Redis struct {
	rdb    redis.UniversalClient
	prefix string
}

// NewRedis returns a cache in rdb under prefix (DefaultPrefix when empty).
func NewRedis(rdb redis.UniversalClient, prefix string) *Redis {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	return &Redis{rdb: rdb, prefix: prefix}
}

// GetMany reads all names in one MGET.
func (c *Redis) GetMany(ctx context.Context, names []string) (map[string]domain.Status, error) {
	if len(names) == 0 {
		return nil, nil
	}
	keys := make([]string, len(names))
	for i, n := range names {
		keys[i] = c.prefix + n
	}
	vals, err := c.rdb.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, fmt.Errorf("availability cache mget: %w", err)
	}
	out := make(map[string]domain.Status, len(names))
	for i, v := range vals {
		s, ok := v.(string)
		if !ok {
			continue
		}
		n, err := strconv.Atoi(s)
		if st := domain.Status(n); err == nil && st.Valid() {
			out[names[i]] = st
		}
	}
	return out, nil
}

// Set stores status for ttl.
func (c *Redis) Set(ctx context.Context, name string, status domain.Status, ttl time.Duration) error {
	if err := c.rdb.Set(ctx, c.prefix+name, strconv.Itoa(int(status)), ttl).Err(); err != nil {
		return fmt.Errorf("availability cache set %s: %w", name, err)
	}
	return nil
}
