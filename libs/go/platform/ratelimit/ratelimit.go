// Package ratelimit is a Redis-backed rate limiter (GCRA, the generic cell rate algorithm) shared
// by every process that guards a route: the state lives in Redis, so all replicas of a service or
// the gateway count against the same budget. One Lua script checks several keys at once (for
// example a session and a client address) in a single round trip and consumes from all of them
// only when every one allows the request.
package ratelimit

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/platform/config"
)

// Limit allows Rate requests per Period on average, with bursts of up to Burst requests.
type Limit struct {
	Rate   int
	Period time.Duration
	Burst  int
}

// Enabled reports whether the limit restricts anything; a zero rate means unlimited.
func (l Limit) Enabled() bool { return l.Rate > 0 && l.Period > 0 }

// String renders the limit in the form Parse reads.
func (l Limit) String() string {
	if !l.Enabled() {
		return "off"
	}
	s := strconv.Itoa(l.Rate) + "/" + l.Period.String()
	if l.Burst > 0 && l.Burst != l.Rate {
		s += "/" + strconv.Itoa(l.Burst)
	}
	return s
}

// emission is the time one request costs in the bucket.
func (l Limit) emission() time.Duration { return l.Period / time.Duration(l.Rate) }

func (l Limit) burst() int {
	if l.Burst > 0 {
		return l.Burst
	}
	return l.Rate
}

// Parse reads a limit written as "rate/period[/burst]", e.g. "60/1m" or "10/1s/20". "off", "0"
// and "" mean unlimited. The burst defaults to the rate.
func Parse(s string) (Limit, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "0" || strings.EqualFold(s, "off") {
		return Limit{}, nil
	}
	parts := strings.Split(s, "/")
	if len(parts) < 2 || len(parts) > 3 {
		return Limit{}, fmt.Errorf("ratelimit: %q: want rate/period[/burst]", s)
	}
	rate, err := strconv.Atoi(parts[0])
	if err != nil || rate < 0 {
		return Limit{}, fmt.Errorf("ratelimit: %q: bad rate", s)
	}
	period, err := time.ParseDuration(parts[1])
	if err != nil || period <= 0 {
		return Limit{}, fmt.Errorf("ratelimit: %q: bad period", s)
	}
	l := Limit{Rate: rate, Period: period}
	if len(parts) == 3 {
		if l.Burst, err = strconv.Atoi(parts[2]); err != nil || l.Burst <= 0 {
			return Limit{}, fmt.Errorf("ratelimit: %q: bad burst", s)
		}
	}
	if l.Enabled() && l.emission() <= 0 {
		return Limit{}, fmt.Errorf("ratelimit: %q: rate too high for the period", s)
	}
	return l, nil
}

// Rule is one budget a request draws from, e.g. key "session:abc" with 60 per minute.
type Rule struct {
	Key   string
	Limit Limit
}

// Result is the outcome of a check.
type Result struct {
	Allowed bool
	// Remaining is how many more requests the tightest rule allows right now.
	Remaining int
	// RetryAfter is how long to wait before the request would be allowed (0 when allowed).
	RetryAfter time.Duration
	// DeniedKey names the first rule that refused, "" when allowed.
	DeniedKey string
	// Replay: the request belongs to an attempt allowed before (AllowAttempt) and paid nothing.
	Replay bool
}

//go:embed gcra.lua
var gcraSource string

var gcra = redis.NewScript(gcraSource)

// Limiter checks rules against Redis. Keys are stored under prefix, so limiters of different
// routes or services do not collide.
type Limiter struct {
	rdb    redis.Scripter
	prefix string
}

// New returns a limiter storing its state in rdb under prefix (e.g. "rl:domain:").
func New(rdb redis.Scripter, prefix string) *Limiter {
	return &Limiter{rdb: rdb, prefix: prefix}
}

// ErrNoRules is returned when Allow gets nothing to check.
var ErrNoRules = errors.New("ratelimit: no rules")

// Allow consumes one request from every rule, or from none when one of them refuses.
func (l *Limiter) Allow(ctx context.Context, rules ...Rule) (Result, error) {
	return l.AllowN(ctx, 1, rules...)
}

// AllowN is Allow for a request that costs n units. Rules with a disabled limit or an empty key
// are skipped; when none is left the request is allowed without asking Redis.
func (l *Limiter) AllowN(ctx context.Context, n int, rules ...Rule) (Result, error) {
	return l.allow(ctx, n, "", 0, rules)
}

// AllowAttempt is Allow for one request of an attempt (an idempotency key, scoped by the caller
// to its session): the attempt's first allowed request pays and marks the attempt for markFor;
// its replays within that time (a double click, a retry, concurrent submits of one attempt, which
// the guarded use case answers from its first outcome) are allowed without paying, Replay set. A
// refused request marks nothing, so its retry pays again. An empty attempt is Allow.
func (l *Limiter) AllowAttempt(ctx context.Context, attempt string, markFor time.Duration, rules ...Rule) (Result, error) {
	if attempt == "" || markFor <= 0 {
		return l.allow(ctx, 1, "", 0, rules)
	}
	return l.allow(ctx, 1, attempt, markFor, rules)
}

func (l *Limiter) allow(ctx context.Context, n int, attempt string, markFor time.Duration, rules []Rule) (Result, error) {
	if n <= 0 {
		n = 1
	}
	keys := make([]string, 0, len(rules)+1)
	args := make([]any, 0, 2+2*len(rules))
	markMillis := int64(0)
	if attempt != "" {
		markMillis = max(markFor.Milliseconds(), 1)
	}
	args = append(args, n, markMillis)
	for _, r := range rules {
		if r.Key == "" || !r.Limit.Enabled() {
			continue
		}
		keys = append(keys, l.prefix+r.Key)
		emission := r.Limit.emission().Microseconds()
		if emission < 1 {
			emission = 1
		}
		args = append(args, emission, emission*int64(r.Limit.burst()))
	}
	if len(keys) == 0 {
		if len(rules) == 0 {
			return Result{}, ErrNoRules
		}
		return Result{Allowed: true, Remaining: -1}, nil
	}
	if attempt != "" {
		keys = append(keys, l.prefix+"attempt:"+attempt)
	}
	raw, err := gcra.Run(ctx, l.rdb, keys, args...).Int64Slice()
	if err != nil {
		return Result{}, fmt.Errorf("ratelimit: run script: %w", err)
	}
	if len(raw) != 3 {
		return Result{}, fmt.Errorf("ratelimit: script answered %d values, want 3", len(raw))
	}
	res := Result{
		Allowed:    raw[0] == 0,
		Remaining:  int(raw[1]),
		RetryAfter: time.Duration(raw[2]) * time.Microsecond,
	}
	if !res.Allowed {
		res.DeniedKey = strings.TrimPrefix(keys[raw[0]-1], l.prefix)
	} else if attempt != "" && res.Remaining < 0 {
		res.Replay = true
	}
	return res, nil
}

// FromEnv reads a limit ("20/1m/10") from the environment variable key, falling back to def
// (which must parse) when unset or malformed.
func FromEnv(key, def string) Limit {
	if l, err := Parse(config.String(key, def)); err == nil {
		return l
	}
	l, _ := Parse(def)
	return l
}
