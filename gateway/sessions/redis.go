package sessions

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// DefaultPrefix is the key prefix of the Redis store.
const DefaultPrefix = "gateway:session:"

// Redis keeps sessions in Redis, shared by every gateway replica.
type Redis struct {
	rdb    redis.UniversalClient
	prefix string
	ttl    time.Duration
	newTTL time.Duration
}

// RedisOptions tune the Redis store; zero values take the defaults.
type RedisOptions struct {
	Prefix string
	TTL    time.Duration
	// NewTTL is the life of a session nobody came back with: a session starts short and gets the
	// full TTL on its first use, so a loop of cookieless requests leaves keys that expire soon.
	NewTTL time.Duration
}

// DefaultNewTTL is how long a session lives before it is used a second time.
const DefaultNewTTL = 30 * time.Minute

// NewRedis returns the store over rdb.
func NewRedis(rdb redis.UniversalClient, o RedisOptions) *Redis {
	if o.Prefix == "" {
		o.Prefix = DefaultPrefix
	}
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	if o.NewTTL <= 0 || o.NewTTL > o.TTL {
		o.NewTTL = min(DefaultNewTTL, o.TTL)
	}
	return &Redis{rdb: rdb, prefix: o.Prefix, ttl: o.TTL, newTTL: o.NewTTL}
}

func (s *Redis) key(token string) string { return s.prefix + tokenKey(token) }

// Resolve reads the id and extends the session in one round trip (GETEX).
func (s *Redis) Resolve(ctx context.Context, token string) (string, error) {
	id, err := s.rdb.GetEx(ctx, s.key(token), s.ttl).Result()
	switch {
	case errors.Is(err, redis.Nil):
		return "", ErrUnknown
	case err != nil:
		return "", fmt.Errorf("resolve session: %w: %w", ErrUnavailable, err)
	case id == rotatedMarker:
		// GETEX gave the marker the sessions' life: it keeps only its grace. Rare path (a request
		// racing a login), so the second round trip costs nothing on the warm path; best effort.
		s.rdb.PExpire(ctx, s.key(token), RotatedGrace)
		return "", ErrRotated
	}
	return id, nil
}

// Create stores a new token for a new id, living NewTTL until it is resolved (used) again.
func (s *Redis) Create(ctx context.Context, scope string) (string, string, error) {
	token, err := NewToken()
	if err != nil {
		return "", "", err
	}
	id, err := ScopedID(scope)
	if err != nil {
		return "", "", err
	}
	if err := s.rdb.Set(ctx, s.key(token), id, s.newTTL).Err(); err != nil {
		return "", "", fmt.Errorf("create session: %w: %w", ErrUnavailable, err)
	}
	return token, id, nil
}

// rotate moves the id from the old key to the new one atomically (a crash between the two steps
// can neither leave both tokens working nor lose the session) and leaves the old key as a marker
// for the grace period. A token already rotated away is not rotated again.
var rotate = redis.NewScript(`
local id = redis.call('GET', KEYS[1])
if (not id) or id == ARGV[3] then return false end
redis.call('SET', KEYS[2], id, 'PX', ARGV[1])
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
return id
`)

// Rotate gives the session a new token.
func (s *Redis) Rotate(ctx context.Context, token string) (string, error) {
	fresh, err := NewToken()
	if err != nil {
		return "", err
	}
	err = rotate.Run(ctx, s.rdb, []string{s.key(token), s.key(fresh)}, s.ttl.Milliseconds(), RotatedGrace.Milliseconds(), rotatedMarker).Err()
	switch {
	case errors.Is(err, redis.Nil):
		return "", ErrUnknown
	case err != nil:
		return "", fmt.Errorf("rotate session: %w: %w", ErrUnavailable, err)
	}
	return fresh, nil
}

// Adopt stores a new token for id and drops token in one transaction.
func (s *Redis) Adopt(ctx context.Context, token, id string) (string, error) {
	fresh, err := NewToken()
	if err != nil {
		return "", err
	}
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Set(ctx, s.key(fresh), id, s.ttl)
		p.Set(ctx, s.key(token), rotatedMarker, RotatedGrace)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("adopt session: %w: %w", ErrUnavailable, err)
	}
	return fresh, nil
}
