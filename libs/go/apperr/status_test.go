package apperr_test

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
)

var origin = apperr.Origin{ErrorDomain: "shop.checkout.hostcart", UnavailableKey: "shop.unavailable"}

// limited stands for a service's rate-limit error: a keyed kind plus a retry delay and a param.
type limited struct{ after time.Duration }

var errTooMany = apperr.New(apperr.RateLimited, "shop.too_many_requests")

func (e *limited) Error() string             { return "budget exhausted" }
func (e *limited) Unwrap() error             { return errTooMany }
func (e *limited) RetryDelay() time.Duration { return e.after }
func (e *limited) Params() map[string]string { return map[string]string{"scope": "ip"} }

func TestStatusMessage(t *testing.T) {
	tests := []struct {
		name string
		err  error
		code codes.Code
		msg  string
	}{
		{"keyed", fmt.Errorf("by fqdn: %w", apperr.New(apperr.NotFound, "brand.not_found")), codes.NotFound, "brand.not_found"},
		{"outage without key", fmt.Errorf("select: %w: %w", apperr.Unavailable, errors.New("refused")), codes.Unavailable, "shop.unavailable"},
		{"outage with key", apperr.New(apperr.Unavailable, "registry.down"), codes.Unavailable, "registry.down"},
		{"bare not found", apperr.NotFound, codes.NotFound, apperr.KeyInternal},
		{"deadline", context.DeadlineExceeded, codes.DeadlineExceeded, apperr.KeyInternal},
		{"bug keeps its text in the logs", errors.New("pq: syntax error"), codes.Internal, apperr.KeyInternal},
		{"rate limited", &limited{after: time.Second}, codes.ResourceExhausted, "shop.too_many_requests"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := origin.Status(tt.err, "domains")
			if st.Code() != tt.code || st.Message() != tt.msg {
				t.Errorf("status = %v %q, want %v %q", st.Code(), st.Message(), tt.code, tt.msg)
			}
			if got := status.Convert(origin.Err(tt.err, "domains")); got.Code() != tt.code || got.Message() != tt.msg {
				t.Errorf("Err = %v", got)
			}
		})
	}
	if (apperr.Origin{}).Status(apperr.Unavailable, "").Message() != apperr.KeyInternal {
		t.Error("origin without unavailable key must fall back to the internal key")
	}
}

// details summarises a status's details in a comparable form.
func details(st *status.Status) []string {
	var out []string
	for _, d := range st.Details() {
		switch d := d.(type) {
		case *errdetails.BadRequest:
			for _, v := range d.GetFieldViolations() {
				out = append(out, "bad_request "+v.GetField()+"="+v.GetDescription())
			}
		case *errdetails.RetryInfo:
			out = append(out, "retry "+d.GetRetryDelay().AsDuration().String())
		case *errdetails.ErrorInfo:
			out = append(out, fmt.Sprintf("info %s@%s %v", d.GetReason(), d.GetDomain(), d.GetMetadata()))
		default:
			out = append(out, fmt.Sprintf("unexpected %T", d))
		}
	}
	return out
}

func TestStatusDetails(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		field string
		want  []string
	}{
		{"keyed invalid argument names the field", apperr.New(apperr.InvalidArgument, "domain.too_many_names"), "domains",
			[]string{"bad_request domains=domain.too_many_names"}},
		{"no field, no violation", apperr.New(apperr.InvalidArgument, "locale.not_supported"), "", nil},
		{"unkeyed invalid argument stays bare", fmt.Errorf("decode: %w", apperr.InvalidArgument), "domains", nil},
		{"not found names no field", apperr.New(apperr.NotFound, "domain.group_not_found"), "domain", nil},
		{"input error with params", fmt.Errorf("check: %w", &inputError{key: "domain.input_invalid", chars: "@ !"}), "domains",
			[]string{"bad_request domains=domain.input_invalid", "info domain.input_invalid@shop.checkout.hostcart map[chars:@ !]"}},
		{"retry delay and params", fmt.Errorf("limit: %w", &limited{after: 1500 * time.Millisecond}), "domains",
			[]string{"retry 1.5s", "info shop.too_many_requests@shop.checkout.hostcart map[scope:ip]"}},
		{"outage", apperr.Unavailable, "domains", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := details(origin.Status(tt.err, tt.field))
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("details = %q, want %q", got, tt.want)
			}
		})
	}
}
