package endpoints

import (
	"context"
	"log/slog"
	"strings"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/domain/domain"
)

// Limiter is the part of ratelimit.Limiter the endpoints use.
type Limiter interface {
	Allow(ctx context.Context, rules ...ratelimit.Rule) (ratelimit.Result, error)
}

// RateLimits are the budgets of registry-reaching calls.
type RateLimits struct {
	PerSession ratelimit.Limit
	PerIP      ratelimit.Limit
}

type clientIPKey struct{}

// WithClientIP stores the visitor's address in ctx, overriding the one of the call context.
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

// RateLimit refuses calls once the session's or the client address's budget is spent, with a
// *domain.RateLimitedError (RESOURCE_EXHAUSTED, HTTP 429 at the gateway). Both budgets are checked
// and paid in one Redis round trip. A call without session or address is limited only by what it
// has. When Redis fails the call goes through: the limit protects the registry, and a Redis outage
// must not take the domain search down with it.
func RateLimit(l Limiter, limits RateLimits, log *slog.Logger) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, request any) (any, error) {
			if !limits.PerSession.Enabled() && !limits.PerIP.Enabled() {
				return next(ctx, request)
			}
			rules := make([]ratelimit.Rule, 0, 2)
			if sid := callctx.From(ctx).SessionID; sid != "" && limits.PerSession.Enabled() {
				rules = append(rules, ratelimit.Rule{Key: "session:" + sid, Limit: limits.PerSession})
			}
			if ip := ClientIP(ctx); ip != "" && limits.PerIP.Enabled() {
				rules = append(rules, ratelimit.Rule{Key: "ip:" + ip, Limit: limits.PerIP})
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
				return nil, &domain.RateLimitedError{RetryAfter: res.RetryAfter, Scope: scope}
			}
			return next(ctx, request)
		}
	}
}
