package service_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/libs/go/secretbox"
	"github.com/hostcart/checkout/services/payment/adapters/sqlstore"
	"github.com/hostcart/checkout/services/payment/domain"
	"github.com/hostcart/checkout/services/payment/endpoints"
	"github.com/hostcart/checkout/services/payment/service"
	grpctransport "github.com/hostcart/checkout/services/payment/transport/grpc"
)

// carriedMandates is the order service's answer about mandates: a mandate counts when the order
// it was recorded for is committed and carries it (as services/order answers ListPaidReferences
// for provider sepa).
type carriedMandates struct {
	mu     sync.Mutex
	orders map[string]string // order id → the mandate reference its committed order carries
	asked  int
}

func (o *carriedMandates) commit(orderID, reference string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.orders[orderID] = reference
}

func (o *carriedMandates) PaidReferences(_ context.Context, refs []domain.PaymentRef) (map[domain.PaymentRef]bool, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.asked++
	out := map[domain.PaymentRef]bool{}
	for _, r := range refs {
		if r.Provider == domain.RefSEPA && r.OrderID != "" && o.orders[r.OrderID] == r.Reference {
			out[r] = true
		}
	}
	return out, nil
}

const sweptIBAN = "DE89370400440532013000"

// Issue 20 (data minimisation): on a real PostgreSQL, with the clock injected, the reconciliation
// wipes the SEPA mandates no order carries once they are older than MandatesAfter: the old mandate
// of an order that never committed loses holder, IBAN (sealed and masked), BIC and bank and is
// marked abandoned (the row itself: sqlstore.TestMandateSweep); the collection call, over gRPC,
// cannot read its IBAN any more. The old mandate its order carries is kept (and never asked about again),
// and so is a young one whose order is still being placed while the sweep runs, also after its
// order committed and it grew old. Two replicas at once abandon the mandate once.
func TestReconciliationWipesMandatesNoOrderCarries(t *testing.T) {
	ctx := context.Background()
	store, err := sqlstore.OpenPostgres(ctx, testinfra.Postgres(t, "payment_mandate_sweep"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if err := store.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	spec, _ := secretbox.NewKey("k1")
	keys, err := secretbox.Parse(spec, "")
	if err != nil {
		t.Fatal(err)
	}
	mandates := store.Mandates(keys)
	option := domain.Option{Type: "sepa", Holder: "Erika Muster", IBAN: sweptIBAN, BIC: "COBADEFFXXX", Permission: true}
	sessions := &memSessions{data: map[string]domain.Option{"lost": option, "ordered": option, "placing": option}}
	orders := &carriedMandates{orders: map[string]string{}}
	var mu sync.Mutex
	now := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	random := &randomBytes{}
	replica := func() service.Service {
		return service.New(service.Ports{Types: sepaTypes{}, Sessions: sessions, Brands: creditor{}, Mandates: mandates, MandateSweep: mandates,
			References: store.References(), Orders: orders, Now: clock, Random: random})
	}
	svc := replica()
	record := func(sid, orderID string) domain.Mandate {
		t.Helper()
		m, err := svc.CreateSEPAMandate(at(sid), orderID)
		if err != nil {
			t.Fatalf("mandate of %s: %v", orderID, err)
		}
		return m
	}
	// An order whose placement failed after its mandate was recorded, and one that committed.
	lost, ordered := record("lost", "ord-lost"), record("ordered", "ord-ordered")
	orders.commit("ord-ordered", ordered.Reference)
	advance(24*time.Hour + time.Minute)
	// An order being placed right now: its mandate is recorded, its transaction not committed.
	placing := record("placing", "ord-placing")

	set := service.ReconcileSettings{After: 2 * time.Hour, Lease: 5 * time.Minute, Batch: 1, MandatesAfter: 24 * time.Hour}
	var wg sync.WaitGroup
	outs := make([]service.ReconcileOutcome, 2)
	for i, r := range []service.Service{svc, replica()} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			if outs[i], err = r.Reconcile(ctx, set); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if a, k := outs[0].MandatesAbandoned+outs[1].MandatesAbandoned, outs[0].MandatesKept+outs[1].MandatesKept; a != 1 || k != 1 {
		t.Fatalf("abandoned %d, kept %d (%+v)", a, k, outs)
	}
	// The placing order commits in the meantime.
	orders.commit("ord-placing", placing.Reference)
	for ref, want := range map[string]string{lost.Reference: domain.MandateAbandoned, ordered.Reference: domain.MandateOrdered, placing.Reference: domain.MandateOpen} {
		if got, err := mandates.State(ctx, ref); err != nil || got != want {
			t.Fatalf("mandate %s is %q (%v), want %q", ref, got, err, want)
		}
	}

	// The collection call over gRPC: the abandoned mandate's IBAN is gone, the others' readable.
	collect := collectionClient(t, svc)
	if resp, err := collect.GetSepaMandateForCollection(ctx, &paymentv1.GetSepaMandateForCollectionRequest{Reference: lost.Reference}); status.Code(err) != codes.NotFound ||
		resp.GetMandate().GetIban() != "" || strings.Contains(err.Error(), "0532013000") {
		t.Fatalf("abandoned mandate collected: %v, %v", resp, err)
	}
	if _, err := mandates.ForCollection(ctx, lost.Reference); !errors.Is(err, sqlstore.ErrMandateNotFound) {
		t.Fatalf("abandoned mandate read: %v", err)
	}
	for _, ref := range []string{ordered.Reference, placing.Reference} {
		resp, err := collect.GetSepaMandateForCollection(ctx, &paymentv1.GetSepaMandateForCollectionRequest{Reference: ref})
		if err != nil || resp.GetMandate().GetIban() != sweptIBAN || resp.GetMandate().GetHolder() != "Erika Muster" {
			t.Fatalf("kept mandate %s: %v, %v", ref, resp, err)
		}
	}

	// A day later the placed order's mandate is old: kept as well. The ordered one is not asked
	// about again, the abandoned one stays as it is.
	advance(24 * time.Hour)
	asked := orders.asked
	if out, err := svc.Reconcile(ctx, set); err != nil || out != (service.ReconcileOutcome{MandatesKept: 1}) {
		t.Fatalf("second run: %+v %v", out, err)
	}
	if orders.asked != asked+1 {
		t.Fatalf("order service asked %d times, want once (the placed order's mandate)", orders.asked-asked)
	}
	if out, err := svc.Reconcile(ctx, set); err != nil || out != (service.ReconcileOutcome{}) {
		t.Fatalf("third run: %+v %v", out, err)
	}
	if got, _ := mandates.State(ctx, placing.Reference); got != domain.MandateOrdered {
		t.Fatalf("placed order's mandate is %q", got)
	}
	if m, err := mandates.ForCollection(ctx, placing.Reference); err != nil || m.IBAN != sweptIBAN {
		t.Fatalf("placed order's mandate: %+v %v", m, err)
	}

	// A sweep closer than MinMandateAge could take the mandate of an order still being placed.
	short := set
	short.MandatesAfter = 30 * time.Minute
	if _, err := svc.Reconcile(ctx, short); !errors.Is(err, service.ErrCannotBeProcessed) {
		t.Fatalf("sweep after %s: %v", short.MandatesAfter, err)
	}
}

// collectionClient serves svc over the real gRPC transport and answers a client of it.
func collectionClient(t *testing.T, svc service.Service) paymentv1.PaymentServiceClient {
	t.Helper()
	srv := grpcserver.New("payment", nil, grpcserver.Config{ShutdownGrace: time.Second})
	paymentv1.RegisterPaymentServiceServer(srv.GRPC(), grpctransport.NewServer(endpoints.New(svc)))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, lis) }()
	t.Cleanup(func() { stop(); <-done })
	conn, err := grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return paymentv1.NewPaymentServiceClient(conn)
}
