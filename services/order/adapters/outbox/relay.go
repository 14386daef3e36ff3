// Package outbox publishes the order service's outbox to NATS JetStream: events written in the
// transaction that caused them (sqlstore) reach the broker at least once, and the stream's
// de-duplication by message id (Nats-Msg-Id) turns that into once, so an event is neither lost
// when the broker is down nor stored twice when the relay dies between publishing and marking.
package outbox

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hostcart/checkout/services/order/domain"
)

// Defaults of a Config.
const (
	DefaultStream        = "ORDERS"
	DefaultSubjectPrefix = "checkout."
	// DefaultDuplicates is the stream's de-duplication window. It must outlast the longest time a
	// published but unmarked row can wait for the next relay round (a crashed replica's restart):
	// an hour, where JetStream's own default is two minutes.
	DefaultDuplicates = time.Hour
	DefaultInterval   = time.Second
	DefaultBatch      = 100
)

// Config of the stream and the relay.
type Config struct {
	// Stream (NATS_STREAM) holds every subject under SubjectPrefix.
	Stream string
	// SubjectPrefix (NATS_SUBJECT_PREFIX) goes before an event's name: checkout.order.finalized.
	SubjectPrefix string
	Duplicates    time.Duration
	// Interval is the pause after a round that found nothing (or failed) to publish.
	Interval time.Duration
	Batch    int
}

func (c Config) withDefaults() Config {
	if c.Stream == "" {
		c.Stream = DefaultStream
	}
	if c.SubjectPrefix == "" {
		c.SubjectPrefix = DefaultSubjectPrefix
	}
	if c.Duplicates <= 0 {
		c.Duplicates = DefaultDuplicates
	}
	if c.Interval <= 0 {
		c.Interval = DefaultInterval
	}
	if c.Batch <= 0 {
		c.Batch = DefaultBatch
	}
	return c
}

// Publisher publishes outbox events to the stream.
type Publisher struct {
	js  jetstream.JetStream
	cfg Config
}

// NewPublisher returns a publisher over nc and creates (or updates) the stream, so a fresh broker
// does not drop the first events for want of a stream to hold them.
func NewPublisher(ctx context.Context, nc *nats.Conn, cfg Config) (*Publisher, error) {
	cfg = cfg.withDefaults()
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, fmt.Errorf("jetstream: %w", err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:       cfg.Stream,
		Subjects:   []string{cfg.SubjectPrefix + ">"},
		Storage:    jetstream.FileStorage,
		Duplicates: cfg.Duplicates,
	}); err != nil {
		return nil, fmt.Errorf("stream %s: %w", cfg.Stream, err)
	}
	return &Publisher{js: js, cfg: cfg}, nil
}

// Publish stores e in the stream once: a second publish of its MsgID within the window is
// acknowledged as a duplicate and not stored again. duplicate says which it was.
func (p *Publisher) Publish(ctx context.Context, e domain.OutboxEvent) (duplicate bool, err error) {
	msg := nats.NewMsg(p.cfg.SubjectPrefix + e.Subject)
	msg.Data = e.Payload
	msg.Header.Set("Event-Id", e.ID)
	ack, err := p.js.PublishMsg(ctx, msg, jetstream.WithMsgID(e.MsgID), jetstream.WithExpectStream(p.cfg.Stream))
	if err != nil {
		return false, fmt.Errorf("publish %s (%s): %w", e.Subject, e.MsgID, err)
	}
	return ack.Duplicate, nil
}

// Source is the outbox table (sqlstore.Store).
type Source interface {
	RelayOutbox(ctx context.Context, now time.Time, limit int, publish func(context.Context, domain.OutboxEvent) error) (int, error)
}

// Relay moves events from the outbox to the broker until its context ends.
type Relay struct {
	Source  Source
	Publish func(context.Context, domain.OutboxEvent) error
	Config  Config
	// Now is the clock the published rows are marked with (the composition root's).
	Now func() time.Time
	Log *slog.Logger
}

// NewRelay returns a relay from src to p, marking published rows with the time now answers.
func NewRelay(src Source, p *Publisher, now func() time.Time, log *slog.Logger) *Relay {
	return &Relay{Source: src, Config: p.cfg, Now: now, Log: log, Publish: func(ctx context.Context, e domain.OutboxEvent) error {
		_, err := p.Publish(ctx, e)
		return err
	}}
}

// Round publishes what is pending, batch by batch, and answers how many events it published.
func (r *Relay) Round(ctx context.Context) (int, error) {
	cfg := r.Config.withDefaults()
	total := 0
	for {
		n, err := r.Source.RelayOutbox(ctx, r.Now(), cfg.Batch, r.Publish)
		total += n
		if err != nil || n < cfg.Batch {
			return total, err
		}
	}
}

// Run repeats rounds until ctx ends; failures are logged and retried after the interval, because
// the rows stay in the outbox until the broker took them.
func (r *Relay) Run(ctx context.Context) error {
	cfg := r.Config.withDefaults()
	log := r.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	for {
		n, err := r.Round(ctx)
		switch {
		case ctx.Err() != nil:
			return nil
		case err != nil:
			log.WarnContext(ctx, "outbox relay round failed; retrying", slog.Int("published", n), slog.Any("error", err))
		case n > 0:
			log.DebugContext(ctx, "outbox relayed", slog.Int("published", n))
		}
		t := time.NewTimer(cfg.Interval)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		}
	}
}

// ErrNoServer is returned by Connect without a URL.
var ErrNoServer = errors.New("NATS_URL is not set")

// Connect dials the broker and keeps reconnecting for as long as the process runs: the relay
// outlives a broker restart without losing anything, since rows stay in the outbox meanwhile.
func Connect(url, name string) (*nats.Conn, error) {
	if url == "" {
		return nil, ErrNoServer
	}
	nc, err := nats.Connect(url, nats.Name(name), nats.MaxReconnects(-1), nats.RetryOnFailedConnect(true),
		nats.ReconnectWait(time.Second), nats.Timeout(5*time.Second))
	if err != nil {
		return nil, fmt.Errorf("nats %s: %w", url, err)
	}
	return nc, nil
}
