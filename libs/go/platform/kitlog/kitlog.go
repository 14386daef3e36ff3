// Package kitlog logs the use cases of a service at the go-kit endpoint level, one line per call in
// the same shape for every service. The gRPC interceptor of grpcserver already logs the RPC and its
// code; this line adds what only the service understands: the interesting parts of the request and
// the answer, and the error's internal text, which never leaves the service.
package kitlog

import (
	"context"
	"log/slog"
	"reflect"
	"time"

	"github.com/go-kit/kit/endpoint"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Attrs is implemented by endpoint requests and responses that have something worth logging.
// Nothing else of a request or response is logged, so payloads (personal data, whole catalogues)
// cannot leak into the logs by accident.
type Attrs interface {
	LogAttrs() []slog.Attr
}

// Middleware logs every call of the endpoint named method with its outcome at debug level, and
// failures that are not the caller's fault at warn level, so ordinary rejections (errors carrying a
// message key, see apperr) do not flood the logs. A response that implements endpoint.Failer and
// reports an error counts as a rejected or failed call, like a returned error.
func Middleware(log *slog.Logger, service, method string) endpoint.Middleware {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return func(next endpoint.Endpoint) endpoint.Endpoint {
		return func(ctx context.Context, request any) (response any, err error) {
			defer func(begin time.Time) {
				logCall(ctx, log, service, method, time.Since(begin), request, response, err)
			}(time.Now())
			return next(ctx, request)
		}
	}
}

// Set returns a copy of set, a struct of endpoints such as a service's endpoints.Set, with every
// exported endpoint.Endpoint field wrapped by Middleware under the field's name (the use case,
// e.g. "GetProduct"). Taking the names from the fields means a new endpoint is logged without
// anyone remembering to add it. Anything that is not a struct comes back unchanged.
func Set[S any](set S, log *slog.Logger, service string) S {
	v := reflect.ValueOf(&set).Elem()
	if v.Kind() != reflect.Struct {
		return set
	}
	endpointType := reflect.TypeFor[endpoint.Endpoint]()
	for i := range v.NumField() {
		f, sf := v.Field(i), v.Type().Field(i)
		if !sf.IsExported() || sf.Type != endpointType || f.IsNil() {
			continue
		}
		e := f.Interface().(endpoint.Endpoint)
		f.Set(reflect.ValueOf(Middleware(log, service, sf.Name)(e)))
	}
	return set
}

func logCall(ctx context.Context, log *slog.Logger, service, method string, took time.Duration, request, response any, err error) {
	failure := err
	if failure == nil {
		if f, ok := response.(endpoint.Failer); ok {
			failure = f.Failed()
		}
	}
	level, suffix := slog.LevelDebug, " call"
	switch {
	case failure == nil:
	case apperr.MessageKey(failure) != "":
		suffix = " call rejected"
	default:
		level, suffix = slog.LevelWarn, " call failed"
	}
	// Building the attributes can walk whole answers (counting cached results): skip it when the
	// line would be dropped anyway, the common case in production for successful calls. The
	// message is joined only then too: a concatenation per call was an allocation on every warm
	// request (issue 26).
	if !log.Enabled(ctx, level) {
		return
	}
	msg := service + suffix
	var attrs []slog.Attr
	if a, ok := request.(Attrs); ok {
		attrs = append(attrs, a.LogAttrs()...)
	}
	if a, ok := response.(Attrs); ok && err == nil {
		attrs = append(attrs, a.LogAttrs()...)
	}
	attrs = append(attrs, slog.String("method", method), slog.Duration("took", took))
	if failure != nil {
		attrs = append(attrs, slog.String("err", failure.Error()))
	}
	log.LogAttrs(ctx, level, msg, attrs...)
}
