package service_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/payment/adapters/cardprovider"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/sandbox/cardsandbox"
	"github.com/hostcart/checkout/services/payment/service"
)

type memSessions struct {
	mu   sync.Mutex
	data map[string]domain.Option
}

func (m *memSessions) Get(_ context.Context, sid string) (domain.Option, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	o, ok := m.data[sid]
	return o, ok, nil
}

func (m *memSessions) Put(_ context.Context, sid string, o domain.Option) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.data[sid] = o
	return nil
}

func (m *memSessions) Delete(_ context.Context, sid string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.data, sid)
	return nil
}

type fixedCart struct{ total domain.Money }

func (f fixedCart) Total(context.Context) (domain.Money, error) { return f.total, nil }

type shopper struct{}

func (shopper) Shopper(context.Context) (string, string, error) { return "max@example.com", "DE", nil }

// recordingCard is the sandbox, recording what it was asked to charge.
type recordingCard struct {
	*cardsandbox.Sandbox
	charged []domain.CardPayment
	keys    []string
}

func (r *recordingCard) CreatePayment(ctx context.Context, p domain.CardPayment, key string) (domain.CardResult, error) {
	r.charged, r.keys = append(r.charged, p), append(r.keys, key)
	return r.Sandbox.CreatePayment(ctx, p, key)
}

type onceStore struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (o *onceStore) FirstTime(_ context.Context, key string) (bool, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.seen[key] {
		return false, nil
	}
	o.seen[key] = true
	return true, nil
}

const hmacKey = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056"

func cardService(sessions *memSessions, card *recordingCard) service.Service {
	return service.New(service.Ports{Sessions: sessions, Card: card, Carts: fixedCart{domain.Money{Value: 11221, Currency: "EUR"}},
		Shoppers: shopper{}, Notifications: &onceStore{seen: map[string]bool{}}})
}

func at(sid string) context.Context {
	return callctx.With(context.Background(), callctx.Values{SessionID: sid, BrandID: 1, Locale: "de-DE"})
}

func TestCardPaymentChargesTheCartsTotal(t *testing.T) {
	sessions := &memSessions{data: map[string]domain.Option{"s1": {Type: "adyen-scheme"}, "s2": {Type: "adyen-scheme"}, "sepa": {Type: "sepa"}}}
	card := &recordingCard{Sandbox: &cardsandbox.Sandbox{Secret: []byte("x"), HMACKey: hmacKey}}
	svc := cardService(sessions, card)

	out, err := svc.CreateCardPayment(at("s1"), service.CardInput{PaymentMethod: []byte(`{"type":"scheme","number":"4111111111111111"}`), ReturnURL: "http://shop/confirm", IdempotencyKey: "attempt-1"})
	if err != nil || out.Result.ResultCode != domain.ResultAuthorised {
		t.Fatalf("authorised: %+v, %v", out, err)
	}
	if got := card.charged[0].Amount; got != (domain.Money{Value: 11221, Currency: "EUR"}) {
		t.Fatalf("charged %+v, want the priced cart's total", got)
	}
	if stored := sessions.data["s1"]; stored.PSPReference == "" || stored.RecurringReference == "" {
		t.Fatalf("references not kept on the option: %+v", stored)
	}
	// The same browser key in another session is another payment at the provider.
	if _, err := svc.CreateCardPayment(at("s2"), service.CardInput{PaymentMethod: []byte(`{"number":"4111111111111111"}`), IdempotencyKey: "attempt-1"}); err != nil {
		t.Fatal(err)
	}
	if card.keys[0] == card.keys[1] {
		t.Fatal("two sessions' payments share a provider idempotency key")
	}

	_, err = svc.CreateCardPayment(at("s2"), service.CardInput{PaymentMethod: []byte(`{"number":"4000000000000002"}`), IdempotencyKey: "attempt-2"})
	if !errors.Is(err, service.ErrRefused) || apperr.MessageKey(err) != "payment.refused" {
		t.Fatalf("refused card: %v", err)
	}
	if _, err := svc.CreateCardPayment(at("sepa"), service.CardInput{PaymentMethod: []byte(`{}`), IdempotencyKey: "k"}); !errors.Is(err, service.ErrPaymentDataMissing) {
		t.Fatalf("session chose SEPA: %v", err)
	}
	if _, err := svc.CreateCardPayment(at("s1"), service.CardInput{PaymentMethod: []byte(`{}`)}); err == nil {
		t.Fatal("no idempotency key accepted")
	}
}

func TestCardNotificationsOnceAndSigned(t *testing.T) {
	svc := cardService(&memSessions{data: map[string]domain.Option{}}, &recordingCard{Sandbox: &cardsandbox.Sandbox{Secret: []byte("x"), HMACKey: hmacKey}})
	n := domain.Notification{EventCode: "AUTHORISATION", Success: true, PSPReference: "PSP-1", Amount: domain.Money{Value: 11221, Currency: "EUR"}}
	body, err := cardprovider.SignedBatch(hmacKey, "HostwerkECOM", n)
	if err != nil {
		t.Fatal(err)
	}
	if p, d, err := svc.HandleCardNotifications(context.Background(), body); err != nil || p != 1 || d != 0 {
		t.Fatalf("first delivery: %d %d %v", p, d, err)
	}
	if p, d, err := svc.HandleCardNotifications(context.Background(), body); err != nil || p != 0 || d != 1 {
		t.Fatalf("second delivery: %d %d %v", p, d, err)
	}
	forged, _ := cardprovider.SignedBatch("00112233445566778899AABBCCDDEEFF", "HostwerkECOM", domain.Notification{EventCode: "AUTHORISATION", PSPReference: "PSP-2"})
	if _, _, err := svc.HandleCardNotifications(context.Background(), forged); !errors.Is(err, service.ErrBadSignature) || apperr.MessageKey(err) != "payment.bad_signature" {
		t.Fatalf("forged: %v", err)
	}
}
