package paymentapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
)

// stubPayments answers the brand's payment types and records the card calls.
type stubPayments struct {
	paymentv1.PaymentServiceClient
	types   []string
	typeErr error
	calls   []proto.Message
}

func (s *stubPayments) ListPaymentTypes(context.Context, *paymentv1.ListPaymentTypesRequest, ...grpc.CallOption) (*paymentv1.ListPaymentTypesResponse, error) {
	if s.typeErr != nil {
		return nil, s.typeErr
	}
	resp := &paymentv1.ListPaymentTypesResponse{}
	for _, slug := range s.types {
		resp.PaymentTypes = append(resp.PaymentTypes, &paymentv1.PaymentType{Slug: slug})
	}
	return resp, nil
}

func (s *stubPayments) ListCardPaymentMethods(_ context.Context, req *paymentv1.ListCardPaymentMethodsRequest, _ ...grpc.CallOption) (*paymentv1.ListCardPaymentMethodsResponse, error) {
	s.calls = append(s.calls, req)
	return &paymentv1.ListCardPaymentMethodsResponse{AmountCents: 3206, Currency: "EUR", Environment: "sandbox",
		PaymentMethods: []*paymentv1.CardPaymentMethod{{Type: "scheme", Name: "Credit card"}}}, nil
}

func (s *stubPayments) CreateCardPayment(_ context.Context, req *paymentv1.CreateCardPaymentRequest, _ ...grpc.CallOption) (*paymentv1.CreateCardPaymentResponse, error) {
	s.calls = append(s.calls, req)
	return &paymentv1.CreateCardPaymentResponse{ResultCode: "Authorised"}, nil
}

func (s *stubPayments) SubmitCardPaymentDetails(_ context.Context, req *paymentv1.SubmitCardPaymentDetailsRequest, _ ...grpc.CallOption) (*paymentv1.SubmitCardPaymentDetailsResponse, error) {
	s.calls = append(s.calls, req)
	return &paymentv1.SubmitCardPaymentDetailsResponse{ResultCode: "Authorised"}, nil
}

func serve(stub *stubPayments, method, target, body string, header map[string]string) *httptest.ResponseRecorder {
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	New(stub, nil).Register(engine.Group("/api/v2"))
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Host = "shop.hostwerk.de"
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	engine.ServeHTTP(rec, req)
	return rec
}

var keyed = map[string]string{"Idempotency-Key": "attempt-1"}

// Spec §7: the card calls live at /{card-provider}/payment-methods, /create-payment and
// /payment-details, the provider being the one of the brand's card payment types; they reach the
// same rpcs as the paths before them, with nothing of the body but the card data and the redirect
// result: amount, shopper, return URL and origin stay the server's.
func TestCardRoutesAtTheProvidersPaths(t *testing.T) {
	tests := []struct {
		method, target, body string
		want                 proto.Message
	}{
		{"POST", "/api/v2/adyen/payment-methods", `{"country_code":"AT"}`, &paymentv1.ListCardPaymentMethodsRequest{}},
		{"GET", "/api/v2/adyen/payment-methods", ``, &paymentv1.ListCardPaymentMethodsRequest{}},
		{"POST", "/api/v2/adyen/create-payment",
			`{"payment_method":{"type":"scheme","encryptedCardNumber":"x"},"amount":{"value":1,"currency":"EUR"},"shopperEmail":"mallory@example.com","returnUrl":"https://evil.example/","origin":"https://evil.example","channel":"iOS"}`,
			&paymentv1.CreateCardPaymentRequest{PaymentMethodJson: `{"type":"scheme","encryptedCardNumber":"x"}`,
				ReturnUrl: "http://shop.hostwerk.de/confirm", Origin: "http://shop.hostwerk.de", IdempotencyKey: "attempt-1"}},
		{"POST", "/api/v2/adyen/payment-details", `{"redirect_result":"abc+def="}`,
			&paymentv1.SubmitCardPaymentDetailsRequest{RedirectResult: "abc+def=", IdempotencyKey: "attempt-1"}},
		{"POST", "/api/v2/adyen/payment-details", `{"details":{"redirectResult":"spec-shape"}}`,
			&paymentv1.SubmitCardPaymentDetailsRequest{RedirectResult: "spec-shape", IdempotencyKey: "attempt-1"}},
		// The paths before spec §7's stay for bundles loaded before a deploy.
		{"POST", "/api/v2/create-payment", `{"payment_method":{"type":"scheme"}}`,
			&paymentv1.CreateCardPaymentRequest{PaymentMethodJson: `{"type":"scheme"}`, ReturnUrl: "http://shop.hostwerk.de/confirm", Origin: "http://shop.hostwerk.de", IdempotencyKey: "attempt-1"}},
		{"POST", "/api/v2/payment-details", `{"redirect_result":"r"}`, &paymentv1.SubmitCardPaymentDetailsRequest{RedirectResult: "r", IdempotencyKey: "attempt-1"}},
	}
	for _, tt := range tests {
		stub := &stubPayments{types: []string{"sepa", "adyen-scheme", "paypal-integration"}}
		rec := serve(stub, tt.method, tt.target, tt.body, keyed)
		if rec.Code != http.StatusOK {
			t.Errorf("%s %s: %d %s", tt.method, tt.target, rec.Code, rec.Body)
			continue
		}
		if len(stub.calls) != 1 || !proto.Equal(stub.calls[0], tt.want) {
			t.Errorf("%s %s: calls %v, want %v", tt.method, tt.target, stub.calls, tt.want)
		}
	}
}

// A provider the brand does not offer (another name, or a brand without card payment types) is a
// 404 with a message key, and neither the provider nor its rate limit is asked.
func TestUnknownCardProviderIs404(t *testing.T) {
	const want = `{"error":"payment.card_provider_not_found","errors":{}}`
	tests := []struct {
		types          []string
		method, target string
	}{
		{[]string{"adyen-scheme"}, "POST", "/api/v2/stripe/payment-methods"},
		{[]string{"adyen-scheme"}, "POST", "/api/v2/stripe/create-payment"},
		{[]string{"adyen-scheme"}, "POST", "/api/v2/paypal/payment-details"},
		{[]string{"adyen-scheme"}, "GET", "/api/v2/ADYEN/payment-methods"},
		// Alpenhost offers no card: its payment types name no card provider.
		{[]string{"sepa", "paypal", "bank-transfer"}, "POST", "/api/v2/adyen/payment-methods"},
		{[]string{"sepa", "adyen-"}, "POST", "/api/v2/adyen/create-payment"},
		{nil, "POST", "/api/v2/adyen/payment-details"},
	}
	for _, tt := range tests {
		stub := &stubPayments{types: tt.types}
		rec := serve(stub, tt.method, tt.target, `{"payment_method":{"type":"scheme"},"redirect_result":"r"}`, keyed)
		if rec.Code != http.StatusNotFound || rec.Body.String() != want {
			t.Errorf("%s %s with %v: %d %s", tt.method, tt.target, tt.types, rec.Code, rec.Body)
		}
		if len(stub.calls) != 0 {
			t.Errorf("%s %s reached the provider: %v", tt.method, tt.target, stub.calls)
		}
	}
}

// The payment types unreadable: the service's error, not a 404 that would say the brand has no cards.
func TestCardProviderCheckFailsWithTheService(t *testing.T) {
	stub := &stubPayments{typeErr: status.Error(codes.Unavailable, "down")}
	rec := serve(stub, "POST", "/api/v2/adyen/create-payment", `{"payment_method":{"type":"scheme"}}`, keyed)
	if rec.Code != http.StatusServiceUnavailable || len(stub.calls) != 0 {
		t.Fatalf("payment types down: %d %s, calls %v", rec.Code, rec.Body, stub.calls)
	}
}

func TestCardRoutesRejectMalformedBodies(t *testing.T) {
	tests := []struct {
		target, body string
		header       map[string]string
		want         string
	}{
		{"/api/v2/adyen/create-payment", `{"payment_method":{"type":"scheme"}}`, nil, "payment.idempotency_key_required"},
		{"/api/v2/adyen/create-payment", `{"amount":{"value":1}}`, keyed, "error.invalid_request"},
		{"/api/v2/adyen/payment-details", `{"details":"x"}`, keyed, "error.invalid_request"},
		{"/api/v2/adyen/payment-details", `{"details":{"redirectResult":""}}`, keyed, "error.invalid_request"},
		{"/api/v2/adyen/payment-details", `null`, keyed, "error.invalid_request"},
	}
	for _, tt := range tests {
		stub := &stubPayments{types: []string{"adyen-scheme"}}
		rec := serve(stub, "POST", tt.target, tt.body, tt.header)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"error":"`+tt.want+`"`) || len(stub.calls) != 0 {
			t.Errorf("%s %s: %d %s, calls %v", tt.target, tt.body, rec.Code, rec.Body, stub.calls)
		}
	}
}

func TestRedirectResult(t *testing.T) {
	tests := []struct {
		raw  string
		want string
		ok   bool
	}{
		{`{"redirect_result":"a"}`, "a", true},
		{`{"details":{"redirectResult":"b"}}`, "b", true},
		{`{"redirect_result":"a","details":{"redirectResult":"b"}}`, "a", true},
		{`{"details":null}`, "", false},
		{`{}`, "", false},
		{`[]`, "", false},
		{``, "", false},
	}
	for _, tt := range tests {
		if got, ok := redirectResult([]byte(tt.raw)); got != tt.want || ok != tt.ok {
			t.Errorf("redirectResult(%s) = %q, %v", tt.raw, got, ok)
		}
	}
}
