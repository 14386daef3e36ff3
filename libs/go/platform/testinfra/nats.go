package testinfra

import (
	"bufio"
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"
)

// DefaultNATSURL is the default of TEST_NATS_URL: the NATS server with JetStream every machine
// and CI runs.
const DefaultNATSURL = "nats://127.0.0.1:4222"

// NATSURL is TEST_NATS_URL or its default.
func NATSURL() string { return env("TEST_NATS_URL", DefaultNATSURL) }

// NATS returns the test NATS server's URL after checking that a NATS server answers there, and
// fails the test otherwise (or skips it under TEST_SKIP_INFRA=true outside CI), like Postgres and
// Redis. Tests isolate themselves by their own stream and subject names (Name gives one).
func NATS(t testing.TB) string {
	t.Helper()
	u := NATSURL()
	if err := natsAnswers(u, 5*time.Second); err != nil {
		missing(t, "NATS at "+redact(u), "TEST_NATS_URL", err)
	}
	return u
}

// natsAnswers dials the server and reads its greeting: a NATS server opens every connection with an
// INFO line, so this needs no client library.
func natsAnswers(raw string, timeout time.Duration) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("TEST_NATS_URL: %w", err)
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), "4222")
	}
	conn, err := net.DialTimeout("tcp", host, timeout)
	if err != nil {
		return err
	}
	defer conn.Close()
	_ = conn.SetReadDeadline(time.Now().Add(timeout))
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return fmt.Errorf("no greeting: %w", err)
	}
	if !strings.HasPrefix(line, "INFO ") {
		return fmt.Errorf("not a NATS server: greeting %.40q", line)
	}
	return nil
}

// Name returns prefix with a random suffix, for a test's own stream, subject or queue names on a
// shared server. Only letters, digits and underscores, which every such name accepts.
func Name(prefix string) string { return prefix + "_" + randomHex(6) }
