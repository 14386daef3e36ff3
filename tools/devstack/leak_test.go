package main

import (
	"bytes"
	"io"
	"log"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// capture keeps everything written to it: the log lines of a whole devstack run, or the answers
// the run's API calls got.
type capture struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (c *capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.Write(p)
}

func (c *capture) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}

// captureLogs is the logger a test stack runs with: every service's records at debug level, as
// JSON, into the returned capture. slog's default logger and the standard log package (code that
// logs without the injected logger) write there too until the test ends.
func captureLogs(t *testing.T) (*slog.Logger, *capture) {
	t.Helper()
	c := &capture{}
	logger := slog.New(slog.NewJSONHandler(c, &slog.HandlerOptions{Level: slog.LevelDebug}))
	prev, prevOut, prevFlags := slog.Default(), log.Writer(), log.Flags()
	slog.SetDefault(logger)
	t.Cleanup(func() {
		slog.SetDefault(prev)
		log.SetOutput(prevOut)
		log.SetFlags(prevFlags)
	})
	return logger, c
}

// recordAnswers records the status line, headers and body of every answer an API call of the test
// gets through http.DefaultClient (every helper of this package sends through it).
func recordAnswers(t *testing.T) *capture {
	t.Helper()
	c := &capture{}
	prev := http.DefaultClient.Transport
	next := prev
	if next == nil {
		next = http.DefaultTransport
	}
	http.DefaultClient.Transport = recordingTransport{next: next, into: c}
	t.Cleanup(func() { http.DefaultClient.Transport = prev })
	return c
}

type recordingTransport struct {
	next http.RoundTripper
	into *capture
}

func (r recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	_, _ = io.WriteString(r.into, req.Method+" "+req.URL.Path+" "+resp.Status+"\n")
	_ = resp.Header.Write(r.into)
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.TeeReader(resp.Body, r.into), resp.Body}
	return resp, nil
}

// ibansOfTheRun are the account numbers the run's SEPA forms send, as typed (grouped) and as
// stored (compact).
var ibansOfTheRun = []string{"DE89370400440532013000", "DE89 3704 0044 0532 0130 00", "AT611904300234573201", "AT61 1904 3002 3457 3201"}

// checkNoClearIBAN asserts that no log line of the whole run and no API answer holds a clear IBAN,
// once the run's SEPA orders (basic info, address, SEPA payment, order) are placed. The capture is
// checked to be the services' own: lines of the customer, payment, order and gateway components,
// the debug lines of the basic info, address, payment and order calls, and the answers of the
// payment and order routes are there.
func checkNoClearIBAN(t *testing.T, logs, answers *capture) {
	t.Run("no clear IBAN in any log line or API answer of the run", func(t *testing.T) {
		logText, answerText := logs.String(), answers.String()
		for _, component := range []string{"customer", "payment", "order", "gateway"} {
			if !strings.Contains(logText, `"component":"`+component+`"`) {
				t.Fatalf("the captured logs have no line of the %s service; the capture misses the services' logs", component)
			}
		}
		// The debug lines of every call of a SEPA order's steps are there, with what they log.
		for _, method := range []string{"SetBasicInfo", "SetAddress", "SetSessionPayment", "PlaceOrder"} {
			if !strings.Contains(logText, `"method":"`+method+`"`) {
				t.Fatalf("the captured logs have no line of a %s call", method)
			}
		}
		for _, route := range []string{"PUT /api/v2/session/payment 200", "POST /api/v2/orders 200"} {
			if !strings.Contains(answerText, route) {
				t.Fatalf("no answer of %s was recorded", route)
			}
		}
		for _, iban := range ibansOfTheRun {
			for i, line := range strings.Split(logText, "\n") {
				if strings.Contains(line, iban) {
					t.Errorf("log line %d holds the IBAN %s: %s", i+1, iban, line)
				}
			}
			if at := strings.Index(answerText, iban); at >= 0 {
				t.Errorf("an API answer holds the IBAN %s: …%s…", iban, answerText[max(0, at-300):min(len(answerText), at+100)])
			}
		}
	})
}
