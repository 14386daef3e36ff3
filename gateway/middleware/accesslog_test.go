package middleware

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/libs/go/platform/logging"
)

func TestAccessLogLeavesQueryOut(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	var buf bytes.Buffer
	engine := gin.New()
	engine.Use(RequestID(), AccessLog(logging.New("gateway", &buf, -8), DefaultSlowRequest))
	engine.GET("/session-restore", func(c *gin.Context) {
		_ = c.Error(errors.New("backend said no"))
		c.Status(http.StatusBadGateway)
	})
	req := httptest.NewRequest(http.MethodGet, "/session-restore?session_code=s3cr3t", nil)
	req.Header.Set(RequestIDHeader, "req-1")
	engine.ServeHTTP(httptest.NewRecorder(), req)

	line := buf.String()
	if strings.Contains(line, "s3cr3t") {
		t.Fatalf("query string logged: %s", line)
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatalf("not one JSON line: %v\n%s", err, line)
	}
	if rec["level"] != "ERROR" || rec["http.status"] != float64(502) || rec["request_id"] != "req-1" ||
		rec["http.path"] != "/session-restore" || rec["error"] != "backend said no" {
		t.Fatalf("log record = %v", rec)
	}
}

func TestAccessLogLevels(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	var buf bytes.Buffer
	engine := gin.New()
	engine.Use(AccessLog(logging.New("gateway", &buf, slog.LevelInfo), 20*time.Millisecond))
	engine.GET("/ok", func(c *gin.Context) { c.Status(http.StatusOK) })
	engine.GET("/bad", func(c *gin.Context) { c.Status(http.StatusBadRequest) })
	engine.GET("/slow", func(c *gin.Context) {
		time.Sleep(30 * time.Millisecond)
		c.Status(http.StatusOK)
	})
	engine.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusServiceUnavailable) })

	levels := func(path string) []string {
		buf.Reset()
		engine.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
		var out []string
		for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			if line == "" {
				continue
			}
			var rec map[string]any
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, line)
			}
			out = append(out, rec["level"].(string))
		}
		return out
	}
	for path, want := range map[string]string{"/ok": "", "/bad": "INFO", "/slow": "WARN", "/healthz": ""} {
		got := strings.Join(levels(path), ",")
		if got != want {
			t.Errorf("%s logged at %q at info level, want %q", path, got, want)
		}
	}

	// At debug every request shows.
	buf.Reset()
	engine = gin.New()
	engine.Use(AccessLog(logging.New("gateway", &buf, slog.LevelDebug), 0))
	engine.GET("/ok", func(c *gin.Context) { c.Status(http.StatusOK) })
	engine.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/ok", nil))
	if !strings.Contains(buf.String(), `"level":"DEBUG"`) {
		t.Fatalf("debug level did not log the request: %q", buf.String())
	}
}
