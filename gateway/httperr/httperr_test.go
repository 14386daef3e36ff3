package httperr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
)

func TestFromError(t *testing.T) {
	withFields, err := status.New(codes.InvalidArgument, "customer.invalid").WithDetails(&errdetails.BadRequest{
		FieldViolations: []*errdetails.BadRequest_FieldViolation{
			{Field: "first_name", Description: "validation.required"},
			{Field: "first_name", Description: "validation.max"},
			{Field: "email", Description: "not a key"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		err        error
		wantStatus int
		wantKey    string
		wantFields map[string][]string
	}{
		{"not found with key", status.Error(codes.NotFound, "brand.not_found"), 404, "brand.not_found", nil},
		{"not found with prose", status.Error(codes.NotFound, "no row in table brands"), 404, KeyNotFound, nil},
		{"invalid argument", status.Error(codes.InvalidArgument, "locale.not_supported"), 400, "locale.not_supported", nil},
		{"out of range", status.Error(codes.OutOfRange, "x"), 400, KeyInvalidRequest, nil},
		{"failed precondition", status.Error(codes.FailedPrecondition, "cart.max_amount_of_same_products_in_cart_reached"), 422, "cart.max_amount_of_same_products_in_cart_reached", nil},
		{"already exists", status.Error(codes.AlreadyExists, "domain taken"), 409, KeyConflict, nil},
		{"aborted", status.Error(codes.Aborted, "order.concurrent_update"), 409, "order.concurrent_update", nil},
		{"permission denied", status.Error(codes.PermissionDenied, "admin.not_sales_agent"), 403, "admin.not_sales_agent", nil},
		{"unauthenticated", status.Error(codes.Unauthenticated, ""), 401, KeyUnauthenticated, nil},
		{"resource exhausted", status.Error(codes.ResourceExhausted, "rate limited"), 429, KeyTooManyRequests, nil},
		{"unavailable hides message", status.Error(codes.Unavailable, "catalog.down"), 503, KeyServiceUnavailable, nil},
		{"deadline", status.Error(codes.DeadlineExceeded, "deadline"), 503, KeyServiceUnavailable, nil},
		{"context deadline", fmt.Errorf("list: %w", context.DeadlineExceeded), 503, KeyServiceUnavailable, nil},
		{"internal hides key", status.Error(codes.Internal, "db.broken"), 500, KeySomethingWentWrong, nil},
		{"unknown", status.Error(codes.Unknown, "boom"), 500, KeySomethingWentWrong, nil},
		{"plain error", errors.New("boom"), 500, KeySomethingWentWrong, nil},
		{"field violations", withFields.Err(), 400, "customer.invalid", map[string][]string{
			"first_name": {"validation.required", "validation.max"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotStatus, body := FromError(tt.err)
			if gotStatus != tt.wantStatus || body.Error != tt.wantKey {
				t.Fatalf("FromError = %d %q, want %d %q", gotStatus, body.Error, tt.wantStatus, tt.wantKey)
			}
			if !reflect.DeepEqual(body.Errors, tt.wantFields) {
				t.Fatalf("errors = %v, want %v", body.Errors, tt.wantFields)
			}
		})
	}
}

func TestBodyAlwaysHasErrorsObject(t *testing.T) {
	b, err := json.Marshal(Body{Error: KeyNotFound})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"error":"error.not_found","errors":{}}` {
		t.Fatalf("got %s", b)
	}
}

func TestAbortWritesMappedJSON(t *testing.T) {
	gin.SetMode(gin.TestMode)
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodGet, "/", nil)
	Abort(c, status.Error(codes.NotFound, "brand.not_found"))
	if rec.Code != 404 || rec.Body.String() != `{"error":"brand.not_found","errors":{}}` {
		t.Fatalf("got %d %s", rec.Code, rec.Body.String())
	}
	if !c.IsAborted() {
		t.Fatal("chain not aborted")
	}
}

func TestAbortKeyReportsField(t *testing.T) {
	gin.SetMode(gin.TestMode)
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodGet, "/", nil)
	AbortKey(c, 400, "zipcode.invalid", "code")
	if rec.Code != 400 || rec.Body.String() != `{"error":"zipcode.invalid","errors":{"code":["zipcode.invalid"]}}` {
		t.Fatalf("got %d %s", rec.Code, rec.Body.String())
	}
}

func TestParamsFromErrorInfo(t *testing.T) {
	st, err := status.New(codes.InvalidArgument, "domain.input_invalid").WithDetails(
		&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "domains", Description: "domain.input_invalid"}}},
		&errdetails.ErrorInfo{Reason: "domain.input_invalid", Metadata: map[string]string{
			"chars":   "! ?",
			"input":   "a!b?.de",
			"Bad-Key": "dropped",
			"long":    strings.Repeat("x", 513),
		}},
	)
	if err != nil {
		t.Fatal(err)
	}
	code, body := FromError(st.Err())
	if code != 400 || !reflect.DeepEqual(body.Params, map[string]string{"chars": "! ?", "input": "a!b?.de"}) {
		t.Fatalf("FromError = %d %+v", code, body)
	}
	raw, _ := json.Marshal(body)
	if string(raw) != `{"error":"domain.input_invalid","errors":{"domains":["domain.input_invalid"]},"params":{"chars":"! ?","input":"a!b?.de"}}` {
		t.Fatalf("json = %s", raw)
	}

	// Server-side failures never pass details on.
	internal, _ := status.New(codes.Internal, "x").WithDetails(&errdetails.ErrorInfo{Metadata: map[string]string{"sql": "select"}})
	if _, body := FromError(internal.Err()); body.Params != nil {
		t.Fatalf("internal error leaked params %v", body.Params)
	}
}

func TestAbortSetsRetryAfter(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for delay, want := range map[time.Duration]string{
		1500 * time.Millisecond: "2",
		30 * time.Second:        "30",
		0:                       "1",
	} {
		st, err := status.New(codes.ResourceExhausted, "domain.too_many_requests").WithDetails(
			&errdetails.RetryInfo{RetryDelay: durationpb.New(delay)})
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(rec)
		c.Request = httptest.NewRequest(http.MethodPost, "/", nil)
		Abort(c, st.Err())
		if rec.Code != 429 || rec.Header().Get("Retry-After") != want || rec.Body.String() != `{"error":"domain.too_many_requests","errors":{}}` {
			t.Fatalf("delay %v: %d Retry-After %q %s", delay, rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
	}
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodPost, "/", nil)
	Abort(c, status.Error(codes.ResourceExhausted, "domain.too_many_requests"))
	if _, ok := rec.Header()["Retry-After"]; ok {
		t.Fatal("Retry-After without a retry delay from the service")
	}
}

// A service's answer naming an outside system's outage is 503 with the generic key and the
// dependency as a param, so the visitor learns which part of the shop is away; the service's own
// outage and a malformed name name none.
func TestDependencyOutageNamesTheDependency(t *testing.T) {
	outage := func(code codes.Code, dep string) error {
		st, err := status.New(code, "payment.unavailable").WithDetails(&errdetails.ErrorInfo{
			Reason: "DEPENDENCY_UNAVAILABLE", Domain: "payment.checkout.hostcart", Metadata: map[string]string{"dependency": dep}})
		if err != nil {
			t.Fatal(err)
		}
		return st.Err()
	}
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"card provider down", outage(codes.Unavailable, "card-provider"), `{"error":"error.service_unavailable","errors":{},"params":{"dependency":"card-provider"}}`},
		{"registry slow", outage(codes.DeadlineExceeded, "registry"), `{"error":"error.service_unavailable","errors":{},"params":{"dependency":"registry"}}`},
		{"own outage", status.Error(codes.Unavailable, "payment.unavailable"), `{"error":"error.service_unavailable","errors":{}}`},
		{"malformed name", outage(codes.Unavailable, "<script>"), `{"error":"error.service_unavailable","errors":{}}`},
	} {
		code, body := FromError(tt.err)
		raw, _ := json.Marshal(body)
		if code != http.StatusServiceUnavailable || string(raw) != tt.want {
			t.Errorf("%s: %d %s, want 503 %s", tt.name, code, raw, tt.want)
		}
	}
}
