package grpctransport

import (
	"context"
	"errors"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/hostcart/checkout/services/domain/domain"
)

// Message keys for failures that carry none of their own.
const (
	keyUnavailable = "domain.unavailable"
	keyInternal    = "error.something_went_wrong"
	// errorDomain names this service in google.rpc.ErrorInfo details.
	errorDomain = "domain.checkout.hostcart"
)

// codeFrom is the one place domain errors become gRPC codes.
func codeFrom(err error) codes.Code {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return codes.NotFound
	case errors.Is(err, domain.ErrInvalidArgument):
		return codes.InvalidArgument
	case errors.Is(err, domain.ErrRateLimited):
		return codes.ResourceExhausted
	case errors.Is(err, domain.ErrUnavailable):
		return codes.Unavailable
	case errors.Is(err, context.DeadlineExceeded):
		return codes.DeadlineExceeded
	case errors.Is(err, context.Canceled):
		return codes.Canceled
	default:
		return codes.Internal
	}
}

// statusFrom turns err into a status whose message is a message key the gateway can hand to the
// UI; details carry what a key alone cannot (offending characters, the field, when to retry). The
// error's internals stay in the service's logs.
func statusFrom(err error, field string) error {
	code := codeFrom(err)
	key := domain.MessageKey(err)
	if key == "" {
		key = keyInternal
		if code == codes.Unavailable {
			key = keyUnavailable
		}
	}
	st := status.New(code, key)
	var details []protoadapt.MessageV1

	var inErr *domain.InputError
	if errors.As(err, &inErr) {
		details = append(details,
			&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: inErr.Key}}},
			&errdetails.ErrorInfo{Reason: inErr.Key, Domain: errorDomain, Metadata: map[string]string{
				"chars": strings.Join(inErr.Chars, " "),
				"input": inErr.Input,
			}},
		)
	} else if code == codes.InvalidArgument && field != "" && key != keyInternal {
		details = append(details, &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: key}}})
	}
	var rl *domain.RateLimitedError
	if errors.As(err, &rl) {
		details = append(details,
			&errdetails.RetryInfo{RetryDelay: durationpb.New(rl.RetryAfter)},
			&errdetails.ErrorInfo{Reason: key, Domain: errorDomain, Metadata: map[string]string{"scope": rl.Scope}},
		)
	}
	if len(details) == 0 {
		return st.Err()
	}
	withDetails, derr := st.WithDetails(details...)
	if derr != nil {
		return st.Err()
	}
	return withDetails.Err()
}
