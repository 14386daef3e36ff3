package outbound

import (
	"context"
	"testing"
	"time"
)

// The call's deadline is the earlier of its own timeout and the caller's deadline less the margin;
// a caller without a deadline leaves the timeout alone. Deadlines are compared with each other,
// not with the clock.
func TestContextTakesTheEarlierBound(t *testing.T) {
	t.Run("caller's deadline less the margin is earlier, and past", func(t *testing.T) {
		past := time.Date(2000, 1, 1, 12, 0, 0, 0, time.UTC)
		ctx, cancel := context.WithDeadline(context.Background(), past)
		defer cancel()
		cctx, ccancel := Context(ctx, time.Hour, time.Second)
		defer ccancel()
		if dl, ok := cctx.Deadline(); !ok || !dl.Equal(past.Add(-time.Second)) {
			t.Errorf("deadline = %v, %v; want the caller's less the margin", dl, ok)
		}
		if cctx.Err() == nil {
			t.Error("a bound already past must end the call's context at once: the call is not sent")
		}
	})
	t.Run("own timeout is earlier", func(t *testing.T) {
		far := time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)
		ctx, cancel := context.WithDeadline(context.Background(), far)
		defer cancel()
		cctx, ccancel := Context(ctx, time.Minute, time.Second)
		defer ccancel()
		dl, _ := cctx.Deadline()
		if !dl.Before(far.Add(-time.Second)) || cctx.Err() != nil {
			t.Errorf("deadline = %v, err %v; want the call's own minute", dl, cctx.Err())
		}
	})
	t.Run("no caller deadline", func(t *testing.T) {
		cctx, ccancel := Context(context.Background(), time.Minute, time.Second)
		defer ccancel()
		if _, ok := cctx.Deadline(); !ok || cctx.Err() != nil {
			t.Error("the call's own timeout must bound it")
		}
	})
}
