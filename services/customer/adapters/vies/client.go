// Package vies is the VIES port over the European Commission's VIES REST API
// (https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number): a VAT id is checked with
// the shop's own VAT id as requester, so the answer carries a consultation number
// (requestIdentifier) that proves the check to a tax auditor.
package vies

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

	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/customer/domain"
)

// DefaultURL is the EU's VIES REST API.
const DefaultURL = "https://ec.europa.eu/taxation_customs/vies/rest-api"

// Dependency names VIES for its breaker (outbound.Transport).
const Dependency = "vies"

// ErrUnavailable means VIES or the member state's register did not answer; the id is unchecked.
var ErrUnavailable = errors.New("vies unavailable")

// Config of the client.
type Config struct {
	// URL is the API's base (DefaultURL when empty).
	URL string
	// Requester is the shop's own VAT id (with prefix); without it VIES answers without a
	// consultation number.
	Requester string
	// Timeout bounds each request (the caller's deadline applies too).
	Timeout time.Duration
}

// Client checks VAT ids at VIES.
type Client struct {
	cfg  Config
	http *http.Client
	now  func() time.Time
}

// New returns the client.
func New(cfg Config) *Client {
	if cfg.URL == "" {
		cfg.URL = DefaultURL
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	// A breaker fails fast while VIES is down (outbound.Transport): the form is saved unchecked at
	// once instead of after the timeout.
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout, Transport: outbound.Transport(Dependency, nil, outbound.BreakerConfig{})}, now: time.Now}
}

type request struct {
	CountryCode              string `json:"countryCode"`
	VATNumber                string `json:"vatNumber"`
	RequesterMemberStateCode string `json:"requesterMemberStateCode,omitempty"`
	RequesterNumber          string `json:"requesterNumber,omitempty"`
}

type response struct {
	Valid             bool   `json:"valid"`
	RequestIdentifier string `json:"requestIdentifier"`
	Name              string `json:"name"`
	Address           string `json:"address"`
	ActionSucceed     *bool  `json:"actionSucceed"`
	ErrorWrappers     []struct {
		Error   string `json:"error"`
		Message string `json:"message"`
	} `json:"errorWrappers"`
}

// split separates a VAT id into VIES's country code (EL for Greece) and number.
func split(vatID string) (string, string) {
	vatID = strings.ToUpper(strings.Join(strings.Fields(vatID), ""))
	if len(vatID) < 3 {
		return "", vatID
	}
	return vatID[:2], vatID[2:]
}

// Check asks VIES about vatID. A syntactically impossible id is answered invalid by VIES
// (INVALID_INPUT); every other refusal to answer is ErrUnavailable.
func (c *Client) Check(ctx context.Context, vatID string) (domain.VATIDCheck, error) {
	country, number := split(vatID)
	body := request{CountryCode: country, VATNumber: number}
	if rc, rn := split(c.cfg.Requester); rc != "" {
		body.RequesterMemberStateCode, body.RequesterNumber = rc, rn
	}
	raw, err := json.Marshal(body)
	if err != nil {
		return domain.VATIDCheck{}, fmt.Errorf("vies: encode: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.cfg.URL, "/")+"/check-vat-number", bytes.NewReader(raw))
	if err != nil {
		return domain.VATIDCheck{}, fmt.Errorf("vies: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return domain.VATIDCheck{}, fmt.Errorf("vies: %w: %w", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return domain.VATIDCheck{}, fmt.Errorf("vies: read answer: %w: %w", ErrUnavailable, err)
	}
	var r response
	if err := json.Unmarshal(data, &r); err != nil {
		return domain.VATIDCheck{}, fmt.Errorf("vies: HTTP %d, not JSON: %w", resp.StatusCode, ErrUnavailable)
	}
	check := domain.VATIDCheck{VATID: country + number, CheckedAt: c.now().UTC()}
	for _, w := range r.ErrorWrappers {
		if w.Error == "INVALID_INPUT" {
			check.Status = domain.VATIDInvalid
			return check, nil
		}
	}
	if len(r.ErrorWrappers) > 0 || resp.StatusCode >= 300 || (r.ActionSucceed != nil && !*r.ActionSucceed) {
		code := fmt.Sprintf("HTTP %d", resp.StatusCode)
		if len(r.ErrorWrappers) > 0 {
			code = r.ErrorWrappers[0].Error
		}
		return domain.VATIDCheck{}, fmt.Errorf("vies: %s: %w", code, ErrUnavailable)
	}
	check.Status = domain.VATIDInvalid
	if r.Valid {
		check.Status = domain.VATIDValid
		check.ConsultationNumber = r.RequestIdentifier
		// Member states that do not share names or addresses answer "---".
		check.Name, check.Address = shared(r.Name), shared(r.Address)
	}
	return check, nil
}

// shared is a name or address VIES answered, empty when the member state does not share it ("---").
func shared(s string) string {
	if s = strings.TrimSpace(s); s == "---" {
		return ""
	}
	return s
}
