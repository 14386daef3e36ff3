// Package apperr is the error vocabulary every service shares: kinds of failure that decide the
// gRPC code, errors that carry the message key the UI translates (spec §8), and the one mapping of
// both onto a gRPC status. Services keep their own named errors, built from these pieces, so a new
// service cannot drift from the codes and details the gateway decodes. Nothing here does I/O.
package apperr

import (
	"context"
	"errors"
	"time"

	"google.golang.org/grpc/codes"
)

// Kind is a class of failure. Errors wrap a kind, so errors.Is(err, apperr.NotFound) holds however
// deep the wrapping, and the kind alone decides the status code.
type Kind struct {
	name string
	code codes.Code
}

func (k *Kind) Error() string { return k.name }

// Code is the gRPC code errors of this kind are answered with.
func (k *Kind) Code() codes.Code { return k.code }

// The kinds. Their texts are what wrapped errors show in logs ("unavailable: dial tcp ...").
var (
	NotFound           = &Kind{name: "not found", code: codes.NotFound}
	InvalidArgument    = &Kind{name: "invalid argument", code: codes.InvalidArgument}
	FailedPrecondition = &Kind{name: "failed precondition", code: codes.FailedPrecondition}
	Conflict           = &Kind{name: "conflict", code: codes.AlreadyExists}
	PermissionDenied   = &Kind{name: "permission denied", code: codes.PermissionDenied}
	Unauthenticated    = &Kind{name: "unauthenticated", code: codes.Unauthenticated}
	// RateLimited marks a caller that asked too often.
	RateLimited = &Kind{name: "rate limited", code: codes.ResourceExhausted}
	// Unavailable marks an outage of something the service depends on (database, Redis, registry).
	Unavailable = &Kind{name: "unavailable", code: codes.Unavailable}
)

// kinds is the order Code tests them in: an error that wraps several kinds (a lookup that failed
// and then met an outage) is answered by the first, the caller's side before ours.
var kinds = []*Kind{NotFound, InvalidArgument, FailedPrecondition, Conflict, PermissionDenied,
	Unauthenticated, RateLimited, Unavailable}

// Code is the one mapping of errors to gRPC codes: the first kind err wraps, then deadlines and
// cancellations, and Internal for everything else (a bug whose text must not reach users).
func Code(err error) codes.Code {
	if err == nil {
		return codes.OK
	}
	for _, k := range kinds {
		if errors.Is(err, k) {
			return k.code
		}
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return codes.DeadlineExceeded
	case errors.Is(err, context.Canceled):
		return codes.Canceled
	default:
		return codes.Internal
	}
}

// Keyed is an error users see: a kind and the message key the UI translates.
type Keyed struct {
	kind *Kind
	key  string
}

// New returns an error of kind with the message key key, e.g. New(NotFound, "brand.not_found").
func New(kind *Kind, key string) *Keyed { return &Keyed{kind: kind, key: key} }

func (e *Keyed) Error() string { return e.key }

// Unwrap exposes the kind, so callers test errors.Is(err, apperr.NotFound).
func (e *Keyed) Unwrap() error { return e.kind }

// MessageKey is the key, e.g. "locale.not_supported".
func (e *Keyed) MessageKey() string { return e.key }

// Errors of a service may implement these to say more than a kind; Status puts what they say into
// the status details the gateway turns into the response body and headers.
type (
	// KeyCarrier is an error with its own message key (Keyed, or a richer type of a service).
	KeyCarrier interface{ MessageKey() string }
	// ParamCarrier is an error with values the translated message interpolates, e.g. the
	// offending characters of an input. They travel as google.rpc.ErrorInfo metadata.
	ParamCarrier interface{ Params() map[string]string }
	// RetryHinter is an error that knows when a retry may succeed. The delay travels as
	// google.rpc.RetryInfo and becomes the Retry-After header.
	RetryHinter interface{ RetryDelay() time.Duration }
)

// MessageKey returns the message key of the first KeyCarrier in err's chain, or "" when there is none.
func MessageKey(err error) string {
	var k KeyCarrier
	if errors.As(err, &k) {
		return k.MessageKey()
	}
	return ""
}
