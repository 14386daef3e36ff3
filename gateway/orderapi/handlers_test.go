package orderapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/hostcart/checkout/gateway/middleware"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
)

// fakeOrders records what the gateway asked and answers canned results.
type fakeOrders struct {
	orderv1.OrderServiceClient
	placed    []*orderv1.PlaceOrderRequest
	validate  []*orderv1.ValidateSMSRequest
	resend    []*orderv1.ResendSMSRequest
	cancels   int
	referrals []*orderv1.GetReferralRequest
	// found is the order GetOrder answers; nil: another session's (not found).
	found *orderv1.Order
	err   error
}

const ulid = "01JDQ8ZQ5X7W3Y9V2T4R6P8M0N"

func (f *fakeOrders) PlaceOrder(_ context.Context, in *orderv1.PlaceOrderRequest, _ ...grpc.CallOption) (*orderv1.PlaceOrderResponse, error) {
	f.placed = append(f.placed, in)
	return &orderv1.PlaceOrderResponse{Order: &orderv1.Order{OrderId: ulid, OrderCode: "HW-1"}}, f.err
}

func (f *fakeOrders) GetReferral(_ context.Context, in *orderv1.GetReferralRequest, _ ...grpc.CallOption) (*orderv1.GetReferralResponse, error) {
	f.referrals = append(f.referrals, in)
	return &orderv1.GetReferralResponse{Id: "pv-9", Source: "pvid"}, f.err
}

func (f *fakeOrders) ValidateSMS(_ context.Context, in *orderv1.ValidateSMSRequest, _ ...grpc.CallOption) (*orderv1.ValidateSMSResponse, error) {
	f.validate = append(f.validate, in)
	return &orderv1.ValidateSMSResponse{Order: &orderv1.Order{OrderId: in.OrderId}}, f.err
}

func (f *fakeOrders) ResendSMS(_ context.Context, in *orderv1.ResendSMSRequest, _ ...grpc.CallOption) (*orderv1.ResendSMSResponse, error) {
	f.resend = append(f.resend, in)
	return &orderv1.ResendSMSResponse{Sent: true}, f.err
}

func (f *fakeOrders) GetOrder(_ context.Context, in *orderv1.GetOrderRequest, _ ...grpc.CallOption) (*orderv1.GetOrderResponse, error) {
	if f.found == nil || f.found.OrderId != in.OrderId {
		return nil, status.Error(codes.NotFound, "order.not_found")
	}
	return &orderv1.GetOrderResponse{Order: f.found}, nil
}

func (f *fakeOrders) CancelSession(context.Context, *orderv1.CancelSessionRequest, ...grpc.CallOption) (*orderv1.CancelSessionResponse, error) {
	f.cancels++
	return &orderv1.CancelSessionResponse{}, nil
}

func engine(f *fakeOrders) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	h := New(f)
	h.Register(e.Group("/api/v2"))
	h.RegisterV1(e.Group("/api/v1"))
	return e
}

func do(e *gin.Engine, method, target, body string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

func TestPlaceReadsOnlyFeedbackAndNeedsAKey(t *testing.T) {
	f := &fakeOrders{}
	e := engine(f)
	body := `{"idempotency_key":"from-the-body","referral_id":"ref_1","known_from":"other","other_known_from":"a friend","generalbusinessterm":true,"privacyterm":true,` +
		`"mca_agreement":true,"cart":{"items":[{"price":1}]},"payment":{"type":"sepa"},"basic_info":{"email":"x@y.z"},"total":1}`
	if rec := do(e, http.MethodPost, "/api/v2/orders", body, nil); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), KeyIdempotencyKeyRequired) {
		t.Fatalf("without key: %d %s", rec.Code, rec.Body)
	}
	if rec := do(e, http.MethodPost, "/api/v2/orders", body, map[string]string{"Idempotency-Key": strings.Repeat("k", 256)}); rec.Code != http.StatusBadRequest {
		t.Fatalf("key of 256 characters: %d", rec.Code)
	}
	rec := do(e, http.MethodPost, "/api/v2/orders", body, map[string]string{"Idempotency-Key": strings.Repeat("k", 255)})
	if rec.Code != http.StatusOK || len(f.placed) != 1 {
		t.Fatalf("placed: %d %s", rec.Code, rec.Body)
	}
	got := f.placed[0]
	if got.IdempotencyKey != strings.Repeat("k", 255) || got.ReferralId != "ref_1" || got.KnownFrom != "other" || got.OtherKnownFrom != "a friend" ||
		!got.Generalbusinessterm || !got.Privacyterm || !got.McaAgreement || got.EultAgreement {
		t.Fatalf("asked the service %+v", got)
	}
	if rec := do(e, http.MethodPost, "/api/v2/orders", `{"comment":`, map[string]string{"Idempotency-Key": "k"}); rec.Code != http.StatusBadRequest {
		t.Fatalf("broken JSON: %d", rec.Code)
	}
	f.err = status.Error(codes.AlreadyExists, "order.idempotency_key_reused")
	if rec := do(e, http.MethodPost, "/api/v2/orders", `{}`, map[string]string{"Idempotency-Key": "k"}); rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "order.idempotency_key_reused") {
		t.Fatalf("reused key: %d %s", rec.Code, rec.Body)
	}
}

func TestSMSFieldsCarrySpecNames(t *testing.T) {
	st, _ := status.New(codes.InvalidArgument, "validation.failed").WithDetails(&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
		{Field: "sms_code", Description: "order.sms_code_invalid"}, {Field: "phone_no", Description: "validation.required"},
	}})
	f := &fakeOrders{err: st.Err()}
	e := engine(f)
	rec := do(e, http.MethodPost, "/api/v2/orders/"+ulid+"/validate", `{"phoneNo":" +49 30 1 ","smsCode":"AB3CD","method":"sms"}`, nil)
	var body struct {
		Error  string              `json:"error"`
		Errors map[string][]string `json:"errors"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != http.StatusBadRequest || body.Error != "validation.failed" ||
		body.Errors["smsCode"][0] != "order.sms_code_invalid" || body.Errors["phoneNo"][0] != "validation.required" || len(body.Errors) != 2 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if in := f.validate[0]; in.OrderId != ulid || in.SmsCode != "AB3CD" || in.PhoneNo != " +49 30 1 " {
		t.Fatalf("asked the service %+v", in)
	}
	if rec := do(e, http.MethodPost, "/api/v2/orders/"+ulid+"/validate", `{"smsCode":"AB3CD","method":"email"}`, nil); rec.Code != http.StatusBadRequest {
		t.Fatalf("another method: %d", rec.Code)
	}

	limited, _ := status.New(codes.ResourceExhausted, "order.sms_rate_limited").WithDetails(&errdetails.RetryInfo{RetryDelay: durationpb.New(1500 * time.Millisecond)})
	f.err = limited.Err()
	// The spec's GET form needs the CSRF token (a link on another site sends no SMS).
	if rec := do(e, http.MethodGet, "/api/v1/"+ulid+"/sms", "", nil); rec.Code != http.StatusForbidden {
		t.Fatalf("GET resend without the CSRF token: %d %s", rec.Code, rec.Body)
	}
	rec = do(e, http.MethodPost, "/api/v1/"+ulid+"/sms", `{"phoneNo":"+49 30 1"}`, nil)
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "2" || !strings.Contains(rec.Body.String(), "order.sms_rate_limited") {
		t.Fatalf("rate limited resend: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
}

func TestOrderIDsAndCancel(t *testing.T) {
	f := &fakeOrders{}
	e := engine(f)
	for _, target := range []string{"/api/v2/orders/1", "/api/v2/orders/../../x", "/api/v2/orders/" + ulid + "0"} {
		if rec := do(e, http.MethodGet, target, "", nil); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d", target, rec.Code)
		}
	}
	if rec := do(e, http.MethodGet, "/api/v2/orders/"+ulid, "", nil); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "order.not_found") {
		t.Fatalf("another session's order: %d %s", rec.Code, rec.Body)
	}
	// The cancel is a GET by the spec, but a link from another site must not trigger it.
	if rec := do(e, http.MethodGet, "/api/v2/session/cancel", "", nil); rec.Code != http.StatusForbidden || f.cancels != 0 {
		t.Fatalf("cancel without token: %d", rec.Code)
	}
	token := strings.Repeat("A", 43)
	rec := do(e, http.MethodGet, "/api/v2/session/cancel", "", map[string]string{"Cookie": middleware.CSRFCookie + "=" + token, middleware.CSRFHeader: token})
	if rec.Code != http.StatusOK || f.cancels != 1 {
		t.Fatalf("cancel with token: %d %s", rec.Code, rec.Body)
	}
}

// Spec §7: the pvid and emid cookies are referral sources; the gateway passes the request's
// cookies to the order service on GET /session/referral and POST /orders, never cookies a body
// names.
func TestReferralCookiesPassedOn(t *testing.T) {
	f := &fakeOrders{}
	e := engine(f)
	cookies := map[string]string{"Cookie": "pvid=pv-9; emid=mail_42; other=x"}
	rec := do(e, http.MethodGet, "/api/v2/session/referral", "", cookies)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"source":"pvid"`) {
		t.Fatalf("GET /session/referral: %d %s", rec.Code, rec.Body)
	}
	if len(f.referrals) != 1 || f.referrals[0].GetCookies().GetPvid() != "pv-9" || f.referrals[0].GetCookies().GetEmid() != "mail_42" {
		t.Fatalf("GetReferral asked with %v", f.referrals)
	}
	header := map[string]string{"Cookie": "emid=mail_42", "Idempotency-Key": "k1", "Content-Type": "application/json"}
	if rec := do(e, http.MethodPost, "/api/v2/orders", `{"cookies":{"pvid":"forged"},"generalbusinessterm":true}`, header); rec.Code != http.StatusOK {
		t.Fatalf("POST /orders: %d %s", rec.Code, rec.Body)
	}
	if c := f.placed[0].GetCookies(); c.GetPvid() != "" || c.GetEmid() != "mail_42" {
		t.Fatalf("PlaceOrder cookies %v, want the request's emid only", c)
	}
	if rec := do(e, http.MethodPost, "/api/v2/orders", `{"cookies":{"pvid":"forged"}}`, map[string]string{"Idempotency-Key": "k2"}); rec.Code != http.StatusOK || f.placed[1].GetCookies() != nil {
		t.Fatalf("POST /orders without cookies: %d, cookies %v", rec.Code, f.placed[1].GetCookies())
	}
}

// Issue 23: GET /orders/:id names a SEPA order's mandate reference and creditor for the success
// page, under the contract's field names.
func TestOrderAnswersTheSEPAMandate(t *testing.T) {
	f := &fakeOrders{found: &orderv1.Order{OrderId: ulid, OrderCode: "HW-1", PaymentType: "sepa",
		SepaMandateReference: "HC261127ABCDEFGHJKMN", SepaCreditorId: "DE98ZZZ09999999999", SepaCreditorName: "Hostwerk GmbH"}}
	rec := do(engine(f), http.MethodGet, "/api/v2/orders/"+ulid, "", nil)
	var body struct {
		Order struct {
			PaymentType          string `json:"payment_type"`
			SepaMandateReference string `json:"sepa_mandate_reference"`
			SepaCreditorID       string `json:"sepa_creditor_id"`
			SepaCreditorName     string `json:"sepa_creditor_name"`
		} `json:"order"`
	}
	if rec.Code != http.StatusOK {
		t.Fatalf("GET order: %d %s", rec.Code, rec.Body)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("GET order: %v in %s", err, rec.Body)
	}
	if o := body.Order; o.PaymentType != "sepa" || o.SepaMandateReference != "HC261127ABCDEFGHJKMN" ||
		o.SepaCreditorID != "DE98ZZZ09999999999" || o.SepaCreditorName != "Hostwerk GmbH" {
		t.Fatalf("GET order answered %s", rec.Body)
	}
}
