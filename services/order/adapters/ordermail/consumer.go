// Package ordermail sends each order's confirmation mail: a durable JetStream pull consumer on
// the order service's stream takes every order.finalized event, renders mail.Confirmation in the
// order's locale and the brand's name (catalog brand properties) and sends it through the mail
// port, then acknowledges the event.
//
// Once per order: JetStream delivers at least once (an ack lost, a crash, an AckWait passed), so
// the mail is recorded by order id in the order database (sqlstore's mails_sent) around sending:
//
//   - claim (insert 'sending') before sending; a redelivery that finds 'sent' or 'rejected' acks
//     without sending, one that finds a fresh 'sending' (another attempt is on it) comes back later;
//   - mark 'sent' after the server took the mail, then ack;
//   - an outage gives the claim back and naks with a growing delay; a permanent refusal (5xx) is
//     recorded 'rejected' and terminated: it is not retried.
//
// Crash windows, and the side this errs on: dying after the claim but before sending leaves a
// 'sending' record; the redelivered event waits until the claim's Lease has passed and then sends:
// the mail is late, never lost. Dying after the server took the mail but before 'sent' is written
// also leaves 'sending': that mail is sent a second time after the lease. This is the one window
// with a duplicate, and it is chosen over losing the confirmation the success page promised
// (at-least-once; an exactly-once hand-over to SMTP does not exist). Dying after 'sent' but before
// the ack only redelivers the event, which then acks without sending. Lease must outlast one send
// (the SMTP timeout), or a slow attempt and its takeover could both send.
package ordermail

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/hostcart/checkout/services/order/adapters/outbox"
	"github.com/hostcart/checkout/services/order/adapters/sqlstore"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/mail"
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

// Store records the mails and reads orders back (sqlstore.Store).
type Store interface {
	ClaimMail(ctx context.Context, orderID, recipient string, now time.Time, lease time.Duration) (sqlstore.MailClaim, error)
	FinishMail(ctx context.Context, orderID, status, detail string, now time.Time) error
	ReleaseMail(ctx context.Context, orderID string, claimedAt time.Time, detail string) error
	Order(ctx context.Context, id string) (domain.Order, error)
}

// Brands answers the brand an order's mail comes from (sender, signature, legal footer).
type Brands interface {
	Brand(ctx context.Context, id int32) (domain.Brand, error)
}

// Consumer sends the confirmation mails.
type Consumer struct {
	cfg    Config
	cons   jetstream.Consumer
	store  Store
	brands Brands
	sender mail.Sender
	log    *slog.Logger
	now    func() time.Time
}

// New creates (or updates) the durable consumer on the stream, which must exist (the outbox
// Publisher creates it). A consumer created now starts with the events published from now on:
// orders finalized before the mail existed get none. brands nil sends mails without a brand's
// sender and footer (tests of the delivery alone).
func New(ctx context.Context, js jetstream.JetStream, cfg Config, store Store, brands Brands, sender mail.Sender, log *slog.Logger) (*Consumer, error) {
	cfg = cfg.withDefaults()
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
	return &Consumer{cfg: cfg, cons: cons, store: store, brands: brands, sender: sender, log: log, now: time.Now}, nil
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

// outcome is what becomes of one delivery.
type outcome struct {
	kind  string // ack, term, nak
	delay time.Duration
}

var (
	ack  = outcome{kind: "ack"}
	term = outcome{kind: "term"}
)

func nak(d time.Duration) outcome { return outcome{kind: "nak", delay: d} }

// Handle processes one delivery and settles it.
func (c *Consumer) Handle(ctx context.Context, msg jetstream.Msg) {
	delivered := uint64(1)
	if md, err := msg.Metadata(); err == nil {
		delivered = md.NumDelivered
	}
	out := c.process(ctx, msg.Data(), delivered)
	var err error
	switch out.kind {
	case "ack":
		err = msg.Ack()
	case "term":
		err = msg.Term()
	default:
		err = msg.NakWithDelay(out.delay)
	}
	if err != nil {
		// The event comes back after AckWait; the mail record keeps that from sending twice.
		c.log.WarnContext(ctx, "order mail consumer: settle "+out.kind, slog.Any("error", err))
	}
}

// backoff is the delay before delivery n+1 after an outage.
func (c *Consumer) backoff(delivered uint64) time.Duration {
	d := c.cfg.RetryDelay
	for i := uint64(1); i < delivered && d < c.cfg.MaxDelay; i++ {
		d *= 2
	}
	return min(d, c.cfg.MaxDelay)
}

func (c *Consumer) process(ctx context.Context, data []byte, delivered uint64) outcome {
	var e domain.FinalizedEvent
	if err := json.Unmarshal(data, &e); err != nil || e.OrderID == "" {
		c.log.ErrorContext(ctx, "order mail: malformed order.finalized event dropped", slog.Any("error", err))
		return term
	}
	log := c.log.With(slog.String("order_id", e.OrderID), slog.String("order_code", e.OrderCode))
	if e.Customer.Email == "" {
		// An event from before the payload named its recipient: read the order.
		o, err := c.store.Order(ctx, e.OrderID)
		if errors.Is(err, sqlstore.ErrOrderNotFound) {
			log.ErrorContext(ctx, "order mail: the event's order does not exist; no mail")
			return term
		}
		if err != nil {
			log.WarnContext(ctx, "order mail: reading the order failed; retrying", slog.Any("error", err))
			return nak(c.backoff(delivered))
		}
		full := o.Finalized()
		e.Locale, e.Customer = full.Locale, full.Customer
	}
	var brand domain.Brand
	if c.brands != nil {
		b, err := c.brands.Brand(ctx, e.BrandID)
		if err != nil {
			// A confirmation without its sender and legal footer is not sent; it waits for the catalog.
			log.WarnContext(ctx, "order mail: reading the brand failed; retrying", slog.Any("error", err))
			return nak(c.backoff(delivered))
		}
		brand = b
	}
	m, err := mail.Confirmation(e, brand)
	if err != nil {
		log.ErrorContext(ctx, "order mail: no confirmation possible", slog.Any("error", err))
		return term
	}
	claim, err := c.store.ClaimMail(ctx, e.OrderID, m.To, c.now(), c.cfg.Lease)
	if err != nil {
		log.WarnContext(ctx, "order mail: recording the mail failed; retrying", slog.Any("error", err))
		return nak(c.backoff(delivered))
	}
	if !claim.Claimed {
		if claim.Status != sqlstore.MailSending {
			log.DebugContext(ctx, "order mail: already "+claim.Status+"; redelivery acknowledged")
			return ack
		}
		// Another attempt holds it: come back when its lease may have run out.
		wait := max(claim.ClaimedAt.Add(c.cfg.Lease).Sub(c.now()), time.Second)
		return nak(wait)
	}
	sendErr := c.sender.Send(ctx, m)
	// Record the result even when ctx ended meanwhile: it decides whether the mail goes out again.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	switch {
	case sendErr == nil:
		if err := c.store.FinishMail(rctx, e.OrderID, sqlstore.MailSent, "", c.now()); err != nil {
			// The mail is out: acking keeps it from going out again now; only a redelivery after
			// the lease (the ack lost as well) could repeat it.
			log.ErrorContext(ctx, "order mail: sent but not recorded", slog.Any("error", err))
		} else {
			log.InfoContext(ctx, "order confirmation mail sent")
		}
		return ack
	case errors.Is(sendErr, mail.ErrRejected):
		if err := c.store.FinishMail(rctx, e.OrderID, sqlstore.MailRejected, sendErr.Error(), c.now()); err != nil {
			log.ErrorContext(ctx, "order mail: rejection not recorded", slog.Any("error", err))
		}
		log.ErrorContext(ctx, "order confirmation mail refused by the server; not retried", slog.Any("error", sendErr))
		return term
	default:
		if err := c.store.ReleaseMail(rctx, e.OrderID, claim.ClaimedAt, sendErr.Error()); err != nil {
			log.WarnContext(ctx, "order mail: releasing the claim failed; the retry waits for the lease", slog.Any("error", err))
		}
		if ctx.Err() != nil {
			return nak(0) // stopping: the next run takes it up
		}
		log.WarnContext(ctx, "order confirmation mail failed; retrying", slog.Uint64("delivery", delivered), slog.Any("error", sendErr))
		return nak(c.backoff(delivered))
	}
}
