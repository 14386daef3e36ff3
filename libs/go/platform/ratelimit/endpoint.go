package ratelimit

import (
	"context"
	"log/slog"
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

// Middleware is the one rate-limit middleware of every service's go-kit endpoints. It refuses calls
// once the session's or the client address's budget is spent, with the error refuse builds; both
// budgets are checked and paid in one Redis round trip, and a call without session or address is
// limited by what it has. When Redis fails the call goes through: the limits protect the service
// and its registries from abuse, and a Redis outage must not take the guarded feature down.
func Middleware(l Allower, b Budgets, refuse Refusal, log *slog.Logger) endpoint.Middleware {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		if !b.PerSession.Enabled() && !b.PerIP.Enabled() {
			return next
		}
		return func(ctx context.Context, request any) (any, error) {
			rules := make([]Rule, 0, 2)
			if sid := callctx.From(ctx).SessionID; sid != "" && b.PerSession.Enabled() {
				rules = append(rules, Rule{Key: "session:" + sid, Limit: b.PerSession})
			}
			if ip := ClientIP(ctx); ip != "" && b.PerIP.Enabled() {
				rules = append(rules, Rule{Key: "ip:" + ip, Limit: b.PerIP})
			}
			if len(rules) == 0 {
				return next(ctx, request)
			}
			res, err := l.Allow(ctx, rules...)
			if err != nil {
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
