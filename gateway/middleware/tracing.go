package middleware

import (
	"github.com/gin-gonic/gin"
	"go.opentelemetry.io/contrib/instrumentation/github.com/gin-gonic/gin/otelgin"

	"github.com/hostcart/checkout/libs/go/platform/telemetry"
)

// Tracing is otelgin's middleware for service, doing its work only once telemetry.Setup has run:
// before that the global tracer and propagator are no-ops, yet otelgin still built the request's
// attributes and a span per request. Requests for which skip reports true are never traced (probes).
func Tracing(service string, skip func(*gin.Context) bool) gin.HandlerFunc {
	traced := otelgin.Middleware(service, otelgin.WithGinFilter(func(c *gin.Context) bool { return !skip(c) }))
	return func(c *gin.Context) {
		if !telemetry.Active() {
			c.Next()
			return
		}
		traced(c)
	}
}
