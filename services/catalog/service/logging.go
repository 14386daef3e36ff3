package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/services/catalog/domain"
)

// LoggingMiddleware logs every use case with its outcome at debug level, and failures that are not
// the caller's fault at warn level, so the ordinary 404s and 400s do not flood the logs.
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
		l.log.DebugContext(ctx, "catalog call", attrs...)
	case domain.MessageKey(err) != "":
		l.log.DebugContext(ctx, "catalog call rejected", append(attrs, slog.String("err", err.Error()))...)
	default:
		l.log.WarnContext(ctx, "catalog call failed", append(attrs, slog.String("err", err.Error()))...)
	}
}

func (l *logging) GetBrandByFqdn(ctx context.Context, fqdn string) (b domain.Brand, err error) {
	defer func(begin time.Time) { l.done(ctx, "GetBrandByFqdn", begin, err, slog.String("fqdn", fqdn)) }(time.Now())
	return l.next.GetBrandByFqdn(ctx, fqdn)
}

func (l *logging) ListBrands(ctx context.Context) (bs []domain.Brand, err error) {
	defer func(begin time.Time) { l.done(ctx, "ListBrands", begin, err, slog.Int("count", len(bs))) }(time.Now())
	return l.next.ListBrands(ctx)
}

func (l *logging) ListCountries(ctx context.Context) (cs []domain.Country, err error) {
	defer func(begin time.Time) { l.done(ctx, "ListCountries", begin, err, slog.Int("count", len(cs))) }(time.Now())
	return l.next.ListCountries(ctx)
}

func (l *logging) ListCategories(ctx context.Context, domainCapableOnly bool) (cs []domain.Category, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "ListCategories", begin, err, slog.Bool("domain_capable_only", domainCapableOnly), slog.Int("count", len(cs)))
	}(time.Now())
	return l.next.ListCategories(ctx, domainCapableOnly)
}

func (l *logging) ListProducts(ctx context.Context, q domain.ProductQuery) (ps []domain.Product, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "ListProducts", begin, err, slog.String("category", q.CategorySlug), slog.Int("count", len(ps)))
	}(time.Now())
	return l.next.ListProducts(ctx, q)
}

func (l *logging) GetProduct(ctx context.Context, id int32) (p domain.Product, err error) {
	defer func(begin time.Time) { l.done(ctx, "GetProduct", begin, err, slog.Int("id", int(id))) }(time.Now())
	return l.next.GetProduct(ctx, id)
}

func (l *logging) ListPaymentIntervals(ctx context.Context) (ivs []domain.Interval, err error) {
	defer func(begin time.Time) { l.done(ctx, "ListPaymentIntervals", begin, err, slog.Int("count", len(ivs))) }(time.Now())
	return l.next.ListPaymentIntervals(ctx)
}

func (l *logging) ListZipCodes(ctx context.Context, prefix string) (zs []domain.ZipCode, err error) {
	defer func(begin time.Time) {
		l.done(ctx, "ListZipCodes", begin, err, slog.String("prefix", prefix), slog.Int("count", len(zs)))
	}(time.Now())
	return l.next.ListZipCodes(ctx, prefix)
}

func (l *logging) GetSessionLocale(ctx context.Context) (code string, err error) {
	defer func(begin time.Time) { l.done(ctx, "GetSessionLocale", begin, err, slog.String("locale", code)) }(time.Now())
	return l.next.GetSessionLocale(ctx)
}

func (l *logging) SetSessionLocale(ctx context.Context, code string) (set string, err error) {
	defer func(begin time.Time) { l.done(ctx, "SetSessionLocale", begin, err, slog.String("locale", code)) }(time.Now())
	return l.next.SetSessionLocale(ctx, code)
}
