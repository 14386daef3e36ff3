package catalogapi

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/internal/wirestub"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

// FuzzCatalogRequests sends what a visitor shapes to the catalog routes (route picks which: the
// query of the products and categories lists, the zip code of the path, the locale body, the
// field validation body) over real gRPC to a stub. Input a route refuses answers 400 with the
// key of the first bad value and no call; anything else reaches the catalog once within the
// documented limits (slugs of word characters and hyphens up to 100, up to 100 positive ids,
// locales like en-GB, 1 to 200 field values with positive ids) and answers its 200, never a 5xx.
func FuzzCatalogRequests(f *testing.F) {
	for _, seed := range []struct {
		route uint8
		input string
	}{
		{0, "category=webhosting&d=mein-shop.de&ids=1001,1002&include_hidden=true"},
		{0, "category=web%20hosting%C3%A4&ids=+1,,2+"},
		{0, "ids=0"},
		{0, "ids=" + strings.Repeat("1,", maxIDs+1)},
		{0, "ids=2147483648"},
		{0, "include_hidden=1"},
		{0, "d=" + strings.Repeat("a", maxDomainLength+1)},
		{0, "d=%C8%BA%C8%BA"},
		{0, "category=" + strings.Repeat("x", maxSlugLength+1)},
		{1, "d=M%C3%BCller.DE"},
		{1, "d=%ff"},
		{2, "10115"},
		{2, "1011a"},
		{2, "12345678901"},
		{3, `{"code":"en-GB"}`},
		{3, `{"code":"de-DE"} trailing`},
		{3, `{"code":"en-gb"}`},
		{3, `{"code":7}`},
		{4, `{"fields":[{"id":3,"value":"x","type":"product"},{"id":"4","value":"","type":"addon"}]}`},
		{4, `{"fields":[{"id":"\u0031","value":"x","type":"upsell"}]}`},
		{4, `{"fields":[{"id":0,"value":"x","type":"product"}]}`},
		{4, `{"fields":[{"id":"12","value":"x","type":"domain"}]}`},
		{4, `{"fields":[{"id":null,"value":"x","type":"product"}]}`},
		{4, `{"fields":[]}`},
		{4, "{\"fields\":[{\"id\":1,\"value\":\"\xff\",\"type\":\"product\"}]}"},
	} {
		f.Add(seed.route, seed.input)
	}
	conn, stub := wirestub.Dial(f)
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	New(catalogv1.NewCatalogServiceClient(conn)).Register(engine.Group("/api/v2"))
	f.Fuzz(func(t *testing.T, route uint8, input string) {
		var req *http.Request
		switch route % 5 {
		case 0, 1:
			// The query as the visitor wrote it; a request line cannot hold spaces, controls or '#'.
			if strings.ContainsFunc(input, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '#' }) {
				return
			}
			req = httptest.NewRequest(http.MethodGet, "/api/v2/products", nil)
			if route%5 == 1 {
				req = httptest.NewRequest(http.MethodGet, "/api/v2/categories", nil)
			}
			req.URL.RawQuery = input
		case 2:
			if input == "" || input == "." || input == ".." || strings.Contains(input, "/") {
				return // another route
			}
			req = httptest.NewRequest(http.MethodGet, "/api/v2/zipcodes/"+url.PathEscape(input), nil)
		case 3:
			req = httptest.NewRequest(http.MethodPut, "/api/v2/session/locale", strings.NewReader(input))
		default:
			req = httptest.NewRequest(http.MethodPost, "/api/v2/additional-fields/validate", strings.NewReader(input))
		}
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, req)
		calls := stub.Take()
		if rec.Code == http.StatusBadRequest {
			if len(calls) != 0 {
				t.Fatalf("route %d, %q: 400 %s after a call", route%5, input, rec.Body)
			}
			expectRefusal(t, route%5, input, rec.Body.String())
			return
		}
		if rec.Code != http.StatusOK || len(calls) != 1 {
			t.Fatalf("route %d, %q: %d %s after %d calls; want 200 after one", route%5, input, rec.Code, rec.Body, len(calls))
		}
		q := req.URL.Query()
		switch route % 5 {
		case 0:
			var got catalogv1.ListProductsRequest
			mustDecode(t, calls[0], &got)
			if len(got.GetCategorySlug()) > maxSlugLength || strings.ContainsFunc(got.GetCategorySlug(), func(r rune) bool {
				return !(r == '-' || r == '_' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z'))
			}) {
				t.Fatalf("%q: category slug %q", input, got.GetCategorySlug())
			}
			if len(got.GetIds()) > maxIDs {
				t.Fatalf("%q: %d ids", input, len(got.GetIds()))
			}
			// The ids are the query's numbers, in its order.
			var want []string
			for part := range strings.SplitSeq(q.Get("ids"), ",") {
				if part = strings.TrimSpace(part); part != "" {
					want = append(want, part)
				}
			}
			for i, id := range got.GetIds() {
				if n, err := strconv.ParseInt(want[i], 10, 64); id <= 0 || err != nil || n != int64(id) {
					t.Fatalf("%q: ids %v", input, got.GetIds())
				}
			}
			if len(want) != len(got.GetIds()) || got.GetIncludeHidden() != (q.Get("include_hidden") == "true") {
				t.Fatalf("%q: sent %v", input, &got)
			}
		case 1:
			var got catalogv1.ListCategoriesRequest
			mustDecode(t, calls[0], &got)
		case 2:
			var got catalogv1.ListZipCodesRequest
			mustDecode(t, calls[0], &got)
			if got.GetCode() != input || !validZipCode(input) {
				t.Fatalf("%q: zip code %q sent", input, got.GetCode())
			}
		case 3:
			var got catalogv1.SetSessionLocaleRequest
			mustDecode(t, calls[0], &got)
			if !localeCode.MatchString(got.GetCode()) {
				t.Fatalf("%q: locale %q sent", input, got.GetCode())
			}
		default:
			var got catalogv1.ValidateAdditionalFieldsRequest
			mustDecode(t, calls[0], &got)
			if n := len(got.GetFields()); n == 0 || n > maxFieldValues {
				t.Fatalf("%q: %d fields sent", input, n)
			}
			for _, fv := range got.GetFields() {
				if fv.GetFieldId() <= 0 {
					t.Fatalf("%q: field id %d sent", input, fv.GetFieldId())
				}
			}
			want, err := decodeFieldsBody(httptest.NewRequest(http.MethodPost, "/", strings.NewReader(input)))
			if err != nil || !proto.Equal(&got, want) {
				t.Fatalf("%q: sent %v, decoded %v (%v)", input, &got, want, err)
			}
		}
	})
}

// expectRefusal fails unless a 400 names the key of what route refuses in input.
func expectRefusal(t *testing.T, route uint8, input, body string) {
	t.Helper()
	var keys []string
	switch route {
	case 0, 1:
		keys = []string{KeyCategoryInvalid, KeyDomainInvalid, KeyIDsInvalid, KeyIncludeHiddenInvalid}
	case 2:
		keys = []string{KeyZipCodeInvalid}
	case 3:
		keys = []string{KeyLocaleInvalid}
	default:
		keys = []string{KeyFieldsInvalid}
	}
	for _, k := range keys {
		if strings.Contains(body, `"error":"`+k+`"`) {
			return
		}
	}
	t.Fatalf("route %d, %q: 400 %s, want one of %v", route, input, body, keys)
}

func mustDecode(t *testing.T, call wirestub.Call, msg proto.Message) {
	t.Helper()
	if err := call.Decode(msg); err != nil || !strings.HasSuffix(call.Method, "/"+strings.TrimSuffix(string(msg.ProtoReflect().Descriptor().Name()), "Request")) {
		t.Fatalf("call %s: %v, want a %s", call.Method, err, msg.ProtoReflect().Descriptor().Name())
	}
}
