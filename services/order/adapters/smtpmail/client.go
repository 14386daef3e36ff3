// Package smtpmail is the mail port over an SMTP server (net/smtp): STARTTLS whenever the server
// offers it (required before credentials are sent, except to a loopback server), implicit TLS on
// port 465, AUTH PLAIN when a username is set, and one deadline over the whole conversation.
//
// A 5xx answer to MAIL FROM, RCPT TO or the message is the server refusing this mail for good
// (mail.ErrRejected: an unknown recipient stays unknown). Anything else, no connection, a timeout,
// a 4xx (greylisting, a full queue), a dropped connection or refused credentials, is an outage
// (apperr.Unavailable) that a later attempt may get past.
package smtpmail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/smtp"
	"net/textproto"
	"strconv"
	"strings"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/order/mail"
)

// Defaults of a Config.
const (
	DefaultPort    = 587
	DefaultTimeout = 30 * time.Second
)

// Config of the server (SMTP_HOST, SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD, SMTP_FROM, SMTP_TIMEOUT).
type Config struct {
	Host string
	Port int
	// Username and Password, when Username is set, log in with AUTH PLAIN (over TLS only).
	Username string
	Password string
	// From is the sender, an address or "Name <address>".
	From string
	// Timeout bounds one send: connecting, TLS, and the whole conversation.
	Timeout time.Duration
	// TLS, when set, is used for STARTTLS and implicit TLS instead of the system's roots for Host
	// (tests trust their own certificate with it).
	TLS *tls.Config
	// LocalName is the name sent with EHLO; "localhost" when empty.
	LocalName string
}

// Dependency names the mail server for its breaker.
const Dependency = "mail"

// Client implements the port.
type Client struct {
	cfg  Config
	from *netmail.Address
	// breaker fails fast while the server is down: the mail stays pending and is sent again later.
	breaker *outbound.Breaker
}

// New returns a client for cfg; it refuses a config without a host or with an invalid sender.
func New(cfg Config) (*Client, error) {
	if cfg.Host == "" {
		return nil, errors.New("smtp: no host")
	}
	if cfg.Port <= 0 {
		cfg.Port = DefaultPort
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.LocalName == "" {
		cfg.LocalName = "localhost"
	}
	from, err := netmail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("smtp: sender %q: %w", cfg.From, err)
	}
	return &Client{cfg: cfg, from: from, breaker: outbound.NewBreaker(Dependency, outbound.BreakerConfig{})}, nil
}

func (c *Client) tlsConfig() *tls.Config {
	if c.cfg.TLS != nil {
		return c.cfg.TLS.Clone()
	}
	return &tls.Config{ServerName: c.cfg.Host, MinVersion: tls.VersionTLS12}
}

// Send delivers m to the server in one conversation, unless the server's breaker is open (then an
// outage naming the mail server, and no connection). An outage counts for the breaker (no
// connection, a timeout, a 4xx, a dropped conversation); a refused mail and the caller giving up
// do not.
func (c *Client) Send(ctx context.Context, m mail.Mail) error {
	var err error
	if open := c.breaker.Do(func() bool {
		err = c.send(ctx, m)
		return errors.Is(err, apperr.Unavailable) && ctx.Err() == nil
	}); open != nil {
		return fmt.Errorf("smtp: %w", open)
	}
	return err
}

func (c *Client) send(ctx context.Context, m mail.Mail) error {
	to, err := netmail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("smtp: recipient %q: %w: %w", m.To, mail.ErrRejected, err)
	}
	body, err := c.compose(to, m)
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	deadline := time.Now().Add(c.cfg.Timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	addr := net.JoinHostPort(c.cfg.Host, strconv.Itoa(c.cfg.Port))
	dialer := net.Dialer{Deadline: deadline}
	conn, err := dialer.DialContext(ctx, "tcp", addr)
	if err != nil {
		return c.fail(ctx, "connect", err)
	}
	// A cancelled context ends the conversation at once; the deadline ends a silent server.
	stop := context.AfterFunc(ctx, func() { _ = conn.Close() })
	defer stop()
	if err := conn.SetDeadline(deadline); err != nil {
		_ = conn.Close()
		return c.fail(ctx, "connect", err)
	}
	implicitTLS := c.cfg.Port == 465
	if implicitTLS {
		conn = tls.Client(conn, c.tlsConfig())
	}
	cl, err := smtp.NewClient(conn, c.cfg.Host)
	if err != nil {
		_ = conn.Close()
		return c.fail(ctx, "greeting", err)
	}
	defer cl.Close()
	if err := cl.Hello(c.cfg.LocalName); err != nil {
		return c.fail(ctx, "EHLO", err)
	}
	if !implicitTLS {
		if ok, _ := cl.Extension("STARTTLS"); ok {
			if err := cl.StartTLS(c.tlsConfig()); err != nil {
				return c.fail(ctx, "STARTTLS", err)
			}
		}
	}
	if c.cfg.Username != "" {
		if ok, _ := cl.Extension("AUTH"); !ok {
			return c.fail(ctx, "AUTH", errors.New("the server offers no AUTH"))
		}
		// PlainAuth itself refuses to send the password without TLS unless the server is loopback.
		if err := cl.Auth(smtp.PlainAuth("", c.cfg.Username, c.cfg.Password, c.cfg.Host)); err != nil {
			return c.fail(ctx, "AUTH", err)
		}
	}
	if err := cl.Mail(c.from.Address); err != nil {
		return c.fail(ctx, "MAIL FROM", err)
	}
	if err := cl.Rcpt(to.Address); err != nil {
		return c.fail(ctx, "RCPT TO", err)
	}
	w, err := cl.Data()
	if err != nil {
		return c.fail(ctx, "DATA", err)
	}
	if _, err := w.Write(body); err != nil {
		return c.fail(ctx, "DATA", err)
	}
	if err := w.Close(); err != nil {
		return c.fail(ctx, "DATA", err)
	}
	// The server took the mail with its answer to the message; a failed QUIT changes nothing.
	_ = cl.Quit()
	return nil
}

// fail classifies an error of one step of the conversation.
func (c *Client) fail(ctx context.Context, step string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("smtp %s: %w", step, ctx.Err())
	}
	var reply *textproto.Error
	if errors.As(err, &reply) && reply.Code >= 500 && reply.Code < 600 {
		switch step {
		case "MAIL FROM", "RCPT TO", "DATA":
			return fmt.Errorf("smtp %s: %d %s: %w", step, reply.Code, reply.Msg, mail.ErrRejected)
		}
	}
	return fmt.Errorf("smtp %s (%s:%d): %w: %w", step, c.cfg.Host, c.cfg.Port, apperr.Unavailable, err)
}

// compose writes the message: headers (the subject Q-encoded) and the text, or text and HTML as
// multipart/alternative, both quoted-printable UTF-8.
func (c *Client) compose(to *netmail.Address, m mail.Mail) ([]byte, error) {
	var b bytes.Buffer
	header := func(k, v string) { b.WriteString(k + ": " + v + "\r\n") }
	// No header value may carry a line break (header injection); addresses are re-formatted.
	subject := strings.NewReplacer("\r", " ", "\n", " ").Replace(m.Subject)
	// The brand's sender (issue 23) when it parses; else the configured one, so a slip in a brand
	// property costs the brand's name, not the mail. The envelope sender stays the configured one,
	// which the server is allowed to send as.
	from := c.from
	if f, err := netmail.ParseAddress(m.From); m.From != "" && err == nil {
		from = f
	}
	header("From", from.String())
	header("To", to.String())
	header("Subject", mime.QEncoding.Encode("utf-8", subject))
	header("Date", time.Now().Format(time.RFC1123Z))
	header("Message-ID", messageID(c.from.Address))
	header("MIME-Version", "1.0")
	if m.HTML == "" {
		header("Content-Type", `text/plain; charset="utf-8"`)
		header("Content-Transfer-Encoding", "quoted-printable")
		b.WriteString("\r\n")
		if err := writeQP(&b, m.Text); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}
	mw := multipart.NewWriter(&b)
	header("Content-Type", `multipart/alternative; boundary="`+mw.Boundary()+`"`)
	b.WriteString("\r\n")
	for _, part := range []struct{ typ, content string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		pw, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.typ + `; charset="utf-8"`},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, err
		}
		if err := writeQP(pw, part.content); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeQP(w interface{ Write([]byte) (int, error) }, s string) error {
	qp := quotedprintable.NewWriter(w)
	if _, err := qp.Write([]byte(s)); err != nil {
		return err
	}
	return qp.Close()
}

// messageID is a unique Message-ID in the sender's domain.
func messageID(from string) string {
	var r [12]byte
	_, _ = rand.Read(r[:])
	domain := "localhost"
	if _, d, ok := strings.Cut(from, "@"); ok && d != "" {
		domain = d
	}
	return "<" + hex.EncodeToString(r[:]) + "@" + domain + ">"
}
