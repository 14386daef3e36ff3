// Package ordermail is the event transport of the confirmation mail use case
// (service.ConfirmationMails): a durable JetStream pull consumer on the order service's stream
// takes every order.finalized event, hands it to the use case and settles the message (ack, term,
// or nak with the delay) as the use case answers. Why each mail goes out once per order, and the
// crash windows: service/confirmationmail.go.
package ordermail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/hostcart/checkout/services/order/adapters/outbox"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/mail"
	"github.com/hostcart/checkout/services/order/service"
)

// Defaults of a Config.
const (
	DefaultDurable = "order-confirmation-mail"
	// DefaultAckWait outlasts one send (smtpmail.DefaultTimeout, 30 s) before JetStream redelivers.
	DefaultAckWait = time.Minute
	// DefaultLease is how long a claimed mail belongs to the attempt that claimed it.
	DefaultLease      = 2 * time.Minute
	DefaultRetryDelay = 2 * time.Second
	DefaultMaxDelay   = 5 * time.Minute
)

// Config of the consumer.
type Config struct {
	// Stream and SubjectPrefix are the outbox relay's (NATS_STREAM, NATS_SUBJECT_PREFIX).
	Stream        string
	SubjectPrefix string
	// Durable names the consumer: its position survives restarts and is shared by replicas.
	Durable string
	AckWait time.Duration
	Lease   time.Duration
	// RetryDelay is the first delay after an outage, doubled per delivery up to MaxDelay.
	RetryDelay time.Duration
	MaxDelay   time.Duration
	// Now is the service's clock (the composition root's): leases and retry times are read from it.
	// Required.
	Now func() time.Time
}

func (c Config) withDefaults() Config {
	if c.Stream == "" {
		c.Stream = outbox.DefaultStream
	}
	if c.SubjectPrefix == "" {
		c.SubjectPrefix = outbox.DefaultSubjectPrefix
	}
	if c.Durable == "" {
		c.Durable = DefaultDurable
	}
	if c.AckWait <= 0 {
		c.AckWait = DefaultAckWait
	}
	if c.Lease <= 0 {
		c.Lease = DefaultLease
	}
	if c.RetryDelay <= 0 {
		c.RetryDelay = DefaultRetryDelay
	}
	if c.MaxDelay <= 0 {
		c.MaxDelay = DefaultMaxDelay
	}
	return c
}

// Store records the mails and reads orders back (the use case's port).
type Store = service.MailRecords

// Brands answers the brand an order's mail comes from (the use case's port).
type Brands = service.Brands

// Consumer delivers order.finalized events to the confirmation mail use case.
type Consumer struct {
	cfg  Config
	cons jetstream.Consumer
	uc   *service.ConfirmationMails
	log  *slog.Logger
}

// New creates (or updates) the durable consumer on the stream, which must exist (the outbox
// Publisher creates it). A consumer created now starts with the events published from now on:
// orders finalized before the mail existed get none. brands nil sends mails without a brand's
// sender and footer (tests of the delivery alone).
func New(ctx context.Context, js jetstream.JetStream, cfg Config, store Store, brands Brands, sender mail.Sender, log *slog.Logger) (*Consumer, error) {
	cfg = cfg.withDefaults()
	if cfg.Now == nil {
		return nil, errors.New("order mail consumer: Config.Now is required")
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, cfg.Stream, jetstream.ConsumerConfig{
		Durable:       cfg.Durable,
		Description:   "order confirmation mails",
		FilterSubject: cfg.SubjectPrefix + domain.EventFinalized,
		DeliverPolicy: jetstream.DeliverNewPolicy,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       cfg.AckWait,
		MaxDeliver:    -1, // an outage of the mail server may last; delays grow to MaxDelay
		MaxAckPending: 100,
	})
	if err != nil {
		return nil, fmt.Errorf("order mail consumer %s on %s: %w", cfg.Durable, cfg.Stream, err)
	}
	uc := &service.ConfirmationMails{Records: store, Brands: brands, Sender: sender, Log: log, Now: cfg.Now,
		Lease: cfg.Lease, RetryDelay: cfg.RetryDelay, MaxDelay: cfg.MaxDelay}
	return &Consumer{cfg: cfg, cons: cons, uc: uc, log: log}, nil
}

// Run handles events one at a time until ctx ends; it returns nil then.
func (c *Consumer) Run(ctx context.Context) error {
	it, err := c.cons.Messages(jetstream.PullMaxMessages(10))
	if err != nil {
		return fmt.Errorf("order mail consumer: %w", err)
	}
	stop := context.AfterFunc(ctx, it.Stop)
	defer stop()
	defer it.Stop()
	for {
		msg, err := it.Next()
		if errors.Is(err, jetstream.ErrMsgIteratorClosed) || ctx.Err() != nil {
			if msg != nil {
				_ = msg.Nak()
			}
			return nil
		}
		if err != nil {
			c.log.WarnContext(ctx, "order mail consumer: next event", slog.Any("error", err))
			continue
		}
		c.Handle(ctx, msg)
	}
}

// Handle processes one delivery and settles it.
func (c *Consumer) Handle(ctx context.Context, msg jetstream.Msg) {
	delivered := uint64(1)
	if md, err := msg.Metadata(); err == nil {
		delivered = md.NumDelivered
	}
	out := c.uc.Handle(ctx, msg.Data(), delivered)
	var err error
	switch out.Kind {
	case service.MailAck:
		err = msg.Ack()
	case service.MailTerm:
		err = msg.Term()
	default:
		err = msg.NakWithDelay(out.Delay)
	}
	if err != nil {
		// The event comes back after AckWait; the mail record keeps that from sending twice.
		c.log.WarnContext(ctx, "order mail consumer: settle "+out.Kind, slog.Any("error", err))
	}
}
