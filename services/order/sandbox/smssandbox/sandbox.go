// Package smssandbox is the SMS port without a network, for tests and devstack: every message is
// kept, in order, where a test or an end-to-end run can read it (Sent, LastTo), and, with a folder
// set, appended as a JSON line to <Dir>/sms.jsonl for processes that cannot share memory with it.
package smssandbox

import (
	"context"
	"fmt"
	"time"

	"github.com/hostcart/checkout/libs/go/sandbox/sentlog"
)

// Message is one sent SMS.
type Message struct {
	To   string    `json:"to"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// Sandbox implements the port. The zero value keeps messages in memory only.
type Sandbox struct {
	// Dir, when set, receives sms.jsonl.
	Dir string

	log sentlog.Log[Message]
}

// FileName is the file in Dir that collects the messages.
const FileName = "sms.jsonl"

// Send records the message; it never fails for want of a network.
func (s *Sandbox) Send(_ context.Context, to, text string) error {
	if err := s.log.Record(s.Dir, FileName, Message{To: to, Text: text, At: time.Now().UTC()}); err != nil {
		return fmt.Errorf("sms sandbox: %w", err)
	}
	return nil
}

// Sent returns a copy of every message so far, oldest first.
func (s *Sandbox) Sent() []Message { return s.log.All() }

// LastTo returns the newest message to a number.
func (s *Sandbox) LastTo(to string) (Message, bool) {
	return s.log.Last(func(m Message) bool { return m.To == to })
}
