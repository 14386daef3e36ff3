package smtpmail

import (
	"context"
	"errors"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/order/mail"
)

// A mail server that drops every conversation opens the breaker: after DefaultBreakerFailures
// sends it is not connected to, and sends fail at once as an outage naming the mail server (the
// consumer sends the mail again later).
func TestServerDownOpensTheBreaker(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lis.Close() })
	var accepted atomic.Int32
	go func() {
		for {
			conn, err := lis.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			conn.Close()
		}
	}()
	c, err := New(Config{Host: "127.0.0.1", Port: lis.Addr().(*net.TCPAddr).Port, From: "shop@example.com", Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Mail{To: "erika@example.com", Subject: "s", Text: "t"}
	for i := range outbound.DefaultBreakerFailures {
		if err := c.Send(context.Background(), m); !errors.Is(err, apperr.Unavailable) {
			t.Fatalf("send %d: %v, want an outage", i+1, err)
		}
	}
	err = c.Send(context.Background(), m)
	var open *outbound.OpenError
	if !errors.As(err, &open) || open.Dependency() != Dependency || !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("send with the breaker open: %v, want *outbound.OpenError naming %s", err, Dependency)
	}
	if got := accepted.Load(); got != outbound.DefaultBreakerFailures {
		t.Fatalf("server connected to %d times, want %d", got, outbound.DefaultBreakerFailures)
	}
}
