package domain

import "github.com/hostcart/checkout/libs/go/apperr"

// Kinds of failure the transports translate into status codes (the mapping lives in apperr).
// Concrete errors wrap one of them and carry the spec-style message key the UI translates.
var (
	ErrNotFound        = apperr.NotFound
	ErrInvalidArgument = apperr.InvalidArgument
	// ErrUnavailable marks an outage of a store the service depends on (database, Redis).
	ErrUnavailable = apperr.Unavailable
)

var (
	ErrBrandNotFound      = apperr.New(ErrNotFound, "brand.not_found")
	ErrProductNotFound    = apperr.New(ErrNotFound, "product.not_found")
	ErrBrandRequired      = apperr.New(ErrInvalidArgument, "brand.required")
	ErrSessionRequired    = apperr.New(ErrInvalidArgument, "session.required")
	ErrLocaleNotSupported = apperr.New(ErrInvalidArgument, "locale.not_supported")
	ErrInvalidProductID   = apperr.New(ErrInvalidArgument, "product.invalid_id")
)

// MessageKey returns the message key of the first keyed error in err's chain, or "" when there is none.
func MessageKey(err error) string { return apperr.MessageKey(err) }
