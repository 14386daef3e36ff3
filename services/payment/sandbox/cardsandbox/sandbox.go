// Package cardsandbox is a deterministic card provider for devstack and tests, behind the same
// port as the real adapter. Its component sends a test card number in the clear (only here; in
// production the provider's component encrypts card data in the browser):
//
//	4111 1111 1111 1111  authorised
//	4000 0000 0000 3220  3-D Secure: a redirect to the sandbox challenge page, which returns to
//	                     the shop's /confirm with a signed redirectResult (approve or decline)
//	anything else        refused
//
// Notifications are verified with the real adapter's HMAC check.
package cardsandbox

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/hostcart/checkout/libs/go/sandbox/sentlog"
	"github.com/hostcart/checkout/services/payment/adapters/cardprovider"
	"github.com/hostcart/checkout/services/payment/domain"
)

// Test cards of the sandbox. The challenge's redirectResult is standard base64 (letters, digits,
// + / =), what the shop's /confirm keeps of a redirect result (spec §2 query sanitising).
const (
	CardAuthorised = "4111111111111111"
	Card3DS        = "4000000000003220"
	CardRefused    = "4000000000000002"
)

// Sandbox answers like a card provider.
type Sandbox struct {
	// Secret signs the challenge's redirect results, so a browser cannot forge an approval.
	Secret []byte
	// PageURL is where the challenge page is served (Handler).
	PageURL string
	// HMACKey verifies notifications (hex).
	HMACKey string

	// Dir, when set, is where voided authorisations are appended (VoidsFile), for tests in other
	// processes (devstack).
	Dir string

	mu      sync.Mutex
	results map[string]domain.CardResult // idempotency key → first answer
	voided  map[string]bool              // psp reference → cancelled
	voids   sentlog.Log[Void]
}

// VoidsFile is the file in Dir that lists the voided authorisations, one JSON Void per line.
const VoidsFile = "voids.jsonl"

// Void is one authorisation the sandbox cancelled.
type Void struct {
	PSPReference string `json:"psp_reference"`
}

// Cancel voids an authorisation once: a repeated cancel of the same reference (a retry) changes
// nothing, a reference the sandbox never issued is rejected as the provider would.
func (s *Sandbox) Cancel(_ context.Context, pspReference, idempotencyKey string) error {
	if idempotencyKey == "" || !strings.HasPrefix(pspReference, "SBX") {
		return fmt.Errorf("sandbox: cancel of %q: %w", pspReference, domain.ErrProviderRejected)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.voided[pspReference] {
		return nil
	}
	if s.voided == nil {
		s.voided = map[string]bool{}
	}
	s.voided[pspReference] = true
	return s.voids.Record(s.Dir, VoidsFile, Void{PSPReference: pspReference})
}

// Voids lists the authorisations cancelled so far, oldest first.
func (s *Sandbox) Voids() []Void { return s.voids.All() }

func (s *Sandbox) remember(key string, answer func() (domain.CardResult, error)) (domain.CardResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.results[key]; ok {
		return r, nil
	}
	r, err := answer()
	if err == nil {
		if s.results == nil {
			s.results = map[string]domain.CardResult{}
		}
		s.results[key] = r
	}
	return r, err
}

// Environment is what the sandbox tells the browser: use the shop's sandbox component.
const Environment = "sandbox"

// ClientConfig names the sandbox environment; the sandbox needs no client key.
func (s *Sandbox) ClientConfig() (clientKey, environment string) { return "", Environment }

// PaymentMethods offers cards.
func (s *Sandbox) PaymentMethods(context.Context, string, string, domain.Money) ([]domain.PaymentMethod, error) {
	return []domain.PaymentMethod{{Type: "scheme", Name: "Cards (sandbox)", Brands: []string{"visa", "mc"}}}, nil
}

func (s *Sandbox) sign(v string) string {
	mac := hmac.New(sha256.New, s.Secret)
	mac.Write([]byte(v))
	return hex.EncodeToString(mac.Sum(nil))[:32]
}

func pspOf(p domain.CardPayment, key string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%d|%s", p.Reference, p.Amount.Value, key)))
	return "SBX" + strings.ToUpper(hex.EncodeToString(sum[:6]))
}

// CreatePayment answers by the test card.
func (s *Sandbox) CreatePayment(_ context.Context, p domain.CardPayment, key string) (domain.CardResult, error) {
	if key == "" {
		return domain.CardResult{}, fmt.Errorf("sandbox: no idempotency key: %w", domain.ErrProviderRejected)
	}
	return s.remember("create:"+key, func() (domain.CardResult, error) {
		var pm struct {
			Number string `json:"number"`
		}
		if err := json.Unmarshal(p.PaymentMethod, &pm); err != nil {
			return domain.CardResult{}, fmt.Errorf("sandbox: payment method: %w", domain.ErrProviderRejected)
		}
		psp := pspOf(p, key)
		switch strings.ReplaceAll(pm.Number, " ", "") {
		case CardAuthorised:
			return domain.CardResult{ResultCode: domain.ResultAuthorised, PSPReference: psp, RecurringReference: "REC" + psp}, nil
		case Card3DS:
			q := url.Values{"psp": {psp}, "returnUrl": {p.ReturnURL}, "sig": {s.sign(psp + "|" + p.ReturnURL)}}
			action, _ := json.Marshal(map[string]string{"type": "redirect", "method": "GET", "url": s.PageURL + "?" + q.Encode()})
			return domain.CardResult{ResultCode: domain.ResultRedirectShopper, Action: action}, nil
		}
		return domain.CardResult{ResultCode: domain.ResultRefused, PSPReference: psp, RefusalReason: "Refused"}, nil
	})
}

// PaymentDetails reads the challenge page's signed verdict.
func (s *Sandbox) PaymentDetails(_ context.Context, redirectResult, key string) (domain.CardResult, error) {
	return s.remember("details:"+key, func() (domain.CardResult, error) {
		raw, err := base64.StdEncoding.DecodeString(redirectResult)
		parts := strings.Split(string(raw), "|")
		if err != nil || len(parts) != 3 || !hmac.Equal([]byte(parts[2]), []byte(s.sign(parts[0]+"|"+parts[1]))) {
			return domain.CardResult{}, fmt.Errorf("sandbox: redirect result not ours: %w", domain.ErrProviderRejected)
		}
		if parts[1] != "approved" {
			return domain.CardResult{ResultCode: domain.ResultRefused, PSPReference: parts[0], RefusalReason: "3D Not Authenticated"}, nil
		}
		return domain.CardResult{ResultCode: domain.ResultAuthorised, PSPReference: parts[0], RecurringReference: "REC" + parts[0]}, nil
	})
}

// ParseNotifications verifies like the real provider.
func (s *Sandbox) ParseNotifications(body []byte) ([]domain.Notification, error) {
	return cardprovider.ParseNotifications(body, s.HMACKey)
}

var page = template.Must(template.New("3ds").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>3-D Secure – card sandbox</title>
<style>body{font-family:sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem}button{min-height:44px;margin:.25rem 0;width:100%;font-size:1rem}</style>
</head><body><main><h1>Confirm the payment</h1>
<p>This is the card sandbox's 3-D Secure challenge.</p>
<form method="post"><input type="hidden" name="psp" value="{{.PSP}}"><input type="hidden" name="returnUrl" value="{{.ReturnURL}}"><input type="hidden" name="sig" value="{{.Sig}}">
<button type="submit" name="verdict" value="approved">Approve</button>
<button type="submit" name="verdict" value="declined">Decline</button>
</form></main></body></html>`))

// Handler serves the challenge page at PageURL: GET shows it, POST returns to the shop with the
// signed verdict as redirectResult.
func (s *Sandbox) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		psp, ret, sig := r.Form.Get("psp"), r.Form.Get("returnUrl"), r.Form.Get("sig")
		if psp == "" || !hmac.Equal([]byte(sig), []byte(s.sign(psp+"|"+ret))) {
			http.Error(w, "unknown payment", http.StatusBadRequest)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_ = page.Execute(w, struct{ PSP, ReturnURL, Sig string }{psp, ret, sig})
			return
		}
		verdict := "declined"
		if r.PostForm.Get("verdict") == "approved" {
			verdict = "approved"
		}
		result := base64.StdEncoding.EncodeToString([]byte(psp + "|" + verdict + "|" + s.sign(psp+"|"+verdict)))
		back, err := url.Parse(ret)
		if err != nil {
			http.Error(w, "bad return url", http.StatusBadRequest)
			return
		}
		q := back.Query()
		q.Set("redirectResult", result)
		back.RawQuery = q.Encode()
		http.Redirect(w, r, back.String(), http.StatusSeeOther)
	})
}
