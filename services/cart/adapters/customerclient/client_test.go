package customerclient

import (
	"context"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
)

// fakeCustomerService answers GetSessionVat per session id from the metadata the client sends.
type fakeCustomerService struct {
	customerv1.UnimplementedCustomerServiceServer
}

func (fakeCustomerService) GetSessionVat(ctx context.Context, _ *customerv1.GetSessionVatRequest) (*customerv1.GetSessionVatResponse, error) {
	switch callctx.From(ctx).SessionID {
	case "panel":
		return &customerv1.GetSessionVatResponse{VatPercent: 19, CountryCode: "DE", Reason: "domestic", PanelSignIn: true}, nil
	case "vienna":
		return &customerv1.GetSessionVatResponse{VatPercent: 20, CountryCode: "AT", Reason: "destination"}, nil
	case "down":
		return nil, status.Error(codes.Unavailable, "customer.unavailable")
	}
	return &customerv1.GetSessionVatResponse{VatPercent: 19, CountryCode: "DE", Reason: "domestic"}, nil
}

func (fakeCustomerService) GetSessionCustomer(ctx context.Context, _ *customerv1.GetSessionCustomerRequest) (*customerv1.GetSessionCustomerResponse, error) {
	switch callctx.From(ctx).SessionID {
	case "signed-in":
		return &customerv1.GetSessionCustomerResponse{Customer: &customerv1.Customer{CustomerNo: "100002"}}, nil
	case "down":
		return nil, status.Error(codes.Unavailable, "customer.unavailable")
	}
	return &customerv1.GetSessionCustomerResponse{Customer: &customerv1.Customer{}}, nil
}

func TestSessionCustomer(t *testing.T) {
	srv := grpc.NewServer(grpc.ChainUnaryInterceptor(callctx.UnaryServerInterceptor()))
	customerv1.RegisterCustomerServiceServer(srv, fakeCustomerService{})
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 2 * time.Second, FailFast: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	cl := New(customerv1.NewCustomerServiceClient(conn))
	session := func(sid string) context.Context {
		return callctx.With(context.Background(), callctx.Values{SessionID: sid, BrandID: 1})
	}

	// A panel user at home: the brand's rate (no VAT override) and the panel flag.
	got, err := cl.SessionCustomer(session("panel"))
	if err != nil || got.VAT != nil || !got.Panel {
		t.Errorf("panel = %+v, %v", got, err)
	}
	got, err = cl.SessionCustomer(session("vienna"))
	if err != nil || got.Panel || got.VAT == nil || got.VAT.Percent != 20 || got.VAT.Reason != "destination" || got.VAT.CountryCode != "AT" {
		t.Errorf("vienna = %+v, %v", got, err)
	}
	if got, err = cl.SessionCustomer(session("visitor")); err != nil || got.Panel || got.VAT != nil {
		t.Errorf("visitor = %+v, %v", got, err)
	}
	// An outage comes back as one, so the cart falls back instead of refusing.
	if _, err := cl.SessionCustomer(session("down")); status.Code(err) != codes.Unavailable {
		t.Errorf("down: %v", err)
	}

	// The customer number a session is signed in as: a contract transfer's holder goes to it only.
	if no, err := cl.SessionCustomerNo(session("signed-in")); err != nil || no != "100002" {
		t.Errorf("signed-in customer number = %q, %v", no, err)
	}
	if no, err := cl.SessionCustomerNo(session("visitor")); err != nil || no != "" {
		t.Errorf("visitor's customer number = %q, %v", no, err)
	}
	if _, err := cl.SessionCustomerNo(session("down")); status.Code(err) != codes.Unavailable {
		t.Errorf("customer number, down: %v", err)
	}
}
