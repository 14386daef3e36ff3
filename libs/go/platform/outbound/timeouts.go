package outbound

import "time"

// The outside systems' default timeouts, in one table: the adapters (and the services' *_TIMEOUT
// variables) default to them, and the gateway derives the deadlines of the routes with these
// systems behind them from them (RouteDeadline, gateway/router/deadlines.go), so a route's
// deadline is longer than the calls behind it. Raising a service's timeout means raising its
// route's deadline too (docs/operations.md "Deadlines").
const (
	// CardProviderTimeout and PayPalTimeout bound a payment call: a provider answers within a few
	// seconds in practice, and the provider routes' 12 s must cover it with RouteMargin.
	CardProviderTimeout = 10 * time.Second
	PayPalTimeout       = 10 * time.Second
	SMSTimeout          = 5 * time.Second
	// VIESTimeout bounds a VAT id check; the form is saved whatever VIES says.
	VIESTimeout     = 8 * time.Second
	TransferTimeout = 5 * time.Second
	RegistryTimeout = 2 * time.Second
	OIDCTimeout     = 5 * time.Second
)

// RouteMargin is what a route's deadline adds to the longest outbound call behind it: the margin
// the service keeps (DefaultMargin; the VAT id check's 750 ms save reserve fits in it too) and the
// time to carry the answer back through one gRPC hop and the gateway.
const RouteMargin = 2 * DefaultMargin

// RouteDeadline is the shortest deadline of a route whose outbound calls have timeouts: the
// longest of them plus RouteMargin.
func RouteDeadline(timeouts ...time.Duration) time.Duration {
	var longest time.Duration
	for _, t := range timeouts {
		longest = max(longest, t)
	}
	return longest + RouteMargin
}
