package outbox_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/order/adapters/outbox"
	"github.com/hostcart/checkout/services/order/adapters/sqlstore"
	"github.com/hostcart/checkout/services/order/domain"
)

// broker connects to the machine's NATS and gives the test a stream and subject prefix of its
// own, deleted when it ends.
// clock is the relays' clock: the time published rows are marked with.
func clock() time.Time { return time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC) }

func broker(t *testing.T) (*nats.Conn, outbox.Config) {
	t.Helper()
	nc, err := nats.Connect(testinfra.NATS(t))
	if err != nil {
		t.Fatal(err)
	}
	name := testinfra.Name("ORDERS_TEST")
	cfg := outbox.Config{Stream: name, SubjectPrefix: strings.ToLower(name) + ".", Interval: 10 * time.Millisecond, Batch: 2}
	t.Cleanup(func() {
		js, err := jetstream.New(nc)
		if err == nil {
			err = js.DeleteStream(context.Background(), name)
		}
		if err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
			t.Errorf("delete stream %s: %v", name, err)
		}
		nc.Close()
	})
	return nc, cfg
}

func messages(t *testing.T, nc *nats.Conn, stream string) uint64 {
	t.Helper()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	s, err := js.Stream(context.Background(), stream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

// store is an embedded SQLite store holding n placed orders, each with its outbox event.
func store(t *testing.T, n int) (*sqlstore.Store, []domain.Order) {
	t.Helper()
	ctx := context.Background()
	s, err := sqlstore.OpenSQLite(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var orders []domain.Order
	for i := range n {
		now := time.Now().Add(time.Duration(i) * time.Millisecond)
		id, _ := domain.NewOrderID(now)
		o := domain.Order{ID: id, Code: fmt.Sprintf("C-%d", i), SessionID: "s", BrandID: 1, Status: domain.StatusPlaced,
			Payment: domain.Payment{Type: "sepa"}, Totals: domain.Totals{GrossCents: 1190, Currency: "EUR"}, CreatedAt: now}
		ev, err := o.FinalizedOutbox(id)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Place(ctx, sqlstore.Placement{Order: o, IdempotencyKey: o.Code, RequestHash: "h", Event: &ev}); err != nil {
			t.Fatal(err)
		}
		orders = append(orders, o)
	}
	return s, orders
}

func TestRelayPublishesEveryPendingEvent(t *testing.T) {
	ctx := context.Background()
	nc, cfg := broker(t)
	pub, err := outbox.NewPublisher(ctx, nc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, orders := store(t, 5)
	sub, err := nc.SubscribeSync(cfg.SubjectPrefix + domain.EventFinalized)
	if err != nil {
		t.Fatal(err)
	}
	n, err := outbox.NewRelay(s, pub, clock, nil).Round(ctx)
	if err != nil || n != 5 {
		t.Fatalf("Round = %d, %v; want 5 (in batches of 2)", n, err)
	}
	if pending, _ := s.PendingEvents(ctx); pending != 0 {
		t.Fatalf("%d events still pending", pending)
	}
	if got := messages(t, nc, cfg.Stream); got != 5 {
		t.Fatalf("stream holds %d messages, want 5", got)
	}
	msg, err := sub.NextMsg(5 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := msg.Header.Get(jetstream.MsgIDHeader), domain.EventFinalized+":"+orders[0].ID; got != want {
		t.Fatalf("Nats-Msg-Id %q, want %q (the oldest event first)", got, want)
	}
	if !strings.Contains(string(msg.Data), `"order_id":"`+orders[0].ID+`"`) {
		t.Fatalf("payload %s", msg.Data)
	}
}

// The relay dies after the broker took an event but before the row was marked: the next round
// publishes it again, and the stream still holds it once.
func TestRepublishAfterACrashIsStoredOnce(t *testing.T) {
	ctx := context.Background()
	nc, cfg := broker(t)
	pub, err := outbox.NewPublisher(ctx, nc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := store(t, 1)
	crash := errors.New("killed before marking")
	crashing := outbox.NewRelay(s, pub, clock, nil)
	publish := crashing.Publish
	crashing.Publish = func(ctx context.Context, e domain.OutboxEvent) error {
		if err := publish(ctx, e); err != nil {
			return err
		}
		return crash
	}
	if _, err := crashing.Round(ctx); !errors.Is(err, crash) {
		t.Fatalf("crashing round: %v", err)
	}
	if pending, _ := s.PendingEvents(ctx); pending != 1 {
		t.Fatalf("%d pending after the crash, want 1", pending)
	}
	if n, err := outbox.NewRelay(s, pub, clock, nil).Round(ctx); err != nil || n != 1 {
		t.Fatalf("round after restart: %d, %v", n, err)
	}
	if pending, _ := s.PendingEvents(ctx); pending != 0 {
		t.Fatalf("%d pending after the restart", pending)
	}
	if got := messages(t, nc, cfg.Stream); got != 1 {
		t.Fatalf("stream holds %d messages, want 1", got)
	}
}

func TestPublishReportsDuplicates(t *testing.T) {
	ctx := context.Background()
	nc, cfg := broker(t)
	pub, err := outbox.NewPublisher(ctx, nc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := domain.OutboxEvent{ID: "e1", Subject: domain.EventFinalized, MsgID: "order.finalized:o1", Payload: []byte(`{}`)}
	for i, want := range []bool{false, true} {
		dup, err := pub.Publish(ctx, e)
		if err != nil || dup != want {
			t.Fatalf("publish %d: duplicate %v, %v; want %v", i+1, dup, err, want)
		}
	}
}

func TestRunStopsWithItsContext(t *testing.T) {
	nc, cfg := broker(t)
	pub, err := outbox.NewPublisher(context.Background(), nc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := store(t, 3)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- outbox.NewRelay(s, pub, clock, nil).Run(ctx) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if pending, _ := s.PendingEvents(context.Background()); pending == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Run did not publish the outbox within 10s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop")
	}
}

func TestConnectNeedsAURL(t *testing.T) {
	if _, err := outbox.Connect("", "t"); !errors.Is(err, outbox.ErrNoServer) {
		t.Fatalf("Connect without URL: %v", err)
	}
}
