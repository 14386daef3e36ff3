package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/services/domain/domain"
)

// LoggingMiddleware logs every use case with its outcome at debug level, and failures that are not
// the caller's fault at warn level, so rejected input and rate limits do not flood the logs.
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
		l.log.DebugContext(ctx, "domain call", attrs...)
	case domain.MessageKey(err) != "":
		l.log.DebugContext(ctx, "domain call rejected", append(attrs, slog.String("err", err.Error()))...)
	default:
		l.log.WarnContext(ctx, "domain call failed", append(attrs, slog.String("err", err.Error()))...)
	}
}

func (l *logging) ListTLDs(ctx context.Context) (ts []domain.TLD, err error) {
	defer func(begin time.Time) { l.done(ctx, "ListTLDs", begin, err, slog.Int("count", len(ts))) }(time.Now())
	return l.next.ListTLDs(ctx)
}

func (l *logging) ListGroups(ctx context.Context) (gs []domain.Group, err error) {
	defer func(begin time.Time) { l.done(ctx, "ListGroups", begin, err, slog.Int("count", len(gs))) }(time.Now())
	return l.next.ListGroups(ctx)
}

func (l *logging) NormalizeSearch(ctx context.Context, input string) (s domain.Search, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "NormalizeSearch", begin, err, slog.String("input", input), slog.String("sld", s.SLD))
	}(time.Now())
	return l.next.NormalizeSearch(ctx, input)
}

func (l *logging) CheckAvailability(ctx context.Context, names, freeTLDs []string) (rs []domain.Result, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "CheckAvailability", begin, err, slog.Any("names", names), slog.Int("cached", cachedCount(rs)))
	}(time.Now())
	return l.next.CheckAvailability(ctx, names, freeTLDs)
}

func (l *logging) Recommend(ctx context.Context, input string, limit int, freeTLDs []string) (s domain.Search, rs []domain.Result, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "Recommend", begin, err, slog.String("input", input), slog.Int("count", len(rs)))
	}(time.Now())
	return l.next.Recommend(ctx, input, limit, freeTLDs)
}

func (l *logging) Inclusive(ctx context.Context, free domain.FreeTLDs, domains []string, alreadyUsed int32) (inc domain.Inclusion, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "Inclusive", begin, err, slog.Int("domains", len(domains)), slog.Int("inclusive", len(inc.Domains)))
	}(time.Now())
	return l.next.Inclusive(ctx, free, domains, alreadyUsed)
}

func (l *logging) SearchGroup(ctx context.Context, q GroupQuery) (p GroupPage, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "SearchGroup", begin, err, slog.String("input", q.Input), slog.Int("group", int(q.GroupID)),
			slog.Int("offset", q.Offset), slog.Int("count", len(p.Results)))
	}(time.Now())
	return l.next.SearchGroup(ctx, q)
}

func (l *logging) SearchFullDomain(ctx context.Context, input string, freeTLDs []string) (s domain.Search, r domain.Result, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "SearchFullDomain", begin, err, slog.String("input", input), slog.Int("status", int(r.Status)))
	}(time.Now())
	return l.next.SearchFullDomain(ctx, input, freeTLDs)
}

func (l *logging) ValidateFields(ctx context.Context, values []domain.FieldValue, includePostponed bool) (errs []domain.FieldError, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "ValidateFields", begin, err, slog.Int("values", len(values)), slog.Int("errors", len(errs)))
	}(time.Now())
	return l.next.ValidateFields(ctx, values, includePostponed)
}

func cachedCount(rs []domain.Result) int {
	n := 0
	for _, r := range rs {
		if r.Cached {
			n++
		}
	}
	return n
}
