// Package domain holds the pure rules of the domain capability: TLD catalogue, search input
// normalisation and validation (spec §5), availability statuses, prices, inclusive domains and
// recommendation candidates. No I/O happens here.
package domain

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Kinds of failure the transports translate into status codes. Concrete errors wrap one of them
// and carry the spec-style message key the UI translates.
var (
	ErrNotFound        = errors.New("not found")
	ErrInvalidArgument = errors.New("invalid argument")
	// ErrUnavailable marks an outage of something the service depends on (database, registry).
	ErrUnavailable = errors.New("unavailable")
	// ErrRateLimited marks a caller that asked too often.
	ErrRateLimited = errors.New("rate limited")
)

var (
	ErrBrandRequired   = keyed(ErrInvalidArgument, "brand.required")
	ErrGroupNotFound   = keyed(ErrNotFound, "domain.group_not_found")
	ErrTooManyNames    = keyed(ErrInvalidArgument, "domain.too_many_names")
	ErrTooManyRequests = keyed(ErrRateLimited, "domain.too_many_requests")
)

// KeyedError is a domain error with the message key shown to users.
type KeyedError struct {
	kind error
	key  string
}

func keyed(kind error, key string) *KeyedError { return &KeyedError{kind: kind, key: key} }

func (e *KeyedError) Error() string { return e.key }

// Unwrap exposes the kind so callers test with errors.Is(err, ErrNotFound).
func (e *KeyedError) Unwrap() error { return e.kind }

// Key is the message key, e.g. "domain.too_many_names".
func (e *KeyedError) Key() string { return e.key }

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

// MessageKey returns the message key of the first keyed error in err's chain, or "".
func MessageKey(err error) string {
	var k *KeyedError
	if errors.As(err, &k) {
		return k.key
	}
	var in *InputError
	if errors.As(err, &in) {
		return in.Key
	}
	return ""
}

// RateLimitedError refuses a call of a caller that asked too often; RetryAfter says when to retry.
type RateLimitedError struct {
	RetryAfter time.Duration
	// Scope names the exhausted budget ("session" or "ip"), for logs.
	Scope string
}

func (e *RateLimitedError) Error() string {
	return fmt.Sprintf("%s: %s budget exhausted, retry after %v", ErrTooManyRequests.key, e.Scope, e.RetryAfter)
}

// Unwrap makes the error a keyed ErrTooManyRequests.
func (e *RateLimitedError) Unwrap() error { return ErrTooManyRequests }
