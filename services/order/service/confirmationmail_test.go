package service_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/order/domain"
	"github.com/hostcart/checkout/services/order/mail"
	"github.com/hostcart/checkout/services/order/service"
)

// records is an in-memory MailRecords: one claim per order, as the SQL table keeps it.
type records struct {
	claims   map[string]domain.MailClaim
	finished map[string]string
	released int
	claimErr error
}

func (r *records) ClaimMail(_ context.Context, orderID, _ string, now time.Time, lease time.Duration) (domain.MailClaim, error) {
	if r.claimErr != nil {
		return domain.MailClaim{}, r.claimErr
	}
	c, ok := r.claims[orderID]
	if !ok || (c.Status == domain.MailSending && !c.ClaimedAt.After(now.Add(-lease))) {
		c = domain.MailClaim{Claimed: true, Status: domain.MailSending, ClaimedAt: now, Attempts: c.Attempts + 1}
		r.claims[orderID] = domain.MailClaim{Status: domain.MailSending, ClaimedAt: now, Attempts: c.Attempts}
		return c, nil
	}
	return c, nil
}

func (r *records) FinishMail(_ context.Context, orderID, status, _ string, _ time.Time) error {
	c := r.claims[orderID]
	c.Status = status
	r.claims[orderID] = c
	r.finished[orderID] = status
	return nil
}

func (r *records) ReleaseMail(_ context.Context, orderID string, _ time.Time, _ string) error {
	r.released++
	c := r.claims[orderID]
	c.ClaimedAt = time.Time{}
	r.claims[orderID] = c
	return nil
}

func (r *records) Order(context.Context, string) (domain.Order, error) {
	return domain.Order{}, domain.ErrOrderNotFound
}

type sender struct {
	err  error
	sent int
}

func (s *sender) Send(context.Context, mail.Mail) error {
	s.sent++
	return s.err
}

func event(t *testing.T, email string) []byte {
	t.Helper()
	b, err := json.Marshal(domain.FinalizedEvent{Event: domain.EventFinalized, OrderID: "o1", OrderCode: "261127-ABCDEFGH",
		Locale: "de-DE", Customer: domain.EventRecipient{Email: email, FirstName: "Anna", LastName: "Berger"}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func useCase(r *records, s *sender, now time.Time) *service.ConfirmationMails {
	return &service.ConfirmationMails{Records: r, Sender: s, Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return now },
		Lease: 2 * time.Minute, RetryDelay: 2 * time.Second, MaxDelay: 10 * time.Second}
}

func TestConfirmationMailOncePerOrder(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	r, s := &records{claims: map[string]domain.MailClaim{}, finished: map[string]string{}}, &sender{}
	uc := useCase(r, s, now)
	if out := uc.Handle(context.Background(), event(t, "anna@example.de"), 1); out.Kind != service.MailAck || s.sent != 1 || r.finished["o1"] != domain.MailSent {
		t.Fatalf("first delivery: %+v, sent %d, record %q", out, s.sent, r.finished["o1"])
	}
	// A redelivery (the ack lost) finds the record sent: acknowledged, not sent again.
	if out := uc.Handle(context.Background(), event(t, "anna@example.de"), 2); out.Kind != service.MailAck || s.sent != 1 {
		t.Fatalf("redelivery: %+v, sent %d", out, s.sent)
	}
}

func TestConfirmationMailOutageBacksOffAndRejectionEnds(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	r, s := &records{claims: map[string]domain.MailClaim{}, finished: map[string]string{}}, &sender{err: errors.New("connection refused")}
	uc := useCase(r, s, now)
	for delivered, want := range map[uint64]time.Duration{1: 2 * time.Second, 2: 4 * time.Second, 3: 8 * time.Second, 9: 10 * time.Second} {
		if out := uc.Handle(context.Background(), event(t, "anna@example.de"), delivered); out.Kind != service.MailNak || out.Delay != want {
			t.Fatalf("delivery %d in an outage: %+v, want nak after %v", delivered, out, want)
		}
	}
	if r.released != 4 {
		t.Fatalf("claims given back: %d, want 4", r.released)
	}
	s.err = fmt.Errorf("550 no such user: %w", mail.ErrRejected)
	if out := uc.Handle(context.Background(), event(t, "anna@example.de"), 5); out.Kind != service.MailTerm || r.finished["o1"] != domain.MailRejected {
		t.Fatalf("rejected mail: %+v, record %q", out, r.finished["o1"])
	}
}

func TestConfirmationMailHeldByAnotherAttemptWaitsForItsLease(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	r := &records{claims: map[string]domain.MailClaim{"o1": {Status: domain.MailSending, ClaimedAt: now.Add(-30 * time.Second), Attempts: 1}}, finished: map[string]string{}}
	s := &sender{}
	if out := useCase(r, s, now).Handle(context.Background(), event(t, "anna@example.de"), 2); out.Kind != service.MailNak || out.Delay != 90*time.Second || s.sent != 0 {
		t.Fatalf("held mail: %+v, sent %d", out, s.sent)
	}
}

func TestConfirmationMailUndeliverableEvents(t *testing.T) {
	now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
	r, s := &records{claims: map[string]domain.MailClaim{}, finished: map[string]string{}}, &sender{}
	uc := useCase(r, s, now)
	if out := uc.Handle(context.Background(), []byte("{"), 1); out.Kind != service.MailTerm {
		t.Fatalf("malformed event: %+v", out)
	}
	// No recipient in the event and no order to read it from.
	if out := uc.Handle(context.Background(), event(t, ""), 1); out.Kind != service.MailTerm || s.sent != 0 {
		t.Fatalf("event of an unknown order: %+v", out)
	}
	r.claimErr = errors.New("database down")
	if out := uc.Handle(context.Background(), event(t, "anna@example.de"), 1); out.Kind != service.MailNak || s.sent != 0 {
		t.Fatalf("claim in an outage: %+v, sent %d", out, s.sent)
	}
}

// The use cases depend on ports, never on an adapter (issue 24): adapters implement the ports and
// ordersvc wires them.
func TestServiceImportsNoAdapter(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			if strings.Contains(imp.Path.Value, "/services/order/adapters/") {
				t.Errorf("%s imports the adapter %s", f, imp.Path.Value)
			}
		}
	}
}
