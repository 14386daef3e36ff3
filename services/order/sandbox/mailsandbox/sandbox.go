// Package mailsandbox is the mail port without a network, for tests and devstack: every mail is
// kept, in order, where a test or an end-to-end run can read it (Sent, LastTo), and, with a folder
// set, appended as a JSON line to <Dir>/mail.jsonl for processes that cannot share memory with it.
package mailsandbox

import (
	"context"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/sandbox/sentlog"
	"github.com/hostcart/checkout/services/order/mail"
)

// Message is one sent mail.
type Message struct {
	From    string    `json:"from,omitempty"`
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Text    string    `json:"text"`
	HTML    string    `json:"html,omitempty"`
	At      time.Time `json:"at"`
}

// Sandbox implements the port. The zero value keeps mails in memory only.
type Sandbox struct {
	// Dir, when set, receives mail.jsonl.
	Dir string

	log sentlog.Log[Message]
}

// FileName is the file in Dir that collects the mails.
const FileName = "mail.jsonl"

// Send records the mail; it never fails for want of a network.
func (s *Sandbox) Send(_ context.Context, m mail.Mail) error {
	msg := Message{From: m.From, To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML, At: time.Now().UTC()}
	if err := s.log.Record(s.Dir, FileName, msg); err != nil {
		return fmt.Errorf("mail sandbox: %w", err)
	}
	return nil
}

// Sent returns a copy of every mail so far, oldest first.
func (s *Sandbox) Sent() []Message { return s.log.All() }

// LastTo returns the newest mail to an address.
func (s *Sandbox) LastTo(to string) (Message, bool) {
	return s.log.Last(func(m Message) bool { return m.To == to })
}
