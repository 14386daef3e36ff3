package grpctransport

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/services/catalog/domain"
)

func TestStatusFrom(t *testing.T) {
	tests := []struct {
		name string
		err  error
		code codes.Code
		msg  string
	}{
		{"brand not found", fmt.Errorf("brand by fqdn: %w", domain.ErrBrandNotFound), codes.NotFound, "brand.not_found"},
		{"product not found", domain.ErrProductNotFound, codes.NotFound, "product.not_found"},
		{"locale not supported", fmt.Errorf("set: %w", domain.ErrLocaleNotSupported), codes.InvalidArgument, "locale.not_supported"},
		{"brand missing", domain.ErrBrandRequired, codes.InvalidArgument, "brand.required"},
		{"store outage", fmt.Errorf("select: %w: %w", domain.ErrUnavailable, errors.New("dial tcp: refused")), codes.Unavailable, "catalog.unavailable"},
		{"deadline", fmt.Errorf("select: %w", context.DeadlineExceeded), codes.DeadlineExceeded, "error.something_went_wrong"},
		{"canceled", context.Canceled, codes.Canceled, "error.something_went_wrong"},
		{"bug", errors.New("syntax error at or near"), codes.Internal, "error.something_went_wrong"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, ok := status.FromError(statusFrom(tt.err))
			if !ok || st.Code() != tt.code || st.Message() != tt.msg {
				t.Errorf("status = %v %q, want %v %q", st.Code(), st.Message(), tt.code, tt.msg)
			}
		})
	}
}

func TestDecodeRejectsWrongRequest(t *testing.T) {
	if _, err := decodeGRPCGetProductRequest(context.Background(), "not a request"); codeFrom(err) != codes.InvalidArgument {
		t.Errorf("err = %v", err)
	}
}
