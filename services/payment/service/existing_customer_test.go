package service_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/sandbox/cardsandbox"
	"github.com/hostcart/checkout/services/payment/service"
)

// account answers whether the session's customer is an existing one.
type account bool

func (a account) ExistingCustomer(context.Context) (bool, error) { return bool(a), nil }

// Spec §6: an existing customer cannot change the payment (the order uses account billing), so
// choosing a payment option, starting a card payment and starting a PayPal subscription are
// refused with payment.existing_customer and nothing is stored or charged.
func TestExistingCustomerCannotChangeThePayment(t *testing.T) {
	sessions := &memSessions{data: map[string]domain.Option{"s1": {Type: "adyen-scheme"}}}
	card := &recordingCard{Sandbox: &cardsandbox.Sandbox{Secret: []byte("x"), HMACKey: hmacKey}}
	pp := &recordingPayPal{}
	svc := service.New(service.Ports{Sessions: sessions, Card: card, PayPal: pp, Carts: fixedCart{domain.Money{Value: 11221, Currency: "EUR"}},
		Shoppers: shopper{}, Accounts: account(true), Notifications: &onceStore{seen: map[string]bool{}}})

	if _, err := svc.SetSessionPayment(at("s1"), domain.Option{Type: "sepa"}); !errors.Is(err, service.ErrExistingCustomer) {
		t.Fatalf("set payment: %v, want %v", err, service.ErrExistingCustomer)
	}
	if _, err := svc.CreateCardPayment(at("s1"), service.CardInput{PaymentMethod: []byte(`{"type":"scheme","number":"4111111111111111"}`), ReturnURL: "http://shop/confirm", IdempotencyKey: "k1"}); !errors.Is(err, service.ErrExistingCustomer) {
		t.Fatalf("card payment: %v, want %v", err, service.ErrExistingCustomer)
	}
	if _, err := svc.CreatePayPalSubscription(at("s1"), service.PayPalInput{ReturnURL: "http://shop/confirm", CancelURL: "http://shop/cancel", IdempotencyKey: "k2"}); !errors.Is(err, service.ErrExistingCustomer) {
		t.Fatalf("paypal subscription: %v, want %v", err, service.ErrExistingCustomer)
	}
	if o, _, _ := sessions.Get(context.Background(), "s1"); o != (domain.Option{Type: "adyen-scheme"}) {
		t.Fatalf("the refusals changed the session's option: %+v", o)
	}
	if n := len(card.charged) + len(pp.created); n != 0 {
		t.Fatalf("the providers were asked %d times", n)
	}

	// A new customer pays as before.
	svc = service.New(service.Ports{Sessions: sessions, Card: card, Carts: fixedCart{domain.Money{Value: 11221, Currency: "EUR"}},
		Shoppers: shopper{}, Accounts: account(false), Notifications: &onceStore{seen: map[string]bool{}}})
	if _, err := svc.CreateCardPayment(at("s1"), service.CardInput{PaymentMethod: []byte(`{"type":"scheme","number":"4111111111111111"}`), ReturnURL: "http://shop/confirm", IdempotencyKey: "k3"}); err != nil {
		t.Fatalf("new customer's card payment: %v", err)
	}
}
