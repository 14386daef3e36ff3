package router_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/durationpb"

	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
)

// Both routes reach their rpc with the path's code as sent; the list never asks for manual
// promotions, whose codes are not public.
func TestPromotionRoutesTranslateRequests(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	tests := []struct {
		target string
		rpc    string
		want   proto.Message
	}{
		{"/api/v2/promotions?include_manual=true", "ListPromotions", &promotionv1.ListPromotionsRequest{}},
		{"/api/v2/promotions/welcome10", "GetPromotionByCode", &promotionv1.GetPromotionByCodeRequest{Code: "welcome10"}},
	}
	for _, tt := range tests {
		rec := v.get(t, tt.target)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: %d %s", tt.target, rec.Code, rec.Body)
			continue
		}
		call, ok := e.cart.Last(tt.rpc)
		if !ok {
			t.Errorf("GET %s: %s not called", tt.target, tt.rpc)
			continue
		}
		if !proto.Equal(call.Req, tt.want) {
			t.Errorf("GET %s: %s got\n%v\nwant\n%v", tt.target, tt.rpc, call.Req, tt.want)
		}
	}
}

func TestPromotionAnswersAreProtoJSON(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	rec := v.get(t, "/api/v2/promotions/welcome10")
	if body := decode(t, rec.Body.Bytes()); rec.Code != http.StatusOK || body["code"] != "WELCOME10" || body["percent_label"] != float64(10) {
		t.Fatalf("promotion by code answers the Promotion itself: %d %s", rec.Code, rec.Body)
	}
	rec = v.get(t, "/api/v2/promotions/nope")
	if rec.Code != http.StatusNotFound || rec.Body.String() != `{"error":"confirm.manual_promotion_not_found","errors":{},"params":{"code":"NOPE"}}` {
		t.Fatalf("unknown code: %d %s", rec.Code, rec.Body)
	}
}

// A code no promotion can have stops at the gateway and costs the visitor no lookup.
func TestPromotionLookupRejectsImpossibleCodes(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	before := len(e.cart.Calls())
	rec := v.get(t, "/api/v2/promotions/"+strings.Repeat("C", 65))
	if rec.Code != http.StatusNotFound || rec.Body.String() != `{"error":"confirm.manual_promotion_not_found","errors":{}}` {
		t.Errorf("overlong code: %d %s", rec.Code, rec.Body)
	}
	if after := len(e.cart.Calls()); after != before {
		t.Error("an overlong code reached the service")
	}
}

func TestPromotionLookupLimitIsMapped(t *testing.T) {
	retry, err := status.New(codes.ResourceExhausted, "error.too_many_requests").WithDetails(
		&errdetails.RetryInfo{RetryDelay: durationpb.New(1500 * time.Millisecond)},
		&errdetails.ErrorInfo{Reason: "error.too_many_requests", Metadata: map[string]string{"scope": "session"}},
	)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	e.cart.FailWith(retry.Err())
	rec := v.get(t, "/api/v2/promotions/WELCOME10")
	want := `{"error":"error.too_many_requests","errors":{},"params":{"scope":"session"}}`
	if rec.Code != http.StatusTooManyRequests || !sameJSON(t, rec.Body.String(), want) || rec.Header().Get("Retry-After") != "2" {
		t.Fatalf("%d %s (Retry-After %q), want 429 %s", rec.Code, rec.Body, rec.Header().Get("Retry-After"), want)
	}
}

// Code lookups carry the session, brand, address and locale the promotion service rate limits
// and labels by.
func TestPromotionLookupCarriesCallContext(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)
	if rec := v.get(t, "/api/v2/promotions/WELCOME10"); rec.Code != http.StatusOK {
		t.Fatalf("lookup: %d %s", rec.Code, rec.Body)
	}
	call, _ := e.cart.Last("GetPromotionByCode")
	if call.Values.SessionID == "" || call.Values.BrandID == 0 || call.Values.ClientIP == "" || call.Values.Locale == "" {
		t.Fatalf("call context = %+v", call.Values)
	}
}
