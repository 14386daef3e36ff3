package domainclient

import (
	"context"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
)

// fakeDomainService answers ListTlds per brand from the metadata the client sends.
type fakeDomainService struct {
	domainv1.UnimplementedDomainServiceServer
	calls atomic.Int32
}

func (f *fakeDomainService) ListTlds(ctx context.Context, _ *domainv1.ListTldsRequest) (*domainv1.ListTldsResponse, error) {
	f.calls.Add(1)
	vat := 19.0
	if callctx.From(ctx).BrandID == 2 {
		vat = 20
	}
	return &domainv1.ListTldsResponse{Tlds: []*domainv1.Tld{
		{Id: 1, Tld: "de", PriceCents: 99, IntervalVat: vat, IsActive: true},
		{Id: 7, Tld: "co.uk", PriceCents: 150, SetupfeeCents: 500, IntervalVat: vat, IsActive: true},
		{Id: 9, Tld: "eu", PriceCents: 83, IntervalVat: vat, IsActive: true, AdditionalFields: []*domainv1.AdditionalField{
			{Id: 1, Key: "eu_country", ValidationRules: "required|string", IsPostponed: true},
		}},
		{Id: 10, Tld: "old", IsActive: false},
	}}, nil
}

func TestTLDs(t *testing.T) {
	fake := &fakeDomainService{}
	srv := grpc.NewServer(grpc.ChainUnaryInterceptor(callctx.UnaryServerInterceptor()))
	domainv1.RegisterDomainServiceServer(srv, fake)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	cl := New(domainv1.NewDomainServiceClient(conn), time.Minute)

	ctx := callctx.With(context.Background(), callctx.Values{BrandID: 1, Locale: "de-DE"})
	ts, err := cl.TLDs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	uk, ok := ts.Of("shop.example.co.uk")
	if !ok || uk.ID != 7 || uk.SetupFeeCents != 500 || uk.VATPercent != 19 {
		t.Errorf("co.uk = %+v, %v", uk, ok)
	}
	if eu, _ := ts.Of("x.eu"); len(eu.Fields) != 1 || eu.Fields[0].Key != "eu_country" || !eu.Fields[0].IsPostponed {
		t.Errorf("eu = %+v", eu)
	}
	if _, ok := ts.Of("x.old"); ok {
		t.Error("an inactive TLD is sold")
	}
	_, _ = cl.TLDs(ctx)
	at, _ := cl.TLDs(callctx.With(context.Background(), callctx.Values{BrandID: 2, Locale: "de-DE"}))
	if fake.calls.Load() != 2 || at["de"].VATPercent != 20 {
		t.Errorf("%d calls (want 2: one per brand), Alpenhost .de = %+v", fake.calls.Load(), at["de"])
	}

	srv.Stop()
	down := New(domainv1.NewDomainServiceClient(conn), 0)
	if _, err := down.TLDs(ctx); apperr.Code(err) != codes.Unavailable || apperr.MessageKey(err) != "domain.unavailable" {
		t.Errorf("domain service down: %v", err)
	}
}

// TestTLDFieldsKeepTheSecretMark: a TLD field the domain service marks secret is secret in the
// cart (which names it to the order for sealing), as is a password field; others are not.
func TestTLDFieldsKeepTheSecretMark(t *testing.T) {
	tld := TLDFromProto(&domainv1.Tld{Id: 1, Tld: ".DE", AdditionalFields: []*domainv1.AdditionalField{
		{Id: 1, Key: "registrant_pin", InputComponent: "text", IsSecret: true},
		{Id: 2, Key: "registry_password", InputComponent: "password"},
		{Id: 3, Key: "nameserver_1", InputComponent: "text"},
	}})
	if tld.Name != "de" || len(tld.Fields) != 3 {
		t.Fatalf("tld %+v", tld)
	}
	if !tld.Fields[0].Secret || !tld.Fields[0].IsSecret() || !tld.Fields[1].IsSecret() || tld.Fields[2].IsSecret() {
		t.Fatalf("secret marks %+v", tld.Fields)
	}
}
