package transferhttp

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/cart/domain"
)

// fake is a local transfer service: it checks the key and answers per transfer id what answers
// says (status and body), recording the requests it got.
type fake struct {
	mu      sync.Mutex
	paths   []string
	queries []string
	answers map[string]struct {
		status int
		body   string
	}
	delay time.Duration
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet || !strings.HasPrefix(r.URL.EscapedPath(), "/api/transfers/") {
		http.Error(w, "no such route", http.StatusMethodNotAllowed)
		return
	}
	if r.Header.Get("X-API-Key") != "secret" {
		http.Error(w, `{"error":"bad key"}`, http.StatusUnauthorized)
		return
	}
	id := strings.TrimPrefix(r.URL.Path, "/api/transfers/")
	f.mu.Lock()
	f.paths = append(f.paths, r.URL.EscapedPath())
	f.queries = append(f.queries, r.URL.RawQuery)
	a, ok := f.answers[id]
	delay := f.delay
	f.mu.Unlock()
	time.Sleep(delay)
	if !ok {
		http.Error(w, `{"error":"unknown transfer"}`, http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(a.status)
	_, _ = w.Write([]byte(a.body))
}

func newFake() *fake {
	return &fake{answers: map[string]struct {
		status int
		body   string
	}{
		"T-1":         {200, `{"transfer_id":"T-1","contract_reference":"V-000001","external_product_id":" HW-CONTRACT-TRANSFER ","holder":"Erika Mustermann","customer_no":" 100002 ","extra":true}`},
		"T-2":         {200, `{"contract_reference":"V-000002"}`},
		"boom":        {500, `<html>oops</html>`},
		"busy":        {429, `{}`},
		"html":        {200, `<html>maintenance</html>`},
		"noref":       {200, `{"transfer_id":"noref","contract_reference":"  "}`},
		"other":       {200, `{"transfer_id":"T-9","contract_reference":"V-000009"}`},
		"huge":        {200, `{"transfer_id":"huge","contract_reference":"` + strings.Repeat("x", maxBody) + `"}`},
		"a b/c":       {200, `{"transfer_id":"a b/c","contract_reference":"V-1"}`},
		"unprocessed": {400, `{"error":"bad request"}`},
	}}
}

func brandCtx() context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: 1, SessionID: "s1"})
}

func TestLookupKnownTransfer(t *testing.T) {
	f := newFake()
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Config{URL: srv.URL + "/api/", APIKey: "secret"})
	got, err := c.Lookup(brandCtx(), "T-1")
	if err != nil {
		t.Fatal(err)
	}
	want := domain.Transfer{ID: "T-1", ContractReference: "V-000001", ExternalProductID: "HW-CONTRACT-TRANSFER", Holder: "Erika Mustermann", CustomerNo: "100002"}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if f.queries[0] != "brand_id=1" {
		t.Errorf("query = %q, want the call's brand", f.queries[0])
	}
	// An answer that does not repeat the id is about the id asked for.
	got, err = c.Lookup(brandCtx(), "T-2")
	if err != nil || got.ContractReference != "V-000002" || got.ExternalProductID != "" {
		t.Errorf("T-2: %+v, %v", got, err)
	}
	// The id is one path segment, whatever it holds.
	if _, err := c.Lookup(brandCtx(), "a b/c"); err != nil {
		t.Fatalf("escaped id: %v", err)
	}
	if p := f.paths[len(f.paths)-1]; p != "/api/transfers/a%20b%2Fc" {
		t.Errorf("path = %q, want the id escaped as one segment", p)
	}
}

func TestLookupSortsFailures(t *testing.T) {
	srv := httptest.NewServer(newFake())
	defer srv.Close()
	c := New(Config{URL: srv.URL + "/api", APIKey: "secret"})
	for id, want := range map[string]error{
		"T-404":       domain.ErrTransferNotFound,
		"boom":        domain.ErrTransferUnavailable,
		"busy":        domain.ErrTransferUnavailable,
		"html":        domain.ErrTransferUnavailable,
		"noref":       domain.ErrTransferUnavailable,
		"other":       domain.ErrTransferUnavailable,
		"huge":        domain.ErrTransferUnavailable,
		"unprocessed": domain.ErrTransferUnavailable,
	} {
		if _, err := c.Lookup(brandCtx(), id); !errors.Is(err, want) {
			t.Errorf("%s: err = %v, want %v", id, err, want)
		}
	}
	bad := New(Config{URL: srv.URL + "/api", APIKey: "wrong"})
	if _, err := bad.Lookup(brandCtx(), "T-1"); !errors.Is(err, domain.ErrTransferUnavailable) {
		t.Errorf("wrong key: err = %v, want an outage", err)
	}
}

func TestLookupTimesOutAndSurvivesNoServer(t *testing.T) {
	f := newFake()
	f.delay = 300 * time.Millisecond
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := New(Config{URL: srv.URL + "/api", APIKey: "secret", Timeout: 50 * time.Millisecond})
	start := time.Now()
	if _, err := c.Lookup(brandCtx(), "T-1"); !errors.Is(err, domain.ErrTransferUnavailable) {
		t.Fatalf("slow service: err = %v, want an outage", err)
	}
	if d := time.Since(start); d > 250*time.Millisecond {
		t.Errorf("took %v, want the 50 ms timeout to end it", d)
	}
	down := httptest.NewServer(f)
	down.Close()
	if _, err := New(Config{URL: down.URL, APIKey: "secret"}).Lookup(brandCtx(), "T-1"); !errors.Is(err, domain.ErrTransferUnavailable) {
		t.Errorf("no server: err = %v, want an outage", err)
	}
}
