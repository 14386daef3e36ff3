package orderapi

import (
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
	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/sessions"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
)

const fuzzOrderID = "01JD6W3QX8Y5N2R4T7V9B1C3E5"

// FuzzOrderRequests sends what a visitor shapes to the order routes (route picks which: placing
// an order with its Idempotency-Key header, body and referral cookie, the SMS validation and
// resend, the referral id, the session restore and the draft save) over real gRPC to a stub. A
// header or body the gateway refuses answers 400 with its key and no call; anything else reaches
// the service once, as decoded, and answers its 200, never a 5xx.
func FuzzOrderRequests(f *testing.F) {
	for _, seed := range []struct {
		route             uint8
		key, cookie, body string
	}{
		{0, "7d0c4a52-1f3e-4b7a-9c55-0e2f6a8b9d01", "", `{"known_from":"search_engine","comment":"Bitte schnell","gtc_agreement":true,"generalbusinessterm":true,"privacyterm":true,"early_start":true}`},
		{0, "k1", "p-123", `{"advertised_customer":"K-1","referral_id":"r-9","allowed_newsletter":true,"basic_info":{"first_name":"Erika"},"cart":{"items":[]},"idempotency_key":"other"}`},
		{0, "k1", "%ff", `{}`},
		{0, "schlüssel", "", `{}`},
		{0, "\x80", "", `{}`},
		{0, "", "", `{}`},
		{0, strings.Repeat("k", grpcclient.MaxIdempotencyKeyLength+1), "", `{}`},
		{0, "k1", "", `{"gtc_agreement":"yes"}`},
		{0, "k1", "", "{\"comment\":\"\xff\"}"},
		{1, "", "", `{"phoneNo":"+49 170 1234567","smsCode":"123456","method":"sms"}`},
		{1, "", "", `{"smsCode":"123456","method":"call"}`},
		{1, "", "", "{\"phoneNo\":\"\xc3\"}"},
		{2, "", "", `{"phoneNo":"+43 664 1234567"}`},
		{2, "", "", ``},
		{2, "", "", `[`},
		{3, "", "", `{"id":"partner-42"}`},
		{3, "", "", `{"id":42}`},
		{4, "", "", `{"session_code":"abc123"}`},
		{4, "", "", `{"session_code":"abc 123"}`},
		{5, "", "", `{"version":3}`},
		{5, "", "", `{"version":"3"}`},
	} {
		f.Add(seed.route, seed.key, seed.cookie, seed.body)
	}
	conn, stub := wirestub.Dial(f)
	gin.SetMode(gin.ReleaseMode)
	https, err := middleware.NewHTTPSDetector(nil)
	if err != nil {
		f.Fatal(err)
	}
	engine := gin.New()
	h := New(orderv1.NewOrderServiceClient(conn))
	api := engine.Group("/api/v2", middleware.Session(https, sessions.NewMemory()))
	h.Register(api)
	h.RegisterDrafts(api, "")
	h.RegisterV1(engine.Group("/api/v1", middleware.Session(https, sessions.NewMemory())))
	f.Fuzz(func(t *testing.T, route uint8, key, cookie, body string) {
		// Only what net/http's server lets through reaches a handler: no control characters in a
		// header value, which it trims of spaces and tabs.
		if strings.ContainsFunc(key+cookie, func(r rune) bool { return (r < ' ' && r != '\t') || r == 0x7f }) {
			return
		}
		key = strings.Trim(key, " \t")
		var req *http.Request
		switch route % 6 {
		case 0:
			req = httptest.NewRequest(http.MethodPost, "/api/v2/orders", strings.NewReader(body))
			req.Header.Set("Idempotency-Key", key)
			req.Header.Set("Cookie", CookiePVID+"="+cookie)
		case 1:
			req = httptest.NewRequest(http.MethodPost, "/api/v2/orders/"+fuzzOrderID+"/validate", strings.NewReader(body))
		case 2:
			req = httptest.NewRequest(http.MethodPost, "/api/v1/"+fuzzOrderID+"/sms", strings.NewReader(body))
		case 3:
			req = httptest.NewRequest(http.MethodPut, "/api/v2/session/referral", strings.NewReader(body))
		case 4:
			req = httptest.NewRequest(http.MethodPost, "/api/v2/session/restore", strings.NewReader(body))
		default:
			req = httptest.NewRequest(http.MethodPost, "/api/v2/order-drafts/current", strings.NewReader(body))
		}
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, req)
		calls := stub.Take()

		refuse := func(status int, key string) {
			t.Helper()
			if rec.Code != status || !strings.Contains(rec.Body.String(), `"error":"`+key+`"`) || len(calls) != 0 {
				t.Fatalf("route %d, %q: %d %s after %d calls; want %d %s and no call", route%6, body, rec.Code, rec.Body, len(calls), status, key)
			}
		}
		var want proto.Message
		switch route % 6 {
		case 0:
			place := &orderv1.PlaceOrderRequest{}
			switch {
			case !grpcclient.ValidIdempotencyKey(key):
				refuse(http.StatusBadRequest, KeyIdempotencyKeyRequired)
				return
			case contractJSON.Unmarshal([]byte(body), place) != nil:
				refuse(http.StatusBadRequest, httperr.KeyInvalidRequest)
				return
			}
			// A referral cookie goes on as the browser sent it, unless it is no UTF-8.
			place.IdempotencyKey, place.Cookies = key, nil
			if pvid, _ := (&gin.Context{Request: req}).Cookie(CookiePVID); pvid != "" && utf8.ValidString(pvid) {
				place.Cookies = &orderv1.ReferralCookies{Pvid: pvid}
			}
			want = place
		case 1:
			var b struct {
				PhoneNo string `json:"phoneNo"`
				SMSCode string `json:"smsCode"`
				Method  string `json:"method"`
			}
			if json.Unmarshal([]byte(body), &b) != nil || (b.Method != "" && b.Method != "sms") {
				refuse(http.StatusBadRequest, httperr.KeyInvalidRequest)
				return
			}
			want = &orderv1.ValidateSMSRequest{OrderId: fuzzOrderID, PhoneNo: b.PhoneNo, SmsCode: b.SMSCode}
		case 2:
			var b struct {
				PhoneNo string `json:"phoneNo"`
			}
			if body != "" && json.Unmarshal([]byte(body), &b) != nil {
				refuse(http.StatusBadRequest, httperr.KeyInvalidRequest)
				return
			}
			want = &orderv1.ResendSMSRequest{OrderId: fuzzOrderID, PhoneNo: b.PhoneNo}
		case 3:
			var b struct {
				ID string `json:"id"`
			}
			if json.Unmarshal([]byte(body), &b) != nil {
				refuse(http.StatusBadRequest, httperr.KeyInvalidRequest)
				return
			}
			want = &orderv1.SetReferralRequest{Id: b.ID}
		case 4:
			var b struct {
				SessionCode string `json:"session_code"`
			}
			switch {
			case json.Unmarshal([]byte(body), &b) != nil:
				refuse(http.StatusBadRequest, httperr.KeyInvalidRequest)
				return
			case !sessionCode.MatchString(b.SessionCode):
				refuse(http.StatusNotFound, KeyDraftNotFound)
				return
			}
			want = &orderv1.OpenDraftRequest{SessionCode: b.SessionCode}
		default:
			var b struct {
				Version int64 `json:"version"`
			}
			if json.Unmarshal([]byte(body), &b) != nil {
				refuse(http.StatusBadRequest, httperr.KeyInvalidRequest)
				return
			}
			want = &orderv1.SaveDraftRequest{ExpectedVersion: b.Version}
		}
		if rec.Code != http.StatusOK || len(calls) != 1 {
			t.Fatalf("route %d, key %q, cookie %q, body %q: %d %s after %d calls; want 200 after one", route%6, key, cookie, body, rec.Code, rec.Body, len(calls))
		}
		got := want.ProtoReflect().New().Interface()
		if err := calls[0].Decode(got); err != nil || !proto.Equal(got, want) {
			t.Fatalf("route %d, %q: %s got\n%v (%v)\nwant\n%v", route%6, body, calls[0].Method, got, err, want)
		}
		if route%6 == 0 {
			if sent := calls[0].MD.Get(grpcclient.IdempotencyKeyHeader); len(sent) != 1 || sent[0] != key {
				t.Fatalf("key %q went out as %q", key, sent)
			}
		}
	})
}

// contractJSON decodes bodies as the contract's messages the way the routes do.
var contractJSON = protojson.UnmarshalOptions{DiscardUnknown: true}
