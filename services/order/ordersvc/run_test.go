package ordersvc

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	paymentv1 "github.com/hostcart/checkout/libs/go/gen/checkout/payment/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/order/adapters/outbox"
	"github.com/hostcart/checkout/services/order/adapters/smtpmail"
	"github.com/hostcart/checkout/services/order/sandbox/mailsandbox"
	"github.com/hostcart/checkout/services/order/sandbox/smssandbox"
)

// upstream fakes the cart, customer and payment services of one session.
type upstream struct {
	cartv1.UnimplementedCartServiceServer
	customerv1.UnimplementedCustomerServiceServer
	paymentv1.UnimplementedPaymentServiceServer

	mu      sync.Mutex
	cleared int
}

func (u *upstream) GetPricedCart(context.Context, *cartv1.GetPricedCartRequest) (*cartv1.GetPricedCartResponse, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.cleared > 0 {
		return &cartv1.GetPricedCartResponse{Priced: &cartv1.PricedCart{}}, nil
	}
	return &cartv1.GetPricedCartResponse{Priced: &cartv1.PricedCart{
		Items: []*cartv1.PricedItem{{RowId: "r1", Product: &cartv1.PricedLine{Id: 7, Name: "Web M",
			Price: &cartv1.LinePrice{TotalNetCents: 1000, TotalGrossCents: 1190}}}},
		Totals: &cartv1.Totals{TotalNetCents: 1000, TotalVatCents: 190, TotalGrossCents: 1190},
	}}, nil
}

func (u *upstream) ClearCart(context.Context, *cartv1.ClearCartRequest) (*cartv1.ClearCartResponse, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.cleared++
	return &cartv1.ClearCartResponse{}, nil
}

func (u *upstream) GetSessionCustomer(context.Context, *customerv1.GetSessionCustomerRequest) (*customerv1.GetSessionCustomerResponse, error) {
	return &customerv1.GetSessionCustomerResponse{Customer: &customerv1.Customer{Validated: true,
		BasicInfo: &customerv1.BasicInfo{FirstName: "Ada", LastName: "L", Email: "a@example.org"},
		Address:   &customerv1.Address{CountryCode: "DE", Phone: "+49 231 1234567"}}}, nil
}

func (u *upstream) CreateSepaMandate(_ context.Context, req *paymentv1.CreateSepaMandateRequest) (*paymentv1.CreateSepaMandateResponse, error) {
	return &paymentv1.CreateSepaMandateResponse{Mandate: &paymentv1.SepaMandate{Reference: "HC261127TEST", CreditorId: "DE98ZZZ09999999999", OrderId: req.GetOrderId()}}, nil
}

func (u *upstream) ListPaymentTypes(context.Context, *paymentv1.ListPaymentTypesRequest) (*paymentv1.ListPaymentTypesResponse, error) {
	return &paymentv1.ListPaymentTypesResponse{PaymentTypes: []*paymentv1.PaymentType{{Slug: "sepa", SmsValidationRequired: true}}}, nil
}

func (u *upstream) GetSessionPayment(context.Context, *paymentv1.GetSessionPaymentRequest) (*paymentv1.GetSessionPaymentResponse, error) {
	return &paymentv1.GetSessionPaymentResponse{Payment: &paymentv1.PaymentOption{Type: "sepa", SmsValidation: true}}, nil
}

func serveUpstream(t *testing.T) (string, *upstream) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	u := &upstream{}
	srv := grpc.NewServer()
	cartv1.RegisterCartServiceServer(srv, u)
	customerv1.RegisterCustomerServiceServer(srv, u)
	paymentv1.RegisterPaymentServiceServer(srv, u)
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	return lis.Addr().String(), u
}

// The service started as cmd/order starts it, on embedded SQL and Redis, against the machine's
// NATS: an order placed over gRPC reaches the stream as one order.finalized event.
func TestRunPlacesAnOrderAndRelaysItsEvent(t *testing.T) {
	natsURL := testinfra.NATS(t)
	addr, up := serveUpstream(t)
	stream := testinfra.Name("ORDERS_RUN")
	prefix := strings.ToLower(stream) + "."
	mailDir, smsDir := t.TempDir(), t.TempDir()
	cfg := Config{
		MailProvider: "sandbox", MailSandboxDir: mailDir, SMSSandboxDir: smsDir,
		SQLitePath: filepath.Join(t.TempDir(), "order.db"), EmbeddedStores: true, NATSURL: natsURL,
		Outbox:   outbox.Config{Stream: stream, SubjectPrefix: prefix, Interval: 20 * time.Millisecond},
		CartAddr: addr, CustomerAddr: addr, PaymentAddr: addr, SMSProvider: "sandbox",
		SMSRateSession: ratelimit.Limit{Rate: 1, Period: time.Hour},
		GRPC:           grpcserver.Config{ShutdownGrace: time.Second},
		Client:         grpcclient.Config{Timeout: 5 * time.Second},
	}
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	t.Cleanup(func() {
		if js, err := jetstream.New(nc); err == nil {
			_ = js.DeleteStream(context.Background(), stream)
		}
	})
	sub, err := nc.SubscribeSync(prefix + ">")
	if err != nil {
		t.Fatal(err)
	}

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, lis, nil) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := testinfra.ServingUnlessStopped(ctx, conn, "", done); err != nil {
		t.Fatal(err)
	}
	client := orderv1.NewOrderServiceClient(conn)
	as := func(sid string) context.Context {
		c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		t.Cleanup(cancel)
		return callctx.ToOutgoing(c, callctx.Values{SessionID: sid, BrandID: 1, Locale: "de-DE"})
	}

	req := &orderv1.PlaceOrderRequest{IdempotencyKey: "k1", Generalbusinessterm: true, Privacyterm: true}
	placed, err := client.PlaceOrder(as("s1"), req)
	if err != nil {
		t.Fatal(err)
	}
	o := placed.GetOrder()
	if o.GetTotals().GetGrossCents() != 1190 || o.GetStatus() != "awaiting_sms" || !o.GetSmsRequired() || len(o.GetLines()) != 1 {
		t.Fatalf("order %v", o)
	}
	again, err := client.PlaceOrder(as("s1"), req)
	if err != nil || again.GetOrder().GetOrderId() != o.GetOrderId() {
		t.Fatalf("retry: %v %v", err, again)
	}
	req.Comment = "other body"
	if _, err := client.PlaceOrder(as("s1"), req); status.Code(err) != codes.AlreadyExists {
		t.Fatalf("reused key: %v", err)
	}
	if _, err := client.GetOrder(as("s2"), &orderv1.GetOrderRequest{OrderId: o.GetOrderId()}); status.Code(err) != codes.NotFound {
		t.Fatalf("another session's order: %v", err)
	}
	_, err = client.ValidateSMS(as("s1"), &orderv1.ValidateSMSRequest{OrderId: o.GetOrderId(), SmsCode: "0000"})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || st.Message() != "validation.failed" {
		t.Fatalf("malformed code: %v", err)
	}
	if _, err := client.ResendSMS(as("s1"), &orderv1.ResendSMSRequest{OrderId: o.GetOrderId()}); err != nil {
		t.Fatalf("first resend: %v", err)
	}
	if _, err := client.ResendSMS(as("s1"), &orderv1.ResendSMSRequest{OrderId: o.GetOrderId()}); status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("second resend within the limit's hour: %v", err)
	}

	// Awaiting its SMS code, the order is not finalized: no event, no mail.
	if early, err := sub.NextMsg(300 * time.Millisecond); !errors.Is(err, nats.ErrTimeout) {
		t.Fatalf("an event before the SMS code was validated: %v (%v)", early, err)
	}
	if mails, _ := os.ReadFile(filepath.Join(mailDir, mailsandbox.FileName)); len(mails) > 0 {
		t.Fatalf("a mail before the SMS code was validated: %s", mails)
	}
	sent, err := os.ReadFile(filepath.Join(smsDir, smssandbox.FileName))
	if err != nil {
		t.Fatal(err)
	}
	sms := strings.Split(strings.TrimSpace(string(sent)), "\n")
	var last smssandbox.Message
	if err := json.Unmarshal([]byte(sms[len(sms)-1]), &last); err != nil {
		t.Fatal(err)
	}
	code := strings.Fields(strings.TrimPrefix(last.Text, "Ihr Bestätigungscode für Ihre Bestellung: "))[0]
	validated, err := client.ValidateSMS(as("s1"), &orderv1.ValidateSMSRequest{OrderId: o.GetOrderId(), SmsCode: code})
	if err != nil || validated.GetOrder().GetStatus() != "placed" {
		t.Fatalf("validate sms %q: %v %v", code, err, validated)
	}

	// The validation's move writes two events: order.finalized and order.status_changed
	// (awaiting_sms to placed), each once.
	events := map[string]string{}
	for range 2 {
		msg, err := sub.NextMsg(10 * time.Second)
		if err != nil {
			t.Fatalf("events so far %v, then: %v", events, err)
		}
		if !strings.Contains(string(msg.Data), o.GetOrderId()) {
			t.Fatalf("event %s %s of another order", msg.Subject, msg.Data)
		}
		events[strings.TrimPrefix(msg.Subject, prefix)] = string(msg.Data)
	}
	if _, ok := events["order.finalized"]; !ok || !strings.Contains(events["order.status_changed"], `"from":"awaiting_sms","to":"placed"`) {
		t.Fatalf("events %v, want order.finalized and order.status_changed awaiting_sms to placed", events)
	}
	if extra, err := sub.NextMsg(300 * time.Millisecond); !errors.Is(err, nats.ErrTimeout) {
		t.Fatalf("a second event %v (%v)", extra, err)
	}
	// The confirmation mail follows, once, in the call's locale.
	var mails []byte
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if mails, _ = os.ReadFile(filepath.Join(mailDir, mailsandbox.FileName)); len(mails) > 0 {
			break
		}
	}
	lines := strings.Split(strings.TrimSpace(string(mails)), "\n")
	var m mailsandbox.Message
	if err := json.Unmarshal([]byte(lines[0]), &m); err != nil || len(lines) != 1 {
		t.Fatalf("mail.jsonl %q (%v); want one mail", mails, err)
	}
	if m.To != "a@example.org" || m.Subject != "Ihre Bestellung "+o.GetOrderCode() || !strings.Contains(m.Text, "11,90\u00a0€") {
		t.Fatalf("mail %+v", m)
	}
	up.mu.Lock()
	defer up.mu.Unlock()
	if up.cleared != 1 {
		t.Fatalf("cart cleared %d times, want once", up.cleared)
	}
}

func TestRunRefusesAMissingConfiguration(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), Config{}, lis, nil); err == nil {
		t.Fatal("started without upstream addresses")
	}
	if _, err := smsPort(Config{SMSProvider: "http"}); err == nil {
		t.Fatal("an http SMS gateway without URL and key")
	}
	if _, err := mailPort(Config{MailProvider: "smtp", SMTP: smtpmail.Config{Host: "mail.example.org"}}); err == nil {
		t.Fatal("an SMTP mailer without a sender")
	}
	if _, err := mailPort(Config{MailProvider: "pigeon"}); err == nil {
		t.Fatal("an unknown mail provider")
	}
	if m, err := mailPort(Config{}); m != nil || err != nil {
		t.Fatalf("no MAIL_PROVIDER: %v %v; want no mailer", m, err)
	}
}
