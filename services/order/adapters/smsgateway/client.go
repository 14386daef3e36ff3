// Package smsgateway is the SMS port over a JSON REST SMS gateway: POST <URL>/messages with
// {"to", "text", "sender"} and the API key in X-API-Key, answered 2xx {"id"} when accepted. A 4xx
// is the gateway refusing this message (a bad number, a bad key): sending it again will not help.
// A 5xx, a 429 or no answer within the timeout is an outage (ErrUnavailable, naming the gateway).
package smsgateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
)

// DefaultTimeout bounds one send.
const DefaultTimeout = outbound.SMSTimeout

// Config of the gateway (SMS_URL, SMS_API_KEY, SMS_SENDER, SMS_TIMEOUT).
type Config struct {
	URL     string
	APIKey  string
	Sender  string
	Timeout time.Duration
}

// Dependency names the SMS gateway in the outages the service answers (apperr.WithDependency).
const Dependency = "sms-gateway"

// Errors of the port: ErrRejected is a message the gateway refused (4xx); ErrUnavailable is the
// gateway's outage, apperr.Unavailable naming Dependency, so the order service's callers neither
// count it against the service nor send the call again at once.
var (
	ErrRejected    = errors.New("sms rejected by the gateway")
	ErrUnavailable = apperr.WithDependency(Dependency, apperr.Unavailable)
)

// Client implements the port.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns a client for cfg.
func New(cfg Config) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	cfg.URL = strings.TrimRight(cfg.URL, "/")
	// Each request's context carries the bound (outbound.Context), so the client needs none; a
	// breaker fails fast while the gateway is down (outbound.Transport).
	return &Client{cfg: cfg, http: outbound.NewClient(Dependency, outbound.BreakerConfig{})}
}

type request struct {
	To     string `json:"to"`
	Text   string `json:"text"`
	Sender string `json:"sender,omitempty"`
}

// Send hands one message to the gateway.
func (c *Client) Send(ctx context.Context, to, text string) error {
	body, err := json.Marshal(request{To: to, Text: text, Sender: c.cfg.Sender})
	if err != nil {
		return fmt.Errorf("sms: %w", err)
	}
	// The configured timeout, and never past the caller's deadline less a margin: the caller answers the
	// outage in time and the outside system is not asked to act after the caller gave up.
	callCtx, cancel := outbound.Context(ctx, c.cfg.Timeout, outbound.DefaultMargin)
	defer cancel()
	req, err := http.NewRequestWithContext(callCtx, http.MethodPost, c.cfg.URL+"/messages", bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("sms: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("X-API-Key", c.cfg.APIKey)
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil { // the caller's own cancellation, not the gateway's slowness
			return fmt.Errorf("sms: %w", ctx.Err())
		}
		return fmt.Errorf("sms: %w: %w", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	// The answer's text helps the log; a gateway's error page need not be read to its end.
	detail, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return fmt.Errorf("sms: gateway answered %d: %w", resp.StatusCode, ErrUnavailable)
	default:
		return fmt.Errorf("sms: gateway answered %d %s: %w", resp.StatusCode, strings.TrimSpace(string(detail)), ErrRejected)
	}
}
