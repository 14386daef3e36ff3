// Package configapi serves the SPA's runtime configuration (spec §3 "Config", §8 reporting): the
// environment, where errors are reported and how many, and a flash message to show. It comes from
// the gateway's environment so one frontend build runs everywhere.
package configapi

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
)

// LocalEnv is the environment of a developer's machine and devstack.
const LocalEnv = "local"

// SampleRate is the share of errors reported outside the local environment (spec §9); locally
// every error is reported, where a DSN is configured at all.
const SampleRate = 0.2

// Flash types the SPA shows as notifications (spec §3 "Notification").
var flashTypes = map[string]bool{"info": true, "warning": true, "error": true}

// Flash is a message every visitor sees once.
type Flash struct {
	Type    string `json:"type" ts:"'info' | 'warning' | 'error'"` // one of flashTypes
	Content string `json:"content"`
}

// Client is what the SPA is told.
type Client struct {
	Env               string  `json:"env"`
	Release           string  `json:"release"`
	ErrorReportingDSN string  `json:"error_reporting_dsn"`
	SampleRate        float64 `json:"sample_rate"`
	FlashMessage      *Flash  `json:"flash_message"`
}

// Settings are the gateway's variables behind the answer.
type Settings struct {
	Env, Release, DSN   string
	FlashType, FlashMsg string
}

// New checks the settings and builds the answer once.
func New(s Settings) (Client, error) {
	c := Client{Env: s.Env, Release: s.Release, ErrorReportingDSN: s.DSN, SampleRate: SampleRate}
	if c.Env == "" {
		c.Env = LocalEnv
	}
	if c.Env == LocalEnv {
		c.SampleRate = 1
	}
	if s.DSN != "" {
		if _, err := DSNOrigin(s.DSN); err != nil {
			return Client{}, err
		}
	}
	if s.FlashMsg != "" {
		if !flashTypes[s.FlashType] {
			return Client{}, fmt.Errorf("config: flash message type %q is not info, warning or error", s.FlashType)
		}
		c.FlashMessage = &Flash{Type: s.FlashType, Content: s.FlashMsg}
	}
	return c, nil
}

// DSNOrigin is the origin errors are sent to, for the Content-Security-Policy's connect-src.
func DSNOrigin(dsn string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", fmt.Errorf("config: error reporting DSN %q is not an http(s) URL", dsn)
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// Register adds GET /config to api.
func Register(api gin.IRoutes, c Client) {
	api.GET("/config", func(ctx *gin.Context) { ctx.JSON(http.StatusOK, c) })
}
