package middleware

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/libs/go/platform/logging"
)

func TestAccessLogLeavesQueryOut(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	var buf bytes.Buffer
	engine := gin.New()
	engine.Use(RequestID(), AccessLog(logging.New("gateway", &buf, -8)))
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
