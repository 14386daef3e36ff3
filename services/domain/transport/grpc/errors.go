package grpctransport

import "github.com/hostcart/checkout/libs/go/apperr"

// origin keeps the domain service's own fallback key for outages and names it in ErrorInfo
// details; codes and details are the shared mapping of apperr.
var origin = apperr.Origin{ErrorDomain: "domain.checkout.hostcart", UnavailableKey: "domain.unavailable"}

// statusFrom turns err into a status whose message is a message key the gateway can hand to the
// UI; details carry what a key alone cannot (offending characters, the field, when to retry). The
// error's internals stay in the service's logs.
func statusFrom(err error, field string) error { return origin.Err(err, field) }
