package redisstore

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/payment/domain"
)

func TestRoundTrip(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	rdb, prefix := testinfra.Redis(t, "payment")
	s := New(rdb, Options{Prefix: prefix, TTL: time.Hour, Keys: testKeys(t, "k1")})
	ctx := context.Background()
	if _, ok, err := s.Get(ctx, "s1"); ok || err != nil {
		t.Fatalf("fresh session: %v, %v", ok, err)
	}
	want := domain.Option{Type: "sepa", Holder: "Erika", IBAN: "DE89370400440532013000", BIC: "COBADEFFXXX", Permission: true, SMSValidation: true}
	if err := s.Put(ctx, "s1", want); err != nil {
		t.Fatal(err)
	}
	got, ok, err := s.Get(ctx, "s1")
	if err != nil || !ok || got != want {
		t.Fatalf("Get = %+v, %v, %v", got, ok, err)
	}
	if ttl := rdb.TTL(ctx, prefix+"s1").Val(); ttl <= 0 || ttl > time.Hour {
		t.Fatalf("TTL %v", ttl)
	}
	if _, ok, _ := s.Get(ctx, "s2"); ok {
		t.Fatal("another session sees the option")
	}
	if err := s.Put(ctx, "s2", domain.Option{Type: "paypal-integration", PayPalPending: "I-1"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.Get(ctx, "s1"); ok || err != nil {
		t.Fatalf("after Delete: %v, %v", ok, err)
	}
	if got, ok, _ := s.Get(ctx, "s2"); !ok || got.PayPalPending != "I-1" {
		t.Fatalf("Delete of s1 touched s2: %+v %v", got, ok)
	}
}

func TestOutage(t *testing.T) {
	t.Parallel() // a store of its own that reaches no server
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialTimeout: 200 * time.Millisecond})
	defer rdb.Close()
	s := New(rdb, Options{})
	if _, _, err := s.Get(context.Background(), "s"); !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("Get: %v", err)
	}
	if err := s.Put(context.Background(), "s", domain.Option{Type: "sepa"}); !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("Put: %v", err)
	}
}

func TestNotificationsOnce(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	rdb, prefix := testinfra.Redis(t, "payment_notify")
	n := NewNotifications(rdb, prefix)
	ctx := context.Background()
	first, err := n.FirstTime(ctx, "PSP-1:AUTHORISATION")
	if err != nil || !first {
		t.Fatalf("first delivery: %v, %v", first, err)
	}
	again, err := n.FirstTime(ctx, "PSP-1:AUTHORISATION")
	if err != nil || again {
		t.Fatalf("second delivery: %v, %v", again, err)
	}
	if other, _ := n.FirstTime(ctx, "PSP-1:CAPTURE"); !other {
		t.Fatal("another event of the payment taken for a repeat")
	}
}

func testKeys(t *testing.T, ids ...string) *secretbox.Keyring {
	t.Helper()
	var spec []string
	for _, id := range ids {
		k, err := secretbox.NewKey(id)
		if err != nil {
			t.Fatal(err)
		}
		spec = append(spec, k)
	}
	keys, err := secretbox.Parse(strings.Join(spec, ","), "")
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// TestIBANSealedAtRest (issue 20 audit gap 4): the SEPA option's IBAN is in Redis only sealed
// (neither the IBAN nor its account number readable in the stored value), opens for the session
// it was stored for and in no other, and without keys only its masked form is kept.
func TestIBANSealedAtRest(t *testing.T) {
	t.Parallel() // its own database or key prefix (testinfra)
	rdb, prefix := testinfra.Redis(t, "payment_iban")
	ctx := context.Background()
	const iban = "DE89370400440532013000"
	k1, err := secretbox.NewKey("k1")
	if err != nil {
		t.Fatal(err)
	}
	keys, err := secretbox.Parse(k1, "")
	if err != nil {
		t.Fatal(err)
	}
	s := New(rdb, Options{Prefix: prefix, TTL: time.Hour, Keys: keys})
	want := domain.Option{Type: "sepa", Holder: "Erika", IBAN: iban, BIC: "COBADEFFXXX", Permission: true, MandateReference: "HW-M-1"}
	if err := s.Put(ctx, "s1", want); err != nil {
		t.Fatal(err)
	}
	raw := rdb.Get(ctx, prefix+"s1").Val()
	for _, clear := range []string{iban, "0532013000", "370400440532013000"} {
		if strings.Contains(raw, clear) {
			t.Fatalf("the stored option holds %q in clear: %s", clear, raw)
		}
	}
	if !strings.Contains(raw, `"iban_key_id":"k1"`) || !strings.Contains(raw, `"Erika"`) {
		t.Fatalf("stored option %s", raw)
	}
	if got, ok, err := s.Get(ctx, "s1"); err != nil || !ok || got != want {
		t.Fatalf("Get = %+v, %v, %v; want %+v", got, ok, err, want)
	}
	// The sealed value copied under another session does not open there.
	if err := rdb.Set(ctx, prefix+"s2", raw, time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := s.Get(ctx, "s2"); err != nil || !ok || got.IBAN != "" || got.Holder != "Erika" {
		t.Fatalf("copied option = %+v, %v, %v; want it without IBAN", got, ok, err)
	}
	// Rotation: a keyring with a new current key still opens the old value; one without the old
	// key answers the option without IBAN (the shopper enters it again) instead of failing.
	k2, err := secretbox.NewKey("k2")
	if err != nil {
		t.Fatal(err)
	}
	withOld, err := secretbox.Parse(k2+","+k1, "")
	if err != nil {
		t.Fatal(err)
	}
	if got, _, err := New(rdb, Options{Prefix: prefix, Keys: withOld}).Get(ctx, "s1"); err != nil || got.IBAN != iban {
		t.Fatalf("a keyring holding k1 behind k2 = %+v, %v", got, err)
	}
	if got, _, err := New(rdb, Options{Prefix: prefix, Keys: testKeys(t, "k3")}).Get(ctx, "s1"); err != nil || got.IBAN != "" {
		t.Fatalf("a keyring without k1 = %+v, %v", got, err)
	}
	// Without keys only the masked IBAN is kept.
	plain := New(rdb, Options{Prefix: prefix, TTL: time.Hour})
	if err := plain.Put(ctx, "s3", want); err != nil {
		t.Fatal(err)
	}
	raw3 := rdb.Get(ctx, prefix+"s3").Val()
	if strings.Contains(raw3, "0532013000") || strings.Contains(raw3, "iban_sealed") {
		t.Fatalf("without keys the option holds %s", raw3)
	}
	if got, _, _ := plain.Get(ctx, "s3"); got.IBAN != domain.MaskIBAN(iban) {
		t.Fatalf("without keys Get IBAN %q, want the masked %q", got.IBAN, domain.MaskIBAN(iban))
	}
}
