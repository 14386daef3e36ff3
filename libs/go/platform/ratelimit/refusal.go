package ratelimit

import (
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// Error refuses a call whose budget is spent: RESOURCE_EXHAUSTED with the service's message key,
// and the delay the gateway puts into Retry-After.
type Error struct {
	Key        string
	RetryAfter time.Duration
	// Scope names the exhausted budget ("session" or "ip").
	Scope string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s budget exhausted, retry after %v", e.Key, e.Scope, e.RetryAfter)
}

// Unwrap makes the error a rate-limited one for apperr.
func (e *Error) Unwrap() error { return apperr.RateLimited }

// MessageKey is Key.
func (e *Error) MessageKey() string { return e.Key }

// RetryDelay tells the gateway what to put into Retry-After.
func (e *Error) RetryDelay() time.Duration { return e.RetryAfter }

// Params names the exhausted budget.
func (e *Error) Params() map[string]string { return map[string]string{"scope": e.Scope} }

// Refuse is the Refusal answering *Error with key, for services without an error type of their own.
func Refuse(key string) Refusal {
	return func(retryAfter time.Duration, scope string) error {
		return &Error{Key: key, RetryAfter: retryAfter, Scope: scope}
	}
}

// Unavailable refuses a call of a route that fails closed (FailClosed) while the limiter cannot
// answer: Unavailable (HTTP 503) with the service's message key, a retry hint, and the rate
// limiter named as the dependency that is down, so the call is neither retried nor counted
// against the service by its callers' breakers.
type Unavailable struct {
	Key string
	// Err is why the limiter could not answer, for the logs.
	Err error
}

// UnavailableRetryAfter is the retry hint of Unavailable: about the time Redis takes to fail over.
const UnavailableRetryAfter = 5 * time.Second

func (e *Unavailable) Error() string {
	return fmt.Sprintf("%s: rate limiter unavailable: %v", e.Key, e.Err)
}

// Unwrap makes the refusal an outage for apperr.
func (e *Unavailable) Unwrap() error { return apperr.Unavailable }

// MessageKey is Key.
func (e *Unavailable) MessageKey() string { return e.Key }

// Dependency names the rate limiter as what is down.
func (e *Unavailable) Dependency() string { return "rate-limiter" }

// RetryDelay tells the gateway what to put into Retry-After.
func (e *Unavailable) RetryDelay() time.Duration { return UnavailableRetryAfter }
