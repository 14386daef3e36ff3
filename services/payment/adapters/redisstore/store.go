// Package redisstore keeps each session's selected payment option in Redis, as long as its cart.
package redisstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
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
}

// Options tune the store; zero values take the defaults.
type Options struct {
	Prefix string
	TTL    time.Duration
}

// New returns the store over rdb.
func New(rdb redis.UniversalClient, o Options) *Store {
	if o.Prefix == "" {
		o.Prefix = DefaultPrefix
	}
	if o.TTL <= 0 {
		o.TTL = DefaultTTL
	}
	return &Store{rdb: rdb, prefix: o.Prefix, ttl: o.TTL}
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
	return domain.Option(r), true, nil
}

// Put replaces the session's option.
func (s *Store) Put(ctx context.Context, sessionID string, o domain.Option) error {
	raw, err := json.Marshal(record(o))
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
