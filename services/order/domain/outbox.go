package domain

import (
	"encoding/json"
	"fmt"
	"time"
)

// OutboxEvent is an event written in the transaction that caused it, for the relay to publish.
type OutboxEvent struct {
	ID string
	// Subject is the event's name (order.finalized); the relay puts its own prefix in front.
	Subject string
	// MsgID is what the broker de-duplicates on: publishing the same event again is a no-op.
	MsgID     string
	Payload   []byte
	CreatedAt time.Time
}

// FinalizedOutbox returns the outbox row of the order's order.finalized event, de-duplicated by the
// order id: an order is finalized once, however often the relay publishes it.
func (o Order) FinalizedOutbox(eventID string) (OutboxEvent, error) {
	payload, err := json.Marshal(o.Finalized())
	if err != nil {
		return OutboxEvent{}, fmt.Errorf("order.finalized payload: %w", err)
	}
	return OutboxEvent{ID: eventID, Subject: EventFinalized, MsgID: EventFinalized + ":" + o.ID, Payload: payload, CreatedAt: o.CreatedAt}, nil
}
