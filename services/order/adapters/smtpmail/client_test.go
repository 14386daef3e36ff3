package smtpmail_test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/order/adapters/smtpmail"
	ordermail "github.com/hostcart/checkout/services/order/mail"
)

// received is one message the fake server accepted.
type received struct {
	From, To string
	Data     string
	TLS      bool
	User     string
}

// fakeSMTP is a minimal SMTP server on loopback: EHLO, STARTTLS (with cert), AUTH PLAIN (with
// users), MAIL, RCPT (550 for refused recipients, 451 for busy ones), DATA, RSET, NOOP, QUIT.
type fakeSMTP struct {
	cert    *tls.Certificate
	users   map[string]string
	refused map[string]bool
	busy    map[string]bool

	lis  net.Listener
	mu   sync.Mutex
	got  []received
	cmds []string
}

func (f *fakeSMTP) start(t *testing.T) (host string, port int) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f.lis = lis
	t.Cleanup(func() { _ = lis.Close() })
	go func() {
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			go f.serve(c)
		}
	}()
	a := lis.Addr().(*net.TCPAddr)
	return a.IP.String(), a.Port
}

func (f *fakeSMTP) received() []received {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]received(nil), f.got...)
}

func (f *fakeSMTP) commands() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.cmds...)
}

func (f *fakeSMTP) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(c)
	say := func(s string) { _, _ = io.WriteString(c, s+"\r\n") }
	var cur received
	say("220 fake ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb, arg, _ := strings.Cut(line, " ")
		verb = strings.ToUpper(verb)
		f.mu.Lock()
		f.cmds = append(f.cmds, verb)
		f.mu.Unlock()
		switch verb {
		case "EHLO", "HELO":
			var ext []string
			if f.cert != nil && !cur.TLS {
				ext = append(ext, "STARTTLS")
			}
			if f.users != nil {
				ext = append(ext, "AUTH PLAIN")
			}
			ext = append(ext, "8BITMIME")
			say("250-fake greets " + arg)
			for i, e := range ext {
				if i == len(ext)-1 {
					say("250 " + e)
				} else {
					say("250-" + e)
				}
			}
		case "STARTTLS":
			say("220 go ahead")
			tc := tls.Server(c, &tls.Config{Certificates: []tls.Certificate{*f.cert}})
			if err := tc.Handshake(); err != nil {
				return
			}
			c, r, cur = tc, bufio.NewReader(tc), received{TLS: true}
		case "AUTH":
			mech, resp, _ := strings.Cut(arg, " ")
			raw, err := base64.StdEncoding.DecodeString(resp)
			parts := strings.Split(string(raw), "\x00")
			if mech != "PLAIN" || err != nil || len(parts) != 3 || f.users[parts[1]] != parts[2] || parts[2] == "" {
				say("535 5.7.8 authentication failed")
				continue
			}
			cur.User = parts[1]
			say("235 2.7.0 ok")
		case "MAIL":
			from, _, _ := strings.Cut(strings.TrimPrefix(arg, "FROM:"), " ") // drop parameters (BODY=8BITMIME)
			cur.From = strings.Trim(from, "<>")
			say("250 ok")
		case "RCPT":
			to := strings.Trim(strings.TrimPrefix(arg, "TO:"), "<>")
			switch {
			case f.refused[to]:
				say("550 5.1.1 no such user")
			case f.busy[to]:
				say("451 4.3.0 try again later")
			default:
				cur.To = to
				say("250 ok")
			}
		case "DATA":
			say("354 end with .")
			var data strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(strings.TrimPrefix(l, "."))
			}
			cur.Data = data.String()
			f.mu.Lock()
			f.got = append(f.got, cur)
			f.mu.Unlock()
			say("250 queued")
		case "RSET", "NOOP":
			say("250 ok")
		case "QUIT":
			say("221 bye")
			return
		default:
			say("502 unknown")
		}
	}
}

// selfSigned is a certificate for 127.0.0.1 and a client TLS config that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *tls.Config) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "fake smtp"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}
}

func client(t *testing.T, cfg smtpmail.Config) *smtpmail.Client {
	t.Helper()
	if cfg.From == "" {
		cfg.From = "Hostwerk <shop@hostwerk.example>"
	}
	c, err := smtpmail.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var confirmation = ordermail.Mail{To: "erika@example.org", Subject: "Ihre Bestellung 261123-ABCDEFGH",
	Text: "Guten Tag Erika Muster,\n\nGesamtbetrag: 11,90\u00a0€\n.\nEnde\n", HTML: "<p>Gesamtbetrag: <strong>11,90\u00a0€</strong></p>"}

func TestSendOverSTARTTLSWithAuth(t *testing.T) {
	cert, trust := selfSigned(t)
	srv := &fakeSMTP{cert: &cert, users: map[string]string{"shop": "secret"}}
	host, port := srv.start(t)
	c := client(t, smtpmail.Config{Host: host, Port: port, Username: "shop", Password: "secret", TLS: trust, Timeout: 5 * time.Second})
	if err := c.Send(context.Background(), confirmation); err != nil {
		t.Fatal(err)
	}
	got := srv.received()
	if len(got) != 1 {
		t.Fatalf("server received %d mails", len(got))
	}
	r := got[0]
	if !r.TLS || r.User != "shop" || r.From != "shop@hostwerk.example" || r.To != "erika@example.org" {
		t.Fatalf("received %+v; want TLS, user shop, envelope from the sender to the recipient", r)
	}
	msg, err := mail.ReadMessage(strings.NewReader(r.Data))
	if err != nil {
		t.Fatal(err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil || subject != confirmation.Subject {
		t.Fatalf("subject %q (%v)", subject, err)
	}
	if from := msg.Header.Get("From"); !strings.Contains(from, "<shop@hostwerk.example>") || msg.Header.Get("Message-Id") == "" {
		t.Fatalf("headers %v", msg.Header)
	}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	var parts []string
	for {
		p, err := mr.NextPart() // decodes quoted-printable
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		parts = append(parts, p.Header.Get("Content-Type")+"|"+strings.ReplaceAll(string(b), "\r\n", "\n"))
	}
	if len(parts) != 2 || parts[0] != `text/plain; charset="utf-8"|`+confirmation.Text || parts[1] != `text/html; charset="utf-8"|`+confirmation.HTML {
		t.Fatalf("parts %q", parts)
	}
}

func TestSendPlainTextWithoutTLSOrAuth(t *testing.T) {
	srv := &fakeSMTP{}
	host, port := srv.start(t)
	c := client(t, smtpmail.Config{Host: host, Port: port})
	m := confirmation
	m.HTML = ""
	m.Subject = "Your order 1\r\nBcc: mallory@example.org"
	if err := c.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := srv.received()
	if len(got) != 1 || got[0].TLS || got[0].User != "" {
		t.Fatalf("received %+v", got)
	}
	msg, err := mail.ReadMessage(strings.NewReader(got[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if msg.Header.Get("Bcc") != "" || !strings.HasPrefix(msg.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("headers %v", msg.Header)
	}
}

func TestRefusedRecipientIsRejectedNotAnOutage(t *testing.T) {
	srv := &fakeSMTP{refused: map[string]bool{"nobody@example.org": true}}
	host, port := srv.start(t)
	c := client(t, smtpmail.Config{Host: host, Port: port})
	m := confirmation
	m.To = "nobody@example.org"
	err := c.Send(context.Background(), m)
	if !errors.Is(err, ordermail.ErrRejected) || errors.Is(err, apperr.Unavailable) {
		t.Fatalf("Send = %v; want mail.ErrRejected (a 5xx is not retried)", err)
	}
	if len(srv.received()) != 0 {
		t.Fatal("the refused mail was delivered")
	}
	m.To = "not an address"
	if err := c.Send(context.Background(), m); !errors.Is(err, ordermail.ErrRejected) {
		t.Fatalf("malformed recipient: %v", err)
	}
}

func TestTemporaryRefusalIsAnOutage(t *testing.T) {
	srv := &fakeSMTP{busy: map[string]bool{"erika@example.org": true}}
	host, port := srv.start(t)
	err := client(t, smtpmail.Config{Host: host, Port: port}).Send(context.Background(), confirmation)
	if !errors.Is(err, apperr.Unavailable) || errors.Is(err, ordermail.ErrRejected) {
		t.Fatalf("Send = %v; want apperr.Unavailable for a 4xx", err)
	}
}

func TestWrongCredentialsAreAnOutage(t *testing.T) {
	cert, trust := selfSigned(t)
	srv := &fakeSMTP{cert: &cert, users: map[string]string{"shop": "secret"}}
	host, port := srv.start(t)
	err := client(t, smtpmail.Config{Host: host, Port: port, Username: "shop", Password: "wrong", TLS: trust}).Send(context.Background(), confirmation)
	if !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("Send = %v; want apperr.Unavailable (the mail waits until the credentials are fixed)", err)
	}
	if cmds := strings.Join(srv.commands(), " "); !strings.HasPrefix(cmds, "EHLO STARTTLS EHLO AUTH") || strings.Contains(cmds, "MAIL") {
		t.Fatalf("commands %v; want AUTH only after STARTTLS and nothing after a refused AUTH", cmds)
	}
}

func TestUnreachableServerIsAnOutage(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := lis.Addr().(*net.TCPAddr).Port
	_ = lis.Close()
	err = client(t, smtpmail.Config{Host: "127.0.0.1", Port: port, Timeout: 2 * time.Second}).Send(context.Background(), confirmation)
	if !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("Send = %v; want apperr.Unavailable", err)
	}
}

func TestSilentServerTimesOut(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = lis.Close() })
	go func() {
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { _ = c.Close() }) // accepts, never greets
		}
	}()
	_, portText, _ := net.SplitHostPort(lis.Addr().String())
	port, _ := strconv.Atoi(portText)
	start := time.Now()
	err = client(t, smtpmail.Config{Host: "127.0.0.1", Port: port, Timeout: 300 * time.Millisecond}).Send(context.Background(), confirmation)
	if !errors.Is(err, apperr.Unavailable) || time.Since(start) > 3*time.Second {
		t.Fatalf("Send = %v after %v; want apperr.Unavailable within the timeout", err, time.Since(start))
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	err = client(t, smtpmail.Config{Host: "127.0.0.1", Port: port, Timeout: time.Minute}).Send(ctx, confirmation)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Send with a cancelled context = %v", err)
	}
}

func TestNewRefusesAnIncompleteConfig(t *testing.T) {
	if _, err := smtpmail.New(smtpmail.Config{From: "shop@example.org"}); err == nil {
		t.Fatal("no error without a host")
	}
	if _, err := smtpmail.New(smtpmail.Config{Host: "127.0.0.1", From: "not an address"}); err == nil {
		t.Fatal("no error for a malformed sender")
	}
}

// A brand's sender (issue 23) becomes the From header; the envelope sender stays the configured
// one, which the server accepts mail from. A malformed brand sender falls back to the configured one.
func TestBrandSenderIsTheFromHeader(t *testing.T) {
	srv := &fakeSMTP{}
	host, port := srv.start(t)
	c := client(t, smtpmail.Config{Host: host, Port: port})
	m := confirmation
	m.From = "Hostwerk <bestellung@hostwerk.de>"
	if err := c.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := srv.received()
	if len(got) != 1 {
		t.Fatalf("received %+v", got)
	}
	msg, err := mail.ReadMessage(strings.NewReader(got[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	if from := msg.Header.Get("From"); from != `"Hostwerk" <bestellung@hostwerk.de>` {
		t.Fatalf("From %q", from)
	}
	m.From = "Hostwerk <nope"
	if err := c.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if got = srv.received(); len(got) != 2 {
		t.Fatalf("received %+v", got)
	}
	if msg, err = mail.ReadMessage(strings.NewReader(got[1].Data)); err != nil || msg.Header.Get("From") != `"Hostwerk" <shop@hostwerk.example>` {
		t.Fatalf("fallback From %q, %v", msg.Header.Get("From"), err)
	}
}
