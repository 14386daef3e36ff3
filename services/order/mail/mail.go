// Package mail is the order service's mail port and the order confirmation it sends (issue 11:
// the success page's "a mail follows"). Adapters: adapters/smtpmail (a real SMTP server) and
// sandbox/mailsandbox (devstack and tests); adapters/ordermail sends the confirmation of each
// order.finalized event.
package mail

import (
	"context"
	"errors"
)

// Mail is one message to one recipient. HTML, when set, is sent as the alternative to Text.
type Mail struct {
	// From is the brand's sender ("Hostwerk <bestellung@hostwerk.de>"); empty: the sender the
	// adapter is configured with.
	From    string
	To      string
	Subject string
	Text    string
	HTML    string
}

// Sender sends mails. An error wrapping ErrRejected is the server refusing this mail for good (an
// unknown recipient, a refused sender): sending it again will not help. Any other error (an outage
// wrapping apperr.Unavailable, a timeout, a cancelled context) may pass when tried again.
type Sender interface {
	Send(ctx context.Context, m Mail) error
}

// ErrRejected is a mail the server refused permanently (SMTP 5xx to the sender, a recipient or the
// message).
var ErrRejected = errors.New("mail rejected by the server")
