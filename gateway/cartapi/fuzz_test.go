package cartapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/internal/wirestub"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

// fuzzRoute is a cart route whose body or path a visitor shapes. body is the message its body is
// (nil: it reads none) and want the request the cart service must receive for the decoded body,
// the path's row and line id and the query's cascade flag.
type fuzzRoute struct {
	method string
	handle func(*Handlers, *gin.Context)
	rpc    string
	limit  int64
	line   string // the not-found key of a malformed line id; empty when the path has none
	body   func() proto.Message
	want   func(body proto.Message, row string, line int32, cascade bool) proto.Message
}

func productPeriod(h *Handlers, c *gin.Context) {
	h.setPeriod(cartv1.LineKind_LINE_KIND_PRODUCT, "")(c)
}

func addonPeriod(h *Handlers, c *gin.Context) {
	h.setPeriod(cartv1.LineKind_LINE_KIND_ADDON, KeyAddonNotFound)(c)
}

var fuzzRoutes = []fuzzRoute{
	{method: "PUT", handle: (*Handlers).replaceCart, rpc: "ReplaceCart", limit: maxCartBodyBytes,
		body: func() proto.Message { return &cartv1.Cart{} },
		want: func(b proto.Message, _ string, _ int32, _ bool) proto.Message {
			cart := b.(*cartv1.Cart)
			version := cart.GetVersion()
			cart.Version = 0
			return &cartv1.ReplaceCartRequest{Cart: cart, ExpectedVersion: version}
		}},
	{method: "POST", handle: (*Handlers).addProduct, rpc: "AddProduct", limit: maxBodyBytes,
		body: func() proto.Message { return &cartv1.AddProductRequest{} },
		want: func(b proto.Message, _ string, _ int32, _ bool) proto.Message {
			req := b.(*cartv1.AddProductRequest)
			req.IsSalesAgent = false
			return req
		}},
	{method: "POST", handle: (*Handlers).addAddon, rpc: "AddAddon", limit: maxBodyBytes,
		body: func() proto.Message { return &cartv1.AddAddonRequest{} },
		want: func(b proto.Message, row string, _ int32, _ bool) proto.Message {
			req := b.(*cartv1.AddAddonRequest)
			req.RowId, req.IsSalesAgent = row, false
			return req
		}},
	{method: "POST", handle: (*Handlers).addUpsell, rpc: "AddUpsell", limit: maxBodyBytes,
		body: func() proto.Message { return &cartv1.AddUpsellRequest{} },
		want: func(b proto.Message, row string, _ int32, _ bool) proto.Message {
			req := b.(*cartv1.AddUpsellRequest)
			req.RowId, req.IsSalesAgent = row, false
			return req
		}},
	{method: "PUT", handle: productPeriod, rpc: "SetPeriod", limit: maxBodyBytes,
		body: func() proto.Message { return &cartv1.SetPeriodRequest{} },
		want: func(b proto.Message, row string, _ int32, _ bool) proto.Message {
			req := b.(*cartv1.SetPeriodRequest)
			req.Line, req.IsSalesAgent = &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_PRODUCT}, false
			return req
		}},
	{method: "PUT", handle: addonPeriod, rpc: "SetPeriod", limit: maxBodyBytes,
		line: KeyAddonNotFound,
		body: func() proto.Message { return &cartv1.SetPeriodRequest{} },
		want: func(b proto.Message, row string, line int32, _ bool) proto.Message {
			req := b.(*cartv1.SetPeriodRequest)
			req.Line, req.IsSalesAgent = &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_ADDON, LineId: line}, false
			return req
		}},
	{method: "POST", handle: (*Handlers).addDomain, rpc: "AddDomain", limit: maxBodyBytes,
		body: func() proto.Message { return &cartv1.Domain{} },
		want: func(b proto.Message, row string, _ int32, _ bool) proto.Message {
			domain := b.(*cartv1.Domain)
			domain.Id = 0
			return &cartv1.AddDomainRequest{RowId: row, Domain: domain}
		}},
	{method: "PUT", handle: (*Handlers).setAdditionalFields, rpc: "SetAdditionalFields", limit: maxBodyBytes,
		body: func() proto.Message { return &cartv1.SetAdditionalFieldsRequest{} },
		want: func(b proto.Message, row string, _ int32, _ bool) proto.Message {
			req := b.(*cartv1.SetAdditionalFieldsRequest)
			if req.Line == nil {
				req.Line = &cartv1.LineRef{}
			}
			req.Line.RowId, req.IsSalesAgent = row, false
			return req
		}},
	{method: "POST", handle: (*Handlers).redeemCode, rpc: "RedeemPromotionCode", limit: maxBodyBytes,
		body: func() proto.Message { return &cartv1.RedeemPromotionCodeRequest{} },
		want: func(b proto.Message, _ string, _ int32, _ bool) proto.Message {
			req := b.(*cartv1.RedeemPromotionCodeRequest)
			req.IsSalesAgent = false
			return req
		}},
	{method: "DELETE", handle: (*Handlers).removeAddon, rpc: "RemoveAddon", line: KeyAddonNotFound,
		want: func(_ proto.Message, row string, line int32, cascade bool) proto.Message {
			return &cartv1.RemoveAddonRequest{RowId: row, AddonId: line, Cascade: cascade}
		}},
}

// FuzzCartRequests sends a visitor's body, row id and line id to a cart route (route picks
// which; the PUT /session/cart replace body is one of them) over real gRPC to a stub. Every
// answer is one of three: 404 with the route's key for a path that names nothing, 400
// error.invalid_request with no call for a body that is not the contract's JSON, or the service's
// answer after exactly one call carrying what the body said with the gateway's own values (row
// and line from the path, is_sales_agent false, version as expected_version) in place. Never a
// 5xx: a body the gateway accepts must reach the service.
func FuzzCartRequests(f *testing.F) {
	row := "r0000000000000000000000000000001"
	for route, body := range []string{
		`{"items":[{"row_id":"r1","product":{"id":1001,"maturity_id":100103,"interval_id":4,"promotion":"WELCOME10","additional_fields":[{"field_id":3,"value":"x"}],"informations":{"webcard_demo_reference":"d1"}},"addons":[{"id":1204,"maturity_id":5}],"upsells":[{"id":1301}],"domains":[{"id":9,"name":"mein-shop.de","auth_code":"a1","inclusive":true}]}],"version":"7","is_draft":false}`,
		`{"product_id":1001,"maturity_id":100103,"interval_id":4,"additional_fields":[{"field_id":3,"value":"x"}],"informations":{"webcard_demo_reference":"d1"},"domains_from_row_id":"r2","is_sales_agent":true}`,
		`{"addon_id":1204,"maturity_id":5,"row_id":"other"}`,
		`{"upsell_id":1301,"interval_id":3}`,
		`{"maturity_id":100102,"interval_id":4}`,
		`{"maturity_id":9,"line":{"kind":"LINE_KIND_UPSELL","line_id":1}}`,
		`{"name":"mein-shop.de","auth_code":"a1","inclusive":true,"id":99,"additional_fields":[{"field_id":8,"value":"DE"}]}`,
		`{"line":{"kind":"LINE_KIND_DOMAIN","domain":"mein-shop.de","row_id":"x"},"additional_fields":[{"field_id":8,"value":"AT"}]}`,
		`{"code":"welcome10"}`,
		`true`,
	} {
		f.Add(uint8(route), row, "1204", body)
	}
	for _, seed := range []struct {
		route           uint8
		row, line, body string
	}{
		{0, row, "", `{"items":[],"version":"-1"}`},
		{0, row, "", `{"items":[{"product":{"informations":{"\u00e4":"\ud83d\ude00"}}}],"version":9223372036854775807}`},
		{0, row, "", `{"items":{}}`},
		{0, row, "", `{"version":"seven"}`},
		{0, row, "", "{\"items\":[{\"product\":{\"promotion\":\"\xff\"}}]}"},
		{5, row, "0", `{}`},
		{5, row, "-1", `{}`},
		{5, row, "2147483648", `{}`},
		{1, "", "", `{}`},
		{2, "r\xff", "", `{}`},
		{2, strings.Repeat("r", maxRowIDBytes+1), "", `{}`},
		{8, row, "", `{"code":"` + strings.Repeat("A", maxCodeBytes+1) + `"}`},
		{9, row, "1205", "true"},
		{9, row, "1205", "yes"},
		{3, row, "", ``},
		{3, row, "", `null`},
		{3, row, "", `{"upsell_id":1.5}`},
	} {
		f.Add(seed.route, seed.row, seed.line, seed.body)
	}
	conn, stub := wirestub.Dial(f)
	h := New(cartv1.NewCartServiceClient(conn))
	gin.SetMode(gin.ReleaseMode)
	f.Fuzz(func(t *testing.T, route uint8, row, line, body string) {
		r := fuzzRoutes[int(route)%len(fuzzRoutes)]
		rec := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(rec)
		target := "/"
		if r.body == nil {
			// A route without a body reads the query: the body's text is its cascade flag.
			target += "?" + url.Values{"cascade": {body}}.Encode()
		}
		c.Request = httptest.NewRequest(r.method, target, strings.NewReader(body))
		c.Params = gin.Params{{Key: "row_id", Value: row}, {Key: "line_id", Value: line}}
		r.handle(h, c)
		calls := stub.Take()
		status, key := rec.Code, errorKey(t, rec)

		lineID, lineOK := pathID(line)
		var decoded proto.Message
		decodeErr := error(nil)
		if r.body != nil {
			decoded = r.body()
			decodeErr = contractJSON.Unmarshal([]byte(body), decoded)
		}
		cascade, cascadeOK := boolQuery(body)
		switch {
		case r.rpc != "ReplaceCart" && r.rpc != "AddProduct" && r.rpc != "RedeemPromotionCode" && (row == "" || len(row) > maxRowIDBytes || !utf8.ValidString(row)):
			expect(t, status, key, calls, http.StatusNotFound, KeyItemNotFound)
		case r.line != "" && !lineOK:
			expect(t, status, key, calls, http.StatusNotFound, r.line)
		case r.body != nil && (decodeErr != nil || int64(len(body)) > r.limit):
			expect(t, status, key, calls, http.StatusBadRequest, httperr.KeyInvalidRequest)
		case r.body == nil && !cascadeOK:
			expect(t, status, key, calls, http.StatusBadRequest, httperr.KeyInvalidRequest)
		case r.rpc == "RedeemPromotionCode" && len(decoded.(*cartv1.RedeemPromotionCodeRequest).GetCode()) > maxCodeBytes:
			expect(t, status, key, calls, http.StatusNotFound, KeyCodeNotFound)
		default:
			if status != http.StatusOK || len(calls) != 1 || !strings.HasSuffix(calls[0].Method, "/"+r.rpc) {
				t.Fatalf("%s %q: %d %s, calls %v; want one %s answered 200", r.rpc, body, status, rec.Body, calls, r.rpc)
			}
			want := r.want(decoded, row, lineID, cascade)
			got := want.ProtoReflect().New().Interface()
			if err := calls[0].Decode(got); err != nil || !proto.Equal(got, want) {
				t.Fatalf("%s %q: the service got\n%v (%v)\nwant\n%v", r.rpc, body, got, err, want)
			}
		}
	})
}

// expect fails unless the answer is status with key and no call was made.
func expect(t *testing.T, status int, key string, calls []wirestub.Call, wantStatus int, wantKey string) {
	t.Helper()
	if status != wantStatus || key != wantKey || len(calls) != 0 {
		t.Fatalf("answered %d %q after %d calls, want %d %q and no call", status, key, len(calls), wantStatus, wantKey)
	}
}

// errorKey is the error key of an answer's body, empty for a body without one.
func errorKey(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var body struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("answer %d is no JSON: %q", rec.Code, rec.Body)
	}
	return body.Error
}

// contractJSON decodes bodies as the contract's messages the way the routes do.
var contractJSON = protojson.UnmarshalOptions{DiscardUnknown: true}
