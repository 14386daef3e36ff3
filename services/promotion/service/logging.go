package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/promotion/domain"
)

// LoggingMiddleware logs every use case with its outcome at debug level, and failures that are not
// the caller's fault at warn level, so unknown codes and refused carts do not flood the logs.
func LoggingMiddleware(log *slog.Logger) Middleware {
	return func(next Service) Service { return &logging{next: next, log: log} }
}

type logging struct {
	next Service
	log  *slog.Logger
}

func (l *logging) done(ctx context.Context, method string, begin time.Time, err error, attrs ...any) {
	attrs = append(attrs, slog.String("method", method), slog.Duration("took", time.Since(begin)))
	switch {
	case err == nil:
		l.log.DebugContext(ctx, "promotion call", attrs...)
	case apperr.MessageKey(err) != "":
		l.log.DebugContext(ctx, "promotion call rejected", append(attrs, slog.String("err", err.Error()))...)
	default:
		l.log.WarnContext(ctx, "promotion call failed", append(attrs, slog.String("err", err.Error()))...)
	}
}

func outcomeAttrs(o domain.Outcome) []any {
	return []any{slog.Int("positions", len(o.Positions)), slog.Bool("changed", o.Changed), slog.Int("notices", len(o.Notices))}
}

func (l *logging) ListPromotions(ctx context.Context, includeManual bool) (ps []domain.Promotion, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "ListPromotions", begin, err, slog.Bool("include_manual", includeManual), slog.Int("count", len(ps)))
	}(time.Now())
	return l.next.ListPromotions(ctx, includeManual)
}

func (l *logging) GetPromotionByCode(ctx context.Context, code string) (p domain.Promotion, err error) {
	defer func(begin time.Time) { l.done(ctx, "GetPromotionByCode", begin, err, slog.Int("id", int(p.ID))) }(time.Now())
	return l.next.GetPromotionByCode(ctx, code)
}

func (l *logging) BestAutomatic(ctx context.Context, cart domain.Cart) (o domain.Outcome, err error) {
	defer func(begin time.Time) { l.done(ctx, "BestAutomatic", begin, err, outcomeAttrs(o)...) }(time.Now())
	return l.next.BestAutomatic(ctx, cart)
}

func (l *logging) RedeemCode(ctx context.Context, code string, cart domain.Cart) (p domain.Promotion, o domain.Outcome, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "RedeemCode", begin, err, append(outcomeAttrs(o), slog.Int("id", int(p.ID)))...)
	}(time.Now())
	return l.next.RedeemCode(ctx, code, cart)
}

func (l *logging) Revalidate(ctx context.Context, cart domain.Cart) (o domain.Outcome, err error) {
	defer func(begin time.Time) { l.done(ctx, "Revalidate", begin, err, outcomeAttrs(o)...) }(time.Now())
	return l.next.Revalidate(ctx, cart)
}
