// Package cardprovider is the card provider port over a provider shaped like Adyen Checkout (API
// v71): payment methods for a country and amount, payments with an idempotency key, payment
// details after a 3-D Secure redirect, and HMAC-signed notifications. Card data never passes
// through here: the browser's component encrypts it and the request carries that blob.
package cardprovider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/payment/domain"
)

// Dependency names the card provider in the outages the service answers (apperr.WithDependency).
const Dependency = "card-provider"

// Errors of the port: ErrUnavailable (the provider did not answer or failed; the call may be
// retried later with the same idempotency key) is an outage naming Dependency, so the payment
// service's callers neither count it against the service nor send the call again at once;
// ErrRejected (the provider refused the request itself) is domain.ErrProviderRejected.
var (
	ErrUnavailable = apperr.WithDependency(Dependency, fmt.Errorf("card provider unavailable: %w", apperr.Unavailable))
	ErrRejected    = domain.ErrProviderRejected
)

// Config of the client.
type Config struct {
	// URL is the Checkout API base, e.g. https://checkout-test.adyen.com/v71.
	URL             string
	APIKey          string
	MerchantAccount string
	// Timeout bounds one request; it also ends Margin before the caller's deadline, whichever
	// comes first (outbound.Context), so the provider is never asked to act after the shop gave up.
	Timeout time.Duration
	// Margin is what a request leaves of the caller's deadline; zero is outbound.DefaultMargin.
	Margin time.Duration
	// HMACKey is the notifications' hex HMAC key.
	HMACKey string
	// ClientKey and Environment (test or live) start the browser's component; the client key is
	// public by design.
	ClientKey   string
	Environment string
}

// Client talks to the provider.
type Client struct {
	cfg  Config
	http *http.Client
}

// ClientConfig answers the component's client key and environment.
func (c *Client) ClientConfig() (clientKey, environment string) {
	return c.cfg.ClientKey, c.cfg.Environment
}

// New returns the client.
func New(cfg Config) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = outbound.CardProviderTimeout
	}
	if cfg.Margin <= 0 {
		cfg.Margin = outbound.DefaultMargin
	}
	// The request's context carries the bound (post), so the client needs no timeout of its own;
	// a breaker fails fast while the provider is down (outbound.Transport).
	return &Client{cfg: cfg, http: outbound.NewClient(Dependency, outbound.BreakerConfig{})}
}

type amount struct {
	Value    int64  `json:"value"`
	Currency string `json:"currency"`
}

type paymentRequest struct {
	MerchantAccount          string          `json:"merchantAccount"`
	Reference                string          `json:"reference"`
	Amount                   amount          `json:"amount"`
	PaymentMethod            json.RawMessage `json:"paymentMethod"`
	ReturnURL                string          `json:"returnUrl"`
	Channel                  string          `json:"channel"`
	Origin                   string          `json:"origin,omitempty"`
	ShopperEmail             string          `json:"shopperEmail,omitempty"`
	ShopperReference         string          `json:"shopperReference,omitempty"`
	ShopperLocale            string          `json:"shopperLocale,omitempty"`
	CountryCode              string          `json:"countryCode,omitempty"`
	ShopperInteraction       string          `json:"shopperInteraction"`
	RecurringProcessingModel string          `json:"recurringProcessingModel"`
	StorePaymentMethod       bool            `json:"storePaymentMethod"`
}

type paymentResponse struct {
	ResultCode     string            `json:"resultCode"`
	PSPReference   string            `json:"pspReference"`
	RefusalReason  string            `json:"refusalReason"`
	Action         json.RawMessage   `json:"action"`
	AdditionalData map[string]string `json:"additionalData"`
}

func (r paymentResponse) result() domain.CardResult {
	out := domain.CardResult{ResultCode: r.ResultCode, PSPReference: r.PSPReference, RefusalReason: r.RefusalReason}
	if len(r.Action) > 0 && string(r.Action) != "null" {
		out.Action = r.Action
	}
	out.RecurringReference = r.AdditionalData["recurring.recurringDetailReference"]
	return out
}

// CreatePayment starts a payment. The subscription's later charges use the stored card
// (Subscription model); idempotencyKey makes a retried call return the first call's payment.
func (c *Client) CreatePayment(ctx context.Context, p domain.CardPayment, idempotencyKey string) (domain.CardResult, error) {
	if idempotencyKey == "" {
		return domain.CardResult{}, fmt.Errorf("card provider: create payment without idempotency key: %w", ErrRejected)
	}
	req := paymentRequest{
		MerchantAccount: c.cfg.MerchantAccount, Reference: p.Reference,
		Amount:        amount{Value: p.Amount.Value, Currency: p.Amount.Currency},
		PaymentMethod: json.RawMessage(p.PaymentMethod), ReturnURL: p.ReturnURL, Channel: "Web", Origin: p.Origin,
		ShopperEmail: p.ShopperEmail, ShopperReference: p.ShopperReference, ShopperLocale: p.ShopperLocale,
		CountryCode: p.CountryCode, ShopperInteraction: "Ecommerce", RecurringProcessingModel: "Subscription",
		StorePaymentMethod: true,
	}
	var resp paymentResponse
	if err := c.post(ctx, "/payments", req, idempotencyKey, &resp); err != nil {
		return domain.CardResult{}, err
	}
	return resp.result(), nil
}

// PaymentDetails finishes a payment after the shopper's redirect (3-D Secure) with the
// redirectResult the provider appended to the return URL.
func (c *Client) PaymentDetails(ctx context.Context, redirectResult, idempotencyKey string) (domain.CardResult, error) {
	body := map[string]any{"details": map[string]string{"redirectResult": redirectResult}}
	var resp paymentResponse
	if err := c.post(ctx, "/payments/details", body, idempotencyKey, &resp); err != nil {
		return domain.CardResult{}, err
	}
	return resp.result(), nil
}

// Cancel voids an authorisation that was not captured: POST /payments/{paymentPspReference}/cancels
// with the merchant account and a reference, under an Idempotency-Key (Checkout API v71). The
// provider answers 201 with status "received"; the outcome arrives as a CANCELLATION notification.
func (c *Client) Cancel(ctx context.Context, pspReference, idempotencyKey string) error {
	if pspReference == "" || strings.ContainsAny(pspReference, "/?#") {
		return fmt.Errorf("card provider: cancel of psp reference %q: %w", pspReference, ErrRejected)
	}
	req := map[string]string{"merchantAccount": c.cfg.MerchantAccount, "reference": "void-" + pspReference}
	var resp struct {
		Status string `json:"status"`
	}
	if err := c.post(ctx, "/payments/"+pspReference+"/cancels", req, idempotencyKey, &resp); err != nil {
		return err
	}
	if resp.Status != "received" {
		return fmt.Errorf("card provider: cancel of %s answered status %q: %w", pspReference, resp.Status, ErrUnavailable)
	}
	return nil
}

// PaymentMethods lists the methods the provider offers for a country and amount.
func (c *Client) PaymentMethods(ctx context.Context, countryCode, shopperLocale string, a domain.Money) ([]domain.PaymentMethod, error) {
	req := map[string]any{
		"merchantAccount": c.cfg.MerchantAccount, "countryCode": countryCode, "shopperLocale": shopperLocale,
		"amount": amount{Value: a.Value, Currency: a.Currency}, "channel": "Web",
	}
	var resp struct {
		PaymentMethods []struct {
			Type   string   `json:"type"`
			Name   string   `json:"name"`
			Brands []string `json:"brands"`
		} `json:"paymentMethods"`
	}
	if err := c.post(ctx, "/paymentMethods", req, "", &resp); err != nil {
		return nil, err
	}
	out := make([]domain.PaymentMethod, 0, len(resp.PaymentMethods))
	for _, m := range resp.PaymentMethods {
		out = append(out, domain.PaymentMethod{Type: m.Type, Name: m.Name, Brands: m.Brands})
	}
	return out, nil
}

// apiError is the provider's error body.
type apiError struct {
	Status    int    `json:"status"`
	ErrorCode string `json:"errorCode"`
	Message   string `json:"message"`
	ErrorType string `json:"errorType"`
}

func (c *Client) post(ctx context.Context, path string, body any, idempotencyKey string, into any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("card provider: encode %s: %w", path, err)
	}
	ctx, cancel := outbound.Context(ctx, c.cfg.Timeout, c.cfg.Margin)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.cfg.URL, "/")+path, bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("card provider: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", c.cfg.APIKey)
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("card provider %s: %w: %w", path, ErrUnavailable, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("card provider %s: read: %w: %w", path, ErrUnavailable, err)
	}
	if resp.StatusCode >= 300 {
		var e apiError
		_ = json.Unmarshal(data, &e)
		kind := ErrUnavailable
		// 4xx other than 429 is about the request (validation, credentials): not to be retried.
		if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			kind = ErrRejected
		}
		return fmt.Errorf("card provider %s: HTTP %d %s %s: %w", path, resp.StatusCode, e.ErrorCode, e.Message, kind)
	}
	if err := json.Unmarshal(data, into); err != nil {
		return fmt.Errorf("card provider %s: decode: %w: %w", path, ErrUnavailable, err)
	}
	return nil
}

// ParseNotifications verifies and reads a notification batch with the configured HMAC key.
func (c *Client) ParseNotifications(body []byte) ([]domain.Notification, error) {
	return ParseNotifications(body, c.cfg.HMACKey)
}
