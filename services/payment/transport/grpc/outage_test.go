package grpctransport_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/libs/go/apperr"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/payment/adapters/cardprovider"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/endpoints"
	"github.com/hostcart/checkout/services/payment/service"
	grpctransport "github.com/hostcart/checkout/services/payment/transport/grpc"
)

// A card provider that is down is the provider's outage, not the payment service's: the service
// answers Unavailable naming card-provider, so the caller's client (as the gateway dials it, with
// retries for calls carrying an idempotency key) sends the non-idempotent create-payment once
// (the provider is asked once per attempt, not three times) and its breaker stays closed.
func TestProviderOutageIsAskedOnceAndNamesTheProvider(t *testing.T) {
	var hits atomic.Int32
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Error(w, `{"status":503,"errorCode":"000","message":"down"}`, http.StatusServiceUnavailable)
	}))
	t.Cleanup(provider.Close)
	card := cardprovider.New(cardprovider.Config{URL: provider.URL + "/v71", APIKey: "k", MerchantAccount: "M", Timeout: 2 * time.Second})

	// The real transport over an endpoint that asks the real adapter, as the use case does.
	set := endpoints.Set{CreateCard: func(ctx context.Context, request any) (any, error) {
		in := request.(service.CardInput)
		_, err := card.CreatePayment(ctx, domain.CardPayment{Reference: "r-1", Amount: domain.Money{Value: 100, Currency: "EUR"},
			PaymentMethod: in.PaymentMethod}, in.IdempotencyKey)
		return nil, err
	}}
	srv := grpcserver.New("payment", nil, grpcserver.Config{ShutdownGrace: time.Second})
	paymentv1.RegisterPaymentServiceServer(srv.GRPC(), grpctransport.NewServer(set))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis) }()
	t.Cleanup(func() { stop(); <-done })

	const breakerFailures = 2
	conn, err := grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 5 * time.Second, MaxRetries: 2,
		RetryBackoff: time.Millisecond, BreakerFailures: breakerFailures, BreakerOpenFor: time.Hour, RetryBudget: 100})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	client := paymentv1.NewPaymentServiceClient(conn)

	// As many calls as the provider's own breaker (outbound) lets through, well past the client's
	// breakerFailures.
	for i := range outbound.DefaultBreakerFailures {
		callCtx := metadata.AppendToOutgoingContext(context.Background(), grpcclient.IdempotencyKeyHeader, "attempt-1")
		_, err := client.CreateCardPayment(callCtx, &paymentv1.CreateCardPaymentRequest{PaymentMethodJson: `{"type":"scheme"}`, IdempotencyKey: "attempt-1"})
		if status.Code(err) != codes.Unavailable || apperr.DependencyDown(err) != cardprovider.Dependency {
			t.Fatalf("call %d: %v (dependency %q), want Unavailable naming %s", i+1, err, apperr.DependencyDown(err), cardprovider.Dependency)
		}
		// One request to the provider per call: not retried, and (past breakerFailures calls)
		// not refused by an open breaker either.
		if got := hits.Load(); got != int32(i+1) {
			t.Fatalf("after call %d the provider was asked %d times, want %d", i+1, got, i+1)
		}
	}
}
