package ordermail_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/libs/go/pricing"
	"github.com/hostcart/checkout/services/order/adapters/ordermail"
	"github.com/hostcart/checkout/services/order/adapters/outbox"
	"github.com/hostcart/checkout/services/order/adapters/sqlstore"
	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/mail"
	"github.com/hostcart/checkout/services/order/sandbox/mailsandbox"
)

// env is a stream of the test's own on the machine's NATS (deleted afterwards), an embedded
// SQLite order store and the mail sandbox behind a sender that can fail on demand.
type env struct {
	nc     *nats.Conn
	js     jetstream.JetStream
	pub    *outbox.Publisher
	cfg    outbox.Config
	store  *sqlstore.Store
	box    *mailsandbox.Sandbox
	sender *flaky
	brands *brands
}

// brands answers the Hostwerk brand, after failing as often as told (a catalog outage).
type brands struct {
	mu    sync.Mutex
	fail  int
	asked int
}

func (b *brands) Brand(_ context.Context, id int32) (domain.Brand, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.asked++
	if b.fail > 0 {
		b.fail--
		return domain.Brand{}, fmt.Errorf("catalog: %w", apperr.Unavailable)
	}
	return domain.Brand{ID: id, Name: "Hostwerk", SenderAddress: "bestellung@hostwerk.de", CompanyName: "Hostwerk GmbH",
		CompanyAddress: "Rheinlanddamm 201, 44139 Dortmund", CompanyRegister: "Amtsgericht Dortmund, HRB 99999", CompanyVATID: "DE999999999"}, nil
}

// flaky hands mails to the sandbox unless told to fail; it counts every attempt.
type flaky struct {
	box *mailsandbox.Sandbox

	mu       sync.Mutex
	attempts int
	fail     []error // returned by the next attempts, one each
}

func (f *flaky) Send(ctx context.Context, m mail.Mail) error {
	f.mu.Lock()
	f.attempts++
	var err error
	if len(f.fail) > 0 {
		err, f.fail = f.fail[0], f.fail[1:]
	}
	f.mu.Unlock()
	if err != nil {
		return err
	}
	return f.box.Send(ctx, m)
}

func (f *flaky) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.attempts
}

func setup(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	nc, err := nats.Connect(testinfra.NATS(t))
	if err != nil {
		t.Fatal(err)
	}
	name := testinfra.Name("ORDERS_MAIL_TEST")
	cfg := outbox.Config{Stream: name, SubjectPrefix: strings.ToLower(name) + "."}
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := js.DeleteStream(context.Background(), name); err != nil && !errors.Is(err, jetstream.ErrStreamNotFound) {
			t.Errorf("delete stream %s: %v", name, err)
		}
		nc.Close()
	})
	pub, err := outbox.NewPublisher(ctx, nc, cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sqlstore.OpenSQLite(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	box := &mailsandbox.Sandbox{Dir: t.TempDir()}
	return &env{nc: nc, js: js, pub: pub, cfg: cfg, store: s, box: box, sender: &flaky{box: box}, brands: &brands{}}
}

// place stores an order (with its outbox event) and answers it.
func (e *env) place(t *testing.T, code, locale, email string) domain.Order {
	t.Helper()
	now := time.Now()
	id, _ := domain.NewOrderID(now)
	o := domain.Order{ID: id, Code: code, SessionID: "s-" + code, BrandID: 1, Locale: locale, Status: domain.StatusPlaced,
		Customer: domain.Customer{FirstName: "Erika", LastName: "Muster", Email: email},
		Payment:  domain.Payment{Type: "sepa"}, Totals: domain.Totals{NetCents: 1000, VATCents: 190, GrossCents: 1190, Currency: "EUR"},
		Lines: []domain.Line{
			{Item: "r1", Kind: domain.KindProduct, RefID: 7, Name: "Web M", NetCents: 1000, GrossCents: 1190, VATPercent: 19,
				Display: &domain.LineDisplay{MaturityMonths: 1, IntervalMonths: 1, Figures: pricing.PresentLine(pricing.LineInput{
					NetMonthlyCents: 1000, TermMonths: 1, IntervalMonths: 1, VATPercent: 19, WithVAT: true})}},
			// An included agent the cart never listed: the mail does not either.
			{Item: "r1", Kind: domain.KindAddon, RefID: 8, Name: "Monitoring-Agent", VATPercent: 19,
				Display: &domain.LineDisplay{Hidden: true, MaturityMonths: 1, IntervalMonths: 1, Figures: pricing.PresentLine(pricing.LineInput{
					TermMonths: 1, IntervalMonths: 1, VATPercent: 19, WithVAT: true})}},
		},
		CreatedAt: now}
	o.Totals.Display = &domain.TotalsDisplay{PricesWithVAT: true, Figures: pricing.PresentCart([]pricing.LinePresentation{o.Lines[0].Display.Figures, o.Lines[1].Display.Figures})}
	ev, err := o.FinalizedOutbox(id)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.store.Place(context.Background(), sqlstore.Placement{Order: o, IdempotencyKey: code, RequestHash: "h", Event: &ev}); err != nil {
		t.Fatal(err)
	}
	return o
}

// publish sends an order.finalized payload with its own msg id (so the stream's de-duplication
// does not absorb a second copy).
func (e *env) publish(t *testing.T, payload []byte, msgID string) {
	t.Helper()
	if _, err := e.pub.Publish(context.Background(), domain.OutboxEvent{ID: msgID, Subject: domain.EventFinalized, MsgID: msgID, Payload: payload}); err != nil {
		t.Fatal(err)
	}
}

// run starts the consumer; it is stopped (and must return nil) when the test ends.
func (e *env) run(t *testing.T, cfg ordermail.Config) {
	t.Helper()
	cfg.Stream, cfg.SubjectPrefix = e.cfg.Stream, e.cfg.SubjectPrefix
	// The real clock: the leases and retry delays run against JetStream's redelivery timers.
	cfg.Now = time.Now
	c, err := ordermail.New(context.Background(), e.js, cfg, e.store, e.brands, e.sender, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run = %v after cancel", err)
			}
		case <-time.After(5 * time.Second):
			t.Error("Run did not return after cancel")
		}
	})
}

// settled waits until the consumer has settled (acked or terminated) every message of the stream.
func (e *env) settled(t *testing.T, durable string) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		st, err := e.js.Stream(ctx, e.cfg.Stream)
		if err != nil {
			t.Fatal(err)
		}
		sinfo, err := st.Info(ctx)
		if err != nil {
			t.Fatal(err)
		}
		c, err := st.Consumer(ctx, durable)
		if err == nil {
			info, err := c.Info(ctx)
			if err == nil && info.AckFloor.Stream >= sinfo.State.LastSeq && info.NumAckPending == 0 && info.NumPending == 0 {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the consumer did not settle within 10 s")
}

func waitMails(t *testing.T, box *mailsandbox.Sandbox, n int) []mailsandbox.Message {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if got := box.Sent(); len(got) >= n {
			return got
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%d mails after 10 s, want %d", len(box.Sent()), n)
	return nil
}

func record(t *testing.T, s *sqlstore.Store, orderID string) sqlstore.MailClaim {
	t.Helper()
	r, found, err := s.MailRecord(context.Background(), orderID)
	if err != nil || !found {
		t.Fatalf("mail record of %s: %v %v", orderID, found, err)
	}
	return r
}

func TestOneEventOneMail(t *testing.T) {
	e := setup(t)
	e.run(t, ordermail.Config{Durable: "mail"})
	de := e.place(t, "261123-AAAAAAAA", "de-DE", "erika@example.org")
	en := e.place(t, "261123-BBBBBBBB", "en-GB", "john@example.org")
	if n, err := outbox.NewRelay(e.store, e.pub, time.Now, nil).Round(context.Background()); err != nil || n != 2 {
		t.Fatalf("relay round = %d, %v", n, err)
	}
	waitMails(t, e.box, 2)
	e.settled(t, "mail")
	got := e.box.Sent()
	if len(got) != 2 {
		t.Fatalf("%d mails, want 2", len(got))
	}
	byTo := map[string]mailsandbox.Message{got[0].To: got[0], got[1].To: got[1]}
	if m := byTo["erika@example.org"]; m.Subject != "Ihre Hostwerk-Bestellung 261123-AAAAAAAA" || m.From != "Hostwerk <bestellung@hostwerk.de>" ||
		!strings.Contains(m.Text, "Guten Tag Erika Muster,") || !strings.Contains(m.Text, "Web M: 11,90\u00a0€ pro Monat") ||
		!strings.Contains(m.Text, "Ihr Hostwerk-Team") || !strings.Contains(m.Text, "Hostwerk GmbH") || strings.Contains(m.Text, "Monitoring-Agent") {
		t.Fatalf("German mail %+v", m)
	}
	if m := byTo["john@example.org"]; m.Subject != "Your Hostwerk order 261123-BBBBBBBB" ||
		!strings.Contains(m.Text, "Total for the first month incl. VAT: €11.90") || strings.Contains(m.Text, "Monitoring") {
		t.Fatalf("English mail %+v", m)
	}
	for _, o := range []domain.Order{de, en} {
		if r := record(t, e.store, o.ID); r.Status != sqlstore.MailSent || r.Attempts != 1 {
			t.Fatalf("record of %s: %+v", o.Code, r)
		}
	}
}

func TestTheSameEventTwiceSendsOneMail(t *testing.T) {
	e := setup(t)
	e.run(t, ordermail.Config{Durable: "mail"})
	o := e.place(t, "261123-CCCCCCCC", "de-DE", "erika@example.org")
	payload, err := json.Marshal(o.Finalized())
	if err != nil {
		t.Fatal(err)
	}
	e.publish(t, payload, "order.finalized:"+o.ID)
	waitMails(t, e.box, 1)
	e.settled(t, "mail")
	// The same event again, as JetStream hands it on when an ack was lost: another msg id, so the
	// stream stores it a second time and the consumer receives it.
	e.publish(t, payload, "order.finalized:"+o.ID+":again")
	e.publish(t, payload, "order.finalized:"+o.ID+":third")
	e.settled(t, "mail")
	if got := e.box.Sent(); len(got) != 1 || e.sender.count() != 1 {
		t.Fatalf("%d mails (%d attempts) after three deliveries, want 1", len(got), e.sender.count())
	}
	if r := record(t, e.store, o.ID); r.Status != sqlstore.MailSent || r.Attempts != 1 {
		t.Fatalf("record %+v; want sent, claimed once", r)
	}
}

func TestAnOutageIsRetriedARefusalIsNot(t *testing.T) {
	e := setup(t)
	e.sender.fail = []error{fmt.Errorf("smtp connect: %w", apperr.Unavailable), fmt.Errorf("smtp RCPT TO: 550: %w", mail.ErrRejected)}
	e.run(t, ordermail.Config{Durable: "mail", RetryDelay: 50 * time.Millisecond})
	// The first order's mail meets the outage, the second's (or the retry) the refusal; whichever
	// order the attempts come in, one mail is sent, one is rejected, and nothing more is tried.
	a := e.place(t, "261123-DDDDDDDD", "de-DE", "erika@example.org")
	if _, err := outbox.NewRelay(e.store, e.pub, time.Now, nil).Round(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for e.sender.count() < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	// Settled means every message was acked or terminated: a message nak'd for a retry stays
	// pending until it is redelivered, so no further attempt can come now.
	e.settled(t, "mail")
	if n := e.sender.count(); n != 2 {
		t.Fatalf("%d attempts, want 2 (an outage, then the refusal that ends it)", n)
	}
	if r := record(t, e.store, a.ID); r.Status != sqlstore.MailRejected || r.Attempts != 2 {
		t.Fatalf("record %+v; want rejected after 2 claims", r)
	}
	if len(e.box.Sent()) != 0 {
		t.Fatal("a refused mail reached the sandbox")
	}

	// The next order after the outage goes out.
	b := e.place(t, "261123-EEEEEEEE", "en-GB", "john@example.org")
	if _, err := outbox.NewRelay(e.store, e.pub, time.Now, nil).Round(context.Background()); err != nil {
		t.Fatal(err)
	}
	waitMails(t, e.box, 1)
	if r := record(t, e.store, b.ID); r.Status != sqlstore.MailSent {
		t.Fatalf("record %+v", r)
	}
}

func TestAnEventWithoutRecipientReadsTheOrder(t *testing.T) {
	e := setup(t)
	e.run(t, ordermail.Config{Durable: "mail"})
	o := e.place(t, "261123-FFFFFFFF", "en-GB", "erika@example.org")
	old := o.Finalized()
	old.Customer, old.Locale = domain.EventRecipient{}, ""
	payload, _ := json.Marshal(old)
	e.publish(t, payload, "old:"+o.ID)
	e.publish(t, []byte(`{"event":"order.finalized"`), "broken") // dropped, not retried
	got := waitMails(t, e.box, 1)
	e.settled(t, "mail")
	if got[0].To != "erika@example.org" || got[0].Subject != "Your Hostwerk order 261123-FFFFFFFF" || !strings.Contains(got[0].Text, "Dear Erika Muster,") {
		t.Fatalf("mail %+v", got[0])
	}
}

func TestAClaimOfADeadAttemptIsTakenOverAfterTheLease(t *testing.T) {
	e := setup(t)
	const lease = 500 * time.Millisecond
	e.run(t, ordermail.Config{Durable: "mail", Lease: lease})
	o := e.place(t, "261123-GGGGGGGG", "de-DE", "erika@example.org")
	// An attempt claimed the mail and died before sending it.
	claimed := time.Now()
	if c, err := e.store.ClaimMail(context.Background(), o.ID, "erika@example.org", claimed, lease); err != nil || !c.Claimed {
		t.Fatalf("claim = %+v, %v", c, err)
	}
	if _, err := outbox.NewRelay(e.store, e.pub, time.Now, nil).Round(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := waitMails(t, e.box, 1)
	if waited := got[0].At.Sub(claimed); waited < lease {
		t.Fatalf("sent %v after the dead claim, before its lease of %v ran out", waited, lease)
	}
	e.settled(t, "mail")
	if r := record(t, e.store, o.ID); r.Status != sqlstore.MailSent || r.Attempts != 2 || len(e.box.Sent()) != 1 {
		t.Fatalf("record %+v, %d mails", r, len(e.box.Sent()))
	}
}

// A catalog outage delays the mail rather than sending it without its sender and legal footer.
func TestABrandOutageDelaysTheMail(t *testing.T) {
	e := setup(t)
	e.brands.fail = 1
	e.run(t, ordermail.Config{Durable: "mail", RetryDelay: 10 * time.Millisecond})
	o := e.place(t, "261123-HHHHHHHH", "de-DE", "erika@example.org")
	if _, err := outbox.NewRelay(e.store, e.pub, time.Now, nil).Round(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := waitMails(t, e.box, 1)
	e.settled(t, "mail")
	e.brands.mu.Lock()
	asked := e.brands.asked
	e.brands.mu.Unlock()
	if asked != 2 || got[0].From != "Hostwerk <bestellung@hostwerk.de>" || !strings.Contains(got[0].Text, "USt-IdNr. DE999999999") {
		t.Fatalf("brand asked %d times, mail %+v", asked, got[0])
	}
	if r := record(t, e.store, o.ID); r.Status != sqlstore.MailSent {
		t.Fatalf("record %+v", r)
	}
}

// The consumer reads the service's clock, never a default of its own.
func TestNewNeedsTheClock(t *testing.T) {
	if _, err := ordermail.New(context.Background(), nil, ordermail.Config{}, nil, nil, nil, nil); err == nil || !strings.Contains(err.Error(), "Now") {
		t.Fatalf("New without a clock = %v, want an error naming Now", err)
	}
}
