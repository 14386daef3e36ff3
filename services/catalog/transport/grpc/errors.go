package grpctransport

import (
	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// origin keeps the catalog's own fallback key for outages; everything else about statuses is the
// shared mapping of apperr.
var origin = apperr.Origin{ErrorDomain: "catalog.checkout.hostcart", UnavailableKey: "catalog.unavailable"}

// codeFrom is the gRPC code a domain error is answered with.
func codeFrom(err error) codes.Code { return apperr.Code(err) }

// statusFrom turns err into a status whose message is a message key the gateway can hand to the UI;
// the error's details stay in the service's logs.
func statusFrom(err error) error { return origin.Err(err, "") }
