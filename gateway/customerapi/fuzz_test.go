package customerapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/internal/wirestub"
	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/sessions"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
)

// FuzzCustomerRequests sends what a visitor shapes to the customer routes (route picks which:
// the basic info and address forms, the login body, the authorization URL's panel data) over
// real gRPC to a stub. A body that does not decode answers 400 error.invalid_request with no
// call; anything else reaches the service exactly as decoded and answers its 200, never a 5xx.
func FuzzCustomerRequests(f *testing.F) {
	for _, seed := range []struct {
		route uint8
		body  string
	}{
		{0, `{"group":1,"gender":0,"first_name":"Erika","last_name":"Mustermann","email":"erika@example.de"}`},
		{0, `{"group":0,"gender":1,"first_name":"Eva","last_name":"Muster","company_name":"Muster GmbH","company_vat_id":"DE 123 456 789","email":"eva@muster.de"}`},
		{0, `{"company_vat_id":"ıX123"}`},
		{0, `{"group":"1"}`},
		{0, `{"group":null,"gender":2147483648}`},
		{1, `{"street":"Hauptstr. 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`},
		{1, `{"postalCode":"1010","countryCode":"at","phone":"01 2345678"}`},
		{1, "{\"city\":\"K\xf6ln\"}"},
		{1, `{"street":7}`},
		{2, `{"authorization_code":"good","state":"s","subscription_id":"sub-1","use_cp_2":false,"clear_cart":true}`},
		{2, `{"authorization_code":"c","state":"s","oauth_data":{"order_type":"redirect_product_category","use_cp_2":true,"webhosting_id":"wh-1","category_slug":"webhosting","external_product_id":"p-1"}}`},
		{2, "{\"state\":\"\xff\"}"},
		{2, `{"clear_cart":"yes"}`},
		{2, `null`},
		{3, `eyJ3ZWJob3N0aW5nX2lkIjoid2gtMSJ9`},
		{3, `a+b/c=-_ é<script>`},
		{3, strings.Repeat("A", maxDataLen+1)},
		{3, ``},
	} {
		f.Add(seed.route, seed.body)
	}
	conn, stub := wirestub.Dial(f)
	gin.SetMode(gin.ReleaseMode)
	https, err := middleware.NewHTTPSDetector(nil)
	if err != nil {
		f.Fatal(err)
	}
	engine := gin.New()
	New(customerv1.NewCustomerServiceClient(conn), Options{Cart: cartv1.NewCartServiceClient(conn), IsHTTPS: https.IsHTTPS}).
		Register(engine.Group("/api/v2", middleware.Session(https, sessions.NewMemory())))
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		var req *http.Request
		switch route % 4 {
		case 0:
			req = httptest.NewRequest(http.MethodPut, "/api/v2/session/basic-info", strings.NewReader(body))
		case 1:
			req = httptest.NewRequest(http.MethodPut, "/api/v2/session/address-info", strings.NewReader(body))
		case 2:
			req = httptest.NewRequest(http.MethodPost, "/api/v2/customer/login", strings.NewReader(body))
		default:
			req = httptest.NewRequest(http.MethodPost, "/api/v2/customer/authorization-url?"+url.Values{"data": {body}}.Encode(), nil)
		}
		req.Host = "shop.hostwerk.de"
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, req)
		calls := stub.Take()

		var want []proto.Message
		switch route % 4 {
		case 0:
			form := &customerv1.BasicInfo{}
			if contractJSON.Unmarshal([]byte(body), form) == nil {
				want = []proto.Message{&customerv1.SetBasicInfoRequest{BasicInfo: form}}
			}
		case 1:
			form := &customerv1.Address{}
			if contractJSON.Unmarshal([]byte(body), form) == nil {
				want = []proto.Message{&customerv1.SetAddressRequest{Address: form}}
			}
		case 2:
			var b loginBody
			if json.Unmarshal([]byte(body), &b) == nil {
				login := &customerv1.CompleteLoginRequest{AuthorizationCode: b.AuthorizationCode, State: b.State, SubscriptionId: b.SubscriptionID}
				if d := b.OAuthData; d != nil {
					login.Panel = &customerv1.PanelSignIn{OrderType: d.OrderType, UseCp_2: d.UseCP2 || b.UseCP2, WebhostingId: d.WebhostingID,
						CategorySlug: d.CategorySlug, ExternalProductId: d.ExternalProductID}
				}
				want = []proto.Message{login}
				if b.ClearCart {
					want = append(want, &cartv1.ClearCartRequest{})
				}
			}
		default:
			data := nonBase64.ReplaceAllString(body, "")
			if len(data) <= maxDataLen {
				redirect := "http://shop.hostwerk.de" + CallbackPath
				if data != "" {
					redirect += "?" + url.Values{"data": {data}}.Encode()
				}
				// With the panel's data it is a panel sign-in.
				want = []proto.Message{&customerv1.BeginLoginRequest{RedirectUri: redirect, Panel: data != ""}}
			}
		}
		if want == nil {
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"error":"`+httperr.KeyInvalidRequest+`"`) || len(calls) != 0 {
				t.Fatalf("route %d, %q: %d %s after %d calls; want 400 %s and no call", route%4, body, rec.Code, rec.Body, len(calls), httperr.KeyInvalidRequest)
			}
			return
		}
		if rec.Code != http.StatusOK || len(calls) != len(want) {
			t.Fatalf("route %d, %q: %d %s after %d calls; want 200 after %d", route%4, body, rec.Code, rec.Body, len(calls), len(want))
		}
		for i, w := range want {
			got := w.ProtoReflect().New().Interface()
			if err := calls[i].Decode(got); err != nil || !proto.Equal(got, w) {
				t.Fatalf("route %d, %q: call %s got\n%v (%v)\nwant\n%v", route%4, body, calls[i].Method, got, err, w)
			}
		}
		if u := calls[0]; route%4 == 3 {
			var begin customerv1.BeginLoginRequest
			_ = u.Decode(&begin)
			if p, err := url.Parse(begin.GetRedirectUri()); err != nil || p.Path != CallbackPath || len(p.Query()["data"]) > 1 {
				t.Fatalf("%q: redirect URI %q does not come back to the callback (%v)", body, begin.GetRedirectUri(), err)
			}
		}
	})
}

// contractJSON decodes bodies as the contract's messages the way the routes do.
var contractJSON = protojson.UnmarshalOptions{DiscardUnknown: true}
