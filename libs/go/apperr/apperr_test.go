package apperr_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
)

func TestCode(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want codes.Code
	}{
		{"nil", nil, codes.OK},
		{"keyed not found", apperr.New(apperr.NotFound, "brand.not_found"), codes.NotFound},
		{"wrapped kind", fmt.Errorf("select: %w", apperr.NotFound), codes.NotFound},
		{"invalid argument", fmt.Errorf("x: %w", apperr.New(apperr.InvalidArgument, "brand.required")), codes.InvalidArgument},
		{"failed precondition", apperr.New(apperr.FailedPrecondition, "cart.qty_max"), codes.FailedPrecondition},
		{"conflict", apperr.New(apperr.Conflict, "cart.domain_taken"), codes.AlreadyExists},
		{"permission denied", apperr.New(apperr.PermissionDenied, "admin.required"), codes.PermissionDenied},
		{"unauthenticated", apperr.Unauthenticated, codes.Unauthenticated},
		{"rate limited", apperr.New(apperr.RateLimited, "domain.too_many_requests"), codes.ResourceExhausted},
		{"outage", fmt.Errorf("%w: %w", apperr.Unavailable, errors.New("dial tcp: refused")), codes.Unavailable},
		// The caller's mistake wins over an outage met on the way.
		{"not found and outage", fmt.Errorf("%w: %w", apperr.Unavailable, apperr.NotFound), codes.NotFound},
		{"rate limit and outage", errors.Join(apperr.Unavailable, apperr.RateLimited), codes.ResourceExhausted},
		{"deadline", fmt.Errorf("call: %w", context.DeadlineExceeded), codes.DeadlineExceeded},
		{"canceled", context.Canceled, codes.Canceled},
		{"kind beats deadline", fmt.Errorf("%w: %w", context.DeadlineExceeded, apperr.Unavailable), codes.Unavailable},
		{"bug", errors.New("syntax error at or near"), codes.Internal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := apperr.Code(tt.err); got != tt.want {
				t.Errorf("Code(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

func TestKindCodeMatchesCode(t *testing.T) {
	for _, k := range []*apperr.Kind{apperr.NotFound, apperr.InvalidArgument, apperr.FailedPrecondition,
		apperr.Conflict, apperr.PermissionDenied, apperr.Unauthenticated, apperr.RateLimited, apperr.Unavailable} {
		if got := apperr.Code(apperr.New(k, "x.y")); got != k.Code() {
			t.Errorf("%v: Code = %v, kind says %v", k, got, k.Code())
		}
	}
}

// inputError stands for a service's richer error: its own key, params and the kind it unwraps to.
type inputError struct{ key, chars string }

func (e *inputError) Error() string             { return e.key + ": " + e.chars }
func (e *inputError) Unwrap() error             { return apperr.InvalidArgument }
func (e *inputError) MessageKey() string        { return e.key }
func (e *inputError) Params() map[string]string { return map[string]string{"chars": e.chars} }

func TestMessageKey(t *testing.T) {
	locale := apperr.New(apperr.InvalidArgument, "locale.not_supported")
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"nil", nil, ""},
		{"keyed", locale, "locale.not_supported"},
		{"wrapped", fmt.Errorf("set session locale: %w", locale), "locale.not_supported"},
		{"own type", fmt.Errorf("check: %w", &inputError{key: "domain.input_invalid"}), "domain.input_invalid"},
		{"bare kind", apperr.NotFound, ""},
		{"plain", errors.New("boom"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := apperr.MessageKey(tt.err); got != tt.want {
				t.Errorf("MessageKey = %q, want %q", got, tt.want)
			}
		})
	}
	if !errors.Is(fmt.Errorf("x: %w", locale), apperr.InvalidArgument) {
		t.Error("keyed error does not unwrap to its kind")
	}
	if locale.Error() != "locale.not_supported" {
		t.Errorf("Error() = %q", locale.Error())
	}
}
