package service

import (
	"context"
	"testing"
	"time"
)

// Issue 23: the consumer's early_start request (services to start within the withdrawal period)
// is kept in the order's row on PostgreSQL and carried by its order.finalized event, whether the
// event goes out at once or only after the SMS code (then built from the stored row), so
// fulfilment can honour it; an order without the request carries false.
func TestOrderAndFinalizedEventCarryTheEarlyStartRequest(t *testing.T) {
	for _, c := range []struct {
		name       string
		sms, early bool
	}{
		{"at once, asked", false, true},
		{"at once, not asked", false, false},
		{"after the SMS code, asked", true, true},
		{"after the SMS code, not asked", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, _ := pgFixture(t, "order_early_start")
			if c.sms {
				f.payments.smsTypes = map[string]bool{"sepa": true}
			}
			fb := consent()
			fb.EarlyStart = c.early
			o, err := f.svc.PlaceOrder(sess("s1"), PlaceInput{IdempotencyKey: "k1", Feedback: fb})
			if err != nil {
				t.Fatal(err)
			}
			if c.sms {
				f.now = f.now.Add(time.Minute)
				if _, err := f.svc.ValidateSMS(sess("s1"), o.ID, "", codeOf(t, f.sms, "+49 231 1234567")); err != nil {
					t.Fatal(err)
				}
			}
			stored, err := f.store.Order(context.Background(), o.ID)
			if err != nil {
				t.Fatal(err)
			}
			if stored.Feedback.EarlyStart != c.early {
				t.Errorf("stored order's early start %v, want %v", stored.Feedback.EarlyStart, c.early)
			}
			events := finalizedEvents(t, f)
			if len(events) != 1 || events[0].OrderID != o.ID {
				t.Fatalf("order.finalized events %+v, want one of %s", events, o.ID)
			}
			if events[0].EarlyStart != c.early {
				t.Errorf("order.finalized early_start %v, want %v", events[0].EarlyStart, c.early)
			}
		})
	}
}
