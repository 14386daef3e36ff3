package service

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/mail"
)

// The confirmation mail use case: each order.finalized event becomes the order's confirmation
// mail, once per order. The event transport (adapters/ordermail: a JetStream pull consumer)
// delivers events and settles them as the MailOutcome says.
//
// Once per order: events arrive at least once (an ack lost, a crash, a redelivery), so the mail is
// recorded by order id around sending:
//
//   - claim (insert 'sending') before sending; a redelivery that finds 'sent' or 'rejected' is
//     acknowledged without sending, one that finds a fresh 'sending' (another attempt is on it)
//     comes back later;
//   - mark 'sent' after the server took the mail, then acknowledge;
//   - an outage gives the claim back and retries with a growing delay; a permanent refusal (5xx) is
//     recorded 'rejected' and not retried.
//
// Crash windows, and the side this errs on: dying after the claim but before sending leaves a
// 'sending' record; the redelivered event waits until the claim's lease has passed and then sends:
// the mail is late, never lost. Dying after the server took the mail but before 'sent' is written
// also leaves 'sending': that mail is sent a second time after the lease. This is the one window
// with a duplicate, and it is chosen over losing the confirmation the success page promised
// (at-least-once; an exactly-once hand-over to SMTP does not exist). The lease must outlast one
// send (the SMTP timeout), or a slow attempt and its takeover could both send.

// MailRecords keeps each order's confirmation mail record and reads orders back
// (adapters/sqlstore.Store implements it).
type MailRecords interface {
	ClaimMail(ctx context.Context, orderID, recipient string, now time.Time, lease time.Duration) (domain.MailClaim, error)
	FinishMail(ctx context.Context, orderID, status, detail string, now time.Time) error
	ReleaseMail(ctx context.Context, orderID string, claimedAt time.Time, detail string) error
	// Order answers domain.ErrOrderNotFound for an unknown id.
	Order(ctx context.Context, id string) (domain.Order, error)
}

// Settlements of one event delivery.
const (
	MailAck  = "ack"  // done (sent, or nothing to send): never again
	MailTerm = "term" // never deliverable (malformed, refused for good): never again
	MailNak  = "nak"  // try again after Delay
)

// MailOutcome is what becomes of one delivery of an order.finalized event.
type MailOutcome struct {
	Kind  string
	Delay time.Duration
}

// ConfirmationMails sends the order confirmation mails.
type ConfirmationMails struct {
	Records MailRecords
	// Brands answers the brand a mail comes from (sender, signature, legal footer); nil sends
	// mails without them (tests of the delivery alone).
	Brands Brands
	Sender mail.Sender
	Log    *slog.Logger
	Now    func() time.Time
	// Lease is how long a claimed mail belongs to the attempt that claimed it.
	Lease time.Duration
	// RetryDelay is the first delay after an outage, doubled per delivery up to MaxDelay.
	RetryDelay, MaxDelay time.Duration
}

// backoff is the delay before delivery n+1 after an outage.
func (c *ConfirmationMails) backoff(delivered uint64) time.Duration {
	d := c.RetryDelay
	for i := uint64(1); i < delivered && d < c.MaxDelay; i++ {
		d *= 2
	}
	return min(d, c.MaxDelay)
}

func (c *ConfirmationMails) nak(delivered uint64) MailOutcome {
	return MailOutcome{Kind: MailNak, Delay: c.backoff(delivered)}
}

// Handle processes the delivered-th delivery of one order.finalized event.
func (c *ConfirmationMails) Handle(ctx context.Context, data []byte, delivered uint64) MailOutcome {
	var e domain.FinalizedEvent
	if err := json.Unmarshal(data, &e); err != nil || e.OrderID == "" {
		c.Log.ErrorContext(ctx, "order mail: malformed order.finalized event dropped", slog.Any("error", err))
		return MailOutcome{Kind: MailTerm}
	}
	log := c.Log.With(slog.String("order_id", e.OrderID), slog.String("order_code", e.OrderCode))
	if e.Customer.Email == "" {
		// An event from before the payload named its recipient: read the order.
		o, err := c.Records.Order(ctx, e.OrderID)
		if errors.Is(err, domain.ErrOrderNotFound) {
			log.ErrorContext(ctx, "order mail: the event's order does not exist; no mail")
			return MailOutcome{Kind: MailTerm}
		}
		if err != nil {
			log.WarnContext(ctx, "order mail: reading the order failed; retrying", slog.Any("error", err))
			return c.nak(delivered)
		}
		full := o.Finalized()
		e.Locale, e.Customer = full.Locale, full.Customer
	}
	var brand domain.Brand
	if c.Brands != nil {
		b, err := c.Brands.Brand(ctx, e.BrandID)
		if err != nil {
			// A confirmation without its sender and legal footer is not sent; it waits for the catalog.
			log.WarnContext(ctx, "order mail: reading the brand failed; retrying", slog.Any("error", err))
			return c.nak(delivered)
		}
		brand = b
	}
	m, err := mail.Confirmation(e, brand)
	if err != nil {
		log.ErrorContext(ctx, "order mail: no confirmation possible", slog.Any("error", err))
		return MailOutcome{Kind: MailTerm}
	}
	claim, err := c.Records.ClaimMail(ctx, e.OrderID, m.To, c.Now(), c.Lease)
	if err != nil {
		log.WarnContext(ctx, "order mail: recording the mail failed; retrying", slog.Any("error", err))
		return c.nak(delivered)
	}
	if !claim.Claimed {
		if claim.Status != domain.MailSending {
			log.DebugContext(ctx, "order mail: already "+claim.Status+"; redelivery acknowledged")
			return MailOutcome{Kind: MailAck}
		}
		// Another attempt holds it: come back when its lease may have run out.
		return MailOutcome{Kind: MailNak, Delay: max(claim.ClaimedAt.Add(c.Lease).Sub(c.Now()), time.Second)}
	}
	sendErr := c.Sender.Send(ctx, m)
	// Record the result even when ctx ended meanwhile: it decides whether the mail goes out again.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	switch {
	case sendErr == nil:
		if err := c.Records.FinishMail(rctx, e.OrderID, domain.MailSent, "", c.Now()); err != nil {
			// The mail is out: acking keeps it from going out again now; only a redelivery after
			// the lease (the ack lost as well) could repeat it.
			log.ErrorContext(ctx, "order mail: sent but not recorded", slog.Any("error", err))
		} else {
			log.InfoContext(ctx, "order confirmation mail sent")
		}
		return MailOutcome{Kind: MailAck}
	case errors.Is(sendErr, mail.ErrRejected):
		if err := c.Records.FinishMail(rctx, e.OrderID, domain.MailRejected, sendErr.Error(), c.Now()); err != nil {
			log.ErrorContext(ctx, "order mail: rejection not recorded", slog.Any("error", err))
		}
		log.ErrorContext(ctx, "order confirmation mail refused by the server; not retried", slog.Any("error", sendErr))
		return MailOutcome{Kind: MailTerm}
	default:
		if err := c.Records.ReleaseMail(rctx, e.OrderID, claim.ClaimedAt, sendErr.Error()); err != nil {
			log.WarnContext(ctx, "order mail: releasing the claim failed; the retry waits for the lease", slog.Any("error", err))
		}
		if ctx.Err() != nil {
			return MailOutcome{Kind: MailNak} // stopping: the next run takes it up
		}
		log.WarnContext(ctx, "order confirmation mail failed; retrying", slog.Uint64("delivery", delivered), slog.Any("error", sendErr))
		return c.nak(delivered)
	}
}
