package smsgateway

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
)

// fake is a local SMS gateway: it checks the key and the body and answers what status says.
type fake struct {
	mu     sync.Mutex
	got    []request
	status int
	delay  time.Duration
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		http.NotFound(w, r)
		return
	}
	if r.Header.Get("X-API-Key") != "secret" {
		http.Error(w, `{"error":"bad key"}`, http.StatusUnauthorized)
		return
	}
	var req request
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.To == "" || req.Text == "" {
		http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.got = append(f.got, req)
	status, delay := f.status, f.delay
	f.mu.Unlock()
	time.Sleep(delay)
	if status == 0 {
		status = http.StatusCreated
	}
	w.WriteHeader(status)
	_, _ = w.Write([]byte(`{"id":"m1"}`))
}

func TestSend(t *testing.T) {
	f := &fake{}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Config{URL: srv.URL + "/v1/", APIKey: "secret", Sender: "Hostwerk"})
	if err := c.Send(context.Background(), "+49 231 1234567", "code abcde"); err != nil {
		t.Fatal(err)
	}
	if len(f.got) != 1 || f.got[0] != (request{To: "+49 231 1234567", Text: "code abcde", Sender: "Hostwerk"}) {
		t.Fatalf("gateway got %+v", f.got)
	}
}

func TestSendSortsFailures(t *testing.T) {
	tests := []struct {
		name        string
		key         string
		status      int
		delay       time.Duration
		rejected    bool
		unavailable bool
	}{
		{name: "wrong key", key: "nope", rejected: true},
		{name: "number refused", key: "secret", status: http.StatusUnprocessableEntity, rejected: true},
		{name: "gateway down", key: "secret", status: http.StatusBadGateway, unavailable: true},
		{name: "throttled", key: "secret", status: http.StatusTooManyRequests, unavailable: true},
		{name: "too slow", key: "secret", delay: 300 * time.Millisecond, unavailable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{status: tt.status, delay: tt.delay}
			srv := httptest.NewServer(f)
			defer srv.Close()
			c := New(Config{URL: srv.URL + "/v1", APIKey: tt.key, Timeout: 100 * time.Millisecond})
			err := c.Send(context.Background(), "+491234567", "x")
			if errors.Is(err, ErrRejected) != tt.rejected || errors.Is(err, apperr.Unavailable) != tt.unavailable {
				t.Fatalf("err %v: rejected %v unavailable %v", err, errors.Is(err, ErrRejected), errors.Is(err, apperr.Unavailable))
			}
			// An outage names the gateway in the order service's status; a refused message does not.
			want := ""
			if tt.unavailable {
				want = "sms-gateway"
			}
			if got := apperr.DependencyDown(apperr.Origin{ErrorDomain: "order.checkout.hostcart"}.Err(err, "")); got != want {
				t.Fatalf("err %v names dependency %q, want %q", err, got, want)
			}
		})
	}
}

func TestSendUnreachableIsUnavailable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	if err := New(Config{URL: url, APIKey: "k"}).Send(context.Background(), "+491234567", "x"); !errors.Is(err, apperr.Unavailable) {
		t.Fatalf("closed server: %v", err)
	}
}
