package grpctransport

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/services/catalog/domain"
)

// Message keys for failures that carry none of their own.
const (
	keyUnavailable = "catalog.unavailable"
	keyInternal    = "error.something_went_wrong"
)

// codeFrom is the one place domain errors become gRPC codes.
func codeFrom(err error) codes.Code {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return codes.NotFound
	case errors.Is(err, domain.ErrInvalidArgument):
		return codes.InvalidArgument
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

// statusFrom turns err into a status whose message is a message key the gateway can hand to the UI;
// the error's details stay in the service's logs.
func statusFrom(err error) error {
	code := codeFrom(err)
	key := domain.MessageKey(err)
	if key == "" {
		key = keyInternal
		if code == codes.Unavailable {
			key = keyUnavailable
		}
	}
	return status.Error(code, key)
}
