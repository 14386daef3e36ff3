package router_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/hostcart/checkout/gateway/internal/fakecart"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

func (v *visitor) send(t *testing.T, method, target, body string) *httptest.ResponseRecorder {
	t.Helper()
	h := map[string]string{"X-XSRF-TOKEN": v.token, "Content-Type": "application/json"}
	return v.e.do(t, request{method: method, target: target, body: body, cookies: v.cookies, header: h, host: v.host})
}

// Every route reaches its rpc with the path's ids and the body's values; is_sales_agent stays
// false whatever the body says.
func TestCartRoutesTranslateRequests(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	row := fakecart.RowID
	tests := []struct {
		method, target, body string
		rpc                  string
		want                 proto.Message
	}{
		{"GET", "/api/v2/session/cart", "", "GetCart", &cartv1.GetCartRequest{}},
		{"GET", "/api/v2/session/cart/priced", "", "GetPricedCart", &cartv1.GetPricedCartRequest{}},
		{"PUT", "/api/v2/session/cart", `{"items":[{"product":{"id":1001,"price_cents":1}}],"version":"7","is_sales_agent":true}`, "ReplaceCart",
			&cartv1.ReplaceCartRequest{Cart: &cartv1.Cart{Items: []*cartv1.Item{{Product: &cartv1.ProductLine{Id: 1001}}}}, ExpectedVersion: 7}},
		{"DELETE", "/api/v2/session/cart", "", "ClearCart", &cartv1.ClearCartRequest{}},
		{"POST", "/api/v2/session/cart/items", `{"product_id":1001,"maturity_id":100103,"interval_id":4,"additional_fields":[{"field_id":3,"value":"x"}],"informations":{"webcard_demo_reference":"d1"},"domains_from_row_id":"r2","is_sales_agent":true}`, "AddProduct",
			&cartv1.AddProductRequest{ProductId: 1001, MaturityId: 100103, IntervalId: 4, AdditionalFields: []*cartv1.FieldValue{{FieldId: 3, Value: "x"}},
				Informations: map[string]string{"webcard_demo_reference": "d1"}, DomainsFromRowId: "r2"}},
		{"DELETE", "/api/v2/session/cart/items/" + row, "", "RemoveItem", &cartv1.RemoveItemRequest{RowId: row}},
		{"POST", "/api/v2/session/cart/items/" + row + "/addons", `{"addon_id":1204,"maturity_id":5,"row_id":"other"}`, "AddAddon",
			&cartv1.AddAddonRequest{RowId: row, AddonId: 1204, MaturityId: 5}},
		{"DELETE", "/api/v2/session/cart/items/" + row + "/addons/1205?cascade=true", "", "RemoveAddon",
			&cartv1.RemoveAddonRequest{RowId: row, AddonId: 1205, Cascade: true}},
		{"POST", "/api/v2/session/cart/items/" + row + "/upsells", `{"upsell_id":1301}`, "AddUpsell", &cartv1.AddUpsellRequest{RowId: row, UpsellId: 1301}},
		{"DELETE", "/api/v2/session/cart/items/" + row + "/upsells/1301", "", "RemoveUpsell", &cartv1.RemoveUpsellRequest{RowId: row, UpsellId: 1301}},
		{"PUT", "/api/v2/session/cart/items/" + row + "/period", `{"maturity_id":100102,"interval_id":4}`, "SetPeriod",
			&cartv1.SetPeriodRequest{Line: &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_PRODUCT}, MaturityId: 100102, IntervalId: 4}},
		{"PUT", "/api/v2/session/cart/items/" + row + "/addons/1204/period", `{"maturity_id":9,"line":{"kind":"LINE_KIND_UPSELL","line_id":1}}`, "SetPeriod",
			&cartv1.SetPeriodRequest{Line: &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_ADDON, LineId: 1204}, MaturityId: 9}},
		{"PUT", "/api/v2/session/cart/items/" + row + "/upsells/1301/period", `{"interval_id":3}`, "SetPeriod",
			&cartv1.SetPeriodRequest{Line: &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_UPSELL, LineId: 1301}, IntervalId: 3}},
		{"POST", "/api/v2/session/cart/items/" + row + "/domains", `{"name":"mein-shop.de","auth_code":"a1","inclusive":true,"id":99,"additional_fields":[{"field_id":8,"value":"DE"}]}`, "AddDomain",
			&cartv1.AddDomainRequest{RowId: row, Domain: &cartv1.Domain{Name: "mein-shop.de", AuthCode: "a1", Inclusive: true, AdditionalFields: []*cartv1.FieldValue{{FieldId: 8, Value: "DE"}}}}},
		{"DELETE", "/api/v2/session/cart/domains/mein-shop.de", "", "RemoveDomain", &cartv1.RemoveDomainRequest{Domain: "mein-shop.de"}},
		{"PUT", "/api/v2/session/cart/items/" + row + "/additional-fields", `{"line":{"kind":"LINE_KIND_DOMAIN","domain":"mein-shop.de","row_id":"x"},"additional_fields":[{"field_id":8,"value":"AT"}]}`, "SetAdditionalFields",
			&cartv1.SetAdditionalFieldsRequest{Line: &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_DOMAIN, Domain: "mein-shop.de"}, AdditionalFields: []*cartv1.FieldValue{{FieldId: 8, Value: "AT"}}}},
		{"POST", "/api/v2/session/cart/promotions", `{"code":"welcome10"}`, "RedeemPromotionCode", &cartv1.RedeemPromotionCodeRequest{Code: "welcome10"}},
		{"DELETE", "/api/v2/session/cart/promotions/WELCOME10", "", "RemovePromotionCode", &cartv1.RemovePromotionCodeRequest{Code: "WELCOME10"}},
	}
	for _, tt := range tests {
		rec := v.send(t, tt.method, tt.target, tt.body)
		if rec.Code != http.StatusOK {
			t.Errorf("%s %s: %d %s", tt.method, tt.target, rec.Code, rec.Body)
			continue
		}
		call, ok := e.cart.Last(tt.rpc)
		if !ok {
			t.Errorf("%s %s: %s not called", tt.method, tt.target, tt.rpc)
			continue
		}
		if !proto.Equal(call.Req, tt.want) {
			t.Errorf("%s %s: %s got\n%v\nwant\n%v", tt.method, tt.target, tt.rpc, call.Req, tt.want)
		}
		if call.Values.SessionID == "" || call.Values.BrandID == 0 {
			t.Errorf("%s %s: call context %+v lacks session or brand", tt.method, tt.target, call.Values)
		}
	}
}

func TestCartAnswersAreProtoJSON(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := v.send(t, http.MethodPost, "/api/v2/session/cart/items", `{"product_id":1001}`)
	want := `{"cart":{"items":[{"row_id":"` + fakecart.RowID + `","product":{"id":1001,"maturity_id":100103,"interval_id":4,"promotion":"AUTO-WEB24-HALF","additional_fields":[],"informations":{}},
		"addons":[],"upsells":[],"domains":[],"is_preconfigured":false}],"version":"3","is_draft":false},"notices":[],"row_id":"` + fakecart.RowID + `"}`
	if rec.Code != http.StatusOK || !sameJSON(t, rec.Body.String(), want) {
		t.Fatalf("add product: %d %s", rec.Code, rec.Body)
	}
	rec = v.get(t, "/api/v2/session/cart")
	body := decode(t, rec.Body.Bytes())
	notices, _ := body["notices"].([]any)
	if rec.Code != http.StatusOK || len(notices) != 1 || notices[0].(map[string]any)["key"] != "cart.period_reset" {
		t.Fatalf("get cart: %d %s", rec.Code, rec.Body)
	}
}

// Malformed requests stop at the gateway with a clear 4xx and never reach the service.
func TestCartRoutesRejectMalformedRequests(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	row := fakecart.RowID
	tests := []struct {
		method, target, body string
		code                 int
		want                 string
	}{
		{"PUT", "/api/v2/session/cart", `{"items":`, 400, `{"error":"error.invalid_request","errors":{}}`},
		{"PUT", "/api/v2/session/cart", `{"items":"all"}`, 400, `{"error":"error.invalid_request","errors":{}}`},
		{"PUT", "/api/v2/session/cart", `{"items":[],"version":"x"}`, 400, `{"error":"error.invalid_request","errors":{}}`},
		{"PUT", "/api/v2/session/cart", `{"items":[{"domains":[{"name":"` + strings.Repeat("a", 300<<10) + `"}]}]}`, 400, `{"error":"error.invalid_request","errors":{}}`},
		{"POST", "/api/v2/session/cart/items", ``, 400, `{"error":"error.invalid_request","errors":{}}`},
		{"POST", "/api/v2/session/cart/items", `{"product_id":"abc"}`, 400, `{"error":"error.invalid_request","errors":{}}`},
		{"POST", "/api/v2/session/cart/items", `{"product_id":1,"informations":"` + strings.Repeat("x", 40<<10) + `"}`, 400, `{"error":"error.invalid_request","errors":{}}`},
		{"DELETE", "/api/v2/session/cart/items/" + strings.Repeat("r", 65), "", 404, `{"error":"cart.item_not_found","errors":{}}`},
		{"DELETE", "/api/v2/session/cart/items/" + row + "/addons/x", "", 404, `{"error":"cart.addon_not_found","errors":{}}`},
		{"DELETE", "/api/v2/session/cart/items/" + row + "/addons/-3", "", 404, `{"error":"cart.addon_not_found","errors":{}}`},
		{"DELETE", "/api/v2/session/cart/items/" + row + "/addons/3?cascade=maybe", "", 400, `{"error":"error.invalid_request","errors":{"cascade":["error.invalid_request"]}}`},
		{"DELETE", "/api/v2/session/cart/items/" + row + "/upsells/0", "", 404, `{"error":"cart.upsell_not_found","errors":{}}`},
		{"PUT", "/api/v2/session/cart/items/" + row + "/upsells/x/period", `{}`, 404, `{"error":"cart.upsell_not_found","errors":{}}`},
		{"DELETE", "/api/v2/session/cart/domains/" + strings.Repeat("d", 254), "", 404, `{"error":"cart.domain_not_found","errors":{}}`},
		{"POST", "/api/v2/session/cart/promotions", `{"code":"` + strings.Repeat("C", 65) + `"}`, 404, `{"error":"confirm.manual_promotion_not_found","errors":{"code":["confirm.manual_promotion_not_found"]}}`},
		{"DELETE", "/api/v2/session/cart/promotions/" + strings.Repeat("C", 65), "", 404, `{"error":"cart.promotion_not_found","errors":{}}`},
	}
	for _, tt := range tests {
		before := len(e.cart.Calls())
		rec := v.send(t, tt.method, tt.target, tt.body)
		if rec.Code != tt.code || rec.Body.String() != tt.want {
			t.Errorf("%s %.80s: %d %s, want %d %s", tt.method, tt.target, rec.Code, rec.Body, tt.code, tt.want)
		}
		if after := len(e.cart.Calls()); after != before {
			t.Errorf("%s %.80s reached the service", tt.method, tt.target)
		}
	}
}

// Cart mutations are state changes of the session: they need the CSRF token like every other.
func TestCartMutationsNeedCSRF(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	for _, r := range []struct{ method, target string }{
		{"PUT", "/api/v2/session/cart"}, {"DELETE", "/api/v2/session/cart"}, {"POST", "/api/v2/session/cart/items"},
		{"POST", "/api/v2/session/cart/promotions"}, {"DELETE", "/api/v2/session/cart/domains/a.de"},
	} {
		rec := e.do(t, request{method: r.method, target: r.target, body: `{}`, cookies: v.cookies})
		if rec.Code != http.StatusForbidden || rec.Body.String() != `{"error":"error.csrf_token_invalid","errors":{}}` {
			t.Errorf("%s %s without token: %d %s", r.method, r.target, rec.Code, rec.Body)
		}
	}
	if n := len(e.cart.Calls()); n != 0 {
		t.Errorf("%d calls reached the cart", n)
	}
}

// The cart's errors go through the one httperr table: the key as error, BadRequest violations per
// path as errors, ErrorInfo metadata as params, RetryInfo as Retry-After.
func TestCartErrorsAreMapped(t *testing.T) {
	retry, err := status.New(codes.ResourceExhausted, "error.too_many_requests").WithDetails(
		&errdetails.RetryInfo{RetryDelay: durationpb.New(1500 * time.Millisecond)},
		&errdetails.ErrorInfo{Reason: "error.too_many_requests", Metadata: map[string]string{"scope": "session"}},
	)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		err       error
		method    string
		target    string
		body      string
		code      int
		want      string
		retryWait string
	}{
		{"refused replace", fakecart.Error(codes.InvalidArgument, "cart.max_amount_of_same_products_in_cart_reached", nil,
			"items[5].product.id", "cart.max_amount_of_same_products_in_cart_reached", "items[1].domains[0].name", "cart.domain_duplicate"),
			"PUT", "/api/v2/session/cart", `{"items":[]}`, 400,
			`{"error":"cart.max_amount_of_same_products_in_cart_reached","errors":{"items[5].product.id":["cart.max_amount_of_same_products_in_cart_reached"],"items[1].domains[0].name":["cart.domain_duplicate"]}}`, ""},
		{"preconfigured", fakecart.Error(codes.PermissionDenied, "cart.preconfigured_item_locked", map[string]string{"row_id": "r1"}),
			"DELETE", "/api/v2/session/cart/items/r1", "", 403, `{"error":"cart.preconfigured_item_locked","errors":{},"params":{"row_id":"r1"}}`, ""},
		{"version conflict", fakecart.Error(codes.AlreadyExists, "cart.version_conflict", nil),
			"PUT", "/api/v2/session/cart", `{"items":[],"version":2}`, 409, `{"error":"cart.version_conflict","errors":{}}`, ""},
		{"qty_max", fakecart.Error(codes.FailedPrecondition, "cart.max_amount_of_same_products_in_cart_reached", map[string]string{"product_id": "1011", "qty_max": "5"}),
			"POST", "/api/v2/session/cart/items", `{"product_id":1011}`, 422,
			`{"error":"cart.max_amount_of_same_products_in_cart_reached","errors":{},"params":{"product_id":"1011","qty_max":"5"}}`, ""},
		{"not applicable", fakecart.Error(codes.FailedPrecondition, "confirm.manual_promotion_not_applicable", map[string]string{"code": "SSL20"}),
			"POST", "/api/v2/session/cart/promotions", `{"code":"SSL20"}`, 422,
			`{"error":"confirm.manual_promotion_not_applicable","errors":{},"params":{"code":"SSL20"}}`, ""},
		{"rate limit", retry.Err(), "POST", "/api/v2/session/cart/promotions", `{"code":"X"}`, 429,
			`{"error":"error.too_many_requests","errors":{},"params":{"scope":"session"}}`, "2"},
		{"redis down", status.Error(codes.Unavailable, "cart.unavailable"), "GET", "/api/v2/session/cart", "", 503,
			`{"error":"error.service_unavailable","errors":{}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envOptions{})
			v := newVisitor(t, e)
			e.cart.FailWith(tt.err)
			rec := v.send(t, tt.method, tt.target, tt.body)
			if rec.Code != tt.code || !sameJSON(t, rec.Body.String(), tt.want) || rec.Header().Get("Retry-After") != tt.retryWait {
				t.Fatalf("%d %s (Retry-After %q), want %d %s", rec.Code, rec.Body, rec.Header().Get("Retry-After"), tt.code, tt.want)
			}
		})
	}
}

// With the cart service down the cart routes answer 503, /readyz reports it while staying 200 (the
// gateway still serves), and the catalog keeps working.
func TestCartServiceDown(t *testing.T) {
	e := newEnv(t, envOptions{cartAddr: closedAddr(t)})
	v := newVisitor(t, e)
	rec := v.get(t, "/api/v2/session/cart")
	if rec.Code != http.StatusServiceUnavailable || rec.Body.String() != `{"error":"error.service_unavailable","errors":{}}` {
		t.Fatalf("cart down: %d %s", rec.Code, rec.Body)
	}
	rec = e.do(t, request{target: "/readyz"})
	checks, _ := decode(t, rec.Body.Bytes())["checks"].(map[string]any)
	if rec.Code != http.StatusOK || checks["cart"] != "UNAVAILABLE" || checks["catalog"] != "SERVING" {
		t.Fatalf("readyz: %d %s", rec.Code, rec.Body)
	}
	if rec := v.get(t, "/api/v2/categories"); rec.Code != http.StatusOK {
		t.Fatalf("catalog with cart down: %d %s", rec.Code, rec.Body)
	}
}

// Field validation: bodies the catalog cannot judge stop at the gateway; the catalog's errors map
// like any other's.
func TestValidateAdditionalFieldsRejectsMalformedBodies(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	many := `{"fields":[` + strings.TrimSuffix(strings.Repeat(`{"id":1,"value":"x","type":"product"},`, 201), ",") + `]}`
	for _, body := range []string{
		``, `[]`, `{"fields":[]}`, many,
		`{"fields":[{"id":0,"value":"x","type":"product"}]}`,
		`{"fields":[{"id":"abc","value":"x","type":"product"}]}`,
		`{"fields":[{"id":1.5,"value":"x","type":"addon"}]}`,
		`{"fields":[{"id":1,"value":"x"}]}`,
		`{"fields":[{"id":1,"value":"AT","type":"domain"}]}`,
		`{"fields":[{"id":1,"value":"` + strings.Repeat("x", 70<<10) + `","type":"product"}]}`,
	} {
		rec := v.post(t, "/api/v2/additional-fields/validate", body, nil)
		if rec.Code != http.StatusBadRequest || rec.Body.String() != `{"error":"fields.invalid","errors":{"fields":["fields.invalid"]}}` {
			t.Errorf("%.60s: %d %s", body, rec.Code, rec.Body)
		}
	}
	if n := len(e.fake.CallsTo("ValidateAdditionalFields")); n != 0 {
		t.Errorf("%d calls reached the catalog", n)
	}
	rec := v.post(t, "/api/v2/additional-fields/validate", `{"fields":[{"id":"1","value":"x","type":"product"}]}`, nil)
	if rec.Code != http.StatusOK || rec.Body.String() != `{}` {
		t.Errorf("valid: %d %s", rec.Code, rec.Body)
	}
	// Values that break their rules are the answer, not a failed request (issue 22: no 4xx, which
	// the browser logs as a console error, for a form being filled in).
	rec = v.post(t, "/api/v2/additional-fields/validate", `{"fields":[{"id":1,"value":" ","type":"addon"},{"id":7,"value":"x","type":"upsell"}]}`, nil)
	if rec.Code != http.StatusOK ||
		!sameJSON(t, rec.Body.String(), `{"error":{"1":["validation.required"],"7":["validation.unknown_field"]},"errors":{"1":["validation.required"],"7":["validation.unknown_field"]}}`) {
		t.Errorf("invalid: %d %s", rec.Code, rec.Body)
	}
	e.fake.FailWith(status.Error(codes.Unavailable, "catalog.unavailable"))
	rec = v.post(t, "/api/v2/additional-fields/validate", `{"fields":[{"id":"1","value":"x","type":"product"}]}`, nil)
	if rec.Code != http.StatusServiceUnavailable || rec.Body.String() != `{"error":"error.service_unavailable","errors":{}}` {
		t.Errorf("catalog down: %d %s", rec.Code, rec.Body)
	}
}
