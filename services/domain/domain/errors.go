// Package domain holds the pure rules of the domain capability: TLD catalogue, search input
// normalisation and validation (spec §5), availability statuses, prices, inclusive domains and
// recommendation candidates. No I/O happens here.
package domain

import (
	"fmt"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Kinds of failure the transports translate into status codes (the mapping lives in apperr).
// Concrete errors wrap one of them and carry the spec-style message key the UI translates.
var (
	ErrNotFound        = apperr.NotFound
	ErrInvalidArgument = apperr.InvalidArgument
	// ErrUnavailable marks an outage of something the service depends on (database, registry).
	ErrUnavailable = apperr.Unavailable
	// ErrRateLimited marks a caller that asked too often.
	ErrRateLimited = apperr.RateLimited
)

var (
	ErrBrandRequired   = apperr.New(ErrInvalidArgument, "brand.required")
	ErrGroupNotFound   = apperr.New(ErrNotFound, "domain.group_not_found")
	ErrTooManyNames    = apperr.New(ErrInvalidArgument, "domain.too_many_names")
	ErrTooManyRequests = apperr.New(ErrRateLimited, "domain.too_many_requests")
)

// Message keys of search input errors (spec §5).
const (
	KeyInputEmpty         = "domain.input_empty"
	KeyInputTooShort      = "domain.input_too_short"
	KeyInputTooLong       = "domain.input_too_long"
	KeyCannotBeRegistered = "domain.cannot_be_registered"
	KeyInputInvalid       = "domain.input_invalid"
)

// InputError rejects search input. Chars lists the offending characters of KeyInputInvalid,
// each once, in order of appearance.
type InputError struct {
	Key   string
	Chars []string
	Input string
}

func (e *InputError) Error() string {
	if len(e.Chars) > 0 {
		return e.Key + ": " + strings.Join(e.Chars, " ")
	}
	return e.Key
}

// Unwrap makes every input error an ErrInvalidArgument.
func (e *InputError) Unwrap() error { return ErrInvalidArgument }

// MessageKey is Key; it makes the error a keyed one for apperr.
func (e *InputError) MessageKey() string { return e.Key }

// Params are what the UI shows with the message: the offending characters and the input they
// were found in.
func (e *InputError) Params() map[string]string {
	return map[string]string{"chars": strings.Join(e.Chars, " "), "input": e.Input}
}

// MessageKey returns the message key of the first keyed error in err's chain, or "".
func MessageKey(err error) string { return apperr.MessageKey(err) }

// RateLimitedError refuses a call of a caller that asked too often; RetryAfter says when to retry.
type RateLimitedError struct {
	RetryAfter time.Duration
	// Scope names the exhausted budget ("session" or "ip"), for logs.
	Scope string
}

func (e *RateLimitedError) Error() string {
	return fmt.Sprintf("%s: %s budget exhausted, retry after %v", ErrTooManyRequests.MessageKey(), e.Scope, e.RetryAfter)
}

// Unwrap makes the error a keyed ErrTooManyRequests.
func (e *RateLimitedError) Unwrap() error { return ErrTooManyRequests }

// RetryDelay is RetryAfter; it tells apperr to send the delay with the status.
func (e *RateLimitedError) RetryDelay() time.Duration { return e.RetryAfter }

// Params name the exhausted budget, so the client can tell a busy network from its own haste.
func (e *RateLimitedError) Params() map[string]string { return map[string]string{"scope": e.Scope} }
