package promotionapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
)

// stubPromotions records the requests of the two rpcs the routes use; the embedded interface
// makes any other rpc a test failure by panic.
type stubPromotions struct {
	promotionv1.PromotionServiceClient
	listed []*promotionv1.ListPromotionsRequest
	looked []string
	err    error
}

func (s *stubPromotions) ListPromotions(_ context.Context, req *promotionv1.ListPromotionsRequest, _ ...grpc.CallOption) (*promotionv1.ListPromotionsResponse, error) {
	s.listed = append(s.listed, req)
	return &promotionv1.ListPromotionsResponse{Promotions: []*promotionv1.Promotion{{Code: "AUTO"}}}, s.err
}

func (s *stubPromotions) GetPromotionByCode(_ context.Context, req *promotionv1.GetPromotionByCodeRequest, _ ...grpc.CallOption) (*promotionv1.GetPromotionByCodeResponse, error) {
	s.looked = append(s.looked, req.GetCode())
	if s.err != nil {
		return nil, s.err
	}
	return &promotionv1.GetPromotionByCodeResponse{Promotion: &promotionv1.Promotion{Code: strings.ToUpper(req.GetCode())}}, nil
}

func serve(t *testing.T, stub *stubPromotions, target string) *httptest.ResponseRecorder {
	t.Helper()
	gin.SetMode(gin.ReleaseMode)
	engine := gin.New()
	New(stub).Register(engine.Group("/api/v2"))
	rec := httptest.NewRecorder()
	engine.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

func TestListNeverAsksForManualPromotions(t *testing.T) {
	stub := &stubPromotions{}
	rec := serve(t, stub, "/api/v2/promotions?include_manual=true")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"AUTO"`) {
		t.Fatalf("list: %d %s", rec.Code, rec.Body)
	}
	if len(stub.listed) != 1 || stub.listed[0].GetIncludeManual() {
		t.Fatalf("requests %v, want one without include_manual: coupon codes are not public", stub.listed)
	}
}

func TestLookupAnswersThePromotionItself(t *testing.T) {
	stub := &stubPromotions{}
	rec := serve(t, stub, "/api/v2/promotions/welcome10")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Body.String(), `{"id":0,"code":"WELCOME10",`) {
		t.Fatalf("lookup: %d %s, want the Promotion object, not the rpc's envelope", rec.Code, rec.Body)
	}
	if len(stub.looked) != 1 || stub.looked[0] != "welcome10" {
		t.Fatalf("codes asked %v, want the path's code as sent", stub.looked)
	}
}

func TestLookupRefusesCodesNoPromotionHas(t *testing.T) {
	stub := &stubPromotions{}
	if rec := serve(t, stub, "/api/v2/promotions/"+strings.Repeat("C", maxCodeBytes)); rec.Code != http.StatusOK {
		t.Fatalf("a code of the maximum length: %d %s", rec.Code, rec.Body)
	}
	rec := serve(t, stub, "/api/v2/promotions/"+strings.Repeat("C", maxCodeBytes+1))
	if rec.Code != http.StatusNotFound || rec.Body.String() != `{"error":"`+KeyCodeNotFound+`","errors":{}}` {
		t.Fatalf("overlong code: %d %s", rec.Code, rec.Body)
	}
	if len(stub.looked) != 1 {
		t.Fatalf("%d lookups reached the service, want only the valid one", len(stub.looked))
	}
}

func TestServiceErrorsAreMapped(t *testing.T) {
	stub := &stubPromotions{err: status.Error(codes.Unavailable, "promotion.unavailable")}
	for _, target := range []string{"/api/v2/promotions", "/api/v2/promotions/WELCOME10"} {
		rec := serve(t, stub, target)
		if rec.Code != http.StatusServiceUnavailable || rec.Body.String() != `{"error":"error.service_unavailable","errors":{}}` {
			t.Errorf("%s with the service down: %d %s", target, rec.Code, rec.Body)
		}
	}
}
