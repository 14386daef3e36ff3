package grpctransport

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/promotion/domain"
)

func TestStatusFrom(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		code  codes.Code
		key   string
		param string
		field string
		retry time.Duration
	}{
		{"unknown code", fmt.Errorf("lookup: %w", domain.NotFoundError("NOPE")), codes.NotFound, "confirm.manual_promotion_not_found", "NOPE", "", 0},
		{"not applicable", domain.NotApplicableError("SSL20"), codes.FailedPrecondition, "confirm.manual_promotion_not_applicable", "SSL20", "", 0},
		{"invalid cart", domain.ErrInvalidCart, codes.InvalidArgument, "promotion.invalid_cart", "", "cart", 0},
		{"no brand", domain.ErrBrandRequired, codes.InvalidArgument, "brand.required", "", "", 0},
		{"rate limited", &domain.RateLimitedError{RetryAfter: 3 * time.Second, Scope: "ip"}, codes.ResourceExhausted, "error.too_many_requests", "", "", 3 * time.Second},
		{"store down", fmt.Errorf("%w: dial tcp", apperr.Unavailable), codes.Unavailable, "promotion.unavailable", "", "", 0},
		{"deadline", context.DeadlineExceeded, codes.DeadlineExceeded, apperr.KeyInternal, "", "", 0},
		{"bug", errors.New("pq: syntax error"), codes.Internal, apperr.KeyInternal, "", "", 0},
	}
	for _, tt := range tests {
		st := status.Convert(statusFrom(tt.err))
		if st.Code() != tt.code || st.Message() != tt.key {
			t.Errorf("%s: %v %q, want %v %q", tt.name, st.Code(), st.Message(), tt.code, tt.key)
		}
		var param, field string
		var retry time.Duration
		for _, d := range st.Details() {
			switch d := d.(type) {
			case *errdetails.ErrorInfo:
				param = d.GetMetadata()["code"]
			case *errdetails.BadRequest:
				field = d.GetFieldViolations()[0].GetField()
			case *errdetails.RetryInfo:
				retry = d.GetRetryDelay().AsDuration()
			}
		}
		if param != tt.param || field != tt.field || retry != tt.retry {
			t.Errorf("%s: details code %q field %q retry %v, want %q %q %v", tt.name, param, field, retry, tt.param, tt.field, tt.retry)
		}
	}
}
