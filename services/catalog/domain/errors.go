package domain

import "errors"

// Kinds of failure the transports translate into status codes. Concrete errors wrap one of them
// and carry the spec-style message key the UI translates.
var (
	ErrNotFound        = errors.New("not found")
	ErrInvalidArgument = errors.New("invalid argument")
	// ErrUnavailable marks an outage of a store the service depends on (database, Redis).
	ErrUnavailable = errors.New("unavailable")
)

var (
	ErrBrandNotFound      = keyed(ErrNotFound, "brand.not_found")
	ErrProductNotFound    = keyed(ErrNotFound, "product.not_found")
	ErrBrandRequired      = keyed(ErrInvalidArgument, "brand.required")
	ErrSessionRequired    = keyed(ErrInvalidArgument, "session.required")
	ErrLocaleNotSupported = keyed(ErrInvalidArgument, "locale.not_supported")
	ErrInvalidProductID   = keyed(ErrInvalidArgument, "product.invalid_id")
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

// Key is the message key, e.g. "locale.not_supported".
func (e *KeyedError) Key() string { return e.key }

// MessageKey returns the message key of the first KeyedError in err's chain, or "" when there is none.
func MessageKey(err error) string {
	var k *KeyedError
	if errors.As(err, &k) {
		return k.key
	}
	return ""
}
