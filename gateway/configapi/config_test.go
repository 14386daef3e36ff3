package configapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

func TestSettings(t *testing.T) {
	local, err := New(Settings{})
	if err != nil || local.Env != LocalEnv || local.SampleRate != 1 || local.FlashMessage != nil || local.ErrorReportingDSN != "" {
		t.Fatalf("defaults: %+v %v", local, err)
	}
	prod, err := New(Settings{Env: "production", Release: "1.4.0", DSN: "https://key@errors.example.com/7", FlashType: "warning", FlashMsg: "Maintenance tonight"})
	if err != nil || prod.SampleRate != 0.2 || prod.FlashMessage == nil || prod.FlashMessage.Type != "warning" || prod.Release != "1.4.0" {
		t.Fatalf("production: %+v %v", prod, err)
	}
	for _, bad := range []Settings{{DSN: "not a url"}, {DSN: "ftp://x/1"}, {FlashType: "party", FlashMsg: "hi"}, {FlashMsg: "no type"}} {
		if _, err := New(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if o, err := DSNOrigin("https://abc@Errors.Example.com:8443/7"); err != nil || o != "https://errors.example.com:8443" {
		t.Fatalf("origin %q %v", o, err)
	}
}

func TestRoute(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	c, _ := New(Settings{Env: "staging", DSN: "http://k@127.0.0.1:9/1", FlashType: "info", FlashMsg: "Hello"})
	Register(e, c)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/config", nil))
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	flash, _ := got["flash_message"].(map[string]any)
	if got["env"] != "staging" || got["error_reporting_dsn"] != "http://k@127.0.0.1:9/1" || got["sample_rate"] != 0.2 || flash["type"] != "info" || flash["content"] != "Hello" {
		t.Fatalf("answer %v", got)
	}
}
