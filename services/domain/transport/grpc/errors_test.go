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

	"github.com/hostcart/checkout/services/domain/domain"
)

func TestStatusFrom(t *testing.T) {
	tests := []struct {
		err  error
		code codes.Code
		msg  string
	}{
		{fmt.Errorf("x: %w", domain.ErrTooManyNames), codes.InvalidArgument, "domain.too_many_names"},
		{domain.ErrGroupNotFound, codes.NotFound, "domain.group_not_found"},
		{domain.ErrBrandRequired, codes.InvalidArgument, "brand.required"},
		{fmt.Errorf("db: %w", domain.ErrUnavailable), codes.Unavailable, "domain.unavailable"},
		{context.DeadlineExceeded, codes.DeadlineExceeded, "error.something_went_wrong"},
		{errors.New("boom with internals"), codes.Internal, "error.something_went_wrong"},
		{&domain.RateLimitedError{RetryAfter: 1500 * time.Millisecond, Scope: "ip"}, codes.ResourceExhausted, "domain.too_many_requests"},
	}
	for _, tt := range tests {
		st := status.Convert(statusFrom(tt.err, "domains"))
		if st.Code() != tt.code || st.Message() != tt.msg {
			t.Errorf("statusFrom(%v) = %s %q, want %s %q", tt.err, st.Code(), st.Message(), tt.code, tt.msg)
		}
	}
}

func TestStatusDetails(t *testing.T) {
	err := fmt.Errorf("check: %w", &domain.InputError{Key: domain.KeyInputInvalid, Chars: []string{"@", "!"}, Input: "a@b!.de"})
	st := status.Convert(statusFrom(err, "domains"))
	var sawBadRequest, sawInfo bool
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.BadRequest:
			v := d.GetFieldViolations()
			sawBadRequest = len(v) == 1 && v[0].GetField() == "domains" && v[0].GetDescription() == domain.KeyInputInvalid
		case *errdetails.ErrorInfo:
			sawInfo = d.GetReason() == domain.KeyInputInvalid && d.GetMetadata()["chars"] == "@ !" && d.GetMetadata()["input"] == "a@b!.de"
		}
	}
	if st.Code() != codes.InvalidArgument || !sawBadRequest || !sawInfo {
		t.Errorf("input error status = %v, details %v", st, st.Details())
	}

	st = status.Convert(statusFrom(&domain.RateLimitedError{RetryAfter: 1500 * time.Millisecond, Scope: "session"}, ""))
	var delay time.Duration
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			delay = ri.GetRetryDelay().AsDuration()
		}
	}
	if delay != 1500*time.Millisecond {
		t.Errorf("retry delay = %v, want 1.5s", delay)
	}
}
