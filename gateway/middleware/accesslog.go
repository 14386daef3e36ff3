package middleware

import (
	"log/slog"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// DefaultSlowRequest is the duration from which a successful request is logged at warn.
const DefaultSlowRequest = 500 * time.Millisecond

// AccessLog writes one line per request. Lines go out at a level that follows what happened, so
// production's info level keeps what needs attention without a line per healthy request (one
// JSON line each cost as much CPU as a fifth of the domain-availability path):
//
//   - 5xx: error
//   - slower than slow (when slow > 0): warn
//   - other 4xx: info (rejected input, CSRF, missing brands are worth seeing)
//   - everything else, and probes: debug (LOG_LEVEL=debug logs every request)
//
// The query string is left out: it can carry promotion codes and session restore codes.
func AccessLog(log *slog.Logger, slow time.Duration) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()

		status := c.Writer.Status()
		elapsed := time.Since(start)
		level := slog.LevelDebug
		switch {
		case isProbe(c.Request.URL.Path):
			// A failing readiness probe repeats every few seconds; the failed backend call is
			// already logged by the gRPC client.
		case status >= 500:
			level = slog.LevelError
		case slow > 0 && elapsed >= slow:
			level = slog.LevelWarn
		case status >= 400:
			level = slog.LevelInfo
		}
		ctx := c.Request.Context()
		// Building the attributes costs more than the check: skip both when the line is dropped.
		if !log.Enabled(ctx, level) {
			return
		}
		attrs := []slog.Attr{
			slog.String("http.method", c.Request.Method),
			slog.String("http.path", c.Request.URL.Path),
			slog.String("http.route", c.FullPath()),
			slog.Int("http.status", status),
			slog.Int("http.response_size", c.Writer.Size()),
			slog.Duration("duration", elapsed),
			slog.String("client_ip", c.ClientIP()),
			slog.String("host", c.Request.Host),
		}
		if len(c.Errors) > 0 {
			attrs = append(attrs, slog.String("error", strings.Join(c.Errors.Errors(), "; ")))
		}
		log.LogAttrs(ctx, level, "http request", attrs...)
	}
}

func isProbe(path string) bool {
	return path == "/healthz" || path == "/readyz" || strings.HasPrefix(path, "/metrics")
}
