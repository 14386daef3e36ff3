package middleware

import (
	"log/slog"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// AccessLog writes one line per request. The query string is left out: it can carry promotion
// codes and session restore codes.
func AccessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()

		status := c.Writer.Status()
		level := slog.LevelInfo
		switch {
		case isProbe(c.Request.URL.Path):
			// A failing readiness probe repeats every few seconds; the failed backend call is
			// already logged by the gRPC client.
			level = slog.LevelDebug
		case status >= 500:
			level = slog.LevelError
		}
		attrs := []slog.Attr{
			slog.String("http.method", c.Request.Method),
			slog.String("http.path", c.Request.URL.Path),
			slog.String("http.route", c.FullPath()),
			slog.Int("http.status", status),
			slog.Int("http.response_size", c.Writer.Size()),
			slog.Duration("duration", time.Since(start)),
			slog.String("client_ip", c.ClientIP()),
			slog.String("host", c.Request.Host),
		}
		if len(c.Errors) > 0 {
			attrs = append(attrs, slog.String("error", strings.Join(c.Errors.Errors(), "; ")))
		}
		log.LogAttrs(c.Request.Context(), level, "http request", attrs...)
	}
}

func isProbe(path string) bool {
	return path == "/healthz" || path == "/readyz" || strings.HasPrefix(path, "/metrics")
}
