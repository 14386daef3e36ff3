// Package redisstore keeps each session's selected payment option in Redis, as long as its cart.
// A SEPA option's IBAN is never at rest in clear: it is sealed with the payment service's keys
// (PAYMENT_SECRET_KEYS, libs/go/secretbox, the envelope of the mandates), bound to the session's
// key; without keys only the masked IBAN is kept (SEPA orders are refused then anyway).
package redisstore

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/payment/domain"
)

// Defaults of the store.
const (
	DefaultPrefix = "payment:session:"
	DefaultTTL    = 7 * 24 * time.Hour
)

// Store is the session payment option store.
type Store struct {
	rdb    redis.UniversalClient
	prefix string
	ttl    time.Duration
	keys   *secretbox.Keyring
}

// Options tune the store; zero values take the defaults.
type Options struct {
	Prefix string
	TTL    time.Duration
	// Keys seal a SEPA option's IBAN; nil keeps only the masked IBAN.
	Keys *secretbox.Keyring
}

// New returns the store over rdb.
func New(rdb redis.UniversalClient, o Options) *Store {
	if o.Prefix == "" {
		o.Prefix = DefaultPrefix
	}
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	return &Store{rdb: rdb, prefix: o.Prefix, ttl: o.TTL, keys: o.Keys}
}

// record is the stored JSON, with its own names so renaming a domain field keeps stored sessions
// readable.
type record struct {
	Type               string `json:"type"`
	Holder             string `json:"holder,omitempty"`
	IBAN               string `json:"iban,omitempty"`
	BIC                string `json:"bic,omitempty"`
	Bank               string `json:"bank,omitempty"`
	Permission         bool   `json:"permission,omitempty"`
	SMSValidation      bool   `json:"sms_validation,omitempty"`
	PSPReference       string `json:"psp_reference,omitempty"`
	PSPResult          string `json:"psp_result,omitempty"`
	RecurringReference string `json:"recurring_reference,omitempty"`
	PayPalReference    string `json:"paypal_reference,omitempty"`
	PayPalPending      string `json:"paypal_pending,omitempty"`
	// Charges are kept with Go's field names (Amount.Value, Amount.Currency, Fingerprint).
	Charged       domain.Charge `json:"charged"`
	PendingCharge domain.Charge `json:"pending_charge"`
	// MandateReference: the SEPA mandate reference made with the option.
	MandateReference string `json:"mandate_reference,omitempty"`
	// IBANSealed is the IBAN sealed (base64) under key IBANKeyID, bound to the session's key; IBAN
	// then is empty. (IBAN in clear is read from records written before sealing.)
	IBANSealed string `json:"iban_sealed,omitempty"`
	IBANKeyID  string `json:"iban_key_id,omitempty"`
}

func (r record) option() domain.Option {
	return domain.Option{Type: r.Type, Holder: r.Holder, IBAN: r.IBAN, BIC: r.BIC, Bank: r.Bank, Permission: r.Permission,
		SMSValidation: r.SMSValidation, PSPReference: r.PSPReference, PSPResult: r.PSPResult, RecurringReference: r.RecurringReference,
		PayPalReference: r.PayPalReference, PayPalPending: r.PayPalPending, Charged: r.Charged, PendingCharge: r.PendingCharge,
		MandateReference: r.MandateReference}
}

func recordOf(o domain.Option) record {
	return record{Type: o.Type, Holder: o.Holder, IBAN: o.IBAN, BIC: o.BIC, Bank: o.Bank, Permission: o.Permission,
		SMSValidation: o.SMSValidation, PSPReference: o.PSPReference, PSPResult: o.PSPResult, RecurringReference: o.RecurringReference,
		PayPalReference: o.PayPalReference, PayPalPending: o.PayPalPending, Charged: o.Charged, PendingCharge: o.PendingCharge,
		MandateReference: o.MandateReference}
}

// Get returns the session's option; ok is false when it chose none.
func (s *Store) Get(ctx context.Context, sessionID string) (domain.Option, bool, error) {
	raw, err := s.rdb.Get(ctx, s.prefix+sessionID).Bytes()
	if errors.Is(err, redis.Nil) {
		return domain.Option{}, false, nil
	}
	if err != nil {
		return domain.Option{}, false, outage("read session payment", err)
	}
	var r record
	if err := json.Unmarshal(raw, &r); err != nil {
		return domain.Option{}, false, fmt.Errorf("decode session payment: %w", err)
	}
	o := r.option()
	if r.IBANSealed != "" {
		// An IBAN that does not open (its key rotated out, or a value copied from another session)
		// is no IBAN: the shopper enters it again (payment.payment_data_missing), rather than the
		// session failing.
		o.IBAN = ""
		if ct, err := base64.StdEncoding.DecodeString(r.IBANSealed); err == nil && s.keys != nil {
			if iban, err := s.keys.Open(secretbox.Sealed{KeyID: r.IBANKeyID, Ciphertext: ct}, s.aad(sessionID)); err == nil {
				o.IBAN = string(iban)
			}
		}
	}
	return o, true, nil
}

// aad binds a sealed IBAN to the session's key: it opens in no other session.
func (s *Store) aad(sessionID string) []byte { return []byte(s.prefix + sessionID) }

// Put replaces the session's option.
func (s *Store) Put(ctx context.Context, sessionID string, o domain.Option) error {
	r := recordOf(o)
	if r.IBAN != "" {
		if s.keys == nil {
			// No keys, no SEPA orders (payment.sepa_not_configured): the masked IBAN is all the
			// pages show, and the clear one would serve nothing.
			r.IBAN = domain.MaskIBAN(r.IBAN)
		} else {
			sealed, err := s.keys.Seal([]byte(r.IBAN), s.aad(sessionID))
			if err != nil {
				return fmt.Errorf("seal session iban: %w", err)
			}
			r.IBAN, r.IBANSealed, r.IBANKeyID = "", base64.StdEncoding.EncodeToString(sealed.Ciphertext), sealed.KeyID
		}
	}
	raw, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode session payment: %w", err)
	}
	if err := s.rdb.Set(ctx, s.prefix+sessionID, raw, s.ttl).Err(); err != nil {
		return outage("store session payment", err)
	}
	return nil
}

// Delete forgets the session's option.
func (s *Store) Delete(ctx context.Context, sessionID string) error {
	if err := s.rdb.Del(ctx, s.prefix+sessionID).Err(); err != nil {
		return outage("delete session payment", err)
	}
	return nil
}

func outage(what string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: %w", what, err)
	}
	return fmt.Errorf("%s: %w: %w", what, apperr.Unavailable, err)
}

// NotificationTTL is how long a processed notification is remembered: the provider retries for
// days, never for a month.
const NotificationTTL = 30 * 24 * time.Hour

// Notifications remembers processed card provider notifications.
type Notifications struct {
	rdb    redis.UniversalClient
	prefix string
}

// NewNotifications returns the store under prefix ("payment:notification:" when empty).
func NewNotifications(rdb redis.UniversalClient, prefix string) *Notifications {
	if prefix == "" {
		prefix = "payment:notification:"
	}
	return &Notifications{rdb: rdb, prefix: prefix}
}

// FirstTime records key atomically (SET NX) and reports whether it was new, so concurrent
// deliveries of one notification are processed once.
func (n *Notifications) FirstTime(ctx context.Context, key string) (bool, error) {
	ok, err := n.rdb.SetNX(ctx, n.prefix+key, 1, NotificationTTL).Result()
	if err != nil {
		return false, outage("record notification", err)
	}
	return ok, nil
}
