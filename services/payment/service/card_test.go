package service_test

import (
	"context"
	"errors"
	"fmt"
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

func (f fixedCart) Charge(context.Context) (domain.Charge, error) {
	return domain.Charge{Amount: f.total, Fingerprint: "cart-of-" + f.total.Currency}, nil
}

// changingCart is a cart the test grows: its charge follows total.
type changingCart struct {
	mu    sync.Mutex
	total int64
}

func (c *changingCart) Charge(context.Context) (domain.Charge, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return domain.Charge{Amount: domain.Money{Value: c.total, Currency: "EUR"}, Fingerprint: fmt.Sprintf("fp-%d", c.total)}, nil
}

func (c *changingCart) set(total int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total = total
}

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
	if out, err := svc.HandleCardNotifications(context.Background(), body); err != nil || out.Processed != 1 || out.Duplicates != 0 || len(out.Items) != 1 {
		t.Fatalf("first delivery: %+v %v", out, err)
	}
	// A repeat is not processed again, but its items are answered for idempotent consumers.
	if out, err := svc.HandleCardNotifications(context.Background(), body); err != nil || out.Processed != 0 || out.Duplicates != 1 || len(out.Items) != 1 {
		t.Fatalf("second delivery: %+v %v", out, err)
	}
	chargeback, _ := cardprovider.SignedBatch(hmacKey, "HostwerkECOM", domain.Notification{EventCode: "CHARGEBACK", Success: true, PSPReference: "CB-1", OriginalReference: "PSP-1"})
	if out, err := svc.HandleCardNotifications(context.Background(), chargeback); err != nil || len(out.Items) != 1 || out.Items[0].PaymentReference() != "PSP-1" {
		t.Fatalf("chargeback: %+v %v", out, err)
	}
	forged, _ := cardprovider.SignedBatch("00112233445566778899AABBCCDDEEFF", "HostwerkECOM", domain.Notification{EventCode: "AUTHORISATION", PSPReference: "PSP-2"})
	if _, err := svc.HandleCardNotifications(context.Background(), forged); !errors.Is(err, service.ErrBadSignature) || apperr.MessageKey(err) != "payment.bad_signature" {
		t.Fatalf("forged: %v", err)
	}
}

// An authorisation records what it paid for; another attempt for a changed cart voids the earlier
// authorisation at the provider first, and VoidSessionPayment voids and clears what is left. A
// retry of the same attempt for the same cart is the same authorisation, voiding nothing.
func TestCardAuthorisationBoundToItsCharge(t *testing.T) {
	sessions := &memSessions{data: map[string]domain.Option{"s1": {Type: "adyen-scheme"}}}
	sb := &cardsandbox.Sandbox{Secret: []byte("x"), HMACKey: hmacKey}
	cart := &changingCart{total: 4746}
	svc := service.New(service.Ports{Sessions: sessions, Card: &recordingCard{Sandbox: sb}, Carts: cart, Shoppers: shopper{},
		Notifications: &onceStore{seen: map[string]bool{}}})
	pay := func(key string) domain.Option {
		t.Helper()
		out, err := svc.CreateCardPayment(at("s1"), service.CardInput{PaymentMethod: []byte(`{"number":"4111111111111111"}`), IdempotencyKey: key})
		if err != nil || !out.Result.Accepted() {
			t.Fatalf("pay %s: %+v, %v", key, out, err)
		}
		return sessions.data["s1"]
	}
	first := pay("a1")
	if first.Charged != (domain.Charge{Amount: domain.Money{Value: 4746, Currency: "EUR"}, Fingerprint: "fp-4746"}) || first.PendingCharge != (domain.Charge{}) {
		t.Fatalf("charge not recorded with the authorisation: %+v", first)
	}
	if again := pay("a1"); again.PSPReference != first.PSPReference || len(sb.Voids()) != 0 {
		t.Fatalf("a retry voided or replaced the authorisation: %+v, voids %v", again, sb.Voids())
	}

	cart.set(111741)
	second := pay("a2")
	if second.PSPReference == first.PSPReference || second.Charged.Amount.Value != 111741 || second.Charged.Fingerprint != "fp-111741" {
		t.Fatalf("second authorisation: %+v", second)
	}
	if v := sb.Voids(); len(v) != 1 || v[0].PSPReference != first.PSPReference {
		t.Fatalf("the earlier authorisation was not voided once: %v", v)
	}

	voided, err := svc.VoidSessionPayment(at("s1"))
	if err != nil || voided.PSPReference != "" || voided.Charged != (domain.Charge{}) || voided.Type != "adyen-scheme" {
		t.Fatalf("void: %+v, %v", voided, err)
	}
	if v := sb.Voids(); len(v) != 2 || v[1].PSPReference != second.PSPReference {
		t.Fatalf("voids after VoidSessionPayment: %v", v)
	}
	if again, err := svc.VoidSessionPayment(at("s1")); err != nil || again.Type != "adyen-scheme" || len(sb.Voids()) != 2 {
		t.Fatalf("a second void: %+v, %v, %v", again, err, sb.Voids())
	}
}
