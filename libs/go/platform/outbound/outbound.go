// Package outbound bounds calls to outside systems (card provider, PayPal, VIES, SMS gateway,
// transfer service, registries) by what is left of their caller's deadline: a call gives up a
// margin before its caller does, so the service still answers with the outside system's outage
// (an answer about that call, which no breaker counts) instead of the caller's deadline passing
// (which counts as the service failing), and a provider is never asked to act after the shop
// gave up (docs/operations.md "Deadlines").
package outbound

import (
	"context"
	"time"
)

// DefaultMargin is what an outbound call leaves of its caller's deadline: enough to turn the
// outage into an answer and send it back through one gRPC hop and the gateway.
const DefaultMargin = 500 * time.Millisecond

// Context returns the context of one outbound call: timeout, and never past ctx's deadline less
// margin (derived from the deadline itself, no clock read). When that point has passed the
// context is done at once: the call is not sent. Without a deadline on ctx only timeout bounds it.
func Context(ctx context.Context, timeout, margin time.Duration) (context.Context, context.CancelFunc) {
	cctx, cancel := context.WithTimeout(ctx, timeout)
	dl, ok := ctx.Deadline()
	if !ok {
		return cctx, cancel
	}
	inner, cancelInner := context.WithDeadline(cctx, dl.Add(-margin))
	return inner, func() { cancelInner(); cancel() }
}
