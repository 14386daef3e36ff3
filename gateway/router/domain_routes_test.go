package router_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
)

// visitor holds the cookies of one browser session, so state-changing calls carry the CSRF token.
type visitor struct {
	e       *env
	cookies []*http.Cookie
	token   string
	host    string
}

func newVisitor(t *testing.T, e *env) *visitor {
	t.Helper()
	rec := e.do(t, request{target: "/api/v2/session/locale"})
	sid, xsrf := cookieNamed(rec, "sid"), cookieNamed(rec, "XSRF-TOKEN")
	if sid == nil || xsrf == nil {
		t.Fatalf("no session cookies: %v", rec.Result().Cookies())
	}
	return &visitor{e: e, cookies: []*http.Cookie{sid, xsrf}, token: xsrf.Value}
}

func (v *visitor) get(t *testing.T, target string) *httptest.ResponseRecorder {
	t.Helper()
	return v.e.do(t, request{target: target, cookies: v.cookies, host: v.host})
}

func (v *visitor) post(t *testing.T, target, body string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	h := map[string]string{"X-XSRF-TOKEN": v.token, "Content-Type": "application/json"}
	for k, val := range header {
		h[k] = val
	}
	return v.e.do(t, request{method: http.MethodPost, target: target, body: body, cookies: v.cookies, header: h, host: v.host})
}

// sameJSON compares documents, not bytes: protojson varies its whitespace on purpose.
func sameJSON(t *testing.T, got, want string) bool {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad expectation: %v", err)
	}
	return reflect.DeepEqual(g, w)
}

func lastRequest[T proto.Message](t *testing.T, e *env, method string) T {
	t.Helper()
	calls := e.domain.CallsTo(method)
	if len(calls) == 0 {
		t.Fatalf("domain service not called with %s", method)
	}
	req, ok := calls[len(calls)-1].Req.(T)
	if !ok {
		t.Fatalf("%s request is %T", method, calls[len(calls)-1].Req)
	}
	return req
}

func TestDomainsListAndGroups(t *testing.T) {
	e := newEnv(t, envOptions{})
	rec := e.do(t, request{target: "/api/v2/domains"})
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	tlds := list(t, decode(t, rec.Body.Bytes()), "tlds")
	if len(tlds) != 5 || tlds[0]["tld"] != "de" || tlds[0]["price"].(map[string]any)["contract_months"] != float64(12) {
		t.Fatalf("tlds = %v", tlds)
	}
	if fields, ok := tlds[0]["additional_fields"].([]any); !ok || len(fields) != 0 {
		t.Fatalf("empty additional_fields not written as []: %v", tlds[0]["additional_fields"])
	}

	rec = e.do(t, request{target: "/api/v2/domains?group=true", host: "shop.alpenhost.at"})
	groups := list(t, decode(t, rec.Body.Bytes()), "domain_groups")
	if len(groups) != 2 || groups[1]["name"] != "Europe" || len(groups[1]["tlds"].([]any)) != 3 {
		t.Fatalf("groups = %v", groups)
	}
	if v := e.domain.CallsTo("ListDomainGroups")[0].Values; v.BrandID != 2 || v.SessionID == "" {
		t.Fatalf("domain service got %+v, want brand 2 and a session", v)
	}
}

func TestAvailabilityMirrorsResults(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := v.post(t, "/api/v2/domain-availability", `{"domains":["WWW.Example.DE.","takenplace.com","cachedone.eu"]}`, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	results := list(t, decode(t, rec.Body.Bytes()), "results")
	if len(results) != 3 {
		t.Fatalf("results = %v", results)
	}
	first := results[0]
	for key, want := range map[string]any{
		"domain": "example.de", "tld": "de", "sld": "example", "status": float64(0),
		"status_text": "domain.status.available", "notice": "", "inclusive": false, "cached": false, "authcode": false,
	} {
		if first[key] != want {
			t.Errorf("results[0].%s = %v, want %v", key, first[key], want)
		}
	}
	if first["price"].(map[string]any)["monthly_net_cents"] != float64(99) {
		t.Errorf("price = %v", first["price"])
	}
	if results[1]["status"] != float64(1) || results[1]["authcode"] != true || results[2]["cached"] != true {
		t.Errorf("taken/cached results = %v / %v", results[1], results[2])
	}
	req := lastRequest[*domainv1.CheckAvailabilityRequest](t, e, "CheckAvailability")
	if !reflect.DeepEqual(req.GetDomains(), []string{"WWW.Example.DE.", "takenplace.com", "cachedone.eu"}) || len(req.GetFreeTlds()) != 0 {
		t.Fatalf("domain service asked %v", req)
	}
}

func TestAvailabilityMarksInclusiveForProduct(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := v.post(t, "/api/v2/domain-availability", `{"domains":["mine.de","mine.com"],"product_id":100}`, nil)
	results := list(t, decode(t, rec.Body.Bytes()), "results")
	if results[0]["inclusive"] != true || results[1]["inclusive"] != false {
		t.Fatalf("inclusive flags = %v, %v", results[0]["inclusive"], results[1]["inclusive"])
	}
	if req := lastRequest[*domainv1.CheckAvailabilityRequest](t, e, "CheckAvailability"); !reflect.DeepEqual(req.GetFreeTlds(), []string{"de", "eu"}) {
		t.Fatalf("free tlds passed = %v", req.GetFreeTlds())
	}
	rec = v.post(t, "/api/v2/domain-availability", `{"domains":["mine.de"],"product_id":999}`, nil)
	if rec.Code != http.StatusNotFound || rec.Body.String() != `{"error":"product.not_found","errors":{}}` {
		t.Fatalf("unknown product: %d %s", rec.Code, rec.Body)
	}
}

func TestAvailabilityRejectsBadBatches(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	tests := []struct {
		body, want string
	}{
		{`{"domains":["a.de","b.de","c.de","d.de","e.de","f.de"]}`, `{"error":"domain.too_many_names","errors":{"domains":["domain.too_many_names"]}}`},
		{`{"domains":[]}`, `{"error":"domain.input_empty","errors":{"domains":["domain.input_empty"]}}`},
		{`{}`, `{"error":"domain.input_empty","errors":{"domains":["domain.input_empty"]}}`},
		{`{"domains":["` + strings.Repeat("a", 1100) + `.de"]}`, `{"error":"domain.input_too_long","errors":{"domains":["domain.input_too_long"]}}`},
		{`{"domains":"a.de"}`, `{"error":"error.invalid_request","errors":{}}`},
		{`{"domains":[1]}`, `{"error":"error.invalid_request","errors":{}}`},
		{`{"domains":["a.de"],"product_id":-1}`, `{"error":"error.invalid_request","errors":{}}`},
		{`nope`, `{"error":"error.invalid_request","errors":{}}`},
	}
	for _, tt := range tests {
		rec := v.post(t, "/api/v2/domain-availability", tt.body, nil)
		if rec.Code != http.StatusBadRequest || rec.Body.String() != tt.want {
			t.Errorf("%.60s: %d %s, want 400 %s", tt.body, rec.Code, rec.Body, tt.want)
		}
	}
	if n := len(e.domain.CallsTo("CheckAvailability")); n != 0 {
		t.Fatalf("domain service called %d times for rejected batches", n)
	}

	// Without the CSRF header the batch is refused before anything else.
	rec := e.do(t, request{method: http.MethodPost, target: "/api/v2/domain-availability", body: `{"domains":["a.de"]}`, cookies: v.cookies})
	if rec.Code != http.StatusForbidden {
		t.Fatalf("without CSRF header: %d", rec.Code)
	}
}

func TestAvailabilityInputErrorsNameTheInput(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := v.post(t, "/api/v2/domain-availability", `{"domains":["fine.de","bad!name.de"]}`, nil)
	want := `{"error":"domain.input_invalid","errors":{"domains":["domain.input_invalid"]},"params":{"chars":"!","input":"bad!name.de"}}`
	if rec.Code != http.StatusBadRequest || rec.Body.String() != want {
		t.Fatalf("forbidden characters: %d %s, want %s", rec.Code, rec.Body, want)
	}
}

func TestRateLimitIs429WithRetryAfter(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	st, err := status.New(codes.ResourceExhausted, "domain.too_many_requests").WithDetails(
		&errdetails.RetryInfo{RetryDelay: durationpb.New(2300 * time.Millisecond)},
		&errdetails.ErrorInfo{Reason: "domain.too_many_requests", Metadata: map[string]string{"scope": "session"}},
	)
	if err != nil {
		t.Fatal(err)
	}
	e.domain.FailWith(st.Err())
	rec := v.post(t, "/api/v2/domain-availability", `{"domains":["a.de"]}`, nil)
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "3" ||
		rec.Body.String() != `{"error":"domain.too_many_requests","errors":{},"params":{"scope":"session"}}` {
		t.Fatalf("rate limited: %d Retry-After %q %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
}

func TestClientIPReachesDomainService(t *testing.T) {
	direct := newEnv(t, envOptions{})
	v := newVisitor(t, direct)
	// X-Forwarded-For from an untrusted peer is the visitor's own claim and is ignored.
	v.post(t, "/api/v2/domain-availability", `{"domains":["a.de"]}`, map[string]string{"X-Forwarded-For": "198.51.100.1"})
	if got := direct.domain.CallsTo("CheckAvailability")[0].Values.ClientIP; got != "192.0.2.1" {
		t.Fatalf("client ip without trusted proxy = %q, want the peer 192.0.2.1", got)
	}

	proxied := newEnv(t, envOptions{trustedProxies: []string{"192.0.2.0/24"}})
	v = newVisitor(t, proxied)
	v.post(t, "/api/v2/domain-availability", `{"domains":["a.de"]}`, map[string]string{"X-Forwarded-For": "198.51.100.1, 192.0.2.9"})
	if got := proxied.domain.CallsTo("CheckAvailability")[0].Values.ClientIP; got != "198.51.100.1" {
		t.Fatalf("client ip behind trusted proxy = %q, want 198.51.100.1", got)
	}
}

func TestDomainSearchRoutes(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)

	rec := v.get(t, "/api/v2/domain-recommendations/takenbrand.de?limit=4&product_id=100")
	body := decode(t, rec.Body.Bytes())
	if rec.Code != http.StatusOK || body["search"].(map[string]any)["sld"] != "takenbrand" || len(list(t, body, "recommendations")) != 2 {
		t.Fatalf("recommendations: %d %s", rec.Code, rec.Body)
	}
	recReq := lastRequest[*domainv1.GetRecommendationsRequest](t, e, "GetRecommendations")
	if want := (&domainv1.GetRecommendationsRequest{Domain: "takenbrand.de", Limit: 4, FreeTlds: []string{"de", "eu"}}); !proto.Equal(recReq, want) {
		t.Fatalf("recommendations asked %v, want %v", recReq, want)
	}

	rec = v.get(t, "/api/v2/domain-groups/2/search?d=mein-laden&offset=1&limit=1")
	body = decode(t, rec.Body.Bytes())
	if rec.Code != http.StatusOK || body["total"] != float64(3) || body["next_offset"] != float64(2) || body["has_more"] != true {
		t.Fatalf("group search: %d %s", rec.Code, rec.Body)
	}
	if got := list(t, body, "results"); len(got) != 1 || got[0]["domain"] != "mein-laden.eu" {
		t.Fatalf("group page = %v", got)
	}
	if rec := v.get(t, "/api/v2/domain-groups/77/search?d=x1"); rec.Code != http.StatusNotFound || rec.Body.String() != `{"error":"domain.group_not_found","errors":{}}` {
		t.Fatalf("unknown group: %d %s", rec.Code, rec.Body)
	}

	rec = v.get(t, "/api/v2/domains/search?d=shop.example.co.uk")
	body = decode(t, rec.Body.Bytes())
	if rec.Code != http.StatusOK || body["result"].(map[string]any)["tld"] != "co.uk" {
		t.Fatalf("full-domain search: %d %s", rec.Code, rec.Body)
	}

	rec = v.get(t, "/api/v2/domains/normalize?d=b%21d")
	if rec.Code != http.StatusOK || !sameJSON(t, rec.Body.String(), `{"valid":false,"search":null,"error":{"key":"domain.input_invalid","chars":[]}}`) {
		t.Fatalf("normalize invalid: %d %s", rec.Code, rec.Body)
	}
	rec = v.get(t, "/api/v2/domains/search?d=b%21d")
	if rec.Code != http.StatusBadRequest || decode(t, rec.Body.Bytes())["params"].(map[string]any)["chars"] != "!" {
		t.Fatalf("search with forbidden characters: %d %s", rec.Code, rec.Body)
	}
}

func TestDomainRoutesRejectMalformedQueries(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	tests := map[string]string{
		"/api/v2/domain-groups/x/search?d=a":                    `404 {"error":"domain.group_not_found","errors":{}}`,
		"/api/v2/domain-groups/0/search?d=a":                    `404 {"error":"domain.group_not_found","errors":{}}`,
		"/api/v2/domain-groups/1/search?d=a&offset=-1":          `400 {"error":"domain.offset_invalid","errors":{"offset":["domain.offset_invalid"]}}`,
		"/api/v2/domain-groups/1/search?d=a&limit=x":            `400 {"error":"domain.limit_invalid","errors":{"limit":["domain.limit_invalid"]}}`,
		"/api/v2/domains/search?d=a.de&product_id=abc":          `400 {"error":"product.id_invalid","errors":{"product_id":["product.id_invalid"]}}`,
		"/api/v2/domains/search?d=" + strings.Repeat("a", 1025): `400 {"error":"domain.input_too_long","errors":{"domain":["domain.input_too_long"]}}`,
		"/api/v2/domain-recommendations/a.de?limit=-3":          `400 {"error":"domain.limit_invalid","errors":{"limit":["domain.limit_invalid"]}}`,
	}
	for target, want := range tests {
		rec := v.get(t, target)
		if got := rec.Result().Status[:3] + " " + rec.Body.String(); got != want {
			t.Errorf("%.70s: %s, want %s", target, got, want)
		}
	}
	if n := len(e.domain.Calls()); n != 0 {
		t.Fatalf("domain service called %d times for rejected queries", n)
	}
}

func TestInclusiveTldsUseTheProductsFreeTlds(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := v.post(t, "/api/v2/products/100/inclusive-tlds", `{"domains":["mine.com","mine.eu","mine.de"]}`, nil)
	if rec.Code != http.StatusOK || !sameJSON(t, rec.Body.String(), `{"inclusive_tlds":["de","eu"],"inclusive_domains":["mine.eu"],"remaining":0}`) {
		t.Fatalf("inclusive: %d %s", rec.Code, rec.Body)
	}
	req := lastRequest[*domainv1.GetInclusiveTldsRequest](t, e, "GetInclusiveTlds")
	if req.GetFreeTlds().GetAmount() != 1 || !reflect.DeepEqual(req.GetFreeTlds().GetDomains(), []string{"de", "eu"}) {
		t.Fatalf("free tlds passed = %v", req.GetFreeTlds())
	}
	if calls := e.fake.CallsTo("GetProduct"); len(calls) != 1 || calls[0].Values.BrandID != 1 {
		t.Fatalf("catalog GetProduct calls = %+v", calls)
	}

	// A product without free TLDs has none to offer.
	rec = v.post(t, "/api/v2/products/101/inclusive-tlds", `{"domains":[]}`, nil)
	if rec.Code != http.StatusOK || !sameJSON(t, rec.Body.String(), `{"inclusive_tlds":[],"inclusive_domains":[],"remaining":0}`) {
		t.Fatalf("product without free tlds: %d %s", rec.Code, rec.Body)
	}
	for target, want := range map[string]string{
		"/api/v2/products/999/inclusive-tlds": `404 {"error":"product.not_found","errors":{}}`,
		"/api/v2/products/abc/inclusive-tlds": `404 {"error":"product.not_found","errors":{}}`,
	} {
		rec := v.post(t, target, `{"domains":["a.de"]}`, nil)
		if got := rec.Result().Status[:3] + " " + rec.Body.String(); got != want {
			t.Errorf("%s: %s, want %s", target, got, want)
		}
	}
}

func TestValidateDomainAdditionalFields(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := v.post(t, "/api/v2/domains/additional-fields/validate",
		`{"fields":[{"domain":"shop.eu","field_id":1,"value":" "},{"domain":"shop.de","field_id":2,"value":"ns1.example.com"}],"include_postponed":true}`, nil)
	want := `{"valid":false,"errors":[{"domain":"shop.eu","field_id":1,"errors":["validation.required"]}]}`
	if rec.Code != http.StatusOK || !sameJSON(t, rec.Body.String(), want) {
		t.Fatalf("validate: %d %s, want %s", rec.Code, rec.Body, want)
	}
	if req := lastRequest[*domainv1.ValidateDomainAdditionalFieldsRequest](t, e, "ValidateDomainAdditionalFields"); !req.GetIncludePostponed() || len(req.GetFields()) != 2 {
		t.Fatalf("forwarded %v", req)
	}
	for _, body := range []string{`{"fields":[]}`, `{"fields":"x"}`, `[]`} {
		rec := v.post(t, "/api/v2/domains/additional-fields/validate", body, nil)
		if rec.Code != http.StatusBadRequest || rec.Body.String() != `{"error":"domain.fields_invalid","errors":{"fields":["domain.fields_invalid"]}}` {
			t.Errorf("%s: %d %s", body, rec.Code, rec.Body)
		}
	}
}

func TestDomainServiceDownLeavesCatalogWorking(t *testing.T) {
	e := newEnv(t, envOptions{domainAddr: closedAddr(t)})
	rec := e.do(t, request{target: "/readyz"})
	body := decode(t, rec.Body.Bytes())
	if rec.Code != http.StatusOK || body["status"] != "degraded" || body["checks"].(map[string]any)["domain"] != "UNAVAILABLE" ||
		body["checks"].(map[string]any)["catalog"] != "SERVING" {
		t.Fatalf("readyz: %d %s", rec.Code, rec.Body)
	}
	if rec := e.do(t, request{target: "/api/v2/domains"}); rec.Code != http.StatusServiceUnavailable ||
		rec.Body.String() != `{"error":"error.service_unavailable","errors":{}}` {
		t.Fatalf("domains with the service down: %d %s", rec.Code, rec.Body)
	}
	if rec := e.do(t, request{target: "/api/v2/categories"}); rec.Code != http.StatusOK {
		t.Fatalf("categories with the domain service down: %d %s", rec.Code, rec.Body)
	}
}
