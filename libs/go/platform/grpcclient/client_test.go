package grpcclient_test

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
)

// fakeCatalog records what each method saw and answers with the scripted errors, one per call;
// once the script runs out it answers OK.
type fakeCatalog struct {
	catalogv1.UnimplementedCatalogServiceServer
	mu       sync.Mutex
	calls    map[string]int
	script   map[string][]error
	seen     callctx.Values
	deadline time.Duration
}

func (f *fakeCatalog) answer(ctx context.Context, method string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.calls == nil {
		f.calls = map[string]int{}
	}
	f.calls[method]++
	f.seen = callctx.From(ctx)
	if dl, ok := ctx.Deadline(); ok {
		f.deadline = time.Until(dl)
	}
	if s := f.script[method]; len(s) > 0 {
		f.script[method] = s[1:]
		return s[0]
	}
	return nil
}

func (f *fakeCatalog) count(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[method]
}

func (f *fakeCatalog) ListCountries(ctx context.Context, _ *catalogv1.ListCountriesRequest) (*catalogv1.ListCountriesResponse, error) {
	if err := f.answer(ctx, "ListCountries"); err != nil {
		return nil, err
	}
	return &catalogv1.ListCountriesResponse{}, nil
}

func (f *fakeCatalog) SetSessionLocale(ctx context.Context, _ *catalogv1.SetSessionLocaleRequest) (*catalogv1.SetSessionLocaleResponse, error) {
	if err := f.answer(ctx, "SetSessionLocale"); err != nil {
		return nil, err
	}
	return &catalogv1.SetSessionLocaleResponse{}, nil
}

func repeat(err error, n int) []error {
	out := make([]error, n)
	for i := range out {
		out[i] = err
	}
	return out
}

var (
	errUnavailable = status.Error(codes.Unavailable, "down")
	errInternal    = status.Error(codes.Internal, "broken")
	errNotFound    = status.Error(codes.NotFound, "nope")
)

// dial starts a real server on loopback with fake and returns a platform client to it.
func dial(t *testing.T, fake *fakeCatalog, cfg grpcclient.Config) catalogv1.CatalogServiceClient {
	t.Helper()
	srv := grpcserver.New("catalog", nil, grpcserver.Config{ShutdownGrace: time.Second})
	catalogv1.RegisterCatalogServiceServer(srv.GRPC(), fake)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis) }()

	conn, err := grpcclient.Dial(lis.Addr().String(), nil, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = conn.Close()
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return catalogv1.NewCatalogServiceClient(conn)
}

func fastRetries() grpcclient.Config {
	return grpcclient.Config{Timeout: 2 * time.Second, MaxRetries: 2, RetryBackoff: time.Millisecond, BreakerFailures: 100}
}

func TestCallContextReachesServer(t *testing.T) {
	fake := &fakeCatalog{}
	client := dial(t, fake, fastRetries())
	want := callctx.Values{SessionID: "sid-1", BrandID: 2, Locale: "en-GB", RequestID: "req-9"}
	if _, err := client.ListCountries(callctx.With(context.Background(), want), &catalogv1.ListCountriesRequest{}); err != nil {
		t.Fatal(err)
	}
	if fake.seen != want {
		t.Fatalf("server saw %+v, want %+v", fake.seen, want)
	}
}

func TestDefaultClientDeadline(t *testing.T) {
	fake := &fakeCatalog{}
	cfg := fastRetries()
	cfg.Timeout = 250 * time.Millisecond
	client := dial(t, fake, cfg)
	if _, err := client.ListCountries(context.Background(), &catalogv1.ListCountriesRequest{}); err != nil {
		t.Fatal(err)
	}
	if fake.deadline <= 0 || fake.deadline > 250*time.Millisecond {
		t.Fatalf("server saw remaining %v, want the client's 250ms timeout", fake.deadline)
	}
}

func TestRetriesIdempotentCallOnUnavailable(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"ListCountries": {errUnavailable}}}
	client := dial(t, fake, fastRetries())
	if _, err := client.ListCountries(context.Background(), &catalogv1.ListCountriesRequest{}); err != nil {
		t.Fatalf("ListCountries: %v, want success after retry", err)
	}
	if n := fake.count("ListCountries"); n != 2 {
		t.Fatalf("server got %d calls, want 2", n)
	}
}

func TestRetriesAreBounded(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"ListCountries": repeat(errUnavailable, 10)}}
	client := dial(t, fake, fastRetries())
	_, err := client.ListCountries(context.Background(), &catalogv1.ListCountriesRequest{})
	if status.Code(err) != codes.Unavailable {
		t.Fatalf("err = %v, want Unavailable", err)
	}
	if n := fake.count("ListCountries"); n != 3 {
		t.Fatalf("server got %d calls, want 1 + 2 retries", n)
	}
}

func TestNoRetryOfOtherCodes(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"ListCountries": {errInternal}}}
	client := dial(t, fake, fastRetries())
	if _, err := client.ListCountries(context.Background(), &catalogv1.ListCountriesRequest{}); status.Code(err) != codes.Internal {
		t.Fatalf("err = %v, want Internal", err)
	}
	if n := fake.count("ListCountries"); n != 1 {
		t.Fatalf("server got %d calls, want 1", n)
	}
}

func TestNeverRetriesNonIdempotentCall(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": {errUnavailable}}}
	client := dial(t, fake, fastRetries())
	_, err := client.SetSessionLocale(context.Background(), &catalogv1.SetSessionLocaleRequest{Code: "en-GB"})
	if status.Code(err) != codes.Unavailable {
		t.Fatalf("err = %v, want Unavailable passed through", err)
	}
	if n := fake.count("SetSessionLocale"); n != 1 {
		t.Fatalf("server got %d calls, want exactly 1", n)
	}
}

func TestRetryRespectsDeadline(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"ListCountries": repeat(errUnavailable, 10)}}
	cfg := fastRetries()
	cfg.RetryBackoff = time.Second
	client := dial(t, fake, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := client.ListCountries(ctx, &catalogv1.ListCountriesRequest{})
	if status.Code(err) != codes.Unavailable {
		t.Fatalf("err = %v, want the last Unavailable", err)
	}
	if took := time.Since(start); took > 100*time.Millisecond {
		t.Fatalf("took %v: waited for a backoff that could not fit the deadline", took)
	}
	if n := fake.count("ListCountries"); n != 1 {
		t.Fatalf("server got %d calls, want 1", n)
	}
}

func TestBreakerOpensAndFailsFast(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": repeat(errInternal, 3)}}
	cfg := fastRetries()
	cfg.BreakerFailures = 3
	cfg.BreakerOpenFor = 150 * time.Millisecond
	client := dial(t, fake, cfg)
	ctx := context.Background()
	req := &catalogv1.SetSessionLocaleRequest{Code: "de-DE"}

	for i := range 3 {
		if _, err := client.SetSessionLocale(ctx, req); status.Code(err) != codes.Internal {
			t.Fatalf("call %d: %v, want Internal", i, err)
		}
	}
	// Open: every method on this connection fails fast without reaching the server.
	_, err := client.SetSessionLocale(ctx, req)
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != "circuit open" {
		t.Fatalf("call on open breaker: %v, want Unavailable circuit open", err)
	}
	if _, err := client.ListCountries(ctx, &catalogv1.ListCountriesRequest{}); status.Code(err) != codes.Unavailable {
		t.Fatalf("other method on open breaker: %v, want Unavailable", err)
	}
	if n := fake.count("SetSessionLocale") + fake.count("ListCountries"); n != 3 {
		t.Fatalf("server got %d calls, want 3 (none while open)", n)
	}

	time.Sleep(200 * time.Millisecond)
	if _, err := client.SetSessionLocale(ctx, req); err != nil {
		t.Fatalf("probe after open period: %v, want success", err)
	}
	if _, err := client.SetSessionLocale(ctx, req); err != nil {
		t.Fatalf("call after breaker closed: %v", err)
	}
}

func TestBreakerIgnoresCallerErrors(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": repeat(errNotFound, 6)}}
	cfg := fastRetries()
	cfg.BreakerFailures = 2
	client := dial(t, fake, cfg)
	for i := range 6 {
		if _, err := client.SetSessionLocale(context.Background(), &catalogv1.SetSessionLocaleRequest{}); status.Code(err) != codes.NotFound {
			t.Fatalf("call %d: %v, want NotFound (breaker must stay closed)", i, err)
		}
	}
	if n := fake.count("SetSessionLocale"); n != 6 {
		t.Fatalf("server got %d calls, want 6", n)
	}
}

func TestIsIdempotent(t *testing.T) {
	for method, want := range map[string]bool{
		"/checkout.catalog.v1.CatalogService/GetProduct":       true,
		"/checkout.catalog.v1.CatalogService/ListCountries":    true,
		"/checkout.catalog.v1.CatalogService/SetSessionLocale": false,
		"/checkout.order.v1.OrderService/CreateOrder":          false,
		"/checkout.getter.v1.GetService/CreateOrder":           false,
		"GetThing": true,
	} {
		if got := grpcclient.IsIdempotent(method); got != want {
			t.Errorf("IsIdempotent(%q) = %v, want %v", method, got, want)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("GRPC_CLIENT_TIMEOUT", "1s")
	t.Setenv("GRPC_CLIENT_RETRIES", "4")
	t.Setenv("GRPC_BREAKER_FAILURES", "-1")
	t.Setenv("GRPC_BREAKER_OPEN_FOR", "")
	got := grpcclient.ConfigFromEnv()
	want := grpcclient.Config{Timeout: time.Second, MaxRetries: 4, RetryBackoff: 50 * time.Millisecond, BreakerFailures: 5, BreakerOpenFor: 5 * time.Second}
	if got != want {
		t.Fatalf("ConfigFromEnv = %+v, want %+v", got, want)
	}
}
