package router_test

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"google.golang.org/grpc"

	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
)

// cardPayments offers the card provider's methods on every brand and counts the card calls.
type cardPayments struct {
	paymentv1.PaymentServiceClient
	mu    sync.Mutex
	calls []string
}

func (p *cardPayments) record(rpc string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls = append(p.calls, rpc)
}

func (p *cardPayments) ListPaymentTypes(context.Context, *paymentv1.ListPaymentTypesRequest, ...grpc.CallOption) (*paymentv1.ListPaymentTypesResponse, error) {
	return &paymentv1.ListPaymentTypesResponse{PaymentTypes: []*paymentv1.PaymentType{{Slug: "sepa"}, {Slug: "adyen-scheme"}}}, nil
}

func (p *cardPayments) ListCardPaymentMethods(context.Context, *paymentv1.ListCardPaymentMethodsRequest, ...grpc.CallOption) (*paymentv1.ListCardPaymentMethodsResponse, error) {
	p.record("ListCardPaymentMethods")
	return &paymentv1.ListCardPaymentMethodsResponse{Environment: "sandbox"}, nil
}

func (p *cardPayments) CreateCardPayment(context.Context, *paymentv1.CreateCardPaymentRequest, ...grpc.CallOption) (*paymentv1.CreateCardPaymentResponse, error) {
	p.record("CreateCardPayment")
	return &paymentv1.CreateCardPaymentResponse{ResultCode: "Authorised"}, nil
}

func (p *cardPayments) SubmitCardPaymentDetails(context.Context, *paymentv1.SubmitCardPaymentDetailsRequest, ...grpc.CallOption) (*paymentv1.SubmitCardPaymentDetailsResponse, error) {
	p.record("SubmitCardPaymentDetails")
	return &paymentv1.SubmitCardPaymentDetailsResponse{ResultCode: "Authorised"}, nil
}

// Spec §7's card paths are served behind the API's middleware: with the CSRF token they reach the
// payment service, without it they are refused like every state change; an unknown provider is a
// JSON 404 with its message key, not the SPA.
func TestCardProviderRoutes(t *testing.T) {
	payments := &cardPayments{}
	e := newEnv(t, envOptions{payments: payments})
	v := newVisitor(t, e)
	key := map[string]string{"Idempotency-Key": "attempt-1"}
	for _, r := range []struct{ target, body, rpc string }{
		{"/api/v2/adyen/payment-methods", `{"country_code":"DE"}`, "ListCardPaymentMethods"},
		{"/api/v2/adyen/create-payment", `{"payment_method":{"type":"scheme"}}`, "CreateCardPayment"},
		{"/api/v2/adyen/payment-details", `{"details":{"redirectResult":"r"}}`, "SubmitCardPaymentDetails"},
	} {
		rec := e.do(t, request{method: http.MethodPost, target: r.target, body: r.body, cookies: v.cookies, header: key})
		if rec.Code != http.StatusForbidden || rec.Body.String() != `{"error":"error.csrf_token_invalid","errors":{}}` {
			t.Errorf("%s without token: %d %s", r.target, rec.Code, rec.Body)
		}
		payments.mu.Lock()
		before := len(payments.calls)
		payments.mu.Unlock()
		if rec := v.post(t, r.target, r.body, key); rec.Code != http.StatusOK {
			t.Errorf("%s: %d %s", r.target, rec.Code, rec.Body)
		}
		payments.mu.Lock()
		if len(payments.calls) != before+1 || payments.calls[before] != r.rpc {
			t.Errorf("%s: calls %v, want %s", r.target, payments.calls, r.rpc)
		}
		payments.mu.Unlock()
	}
	rec := v.post(t, "/api/v2/stripe/create-payment", `{"payment_method":{"type":"scheme"}}`, key)
	if rec.Code != http.StatusNotFound || rec.Body.String() != `{"error":"payment.card_provider_not_found","errors":{}}` {
		t.Errorf("unknown provider: %d %s", rec.Code, rec.Body)
	}
	if rec := v.get(t, "/api/v2/stripe/unknown"); rec.Code != http.StatusNotFound || !sameJSON(t, rec.Body.String(), `{"error":"error.not_found","errors":{}}`) {
		t.Errorf("unknown route: %d %s", rec.Code, rec.Body)
	}
}
