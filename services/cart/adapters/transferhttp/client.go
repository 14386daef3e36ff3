// Package transferhttp is the cart's contract-transfer port over the hoster's transfer service, a
// JSON REST API: GET <URL>/transfers/{transferId}?brand_id=N with the API key in X-API-Key,
// answered 200 {"transfer_id", "contract_reference", "external_product_id", "holder", "customer_no"}
// for a known transfer (customer_no: the holder's customer number, the only session told the
// holder is one signed in as that customer) and 404 for an unknown one. A 5xx, a 429, an answer without a contract reference, a
// body that is not that JSON or no answer within the timeout is an outage of the service
// (domain.ErrTransferUnavailable): the cart cannot tell whether the transfer exists. Other 4xx
// (a bad key) are outages too, from the visitor's side: nothing they can change.
package transferhttp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/cart/domain"
)

// DefaultTimeout bounds one look-up; the visitor waits on the transfer screen meanwhile.
const DefaultTimeout = outbound.TransferTimeout

// maxBody bounds how much of an answer is read: a transfer is a few short strings.
const maxBody = 64 << 10

// Config of the client (TRANSFER_URL, TRANSFER_API_KEY, TRANSFER_TIMEOUT).
type Config struct {
	URL     string
	APIKey  string
	Timeout time.Duration
}

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
	// breaker fails fast while the transfer service is down (outbound.Transport).
	return &Client{cfg: cfg, http: outbound.NewClient(domain.DependencyTransfer, outbound.BreakerConfig{})}
}

type answer struct {
	TransferID        string `json:"transfer_id"`
	ContractReference string `json:"contract_reference"`
	ExternalProductID string `json:"external_product_id"`
	Holder            string `json:"holder"`
	CustomerNo        string `json:"customer_no"`
}

// Lookup asks the transfer service which contract id transfers.
func (c *Client) Lookup(ctx context.Context, id string) (domain.Transfer, error) {
	u := c.cfg.URL + "/transfers/" + url.PathEscape(id)
	if brand := callctx.From(ctx).BrandID; brand > 0 {
		u += "?brand_id=" + strconv.Itoa(int(brand))
	}
	// The configured timeout, and never past the caller's deadline less a margin: the caller answers the
	// outage in time and the outside system is not asked to act after the caller gave up.
	ctx, cancel := outbound.Context(ctx, c.cfg.Timeout, outbound.DefaultMargin)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return domain.Transfer{}, fmt.Errorf("transfer %s: %w: %w", id, domain.ErrTransferUnavailable, err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("X-API-Key", c.cfg.APIKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return domain.Transfer{}, fmt.Errorf("transfer %s: %w: %w", id, domain.ErrTransferUnavailable, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return domain.Transfer{}, fmt.Errorf("transfer %s: read answer: %w: %w", id, domain.ErrTransferUnavailable, err)
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return domain.Transfer{}, fmt.Errorf("transfer %s: %w", id, domain.ErrTransferNotFound)
	case resp.StatusCode != http.StatusOK:
		return domain.Transfer{}, fmt.Errorf("transfer %s: service answered %d: %w", id, resp.StatusCode, domain.ErrTransferUnavailable)
	case len(body) > maxBody:
		return domain.Transfer{}, fmt.Errorf("transfer %s: answer over %d bytes: %w", id, maxBody, domain.ErrTransferUnavailable)
	}
	var a answer
	if err := json.Unmarshal(body, &a); err != nil {
		return domain.Transfer{}, fmt.Errorf("transfer %s: malformed answer: %w: %w", id, domain.ErrTransferUnavailable, err)
	}
	if strings.TrimSpace(a.ContractReference) == "" || (a.TransferID != "" && a.TransferID != id) {
		// An answer about another transfer, or one without a contract, cannot be ordered.
		return domain.Transfer{}, fmt.Errorf("transfer %s: answer names transfer %q, reference %q: %w", id, a.TransferID, a.ContractReference, domain.ErrTransferUnavailable)
	}
	return domain.Transfer{
		ID:                id,
		ContractReference: a.ContractReference,
		ExternalProductID: strings.TrimSpace(a.ExternalProductID),
		Holder:            strings.TrimSpace(a.Holder),
		CustomerNo:        strings.TrimSpace(a.CustomerNo),
	}, nil
}
