package httperr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
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
