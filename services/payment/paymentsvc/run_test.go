package paymentsvc

import (
	"context"
	"fmt"
	"net"
	"slices"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
)

// catalog: brand 1 shows the bank field, brand 2 does not.
type catalog struct {
	catalogv1.UnimplementedCatalogServiceServer
}

func (catalog) ListBrands(context.Context, *catalogv1.ListBrandsRequest) (*catalogv1.ListBrandsResponse, error) {
	return &catalogv1.ListBrandsResponse{Brands: []*catalogv1.Brand{
		{Id: 1, Properties: []*catalogv1.BrandProperty{{Key: "display_bank_name_input_field", Value: "true"}}},
		{Id: 2, Properties: []*catalogv1.BrandProperty{{Key: "display_bank_name_input_field", Value: "false"}}},
	}}, nil
}

// start runs the service on the machine's Redis and PostgreSQL, as deployed.
func start(t *testing.T) paymentv1.PaymentServiceClient {
	t.Helper()
	rdb, _ := testinfra.Redis(t, "payment_svc")
	rdb.Close()
	catLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	catSrv := grpc.NewServer()
	catalogv1.RegisterCatalogServiceServer(catSrv, catalog{})
	go func() { _ = catSrv.Serve(catLis) }()
	t.Cleanup(catSrv.Stop)

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{DatabaseURL: testinfra.Postgres(t, "payment_svc"), Seed: true, RedisURL: testinfra.RedisURL(),
		CatalogAddr: catLis.Addr().String(), SessionTTL: time.Hour, GRPC: grpcserver.Config{ShutdownGrace: time.Second}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, lis, nil) }()
	conn, err := grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 10 * time.Second})
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn.Close()
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return paymentv1.NewPaymentServiceClient(conn)
}

func call(brand int32, sid string) context.Context {
	return callctx.With(context.Background(), callctx.Values{SessionID: sid, BrandID: brand, Locale: "en-GB"})
}

func violations(err error) []string {
	var out []string
	for _, d := range status.Convert(err).Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range br.GetFieldViolations() {
				out = append(out, v.GetField()+"="+v.GetDescription())
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestPaymentService(t *testing.T) {
	client := start(t)
	sid := fmt.Sprintf("pay-%d", time.Now().UnixNano())

	types, err := client.ListPaymentTypes(call(1, sid), &paymentv1.ListPaymentTypesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var slugs []string
	for _, pt := range types.GetPaymentTypes() {
		slugs = append(slugs, pt.GetSlug())
	}
	if fmt.Sprint(slugs) != "[sepa adyen-scheme paypal-integration]" || types.GetPaymentTypes()[0].GetName() != "SEPA direct debit" {
		t.Fatalf("brand 1 types: %v", types)
	}

	if got, err := client.GetSessionPayment(call(1, sid), &paymentv1.GetSessionPaymentRequest{}); err != nil || got.GetPayment() != nil {
		t.Fatalf("fresh session: %v, %v", got, err)
	}

	set := func(brand int32, o *paymentv1.PaymentOption) (*paymentv1.SetSessionPaymentResponse, error) {
		return client.SetSessionPayment(call(brand, sid), &paymentv1.SetSessionPaymentRequest{Payment: o})
	}
	_, err = set(1, &paymentv1.PaymentOption{Type: "sepa", Holder: "Al", Iban: "DE88 3704 0044 0532 0130 00", Bic: "COBADE"})
	if status.Code(err) != codes.InvalidArgument || fmt.Sprint(violations(err)) != "[bank=payment.bank_required bic=validation.min_length holder=validation.min_length iban=payment.iban_invalid permission=payment.permission_required]" {
		t.Fatalf("refused SEPA: %v %v", err, violations(err))
	}
	_, err = set(1, &paymentv1.PaymentOption{Type: "sepa", Holder: "Erika Mustermann", Iban: "DE8937040044053201300", Bic: "COBADEFFXXX", Bank: "Commerzbank", Permission: true})
	if fmt.Sprint(violations(err)) != "[iban=payment.iban_invalid]" {
		t.Fatalf("IBAN of the wrong length for Germany: %v", err)
	}
	if got, _ := client.GetSessionPayment(call(1, sid), &paymentv1.GetSessionPaymentRequest{}); got.GetPayment() != nil {
		t.Fatal("a refused option was stored")
	}

	resp, err := set(1, &paymentv1.PaymentOption{Type: "sepa", Holder: " Erika Mustermann ", Iban: "de89 3704 0044 0532 0130 00",
		Bic: "cobadeffxxx", Bank: "Commerzbank", Permission: true, SmsValidation: true, PspReference: "forged"})
	if err != nil {
		t.Fatal(err)
	}
	p := resp.GetPayment()
	if p.GetIban() != "DE89••••••••••••••3000" || p.GetHolder() != "Erika Mustermann" || p.GetBic() != "COBADEFFXXX" ||
		p.GetSmsValidation() || p.GetPspReference() != "" {
		t.Fatalf("stored SEPA option: %v", p)
	}

	// Another type keeps none of SEPA's fields; an inactive or unknown type is refused.
	resp, err = set(1, &paymentv1.PaymentOption{Type: "paypal-integration", Holder: "x", Iban: "DE89370400440532013000"})
	if err != nil || resp.GetPayment().GetIban() != "" || resp.GetPayment().GetType() != "paypal-integration" {
		t.Fatalf("paypal option: %v, %v", resp, err)
	}
	for _, slug := range []string{"bank-transfer", "bitcoin", ""} {
		if _, err := set(1, &paymentv1.PaymentOption{Type: slug}); fmt.Sprint(violations(err)) != "[type=payment.type_not_available]" {
			t.Fatalf("type %q: %v", slug, err)
		}
	}

	// Brand 2's SEPA needs an SMS code and asks for no bank.
	resp, err = set(2, &paymentv1.PaymentOption{Type: "sepa", Holder: "Anna Berger", Iban: "AT61 1904 3002 3457 3201", Bic: "BKAUATWW", Bank: "ignored", Permission: true})
	if err != nil || !resp.GetPayment().GetSmsValidation() || resp.GetPayment().GetBank() != "" {
		t.Fatalf("brand 2 SEPA: %v, %v", resp, err)
	}
}
