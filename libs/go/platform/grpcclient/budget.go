package grpcclient

import "sync/atomic"

// retryBudget is gRPC's retry throttling (gRFC A6) per connection: every failed attempt costs a
// token, every success earns back tokenRatio of one, and retries stop while the bucket is at or
// below half. When a backend is failing for everyone, retries would only multiply its load; the
// budget lets a few through for blips and then none until successes come back.
type retryBudget struct {
	milli    atomic.Int64 // tokens × 1000, so the lock-free arithmetic stays in integers
	maxMilli int64
}

// tokenRatio is what one success earns back, as in gRPC's default service config examples.
const tokenRatioMilli = 100

func newRetryBudget(tokens int) *retryBudget {
	b := &retryBudget{maxMilli: int64(tokens) * 1000}
	b.milli.Store(b.maxMilli)
	return b
}

// allow reports whether a retry may be sent now.
func (b *retryBudget) allow() bool { return b.milli.Load() > b.maxMilli/2 }

func (b *retryBudget) failure() {
	for {
		cur := b.milli.Load()
		next := max(cur-1000, 0)
		if cur == next || b.milli.CompareAndSwap(cur, next) {
			return
		}
	}
}

// success earns back a fraction of a token; a full bucket is not written to, so the steady state
// of a healthy connection costs one atomic load per call.
func (b *retryBudget) success() {
	for {
		cur := b.milli.Load()
		if cur >= b.maxMilli {
			return
		}
		if b.milli.CompareAndSwap(cur, min(cur+tokenRatioMilli, b.maxMilli)) {
			return
		}
	}
}
