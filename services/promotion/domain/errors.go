package domain

import (
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Message keys of spec §8 this service answers with.
const (
	KeyNotFound      = "confirm.manual_promotion_not_found"
	KeyNotApplicable = "confirm.manual_promotion_not_applicable"
	KeyTooMany       = "error.too_many_requests"
)

var (
	ErrBrandRequired = apperr.New(apperr.InvalidArgument, "brand.required")
	ErrInvalidCart   = apperr.New(apperr.InvalidArgument, "promotion.invalid_cart")
	// ErrPromotionNotFound is what stores answer for a code they do not hold; the service turns
	// it into a CodeError naming the code.
	ErrPromotionNotFound = apperr.New(apperr.NotFound, KeyNotFound)
	errNotApplicable     = apperr.New(apperr.FailedPrecondition, KeyNotApplicable)
	errTooManyRequests   = apperr.New(apperr.RateLimited, KeyTooMany)
)

// CodeError refuses a promo code; the UI names the code in the message (parameter "code").
type CodeError struct {
	keyed *apperr.Keyed
	Code  string
}

// NotFoundError is the answer for a code that is unknown, inactive or expired.
func NotFoundError(code string) *CodeError {
	return &CodeError{keyed: ErrPromotionNotFound, Code: code}
}

// NotApplicableError is the answer for a code that fits no position of the cart.
func NotApplicableError(code string) *CodeError {
	return &CodeError{keyed: errNotApplicable, Code: code}
}

func (e *CodeError) Error() string { return fmt.Sprintf("%s: %q", e.keyed.MessageKey(), e.Code) }

// Unwrap exposes the keyed kind, so errors.Is(err, apperr.NotFound) holds.
func (e *CodeError) Unwrap() error { return e.keyed }

// MessageKey is the spec §8 key.
func (e *CodeError) MessageKey() string { return e.keyed.MessageKey() }

// Params carries the code into the translated message.
func (e *CodeError) Params() map[string]string { return map[string]string{"code": e.Code} }

// RateLimitedError refuses a code lookup of a caller that asked too often.
type RateLimitedError struct {
	RetryAfter time.Duration
	// Scope names the exhausted budget ("session" or "ip"), for logs and the client.
	Scope string
}

func (e *RateLimitedError) Error() string {
	return fmt.Sprintf("%s: %s budget exhausted, retry after %v", KeyTooMany, e.Scope, e.RetryAfter)
}

// Unwrap makes the error a keyed RateLimited one.
func (e *RateLimitedError) Unwrap() error { return errTooManyRequests }

// RetryDelay tells the gateway what to put into Retry-After.
func (e *RateLimitedError) RetryDelay() time.Duration { return e.RetryAfter }

// Params names the exhausted budget.
func (e *RateLimitedError) Params() map[string]string { return map[string]string{"scope": e.Scope} }
