package grpcclient_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/connectivity"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
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
		switch s[0] {
		case errPanic:
			var byID map[string]int
			//lint:ignore SA5000 the nil-map write is the real bug the test recovers from
			byID[method]++ // a real bug: a write to a nil map
		case errHang:
			f.mu.Unlock()
			defer f.mu.Lock()
			hang(ctx)
			return s[0]
		}
		return s[0]
	}
	return nil
}

// hang stands for a backend that takes no notice of its caller: it answers only well after the
// caller's deadline (or when the test ends), so the caller's own deadline passes first.
func hang(ctx context.Context) {
	if dl, ok := ctx.Deadline(); ok {
		time.Sleep(time.Until(dl) + 300*time.Millisecond)
		return
	}
	time.Sleep(time.Second)
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

// fakeCart answers AddProduct, a mutation the contract does not declare idempotent.
type fakeCart struct {
	cartv1.UnimplementedCartServiceServer
	answers *fakeCatalog // shares the script and the counters
}

func (f *fakeCart) AddProduct(ctx context.Context, _ *cartv1.AddProductRequest) (*cartv1.AddProductResponse, error) {
	if err := f.answers.answer(ctx, "AddProduct"); err != nil {
		return nil, err
	}
	return &cartv1.AddProductResponse{}, nil
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
	errRateLimited = status.Error(codes.ResourceExhausted, "too many requests")
	// errTransferDown is how a service answers an outage of an outside system behind it.
	errTransferDown = apperr.Origin{ErrorDomain: "cart.checkout.hostcart"}.Err(
		fmt.Errorf("transfer T-503: %w", apperr.NewOutage("contract-transfer", "domain.contract_transfer_unavailable")), "")
	// Scripted behaviours rather than answers: the handler panics, or hangs past the deadline.
	errPanic = errors.New("panic")
	errHang  = errors.New("hang")
)

// waitFor polls cond until it holds or the test's budget of 5 s runs out: a condition, not a
// guessed sleep, decides when the test goes on.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// dial starts a real server on loopback with fake and returns a platform client to it.
func dial(t *testing.T, fake *fakeCatalog, cfg grpcclient.Config) catalogv1.CatalogServiceClient {
	t.Helper()
	return catalogv1.NewCatalogServiceClient(dialConn(t, fake, cfg))
}

// dialConn serves fake as the catalog and as the cart on one loopback server.
func dialConn(t *testing.T, fake *fakeCatalog, cfg grpcclient.Config) *grpc.ClientConn {
	t.Helper()
	conn, _ := dialStoppable(t, fake, cfg)
	return conn
}

// dialStoppable is dialConn with a stop function that shuts the server down and closes its
// listener: from then on nothing answers at the address.
func dialStoppable(t *testing.T, fake *fakeCatalog, cfg grpcclient.Config) (*grpc.ClientConn, func()) {
	t.Helper()
	return serveAndDial(t, cfg, func(s *grpc.Server) {
		catalogv1.RegisterCatalogServiceServer(s, fake)
		cartv1.RegisterCartServiceServer(s, &fakeCart{answers: fake})
	})
}

// serveAndDial serves what register puts on a platform server (grpcserver.New, named catalog) on
// loopback and returns a platform client (Dial with cfg) to it, and a stop function that shuts the
// server down and closes its listener.
func serveAndDial(t *testing.T, cfg grpcclient.Config, register func(*grpc.Server)) (*grpc.ClientConn, func()) {
	t.Helper()
	srv := grpcserver.New("catalog", nil, grpcserver.Config{ShutdownGrace: time.Second})
	register(srv.GRPC())
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
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Serve: %v", err)
			}
		})
	}
	t.Cleanup(func() {
		_ = conn.Close()
		stop()
	})
	return conn, stop
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

func TestNeverRetriesMutationWithoutIdempotencyKey(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"AddProduct": {errUnavailable}}}
	cart := cartv1.NewCartServiceClient(dialConn(t, fake, fastRetries()))
	_, err := cart.AddProduct(context.Background(), &cartv1.AddProductRequest{ProductId: 1})
	if status.Code(err) != codes.Unavailable {
		t.Fatalf("err = %v, want Unavailable passed through", err)
	}
	if n := fake.count("AddProduct"); n != 1 {
		t.Fatalf("server got %d calls, want exactly 1", n)
	}
}

func TestRetriesMutationThatCarriesIdempotencyKey(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"AddProduct": {errUnavailable}}}
	cart := cartv1.NewCartServiceClient(dialConn(t, fake, fastRetries()))
	ctx := metadata.AppendToOutgoingContext(context.Background(), grpcclient.IdempotencyKeyHeader, "confirm-7f3a")
	if _, err := cart.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1}); err != nil {
		t.Fatalf("AddProduct with idempotency key: %v, want success after retry", err)
	}
	if n := fake.count("AddProduct"); n != 2 {
		t.Fatalf("server got %d calls, want 2", n)
	}
}

// Once most calls on a connection fail, retries stop: the budget of 4 tokens allows retries only
// while more than 2 remain, and every failed attempt costs one.
func TestRetryBudgetStopsRetriesWhileBackendFails(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"ListCountries": repeat(errUnavailable, 100)}}
	cfg := fastRetries()
	cfg.RetryBudget = 4
	client := dial(t, fake, cfg)
	for range 5 {
		if _, err := client.ListCountries(context.Background(), &catalogv1.ListCountriesRequest{}); status.Code(err) != codes.Unavailable {
			t.Fatalf("err = %v, want Unavailable", err)
		}
	}
	// Call 1: attempt (4→3), retry allowed (3>2) (3→2), retry refused (2 is not > 2). Later calls:
	// one attempt each.
	if n := fake.count("ListCountries"); n != 2+4 {
		t.Fatalf("server got %d calls, want 6 (one retry, then none)", n)
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

// A backend that gives no answer within the deadline opens the breaker.
func TestBreakerOpensAndFailsFast(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": repeat(errHang, 3)}}
	cfg := fastRetries()
	cfg.Timeout = 100 * time.Millisecond
	cfg.BreakerFailures = 3
	cfg.BreakerOpenFor = 150 * time.Millisecond
	client := dial(t, fake, cfg)
	ctx := context.Background()
	req := &catalogv1.SetSessionLocaleRequest{Code: "de-DE"}

	for i := range 3 {
		if _, err := client.SetSessionLocale(ctx, req); status.Code(err) != codes.DeadlineExceeded {
			t.Fatalf("call %d: %v, want DeadlineExceeded", i, err)
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

	// After the open period one probe reaches the (now healthy) server and closes the breaker.
	waitFor(t, "the breaker to let a probe through", func() bool {
		_, err := client.SetSessionLocale(ctx, req)
		return err == nil
	})
	if _, err := client.SetSessionLocale(ctx, req); err != nil {
		t.Fatalf("call after breaker closed: %v", err)
	}
}

// Answers about the caller — a rate limit above all — never open the breaker: one visitor who
// exhausts their budget must not take the service away from everyone on the connection.
func TestBreakerIgnoresCallerErrors(t *testing.T) {
	for _, callerErr := range []error{
		errNotFound, errRateLimited,
		status.Error(codes.InvalidArgument, "bad"), status.Error(codes.FailedPrecondition, "no"),
		status.Error(codes.PermissionDenied, "agents only"), status.Error(codes.AlreadyExists, "twice"),
	} {
		fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": repeat(callerErr, 6)}}
		cfg := fastRetries()
		cfg.BreakerFailures = 2
		client := dial(t, fake, cfg)
		for i := range 6 {
			if _, err := client.SetSessionLocale(context.Background(), &catalogv1.SetSessionLocaleRequest{}); status.Code(err) != status.Code(callerErr) {
				t.Fatalf("%v: call %d: %v (breaker must stay closed)", status.Code(callerErr), i, err)
			}
		}
		// The next caller is served by the backend, not refused by an open breaker.
		if _, err := client.SetSessionLocale(context.Background(), &catalogv1.SetSessionLocaleRequest{}); err != nil {
			t.Fatalf("%v: next caller got %v, want the backend's answer", status.Code(callerErr), err)
		}
		if n := fake.count("SetSessionLocale"); n != 7 {
			t.Fatalf("%v: server got %d calls, want 7", status.Code(callerErr), n)
		}
	}
}

func TestBackendFailure(t *testing.T) {
	answered := metadata.Pairs(callctx.MDAnsweredBy, "catalog")
	for code, want := range map[codes.Code]bool{
		codes.Unavailable: true, codes.DeadlineExceeded: true,
		codes.Internal: false, codes.Unknown: false, codes.DataLoss: false,
		codes.ResourceExhausted: false, codes.InvalidArgument: false, codes.NotFound: false, codes.FailedPrecondition: false,
		codes.PermissionDenied: false, codes.Unauthenticated: false, codes.AlreadyExists: false, codes.Aborted: false,
		codes.OutOfRange: false, codes.Canceled: false, codes.OK: false, codes.Unimplemented: false,
	} {
		// From the transport (no trailer of the server application): only no connection, reset
		// and no answer within the deadline count.
		if got := grpcclient.BackendFailure(status.Error(code, "x"), nil); got != want {
			t.Errorf("BackendFailure(%v) = %v, want %v", code, got, want)
		}
		// Answered by the server application: never.
		if grpcclient.BackendFailure(status.Error(code, "x"), answered) {
			t.Errorf("BackendFailure(%v answered by the handler) = true", code)
		}
	}
	// An outage of an outside system behind the service never counts, even without the trailer.
	if grpcclient.BackendFailure(errTransferDown, nil) || grpcclient.BackendFailure(errTransferDown, metadata.MD{}) {
		t.Error("an outside system's outage counts as a backend failure")
	}
}

// The breaker counts only failures of the backend itself (docs/operations.md "Failure
// behaviour"): a handler that panics and a service that answers an outage of an outside system
// behind it are answers of a working server and leave the breaker closed, however often; a
// server that is gone opens it.
func TestBreakerCountsOnlyBackendFailures(t *testing.T) {
	const failures = 5
	cfg := fastRetries()
	cfg.BreakerFailures = failures
	cfg.BreakerOpenFor = time.Minute
	req := &catalogv1.SetSessionLocaleRequest{Code: "de-DE"}

	t.Run("handler panics", func(t *testing.T) {
		fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": repeat(errPanic, 10)}}
		client := dial(t, fake, cfg)
		for i := range 10 {
			if _, err := client.SetSessionLocale(context.Background(), req); status.Code(err) != codes.Internal {
				t.Fatalf("call %d to a panicking handler: %v, want Internal", i+1, err)
			}
		}
		if _, err := client.SetSessionLocale(context.Background(), req); err != nil {
			t.Fatalf("healthy call after 10 panics: %v, want it served (breaker closed)", err)
		}
		if n := fake.count("SetSessionLocale"); n != 11 {
			t.Fatalf("server got %d calls, want 11", n)
		}
	})

	t.Run("outside system down", func(t *testing.T) {
		fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": repeat(errTransferDown, 10)}}
		client := dial(t, fake, cfg)
		for i := range 10 {
			_, err := client.SetSessionLocale(context.Background(), req)
			if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != "domain.contract_transfer_unavailable" || apperr.DependencyDown(err) != "contract-transfer" {
				t.Fatalf("call %d: %v, want the service's answer naming the transfer provider", i+1, err)
			}
		}
		if _, err := client.SetSessionLocale(context.Background(), req); err != nil {
			t.Fatalf("healthy call after 10 outside outages: %v, want it served (breaker closed)", err)
		}
		// Not retried either, although the method is idempotent: the service answered.
		if n := fake.count("SetSessionLocale"); n != 11 {
			t.Fatalf("server got %d calls, want 11 (no retries of an answered outage)", n)
		}
	})

	t.Run("own outage answered by the service", func(t *testing.T) {
		// The service's own store is down: it answers Unavailable itself, quickly. Its routes fail,
		// but it is reachable, so the breaker stays closed (and the idempotent call is retried).
		fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": repeat(errUnavailable, 30)}}
		client := dial(t, fake, cfg)
		for i := range 10 {
			if _, err := client.SetSessionLocale(context.Background(), req); status.Code(err) != codes.Unavailable || status.Convert(err).Message() != "down" {
				t.Fatalf("call %d: %v, want the service's Unavailable", i+1, err)
			}
		}
	})

	t.Run("server down", func(t *testing.T) {
		down := cfg
		down.Timeout = 200 * time.Millisecond
		fake := &fakeCatalog{}
		conn, stop := dialStoppable(t, fake, down)
		client := catalogv1.NewCatalogServiceClient(conn)
		if _, err := client.SetSessionLocale(context.Background(), req); err != nil {
			t.Fatalf("call before the stop: %v", err)
		}
		stop() // the listener is closed: nothing answers any more
		for i := range failures {
			if _, err := client.SetSessionLocale(context.Background(), req); status.Code(err) != codes.DeadlineExceeded && status.Code(err) != codes.Unavailable {
				t.Fatalf("call %d to a stopped server: %v", i+1, err)
			}
		}
		start := time.Now()
		_, err := client.SetSessionLocale(context.Background(), req)
		if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != "circuit open" {
			t.Fatalf("call after %d failures: %v, want circuit open", failures, err)
		}
		if took := time.Since(start); took > 100*time.Millisecond {
			t.Fatalf("open breaker took %v, want a fast failure", took)
		}
	})
}

// Idempotency comes from the contract (idempotency_level in the protos), not from method names.
func TestIdempotentFollowsTheContract(t *testing.T) {
	for method, want := range map[string]bool{
		"/checkout.catalog.v1.CatalogService/GetProduct":               true,  // NO_SIDE_EFFECTS
		"/checkout.catalog.v1.CatalogService/ValidateAdditionalFields": true,  // NO_SIDE_EFFECTS, not named Get/List
		"/checkout.catalog.v1.CatalogService/SetSessionLocale":         true,  // IDEMPOTENT
		"/checkout.cart.v1.CartService/ClearCart":                      true,  // IDEMPOTENT
		"/checkout.cart.v1.CartService/AddProduct":                     false, // a mutation
		"/checkout.cart.v1.CartService/GetNothing":                     false, // no such method
		"/checkout.getter.v1.GetService/GetThing":                      false, // no contract linked in
		"GetThing": false,
	} {
		if got := grpcclient.Idempotent(method); got != want {
			t.Errorf("Idempotent(%q) = %v, want %v", method, got, want)
		}
	}
}

// A call to a backend that is not listening yet waits for it within its deadline instead of
// failing at once, so requests that arrive while a service starts are served once it is up.
func TestCallWaitsForStartingBackend(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	_ = lis.Close() // nothing listens: the backend is still starting

	conn, err := grpcclient.Dial(addr, nil, fastRetries())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := catalogv1.NewCatalogServiceClient(conn)

	fake := &fakeCatalog{}
	started := make(chan struct{})
	go func() {
		// Start the server only once the call is waiting on the connection.
		for conn.GetState() != connectivity.TransientFailure && conn.GetState() != connectivity.Connecting {
			time.Sleep(time.Millisecond)
		}
		srv := grpcserver.New("catalog", nil, grpcserver.Config{ShutdownGrace: time.Second})
		catalogv1.RegisterCatalogServiceServer(srv.GRPC(), fake)
		l, err := net.Listen("tcp", addr)
		if err != nil {
			t.Errorf("listen again on %s: %v", addr, err)
			close(started)
			return
		}
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		close(started)
		_ = srv.Serve(ctx, l)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := client.ListCountries(ctx, &catalogv1.ListCountriesRequest{}); err != nil {
		t.Fatalf("call to a starting backend: %v, want it served once the backend is up", err)
	}
	<-started
	if fake.count("ListCountries") != 1 {
		t.Fatalf("server got %d calls, want 1", fake.count("ListCountries"))
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("GRPC_CLIENT_TIMEOUT", "1s")
	t.Setenv("GRPC_CLIENT_RETRIES", "4")
	t.Setenv("GRPC_BREAKER_FAILURES", "-1")
	t.Setenv("GRPC_BREAKER_OPEN_FOR", "")
	got := grpcclient.ConfigFromEnv()
	want := grpcclient.Config{Timeout: time.Second, MaxRetries: 4, RetryBackoff: 50 * time.Millisecond, BreakerFailures: 5, BreakerOpenFor: 5 * time.Second, RetryBudget: 10}
	if got != want {
		t.Fatalf("ConfigFromEnv = %+v, want %+v", got, want)
	}
}

// An optional dependency fails at once while it is unreachable, leaving the caller its deadline to
// answer without it.
func TestFailFastDoesNotWaitForBackend(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	_ = lis.Close()
	cfg := fastRetries()
	cfg.FailFast = true
	conn, err := grpcclient.Dial(addr, nil, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err = catalogv1.NewCatalogServiceClient(conn).ListCountries(ctx, &catalogv1.ListCountriesRequest{})
	if status.Code(err) != codes.Unavailable || ctx.Err() != nil {
		t.Fatalf("err = %v (ctx %v), want Unavailable before the deadline", err, ctx.Err())
	}
}

// Health checks go around the breaker: with the breaker open they still reach the backend, so a
// readiness probe reports the backend's own state rather than the breaker's.
func TestHealthChecksBypassTheBreaker(t *testing.T) {
	fake := &fakeCatalog{script: map[string][]error{"SetSessionLocale": repeat(errHang, 2)}}
	cfg := fastRetries()
	cfg.Timeout = 100 * time.Millisecond
	cfg.BreakerFailures = 2
	cfg.BreakerOpenFor = time.Minute
	conn := dialConn(t, fake, cfg)
	client := catalogv1.NewCatalogServiceClient(conn)
	for range 2 {
		_, _ = client.SetSessionLocale(context.Background(), &catalogv1.SetSessionLocaleRequest{})
	}
	if _, err := client.ListCountries(context.Background(), &catalogv1.ListCountriesRequest{}); status.Convert(err).Message() != "circuit open" {
		t.Fatalf("breaker not open: %v", err)
	}
	resp, err := healthpb.NewHealthClient(conn).Check(context.Background(), &healthpb.HealthCheckRequest{})
	if err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health check with the breaker open = %v, %v; want SERVING from the backend", resp, err)
	}
}
