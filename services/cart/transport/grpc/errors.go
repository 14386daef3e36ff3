package grpctransport

import (
	"errors"

	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/cart/domain"
)

// origin keeps the cart's own fallback key for outages; everything else about statuses is the
// shared mapping of apperr.
var origin = apperr.Origin{ErrorDomain: "cart.checkout.hostcart", UnavailableKey: "cart.unavailable"}

// statusFrom turns err into the status the RPC answers with. A refusal with several violations
// (a replaced cart, field values) lists each as a google.rpc.BadRequest field violation, the
// place the gateway reads per-field message keys from; other invalid arguments name field.
func statusFrom(err error, field string) error {
	var ve *domain.ViolationsError
	if !errors.As(err, &ve) {
		return origin.Err(err, field)
	}
	st := origin.Status(err, "")
	br := &errdetails.BadRequest{}
	for _, v := range ve.Violations {
		br.FieldViolations = append(br.FieldViolations, &errdetails.BadRequest_FieldViolation{Field: v.Field, Description: v.Key})
	}
	withDetails, derr := st.WithDetails(br)
	if derr != nil {
		return st.Err()
	}
	return withDetails.Err()
}
