package router_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/internal/fakecatalog"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
)

func decode(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, body)
	}
	return m
}

func list(t *testing.T, m map[string]any, key string) []map[string]any {
	t.Helper()
	raw, ok := m[key].([]any)
	if !ok {
		t.Fatalf("%q is not a list in %v", key, m)
	}
	out := make([]map[string]any, len(raw))
	for i, item := range raw {
		out[i] = item.(map[string]any)
	}
	return out
}

func TestBrandCurrentHasPropertiesObject(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/brands/current", host: "shop.alpenhost.at"})
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("content type %q", ct)
	}
	b := decode(t, rec.Body.Bytes())
	if b["id"] != float64(2) || b["slug"] != "alpenhost" || b["fqdn"] != "shop.alpenhost.at" || b["is_visible"] != true {
		t.Fatalf("brand fields: %v", b)
	}
	wantProps := map[string]any{
		"display_prices_with_vat":       "false",
		"display_privacy_settings_link": "true",
		"country_code":                  "AT",
	}
	if !reflect.DeepEqual(b["properties"], wantProps) {
		t.Fatalf("properties = %v, want %v", b["properties"], wantProps)
	}
	locales := list(t, b, "locales")
	if len(locales) != 2 || locales[0]["code"] != "de-DE" || locales[0]["is_default"] != true || locales[1]["fallback_code"] != "en-GB" {
		t.Fatalf("locales = %v", locales)
	}
	if rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("API answer is cacheable: %q", rec.Header().Get("Cache-Control"))
	}
}

func TestCategoriesListAllOrDomainCapable(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/categories"})
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	cats := list(t, decode(t, rec.Body.Bytes()), "categories")
	if len(cats) != 2 || cats[0]["slug"] != "webhosting" {
		t.Fatalf("categories = %v", cats)
	}
	// Zero values are present, under the proto field names.
	if v, ok := cats[1]["domain_capable"]; !ok || v != false {
		t.Fatalf("domain_capable missing or wrong in %v", cats[1])
	}
	if v, ok := cats[1]["description"]; !ok || v != "" {
		t.Fatalf("description missing in %v", cats[1])
	}

	rec = e.do(t, request{target: "/api/v2/categories?d=my%20do%3Cmain%3E.de"})
	cats = list(t, decode(t, rec.Body.Bytes()), "categories")
	if len(cats) != 1 || cats[0]["slug"] != "webhosting" {
		t.Fatalf("with d: categories = %v", cats)
	}
	calls := e.fake.CallsTo("ListCategories")
	if got := calls[len(calls)-1].Req.(*catalogv1.ListCategoriesRequest); !got.GetDomainCapableOnly() {
		t.Fatalf("catalog asked %v, want domain_capable_only", got)
	}

	// A d that sanitises to nothing is no domain search.
	e.do(t, request{target: "/api/v2/categories?d=%20%21"})
	calls = e.fake.CallsTo("ListCategories")
	if got := calls[len(calls)-1].Req.(*catalogv1.ListCategoriesRequest); got.GetDomainCapableOnly() {
		t.Fatalf("empty d narrowed the categories")
	}
}

func TestProductsFilterAndShape(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/products?category=web%3Bhosting&d=example.de&ids=100,%20101"})
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	calls := e.fake.CallsTo("ListProducts")
	want := &catalogv1.ListProductsRequest{CategorySlug: "webhosting", DomainCapableOnly: true, Ids: []int32{100, 101}}
	if got := calls[0].Req; !proto.Equal(got, want) {
		t.Fatalf("catalog asked %v, want %v", got, want)
	}
	products := list(t, decode(t, rec.Body.Bytes()), "products")
	if len(products) != 2 {
		t.Fatalf("products = %v", products)
	}
	p := products[0]
	if p["id"] != float64(100) || p["category_slug"] != "webhosting" || p["qty_max"] != float64(5) {
		t.Fatalf("product = %v", p)
	}
	from := p["from_price"].(map[string]any)
	if from["net_cents"] != float64(499) || from["gross_cents"] != float64(594) || from["vat_percent"] != float64(19) {
		t.Fatalf("from_price = %v", from)
	}
	maturities := list(t, p, "payment_maturities")
	if maturities[0]["price_cents"] != float64(499) {
		t.Fatalf("maturity = %v", maturities[0])
	}
	if addons, ok := p["addons"].([]any); !ok || len(addons) != 0 {
		t.Fatalf("empty list not written as []: %v", p["addons"])
	}

	rec = e.do(t, request{target: "/api/v2/products"})
	if n := len(list(t, decode(t, rec.Body.Bytes()), "products")); n != 3 {
		t.Fatalf("unfiltered: %d products, want 3", n)
	}
}

func TestProductsRejectMalformedQuery(t *testing.T) {
	e := newEnv(t, envOptions{})
	for _, target := range []string{
		"/api/v2/products?ids=1,abc",
		"/api/v2/products?ids=-4",
		"/api/v2/products?ids=99999999999",
	} {
		rec := e.do(t, request{target: target})
		if rec.Code != http.StatusBadRequest ||
			rec.Body.String() != `{"error":"products.ids_invalid","errors":{"ids":["products.ids_invalid"]}}` {
			t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
		}
	}
	if n := len(e.fake.CallsTo("ListProducts")); n != 0 {
		t.Fatalf("catalog called %d times for rejected queries", n)
	}
}

func TestProductsIncludeHidden(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/products?ids=100&include_hidden=true"})
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	want := &catalogv1.ListProductsRequest{IncludeHidden: true, Ids: []int32{100}}
	if got := e.fake.CallsTo("ListProducts")[0].Req; !proto.Equal(got, want) {
		t.Fatalf("catalog asked %v, want %v", got, want)
	}
	for _, target := range []string{
		"/api/v2/products?include_hidden=1",
		"/api/v2/products?ids=100&include_hidden=yes",
	} {
		rec := e.do(t, request{target: target})
		if rec.Code != http.StatusBadRequest ||
			rec.Body.String() != `{"error":"products.include_hidden_invalid","errors":{"include_hidden":["products.include_hidden_invalid"]}}` {
			t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
		}
	}
	if n := len(e.fake.CallsTo("ListProducts")); n != 1 {
		t.Fatalf("catalog called %d times, want 1", n)
	}
}

func TestPaymentIntervalsAndCountries(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/payment-intervals"})
	intervals := list(t, decode(t, rec.Body.Bytes()), "payment_intervals")
	if len(intervals) != 2 || intervals[0]["interval_vat"] != float64(19) || intervals[0]["is_default"] != true || intervals[1]["is_default"] != false {
		t.Fatalf("payment intervals = %v", intervals)
	}
	rec = e.do(t, request{target: "/api/v2/countries"})
	countries := list(t, decode(t, rec.Body.Bytes()), "countries")
	if len(countries) != 2 || countries[1]["code"] != "AT" || countries[1]["phone_prefix"] != "+43" {
		t.Fatalf("countries = %v", countries)
	}
}

func TestZipCodes(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/zipcodes/101"})
	zips := list(t, decode(t, rec.Body.Bytes()), "zip_codes")
	if len(zips) != 2 || zips[0]["city"] != "Berlin" || zips[0]["country_code"] != "DE" {
		t.Fatalf("zip codes = %v", zips)
	}
	rec = e.do(t, request{target: "/api/v2/zipcodes/10"})
	if rec.Code != http.StatusOK || rec.Body.String() != `{"zip_codes":[]}` {
		t.Fatalf("short prefix: %d %s", rec.Code, rec.Body)
	}
	for _, bad := range []string{"12a", "12345678901", "%20123"} {
		rec = e.do(t, request{target: "/api/v2/zipcodes/" + bad})
		if rec.Code != http.StatusBadRequest || rec.Body.String() != `{"error":"zipcode.invalid","errors":{"code":["zipcode.invalid"]}}` {
			t.Fatalf("%q: %d %s", bad, rec.Code, rec.Body)
		}
	}
	if n := len(e.fake.CallsTo("ListZipCodes")); n != 2 {
		t.Fatalf("catalog called %d times, want 2 (invalid codes never reach it)", n)
	}
}

func TestSessionLocaleRoundTrip(t *testing.T) {
	e := newEnv(t, envOptions{})
	first := e.do(t, request{target: "/api/v2/session/locale"})
	if first.Code != http.StatusOK || first.Body.String() != `{"code":"de-DE"}` {
		t.Fatalf("get: %d %s", first.Code, first.Body)
	}
	sid, xsrf := cookieNamed(first, "sid"), cookieNamed(first, "XSRF-TOKEN")
	if sid == nil || xsrf == nil {
		t.Fatalf("cookies not issued: %v", first.Result().Cookies())
	}
	put := func(body string) *httptest.ResponseRecorder {
		return e.do(t, request{
			method: http.MethodPut, target: "/api/v2/session/locale", body: body,
			cookies: []*http.Cookie{sid, xsrf}, header: map[string]string{"X-XSRF-TOKEN": xsrf.Value},
		})
	}
	if rec := put(`{"code":"en-GB"}`); rec.Code != http.StatusOK || rec.Body.String() != `{"code":"en-GB"}` {
		t.Fatalf("put: %d %s", rec.Code, rec.Body)
	}
	rec := e.do(t, request{target: "/api/v2/session/locale", cookies: []*http.Cookie{sid}})
	if rec.Body.String() != `{"code":"en-GB"}` {
		t.Fatalf("locale not kept for the session: %s", rec.Body)
	}

	if rec := put(`{"code":"fr-FR"}`); rec.Code != http.StatusBadRequest || rec.Body.String() != `{"error":"locale.not_supported","errors":{}}` {
		t.Fatalf("unsupported locale: %d %s", rec.Code, rec.Body)
	}
	for _, body := range []string{``, `nope`, `{"code":5}`, `{"code":"english"}`, `{}`} {
		if rec := put(body); rec.Code != http.StatusBadRequest || rec.Body.String() != `{"error":"locale.invalid","errors":{"code":["locale.invalid"]}}` {
			t.Fatalf("body %q: %d %s", body, rec.Code, rec.Body)
		}
	}
	sets := e.fake.CallsTo("SetSessionLocale")
	if len(sets) != 2 {
		t.Fatalf("SetSessionLocale called %d times, want 2", len(sets))
	}
	if !slices.ContainsFunc(sets, func(c fakecatalog.Call) bool {
		return c.Values.SessionID == e.sessionID(t, sid.Value) && c.Values.BrandID == 1
	}) {
		t.Fatalf("session or brand missing in metadata: %+v", sets[0].Values)
	}
}
