// Package redisconn is the one way a service connects to Redis: a redis:// URL in production, or
// an in-process Redis-protocol server (miniredis) when the process was told that embedded stores
// are fine (devstack, EMBEDDED_STORES=true). Without either it refuses: each replica keeping carts
// and rate limits in its own memory would lose them on restart and disagree with its siblings.
package redisconn

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
)

// ErrNoURL is returned when no Redis URL is configured and embedded stores are not allowed.
var ErrNoURL = errors.New("REDIS_URL is not set (set EMBEDDED_STORES=true to run on an in-process Redis, for development only)")

// Config says where Redis is.
type Config struct {
	URL      string // redis://host:6379/0
	Embedded bool   // an empty URL starts an in-process server instead of failing
	// Unreachable describes what is degraded while Redis cannot be reached at start, for the log.
	Unreachable string
}

// Open connects to Redis. Redis being unreachable at start is logged, not fatal: go-redis
// reconnects, and each service decides what its calls do meanwhile. close releases the client and
// the in-process server.
func Open(ctx context.Context, cfg Config, log *slog.Logger) (client *redis.Client, close func(), err error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	url := cfg.URL
	stopEmbedded := func() {}
	if url == "" {
		if !cfg.Embedded {
			return nil, nil, ErrNoURL
		}
		if url, stopEmbedded, err = StartEmbedded(); err != nil {
			return nil, nil, err
		}
		log.WarnContext(ctx, "REDIS_URL not set; using an in-process Redis-protocol server (one process only, lost on restart)",
			slog.String("url", url))
	}
	opt, err := redis.ParseURL(url)
	if err != nil {
		stopEmbedded()
		return nil, nil, fmt.Errorf("redisconn: parse REDIS_URL: %w", err)
	}
	// Every call ends by its context's deadline (a request's route deadline, a gRPC caller's), not
	// only by go-redis's own read timeout (3 s, retried): a Redis that answers slowly otherwise
	// held requests for 12 s past a 3 s deadline (the fault matrix, docs/operations.md).
	opt.ContextTimeoutEnabled = true
	client = redis.NewClient(opt)
	if err := client.Ping(ctx).Err(); err != nil {
		what := cfg.Unreachable
		if what == "" {
			what = "calls that need it fail until it is back"
		}
		log.WarnContext(ctx, "redis not reachable yet; "+what, slog.String("err", err.Error()))
	}
	return client, func() {
		_ = client.Close()
		stopEmbedded()
	}, nil
}

// StartEmbedded starts an in-process Redis-protocol server on a loopback port and returns its URL,
// for devstack, which shares one such server between all its services.
func StartEmbedded() (url string, stop func(), err error) {
	mr := miniredis.NewMiniRedis()
	if err := mr.Start(); err != nil {
		return "", nil, fmt.Errorf("redisconn: start in-process redis: %w", err)
	}
	return "redis://" + mr.Addr(), mr.Close, nil
}
