package domainapi

import (
	"bytes"
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
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
)

// FuzzDomainRequests drives what a visitor shapes through the domain routes; route picks which.
// Route 0 holds the names body's fast path to encoding/json's result. The others go over real
// gRPC to a stub: the availability and inclusive-TLD bodies, the field validation body, the
// search input and paging of the query and the recommendation's path. Input a route refuses
// answers 4xx with its key and no call; anything else reaches the services (the catalog first
// for a product's free TLDs) with the values as decoded, the search input with bytes that are no
// UTF-8 as U+FFFD, and answers their 200, never a 5xx.
func FuzzDomainRequests(f *testing.F) {
	for _, s := range namesBodySeeds {
		f.Add(uint8(0), s)
		f.Add(uint8(1), s)
		f.Add(uint8(6), s)
	}
	for _, seed := range []struct {
		route uint8
		input string
	}{
		{1, `{"domains":["a.de","b.de","c.de","d.de","e.de","f.de"]}`},
		{1, `{"domains":["` + strings.Repeat("a", maxInputBytes+1) + `"]}`},
		{1, `{"domains":["a.de"],"product_id":-1}`},
		{2, `{"fields":[{"domain":"mein-shop.de","field_id":8,"value":"DE"}],"include_postponed":true}`},
		{2, `{"fields":[{"domain":"mein-shop.de","fieldId":"8","value":"DE"}]}`},
		{2, `{"fields":[]}`},
		{2, `{"fields":{}}`},
		{3, "d=m%C3%BCller.de"},
		{3, "d=%ff%fe.de"},
		{3, "d=" + strings.Repeat("a", maxInputBytes+1)},
		{4, "d=mein-shop&offset=20&limit=10&product_id=1001"},
		{4, "d=x&offset=-1"},
		{4, "limit=2147483648"},
		{4, "product_id=0"},
		{5, "mein-shop.de"},
		{5, "m\xfcller.de"},
		{5, strings.Repeat("a", maxInputBytes+1)},
	} {
		f.Add(seed.route, seed.input)
	}
	conn, stub := wirestub.Dial(f)
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	New(domainv1.NewDomainServiceClient(conn), catalogv1.NewCatalogServiceClient(conn)).Register(engine.Group("/api/v2"))
	f.Fuzz(func(t *testing.T, route uint8, input string) {
		var req *http.Request
		switch route % 7 {
		case 0:
			checkNamesBodyFastPath(t, input)
			return
		case 1, 6:
			if len(input) > maxBodyBytes {
				return // cut at the limit: another body
			}
			target := "/api/v2/domain-availability"
			if route%7 == 6 {
				target = "/api/v2/products/7/inclusive-tlds"
			}
			req = httptest.NewRequest(http.MethodPost, target, strings.NewReader(input))
		case 2:
			req = httptest.NewRequest(http.MethodPost, "/api/v2/domains/additional-fields/validate", strings.NewReader(input))
		case 3, 4:
			// The query as the visitor wrote it; a request line cannot hold spaces, controls or '#'.
			if strings.ContainsFunc(input, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '#' }) {
				return
			}
			req = httptest.NewRequest(http.MethodGet, "/api/v2/domains/normalize", nil)
			if route%7 == 4 {
				req = httptest.NewRequest(http.MethodGet, "/api/v2/domain-groups/3/search", nil)
			}
			req.URL.RawQuery = input
		default:
			if input == "" || input == "." || input == ".." || strings.Contains(input, "/") {
				return // another route
			}
			req = httptest.NewRequest(http.MethodGet, "/api/v2/domain-recommendations/"+url.PathEscape(input), nil)
		}
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, req)
		calls := stub.Take()

		refuse := func(status int, key string) {
			t.Helper()
			if rec.Code != status || !strings.Contains(rec.Body.String(), `"error":"`+key+`"`) || len(calls) != 0 {
				t.Fatalf("route %d, %q: %d %s after %d calls; want %d %s and no call", route%7, input, rec.Code, rec.Body, len(calls), status, key)
			}
		}
		q := req.URL.Query()
		var want []proto.Message
		switch route % 7 {
		case 1, 6:
			var body namesBody
			if err := json.NewDecoder(bytes.NewReader([]byte(input))).Decode(&body); err != nil || body.ProductID < 0 || body.AlreadyUsed < 0 {
				refuse(http.StatusBadRequest, httperr.KeyInvalidRequest)
				return
			}
			if route%7 == 1 {
				if key, ok := validNames(body.Domains, MaxNames); !ok {
					refuse(http.StatusBadRequest, key)
					return
				}
				if body.ProductID > 0 {
					want = append(want, &catalogv1.GetProductRequest{Id: body.ProductID})
				}
				want = append(want, &domainv1.CheckAvailabilityRequest{Domains: body.Domains})
				break
			}
			if key, ok := validNames(body.Domains, maxInclusiveNames); len(body.Domains) > 0 && !ok {
				refuse(http.StatusBadRequest, key)
				return
			}
			want = append(want, &catalogv1.GetProductRequest{Id: 7},
				&domainv1.GetInclusiveTldsRequest{FreeTlds: &domainv1.FreeTlds{}, Domains: body.Domains, AlreadyUsed: body.AlreadyUsed})
		case 2:
			fields := &domainv1.ValidateDomainAdditionalFieldsRequest{}
			if err := contractJSON.Unmarshal([]byte(input), fields); err != nil || len(fields.GetFields()) == 0 || len(fields.GetFields()) > maxFieldValues {
				refuse(http.StatusBadRequest, KeyFieldsInvalid)
				return
			}
			want = append(want, fields)
		case 3:
			d := q.Get("d")
			if len(d) > maxInputBytes {
				refuse(http.StatusBadRequest, KeyInputTooLong)
				return
			}
			want = append(want, &domainv1.NormalizeSearchRequest{Input: strings.ToValidUTF8(d, "\uFFFD")})
		case 4:
			d := q.Get("d")
			offset, offsetOK := nonNegative(q.Get("offset"))
			limit, limitOK := nonNegative(q.Get("limit"))
			product, productOK := positiveID(q.Get("product_id"), true)
			switch {
			case len(d) > maxInputBytes:
				refuse(http.StatusBadRequest, KeyInputTooLong)
				return
			case !offsetOK:
				refuse(http.StatusBadRequest, KeyOffsetInvalid)
				return
			case !limitOK:
				refuse(http.StatusBadRequest, KeyLimitInvalid)
				return
			case !productOK:
				refuse(http.StatusBadRequest, KeyProductInvalid)
				return
			}
			if product > 0 {
				want = append(want, &catalogv1.GetProductRequest{Id: product})
			}
			want = append(want, &domainv1.SearchGroupRequest{Domain: strings.ToValidUTF8(d, "\uFFFD"), GroupId: 3, Offset: offset, Limit: limit})
		default:
			if len(input) > maxInputBytes {
				refuse(http.StatusBadRequest, KeyInputTooLong)
				return
			}
			want = append(want, &domainv1.GetRecommendationsRequest{Domain: strings.ToValidUTF8(input, "\uFFFD")})
		}
		if rec.Code != http.StatusOK || len(calls) != len(want) {
			t.Fatalf("route %d, %q: %d %s after %d calls; want 200 after %d", route%7, input, rec.Code, rec.Body, len(calls), len(want))
		}
		for i, w := range want {
			got := w.ProtoReflect().New().Interface()
			if err := calls[i].Decode(got); err != nil || !proto.Equal(got, w) {
				t.Fatalf("route %d, %q: call %s got\n%v (%v)\nwant\n%v", route%7, input, calls[i].Method, got, err, w)
			}
		}
	})
}

// contractJSON decodes bodies as the contract's messages the way the routes do.
var contractJSON = protojson.UnmarshalOptions{DiscardUnknown: true}
