package embeddednats_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hostcart/checkout/services/order/adapters/embeddednats"
	"github.com/hostcart/checkout/services/order/adapters/outbox"
	"github.com/hostcart/checkout/services/order/domain"
)

func TestEmbeddedServerTakesJetStreamPublishes(t *testing.T) {
	srv, err := embeddednats.Start(0)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	if !strings.HasPrefix(srv.URL(), "nats://127.0.0.1:") {
		t.Fatalf("URL %q is not on loopback", srv.URL())
	}
	nc, err := nats.Connect(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx := context.Background()
	pub, err := outbox.NewPublisher(ctx, nc, outbox.Config{})
	if err != nil {
		t.Fatal(err)
	}
	e := domain.OutboxEvent{ID: "e1", Subject: domain.EventFinalized, MsgID: "order.finalized:o1", Payload: []byte(`{}`)}
	for range 2 {
		if _, err := pub.Publish(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	js, _ := jetstream.New(nc)
	s, err := js.Stream(ctx, outbox.DefaultStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 1 {
		t.Fatalf("stream holds %d messages, want 1", info.State.Msgs)
	}
}
