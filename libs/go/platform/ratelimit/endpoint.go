package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/netip"
	"strings"
	"time"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// Budgets are the limits of a guarded endpoint, per visitor session and per client address.
type Budgets struct {
	PerSession Limit
	PerIP      Limit
}

// Allower is the part of Limiter the middleware uses.
type Allower interface {
	Allow(ctx context.Context, rules ...Rule) (Result, error)
}

// Refusal builds the service's own error for a spent budget (its message key, mapped to
// RESOURCE_EXHAUSTED and HTTP 429 with Retry-After); scope is "session" or "ip".
type Refusal func(retryAfter time.Duration, scope string) error

type clientIPKey struct{}

// WithClientIP stores the visitor's address in ctx, overriding the one of the call context (for
// calls a service makes on a visitor's behalf from outside a request).
func WithClientIP(ctx context.Context, ip string) context.Context {
	if ip == "" {
		return ctx
	}
	return context.WithValue(ctx, clientIPKey{}, ip)
}

// ClientIP returns the visitor's address: the one WithClientIP stored, else the one the gateway sent
// (x-client-ip, checked to be an IP address by the platform's server interceptor); "" when none.
func ClientIP(ctx context.Context) string {
	if ip, ok := ctx.Value(clientIPKey{}).(string); ok {
		return ip
	}
	return callctx.From(ctx).ClientIP
}

// AddressKey is the bucket name of a client address: an IPv4 address as it is, an IPv6 address by
// its /64 network, the smallest block one subscriber line gets (a visitor can use any of its 2^64
// addresses, so a per-address budget of IPv6 must count the block); anything else as given.
func AddressKey(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	addr = addr.Unmap().WithZone("")
	if addr.Is4() {
		return addr.String()
	}
	return netip.PrefixFrom(addr, 64).Masked().String()
}

// Option changes how Middleware guards an endpoint.
type Option func(*options)

type options struct {
	closedKey string
	attempt   func(request any) string
}

// FailClosed refuses the guarded calls while the limiter cannot answer (Redis down) instead of
// letting them through: for routes where an unbounded burst costs more than the route being away
// for everyone (card payments, orders that send an SMS and a mail, lookups at outside systems).
// The refusal is *Unavailable with key: Unavailable (HTTP 503) with a retry hint, naming the rate
// limiter as the dependency that is down, so no caller counts it against the service or retries it.
func FailClosed(key string) Option {
	return func(o *options) { o.closedKey = key }
}

// PerAttempt makes the budgets pay for attempts, not calls: attempt returns the call's attempt (its
// idempotency key, "" for none), and the calls of one attempt of a session (a double click, a
// retry, concurrent submits, which the use case answers from the first outcome) pay once within the
// longest period of the budgets (Limiter.AllowAttempt). A call without an attempt pays as usual.
func PerAttempt(attempt func(request any) string) Option {
	return func(o *options) { o.attempt = attempt }
}

// attemptAllower is the part of Limiter PerAttempt uses; an Allower without it charges every call.
type attemptAllower interface {
	AllowAttempt(ctx context.Context, attempt string, markFor time.Duration, rules ...Rule) (Result, error)
}

// Middleware is the one rate-limit middleware of every service's go-kit endpoints. It refuses calls
// once the session's or the client address's budget is spent, with the error refuse builds; both
// budgets are checked and paid in one Redis round trip, and a call without session or address is
// limited by what it has. Addresses are counted by AddressKey (IPv6 per /64). When Redis fails the
// call goes through (the limits protect the service and its registries from abuse, and a Redis
// outage must not take the guarded feature down), unless the route fails closed (FailClosed).
func Middleware(l Allower, b Budgets, refuse Refusal, log *slog.Logger, opts ...Option) endpoint.Middleware {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	attempts, _ := l.(attemptAllower)
	markFor := max(b.PerSession.Period, b.PerIP.Period)
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		if !b.PerSession.Enabled() && !b.PerIP.Enabled() {
			return next
		}
		return func(ctx context.Context, request any) (any, error) {
			rules := make([]Rule, 0, 2)
			sid := callctx.From(ctx).SessionID
			if sid != "" && b.PerSession.Enabled() {
				rules = append(rules, Rule{Key: "session:" + sid, Limit: b.PerSession})
			}
			ip := ClientIP(ctx)
			if ip != "" && b.PerIP.Enabled() {
				rules = append(rules, Rule{Key: "ip:" + AddressKey(ip), Limit: b.PerIP})
			}
			if len(rules) == 0 {
				return next(ctx, request)
			}
			var res Result
			var err error
			if attempt := attemptOf(o.attempt, request, sid, ip); attempt != "" && attempts != nil {
				res, err = attempts.AllowAttempt(ctx, attempt, markFor, rules...)
			} else {
				res, err = l.Allow(ctx, rules...)
			}
			if err != nil {
				if o.closedKey != "" {
					log.WarnContext(ctx, "rate limiter unavailable, refusing the call", slog.String("err", err.Error()))
					return nil, &Unavailable{Key: o.closedKey, Err: err}
				}
				log.WarnContext(ctx, "rate limiter unavailable, letting the call through", slog.String("err", err.Error()))
				return next(ctx, request)
			}
			if !res.Allowed {
				scope := "session"
				if strings.HasPrefix(res.DeniedKey, "ip:") {
					scope = "ip"
				}
				return nil, refuse(res.RetryAfter, scope)
			}
			return next(ctx, request)
		}
	}
}

// attemptOf names the call's attempt for the limiter: the attempt key scoped to the session (or,
// without one, to the address), hashed so a long key makes a short Redis key; "" for none.
func attemptOf(attempt func(any) string, request any, sid, ip string) string {
	if attempt == nil {
		return ""
	}
	key := attempt(request)
	if key == "" {
		return ""
	}
	scope := "session:" + sid
	if sid == "" {
		scope = "ip:" + AddressKey(ip)
	}
	sum := sha256.Sum256([]byte(scope + "\x00" + key))
	return hex.EncodeToString(sum[:16])
}
