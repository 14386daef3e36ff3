package paymentapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/internal/wirestub"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
)

// FuzzPaymentRequests sends what a visitor (or anyone posting to a webhook) shapes to the payment
// routes (route picks which: the SEPA option, card payment creation and details, PayPal
// subscription creation and confirmation, PayPal's webhook) with an Idempotency-Key or PayPal
// header over real gRPC to a stub. A header or body the gateway refuses answers 400 with its key
// and no call; anything else reaches the service once, as decoded, and answers its 200, never a
// 5xx.
func FuzzPaymentRequests(f *testing.F) {
	for _, seed := range []struct {
		route        uint8
		header, body string
	}{
		{0, "", `{"type":"sepa","holder":"Erika Mustermann","iban":"DE89 3704 0044 0532 0130 00","bic":"COBADEFFXXX","bank":"Commerzbank","permission":true}`},
		{0, "", `{"type":"adyen-scheme","psp_reference":"forged","sms_validation":true}`},
		{0, "", `{"permission":"yes"}`},
		{1, "attempt-1", `{"payment_method":{"type":"scheme","encryptedCardNumber":"test_4111111111111111","encryptedExpiryMonth":"test_03","encryptedExpiryYear":"test_2030","encryptedSecurityCode":"test_737"},"amount":{"value":1}}`},
		{1, "attempt-1", `{"payment_method":null}`},
		{1, "attempt-1", `{"payment_method":"scheme"}`},
		{1, "attempt-1", "{\"payment_method\":{\"holderName\":\"\xff\"}}"},
		{1, "", `{"payment_method":{}}`},
		{1, "schlüssel", `{"payment_method":{}}`},
		{2, "attempt-2", `{"redirect_result":"X3XtfGC7!5Y2dmW="}`},
		{2, "attempt-2", `{"details":{"redirectResult":"eyJ0cmFuc1N0YXR1cyI6IlkifQ=="}}`},
		{2, "attempt-2", `{"details":1}`},
		{2, "attempt-2", `{"details":{"redirectResult":null}}`},
		{2, "attempt-2", "{\"redirect_result\":\"\xff\"}"},
		{3, "attempt-3", `{"order_code":"A1B2C3"}`},
		{3, "attempt-3", ``},
		{3, "attempt-3", `{"order_code":"../x"}`},
		{4, "", `{"subscription_id":"I-BW452GLLEP1G"}`},
		{4, "", `{"subscription_id":""}`},
		{5, "WH-58D329510W468432D-8HN650336L201105X", `{"id":"WH-1","event_type":"BILLING.SUBSCRIPTION.ACTIVATED"}`},
		{5, "\xff", `{}`},
	} {
		f.Add(seed.route, seed.header, seed.body)
	}
	conn, stub := wirestub.Dial(f)
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	h := New(paymentv1.NewPaymentServiceClient(conn), nil)
	h.Register(engine.Group("/api/v2"))
	h.RegisterWebhooks(engine)
	f.Fuzz(func(t *testing.T, route uint8, header, body string) {
		// Only what net/http's server lets through reaches a handler: no control characters in a
		// header value, which it trims of spaces and tabs.
		if strings.ContainsFunc(header, func(r rune) bool { return (r < ' ' && r != '\t') || r == 0x7f }) {
			return
		}
		header = strings.Trim(header, " \t")
		const origin = "http://shop.hostwerk.de"
		paths := []string{"/api/v2/session/payment", "/api/v2/create-payment", "/api/v2/payment-details",
			"/api/v2/paypal/create-subscription", "/api/v2/paypal/confirm-subscription", "/webhooks/paypal"}
		method := http.MethodPost
		if route%6 == 0 {
			method = http.MethodPut
		}
		req := httptest.NewRequest(method, paths[route%6], strings.NewReader(body))
		req.Host = "shop.hostwerk.de"
		if route%6 == 5 {
			req.Header.Set("PAYPAL-TRANSMISSION-ID", header)
		} else {
			req.Header.Set("Idempotency-Key", header)
		}
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, req)
		calls := stub.Take()

		refuse := func(key string) {
			t.Helper()
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"error":"`+key+`"`) || len(calls) != 0 {
				t.Fatalf("route %d, header %q, body %q: %d %s after %d calls; want 400 %s and no call", route%6, header, body, rec.Code, rec.Body, len(calls), key)
			}
		}
		keyOK := grpcclient.ValidIdempotencyKey(header)
		var want proto.Message
		switch route % 6 {
		case 0:
			option := &paymentv1.PaymentOption{}
			if contractJSON.Unmarshal([]byte(body), option) != nil {
				refuse(httperr.KeyInvalidRequest)
				return
			}
			want = &paymentv1.SetSessionPaymentRequest{Payment: option}
		case 1:
			var b struct {
				PaymentMethod json.RawMessage `json:"payment_method"`
			}
			switch {
			case !keyOK:
				refuse("payment.idempotency_key_required")
				return
			case json.Unmarshal([]byte(body), &b) != nil || len(b.PaymentMethod) == 0:
				refuse(httperr.KeyInvalidRequest)
				return
			case b.PaymentMethod[0] != '{' || !utf8.Valid(b.PaymentMethod):
				// The component's data is an object, and what goes on as sent must be UTF-8.
				refuse(httperr.KeyInvalidRequest)
				return
			}
			want = &paymentv1.CreateCardPaymentRequest{PaymentMethodJson: string(b.PaymentMethod), ReturnUrl: origin + "/confirm", Origin: origin, IdempotencyKey: header}
		case 2:
			result, ok := redirectResult([]byte(body))
			if ok != (result != "") {
				t.Fatalf("redirectResult(%q) = %q, %v", body, result, ok)
			}
			switch {
			case !keyOK:
				refuse("payment.idempotency_key_required")
				return
			case !ok:
				refuse(httperr.KeyInvalidRequest)
				return
			}
			want = &paymentv1.SubmitCardPaymentDetailsRequest{RedirectResult: result, IdempotencyKey: header}
		case 3:
			var b struct {
				OrderCode string `json:"order_code"`
			}
			switch {
			case !keyOK:
				refuse("payment.idempotency_key_required")
				return
			case len(bytes.TrimSpace([]byte(body))) > 0 && json.Unmarshal([]byte(body), &b) != nil,
				b.OrderCode != "" && !orderCode.MatchString(b.OrderCode):
				refuse(httperr.KeyInvalidRequest)
				return
			}
			if b.OrderCode == "" {
				b.OrderCode = pendingOrderCode
			}
			want = &paymentv1.CreatePayPalSubscriptionRequest{ReturnUrl: origin + "/confirm", CancelUrl: origin + "/cancel-paypal-subscription/" + b.OrderCode, IdempotencyKey: header}
		case 4:
			var b struct {
				SubscriptionID string `json:"subscription_id"`
			}
			if json.Unmarshal([]byte(body), &b) != nil || b.SubscriptionID == "" || len(b.SubscriptionID) > 128 {
				refuse(httperr.KeyInvalidRequest)
				return
			}
			want = &paymentv1.ConfirmPayPalSubscriptionRequest{SubscriptionId: b.SubscriptionID}
		default:
			if !utf8.ValidString(header) {
				refuse(httperr.KeyInvalidRequest)
				return
			}
			want = &paymentv1.HandlePayPalWebhookRequest{Body: []byte(body), TransmissionId: header}
		}
		if rec.Code != http.StatusOK || len(calls) != 1 {
			t.Fatalf("route %d, header %q, body %q: %d %s after %d calls; want 200 after one", route%6, header, body, rec.Code, rec.Body, len(calls))
		}
		got := want.ProtoReflect().New().Interface()
		if err := calls[0].Decode(got); err != nil || !proto.Equal(got, want) {
			t.Fatalf("route %d, %q: %s got\n%v (%v)\nwant\n%v", route%6, body, calls[0].Method, got, err, want)
		}
	})
}

// contractJSON decodes bodies as the contract's messages the way the routes do.
var contractJSON = protojson.UnmarshalOptions{DiscardUnknown: true}
