package grpctransport

import (
	"errors"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/promotion/domain"
)

// origin is the one place domain errors become gRPC statuses: apperr decides the code from the
// error's kind, the status message is the message key, and google.rpc details carry the code of a
// refused promo code (ErrorInfo metadata "code") and the delay of a rate limit (RetryInfo).
var origin = apperr.Origin{
	ErrorDomain:    "promotion.checkout.hostcart",
	UnavailableKey: "promotion.unavailable",
}

// fieldCart names the request field a refused snapshot is reported under (google.rpc.BadRequest).
const fieldCart = "cart"

// statusFrom turns err into the status the RPC answers.
func statusFrom(err error) error {
	field := ""
	if errors.Is(err, domain.ErrInvalidCart) {
		field = fieldCart
	}
	return origin.Err(err, field)
}
