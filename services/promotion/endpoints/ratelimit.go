package endpoints

import (
	"context"
	"log/slog"
	"strings"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/promotion/domain"
)

// Limiter is the part of ratelimit.Limiter the endpoints use.
type Limiter interface {
	Allow(ctx context.Context, rules ...ratelimit.Rule) (ratelimit.Result, error)
}

// RateLimits are the budgets of code lookups.
type RateLimits struct {
	PerSession ratelimit.Limit
	PerIP      ratelimit.Limit
}

// RateLimit refuses code lookups once the session's or the client address's budget is spent, with
// a *domain.RateLimitedError (RESOURCE_EXHAUSTED, HTTP 429 at the gateway). Both budgets are
// checked and paid in one Redis round trip; a call without session or address is limited by what
// it has. When Redis fails the call goes through: a Redis outage must not stop visitors from
// redeeming their coupons, and the lookups stay cheap for the database.
func RateLimit(l Limiter, limits RateLimits, log *slog.Logger) endpoint.Middleware {
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, request any) (any, error) {
			v := callctx.From(ctx)
			rules := make([]ratelimit.Rule, 0, 2)
			if v.SessionID != "" && limits.PerSession.Enabled() {
				rules = append(rules, ratelimit.Rule{Key: "session:" + v.SessionID, Limit: limits.PerSession})
			}
			if v.ClientIP != "" && limits.PerIP.Enabled() {
				rules = append(rules, ratelimit.Rule{Key: "ip:" + v.ClientIP, Limit: limits.PerIP})
			}
			if len(rules) == 0 {
				return next(ctx, request)
			}
			res, err := l.Allow(ctx, rules...)
			if err != nil {
				log.WarnContext(ctx, "rate limiter unavailable, letting the code lookup through", slog.String("err", err.Error()))
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
