// Package paypal is the PayPal subscriptions port over PayPal's REST API (Subscriptions v1):
// create a subscription with the plan's first billing cycle priced at the priced cart's total
// (approve link for the shopper), show it after the shopper's return, cancel it. Access tokens come
// from the client-credentials grant (golang.org/x/oauth2), cached until they expire.
package paypal

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/payment/domain"
)

// Dependency names PayPal in the outages the service answers (apperr.WithDependency).
const Dependency = "paypal"

// Errors of the port: ErrUnavailable (PayPal did not answer or failed; the call may be retried
// later with the same PayPal-Request-Id) is an outage naming Dependency, so the payment service's
// callers neither count it against the service nor send the call again at once; ErrRejected
// (PayPal refused the request itself) is domain.ErrPayPalRejected.
var (
	ErrUnavailable = apperr.WithDependency(Dependency, fmt.Errorf("paypal unavailable: %w", apperr.Unavailable))
	ErrRejected    = domain.ErrPayPalRejected
)

// Config of the client.
type Config struct {
	// URL is the REST API's base, e.g. https://api-m.sandbox.paypal.com.
	URL          string
	ClientID     string
	ClientSecret string
	// PlanID is the billing plan the subscriptions follow (its cycles and currency).
	PlanID string
	// BrandName is shown to the shopper on PayPal's pages.
	BrandName string
	// WebhookID is the id PayPal gave the shop's webhook listener (its Developer Dashboard or the
	// Webhooks Management API); every delivery is verified against it.
	WebhookID string
	// Timeout bounds one request; it also ends Margin before the caller's deadline, whichever
	// comes first (outbound.Context), so PayPal is never asked to act after the shop gave up.
	Timeout time.Duration
	// Margin is what a request leaves of the caller's deadline; zero is outbound.DefaultMargin.
	Margin time.Duration
}

// Client talks to PayPal.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns the client; its HTTP client fetches and refreshes access tokens itself.
func New(cfg Config) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = outbound.PayPalTimeout
	}
	if cfg.Margin <= 0 {
		cfg.Margin = outbound.DefaultMargin
	}
	base := strings.TrimRight(cfg.URL, "/")
	cfg.URL = base
	cc := clientcredentials.Config{
		ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, TokenURL: base + "/v1/oauth2/token",
		AuthStyle: oauth2.AuthStyleInHeader,
	}
	// The token requests get the same bound as every other request, and the same breaker: the
	// oauth2 client sends the API's requests through this client's transport too.
	tokenCtx := context.WithValue(context.Background(), oauth2.HTTPClient, &http.Client{Timeout: cfg.Timeout,
		Transport: outbound.Transport(Dependency, nil, outbound.BreakerConfig{})})
	hc := cc.Client(tokenCtx)
	hc.Timeout = cfg.Timeout
	return &Client{cfg: cfg, http: hc}
}

type money struct {
	CurrencyCode string `json:"currency_code"`
	Value        string `json:"value"`
}

// formatMoney writes cents as PayPal's decimal string.
func formatMoney(m domain.Money) money {
	v := m.Value
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return money{CurrencyCode: m.Currency, Value: fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)}
}

type createRequest struct {
	PlanID     string `json:"plan_id"`
	CustomID   string `json:"custom_id"`
	Subscriber *struct {
		EmailAddress string `json:"email_address"`
	} `json:"subscriber,omitempty"`
	Plan struct {
		BillingCycles []billingCycle `json:"billing_cycles"`
	} `json:"plan"`
	ApplicationContext struct {
		BrandName          string `json:"brand_name,omitempty"`
		Locale             string `json:"locale,omitempty"`
		ShippingPreference string `json:"shipping_preference"`
		UserAction         string `json:"user_action"`
		ReturnURL          string `json:"return_url"`
		CancelURL          string `json:"cancel_url"`
	} `json:"application_context"`
}

type billingCycle struct {
	Sequence      int `json:"sequence"`
	PricingScheme struct {
		FixedPrice money `json:"fixed_price"`
	} `json:"pricing_scheme"`
}

type subscription struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	CustomID string `json:"custom_id"`
	Links    []struct {
		Href   string `json:"href"`
		Rel    string `json:"rel"`
		Method string `json:"method"`
	} `json:"links"`
}

func (s subscription) domain() domain.Subscription {
	out := domain.Subscription{ID: s.ID, Status: s.Status, CustomID: s.CustomID}
	for _, l := range s.Links {
		out.Links = append(out.Links, domain.Link{Href: l.Href, Rel: l.Rel, Method: l.Method})
	}
	return out
}

// CreateSubscription creates a subscription waiting for the shopper's approval. idempotencyKey is
// sent as PayPal-Request-Id, so a retried call answers the first call's subscription.
func (c *Client) CreateSubscription(ctx context.Context, r domain.SubscriptionRequest, idempotencyKey string) (domain.Subscription, error) {
	if idempotencyKey == "" {
		return domain.Subscription{}, fmt.Errorf("paypal: create subscription without request id: %w", ErrRejected)
	}
	var req createRequest
	req.PlanID, req.CustomID = c.cfg.PlanID, r.CustomID
	if r.ShopperEmail != "" {
		req.Subscriber = &struct {
			EmailAddress string `json:"email_address"`
		}{r.ShopperEmail}
	}
	cycle := billingCycle{Sequence: 1}
	cycle.PricingScheme.FixedPrice = formatMoney(r.Amount)
	req.Plan.BillingCycles = []billingCycle{cycle}
	ac := &req.ApplicationContext
	ac.BrandName, ac.Locale, ac.ShippingPreference, ac.UserAction = c.cfg.BrandName, r.Locale, "NO_SHIPPING", "SUBSCRIBE_NOW"
	ac.ReturnURL, ac.CancelURL = r.ReturnURL, r.CancelURL
	var resp subscription
	if err := c.do(ctx, http.MethodPost, "/v1/billing/subscriptions", req, idempotencyKey, &resp); err != nil {
		return domain.Subscription{}, err
	}
	return resp.domain(), nil
}

// Subscription shows a subscription.
func (c *Client) Subscription(ctx context.Context, id string) (domain.Subscription, error) {
	if id == "" {
		return domain.Subscription{}, fmt.Errorf("paypal: no subscription id: %w", ErrRejected)
	}
	var resp subscription
	if err := c.do(ctx, http.MethodGet, "/v1/billing/subscriptions/"+url.PathEscape(id), nil, "", &resp); err != nil {
		return domain.Subscription{}, err
	}
	return resp.domain(), nil
}

// CancelSubscription cancels a subscription; PayPal answers 204.
func (c *Client) CancelSubscription(ctx context.Context, id, reason string) error {
	if id == "" {
		return fmt.Errorf("paypal: no subscription id: %w", ErrRejected)
	}
	return c.do(ctx, http.MethodPost, "/v1/billing/subscriptions/"+url.PathEscape(id)+"/cancel", map[string]string{"reason": reason}, "", nil)
}

// apiError is PayPal's error body.
type apiError struct {
	Name    string `json:"name"`
	Message string `json:"message"`
	DebugID string `json:"debug_id"`
}

func (c *Client) do(ctx context.Context, method, path string, body any, requestID string, into any) error {
	ctx, cancel := outbound.Context(ctx, c.cfg.Timeout, c.cfg.Margin)
	defer cancel()
	var rd io.Reader
	if raw, ok := body.(json.RawMessage); ok {
		rd = bytes.NewReader(raw) // encoded by the caller
	} else if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("paypal: encode %s: %w", path, err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.URL+path, rd)
	if err != nil {
		return fmt.Errorf("paypal: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if requestID != "" {
		req.Header.Set("PayPal-Request-Id", requestID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		// A refused token request is a configuration error, not an outage.
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode >= 400 && re.Response.StatusCode < 500 {
			return fmt.Errorf("paypal %s: token refused (HTTP %d): %w", path, re.Response.StatusCode, ErrRejected)
		}
		return fmt.Errorf("paypal %s: %w: %w", path, ErrUnavailable, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("paypal %s: read: %w: %w", path, ErrUnavailable, err)
	}
	if resp.StatusCode >= 300 {
		var e apiError
		_ = json.Unmarshal(data, &e)
		kind := ErrUnavailable
		// 4xx other than 429 is about the request (validation, an unknown or finished
		// subscription): not to be retried.
		if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			kind = ErrRejected
		}
		return fmt.Errorf("paypal %s: HTTP %d %s %s (debug id %s): %w", path, resp.StatusCode, e.Name, e.Message, e.DebugID, kind)
	}
	if into == nil {
		return nil
	}
	if err := json.Unmarshal(data, into); err != nil {
		return fmt.Errorf("paypal %s: decode: %w: %w", path, ErrUnavailable, err)
	}
	return nil
}

// VerifyWebhook asks PayPal whether a webhook delivery is its own, as PayPal documents it: the
// transmission headers, the shop's webhook id (Config.WebhookID) and the event exactly as
// received go to POST /v1/notifications/verify-webhook-signature; only verification_status
// SUCCESS is a verified delivery. A FAILURE (or a delivery missing a header) is
// domain.ErrPayPalSignature; PayPal not answering is ErrUnavailable, so PayPal delivers again.
func (c *Client) VerifyWebhook(ctx context.Context, d domain.PayPalDelivery) error {
	if c.cfg.WebhookID == "" {
		return fmt.Errorf("paypal: no webhook id configured: %w", domain.ErrPayPalSignature)
	}
	if d.TransmissionID == "" || d.TransmissionTime == "" || d.TransmissionSig == "" || d.CertURL == "" || d.AuthAlgo == "" {
		return fmt.Errorf("paypal webhook: transmission headers missing: %w", domain.ErrPayPalSignature)
	}
	if !json.Valid(d.Body) {
		return fmt.Errorf("paypal webhook: body is not JSON: %w", domain.ErrPayPalSignature)
	}
	req := struct {
		AuthAlgo         string          `json:"auth_algo"`
		CertURL          string          `json:"cert_url"`
		TransmissionID   string          `json:"transmission_id"`
		TransmissionSig  string          `json:"transmission_sig"`
		TransmissionTime string          `json:"transmission_time"`
		WebhookID        string          `json:"webhook_id"`
		WebhookEvent     json.RawMessage `json:"webhook_event"`
	}{d.AuthAlgo, d.CertURL, d.TransmissionID, d.TransmissionSig, d.TransmissionTime, c.cfg.WebhookID, d.Body}
	// The event goes back as received: encoding/json would escape <, > and & in its strings, and
	// PayPal checks the signature over the event it gets.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(req); err != nil {
		return fmt.Errorf("paypal webhook: encode: %w", err)
	}
	var resp struct {
		VerificationStatus string `json:"verification_status"`
	}
	err := c.do(ctx, http.MethodPost, "/v1/notifications/verify-webhook-signature", json.RawMessage(buf.Bytes()), "", &resp)
	if errors.Is(err, ErrRejected) {
		// PayPal refused to check what it was given (a malformed header): not its delivery.
		return fmt.Errorf("paypal webhook: %w: %w", domain.ErrPayPalSignature, err)
	}
	if err != nil {
		return err
	}
	if resp.VerificationStatus != "SUCCESS" {
		return fmt.Errorf("paypal webhook: verification_status %q: %w", resp.VerificationStatus, domain.ErrPayPalSignature)
	}
	return nil
}
