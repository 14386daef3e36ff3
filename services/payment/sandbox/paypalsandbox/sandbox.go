// Package paypalsandbox is a deterministic PayPal for devstack and tests, behind the same port as
// the real adapter. It needs no state, so the payment service and the approve page it links to
// can run in different processes sharing only the secret:
//
//   - a subscription's id carries the session's reference and a signature over it, so the sandbox
//     can show any subscription it created and no other;
//   - the approve page returns the shopper to the shop's return URL with subscription_id (Approve)
//     or to the cancel URL (Cancel), like PayPal;
//   - every subscription it created reports APPROVED: a sandbox cannot tell a shopper who approved
//     from one who typed the return URL, which is harmless where no money moves.
package paypalsandbox

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/hostcart/checkout/services/payment/domain"
)

// Sandbox answers like PayPal's subscriptions API.
type Sandbox struct {
	// Secret signs subscription ids and approve links.
	Secret []byte
	// PageURL is where the approve page is served (Handler).
	PageURL string
}

const sigLen = 12

func (s *Sandbox) sign(v string) string {
	mac := hmac.New(sha256.New, s.Secret)
	mac.Write([]byte(v))
	return strings.ToUpper(hex.EncodeToString(mac.Sum(nil)))
}

// CreateSubscription answers a pending subscription whose approve link is the sandbox's page.
func (s *Sandbox) CreateSubscription(_ context.Context, r domain.SubscriptionRequest, key string) (domain.Subscription, error) {
	if key == "" || r.CustomID == "" || strings.ContainsAny(r.CustomID, "-/?&") {
		return domain.Subscription{}, fmt.Errorf("paypal sandbox: request id and a plain custom id are required: %w", domain.ErrPayPalRejected)
	}
	if r.Amount.Value <= 0 {
		return domain.Subscription{}, fmt.Errorf("paypal sandbox: amount %d: %w", r.Amount.Value, domain.ErrPayPalRejected)
	}
	id := "I-" + strings.ToUpper(r.CustomID) + s.sign("id|" + r.CustomID)[:sigLen]
	q := url.Values{"id": {id}, "return": {r.ReturnURL}, "cancel": {r.CancelURL}, "sig": {s.sign("page|" + id + "|" + r.ReturnURL + "|" + r.CancelURL)}}
	return domain.Subscription{ID: id, Status: domain.SubscriptionApprovalPending, CustomID: r.CustomID, Links: []domain.Link{
		{Href: s.PageURL + "?" + q.Encode(), Rel: "approve", Method: "GET"},
	}}, nil
}

// customID reads the session reference out of an id the sandbox made.
func (s *Sandbox) customID(id string) (string, bool) {
	raw, ok := strings.CutPrefix(id, "I-")
	if !ok || len(raw) <= sigLen {
		return "", false
	}
	custom := strings.ToLower(raw[:len(raw)-sigLen])
	return custom, hmac.Equal([]byte(raw[len(raw)-sigLen:]), []byte(s.sign("id|" + custom)[:sigLen]))
}

// Subscription shows a subscription the sandbox made as approved; others are unknown.
func (s *Sandbox) Subscription(_ context.Context, id string) (domain.Subscription, error) {
	custom, ok := s.customID(id)
	if !ok {
		return domain.Subscription{}, fmt.Errorf("paypal sandbox: unknown subscription %q: %w", id, domain.ErrPayPalRejected)
	}
	return domain.Subscription{ID: id, Status: domain.SubscriptionApproved, CustomID: custom}, nil
}

// CancelSubscription accepts the cancellation of a subscription the sandbox made.
func (s *Sandbox) CancelSubscription(_ context.Context, id, _ string) error {
	if _, ok := s.customID(id); !ok {
		return fmt.Errorf("paypal sandbox: unknown subscription %q: %w", id, domain.ErrPayPalRejected)
	}
	return nil
}

var page = template.Must(template.New("approve").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Approve the subscription – PayPal sandbox</title>
<style>body{font-family:sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem}button{min-height:44px;margin:.25rem 0;width:100%;font-size:1rem}</style>
</head><body><main><h1>Approve the subscription</h1>
<p>This is the PayPal sandbox. Subscription {{.ID}}.</p>
<form method="post"><input type="hidden" name="id" value="{{.ID}}"><input type="hidden" name="return" value="{{.Return}}"><input type="hidden" name="cancel" value="{{.Cancel}}"><input type="hidden" name="sig" value="{{.Sig}}">
<button type="submit" name="verdict" value="approve">Agree and subscribe</button>
<button type="submit" name="verdict" value="cancel">Cancel and return to the shop</button>
</form></main></body></html>`))

// Handler serves the approve page at PageURL: GET shows it, POST returns to the shop.
func (s *Sandbox) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		id, ret, cancel, sig := r.Form.Get("id"), r.Form.Get("return"), r.Form.Get("cancel"), r.Form.Get("sig")
		if _, ok := s.customID(id); !ok || !hmac.Equal([]byte(sig), []byte(s.sign("page|"+id+"|"+ret+"|"+cancel))) {
			http.Error(w, "unknown subscription", http.StatusBadRequest)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_ = page.Execute(w, struct{ ID, Return, Cancel, Sig string }{id, ret, cancel, sig})
			return
		}
		target := cancel
		if r.PostForm.Get("verdict") == "approve" {
			target = ret
		}
		back, err := url.Parse(target)
		if err != nil || target == "" {
			http.Error(w, "bad return url", http.StatusBadRequest)
			return
		}
		if target == ret {
			q := back.Query()
			q.Set("subscription_id", id)
			q.Set("ba_token", "BA-"+s.sign("ba|" + id)[:17])
			back.RawQuery = q.Encode()
		}
		http.Redirect(w, r, back.String(), http.StatusSeeOther)
	})
}

// SandboxAuthAlgo is the PAYPAL-AUTH-ALGO of the sandbox's deliveries: an HMAC under the sandbox
// secret where PayPal signs with its certificate's key (SHA256withRSA).
const SandboxAuthAlgo = "HMACSHA256"

// webhookMessage is what PayPal's signature covers: transmission id, time, webhook id and the
// CRC32 of the body, joined by "|".
func webhookMessage(d domain.PayPalDelivery) string {
	return d.TransmissionID + "|" + d.TransmissionTime + "|" + webhookID + "|" + strconv.FormatUint(uint64(crc32.ChecksumIEEE(d.Body)), 10)
}

// webhookID is the sandbox's webhook listener id.
const webhookID = "SANDBOXWEBHOOK"

// SignWebhook signs a delivery as the sandbox's PayPal would send it (devstack's tests, a
// developer's curl): the headers it fills in are the ones VerifyWebhook checks.
func (s *Sandbox) SignWebhook(transmissionID, transmissionTime string, body []byte) domain.PayPalDelivery {
	d := domain.PayPalDelivery{TransmissionID: transmissionID, TransmissionTime: transmissionTime, Body: body,
		CertURL: "https://sandbox.invalid/certs/hmac", AuthAlgo: SandboxAuthAlgo}
	d.TransmissionSig = s.sign("webhook|" + webhookMessage(d))
	return d
}

// VerifyWebhook accepts what SignWebhook signed, like PayPal's verify-webhook-signature answering
// SUCCESS; anything else is domain.ErrPayPalSignature.
func (s *Sandbox) VerifyWebhook(_ context.Context, d domain.PayPalDelivery) error {
	if d.TransmissionID == "" || d.TransmissionTime == "" || d.CertURL == "" || d.AuthAlgo != SandboxAuthAlgo ||
		!hmac.Equal([]byte(d.TransmissionSig), []byte(s.sign("webhook|"+webhookMessage(d)))) {
		return fmt.Errorf("paypal sandbox: delivery %q not signed by the sandbox: %w", d.TransmissionID, domain.ErrPayPalSignature)
	}
	return nil
}
