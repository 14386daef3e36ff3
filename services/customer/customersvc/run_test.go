package customersvc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/customer/adapters/oidcauthority"
	"github.com/hostcart/checkout/services/customer/sandbox/localoidc"
	"github.com/hostcart/checkout/services/customer/seed"
)

// startAuthority serves the seed customers' logins.
func startAuthority() (*localoidc.Provider, error) {
	customers, err := seed.Customers()
	if err != nil {
		return nil, err
	}
	var users []localoidc.User
	for _, c := range customers {
		users = append(users, localoidc.User{Username: c.Login.Username, Password: c.Login.Password, Subject: c.Subject, Email: c.BasicInfo.Email})
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	return localoidc.Start(lis, clientID, clientSecret, users)
}

// The component tests talk real gRPC to the service started once in TestMain, on an in-process
// Redis and a fake catalog served over gRPC as well.
var (
	client customerv1.CustomerServiceClient
	rdb    *miniredis.Miniredis
	// authority is the local OpenID provider brand 1's customers log in at.
	authority *localoidc.Provider
)

const (
	// authority2 is brand 1's second authority (use_cp_2), mapped to the local one (OIDC_ISSUERS).
	authority2 = "https://cloud.hostwerk.test/login"
	// authorityAT is brand 2's authority, mapped to the local one too (OIDC_ISSUERS).
	authorityAT  = "https://login.alpenhost.test"
	clientID     = "hostwerk-checkout"
	clientSecret = "test-secret"
)

func TestMain(m *testing.M) { os.Exit(runComponent(m)) }

// catalog knows brand 1 (Hostwerk: both kinds, DE) and the countries DE, AT and CH.
type catalog struct {
	catalogv1.UnimplementedCatalogServiceServer
}

func (catalog) ListBrands(context.Context, *catalogv1.ListBrandsRequest) (*catalogv1.ListBrandsResponse, error) {
	return &catalogv1.ListBrandsResponse{Brands: []*catalogv1.Brand{{Id: 1, Properties: []*catalogv1.BrandProperty{
		{Key: "allow_companies", Value: "true"}, {Key: "allow_private_persons", Value: "true"}, {Key: "country_code", Value: "DE"},
		{Key: "allow_crm", Value: "true"}, {Key: "oauth_authority_url", Value: authority.Issuer()}, {Key: "oauth_client_id", Value: clientID},
		{Key: "oauth_authority_url_2", Value: authority2},
	}}, {Id: 2, Properties: []*catalogv1.BrandProperty{
		{Key: "country_code", Value: "AT"}, {Key: "allow_crm", Value: "false"},
		// An authority without allow_crm: no login popup, only the panel sign-in (Alpenhost's seed).
		{Key: "oauth_authority_url", Value: authorityAT}, {Key: "oauth_client_id", Value: clientID},
	}}}}, nil
}

func (catalog) ListCountries(context.Context, *catalogv1.ListCountriesRequest) (*catalogv1.ListCountriesResponse, error) {
	return &catalogv1.ListCountriesResponse{Countries: []*catalogv1.Country{{Code: "DE"}, {Code: "AT"}, {Code: "CH"}}}, nil
}

// ResolveVat answers the brand's own German rate: the component tests check what the customer
// service adds to it (the panel sign-in), the rule itself is the catalog's.
func (catalog) ResolveVat(context.Context, *catalogv1.ResolveVatRequest) (*catalogv1.ResolveVatResponse, error) {
	return &catalogv1.ResolveVatResponse{VatPercent: 19, CountryCode: "DE", Reason: "domestic"}, nil
}

func runComponent(m *testing.M) int {
	var err error
	if rdb, err = miniredis.Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer rdb.Close()
	if authority, err = startAuthority(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer authority.Close()
	catLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	catSrv := grpc.NewServer()
	catalogv1.RegisterCatalogServiceServer(catSrv, catalog{})
	go func() { _ = catSrv.Serve(catLis) }()
	defer catSrv.Stop()

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// The customer records sit in the embedded SQLite here; sqlstore's tests run the same queries on
	// PostgreSQL, and the gateway's system tests run this service on PostgreSQL.
	cfg := Config{RedisURL: "redis://" + rdb.Addr(), CatalogAddr: catLis.Addr().String(), SessionTTL: time.Hour,
		EmbeddedStores: true, SQLitePath: ":memory:", Seed: true,
		LoginRateSession: ratelimit.Limit{Rate: 5, Period: time.Minute, Burst: 5},
		OIDC: oidcauthority.Config{Secrets: map[string]string{clientID: clientSecret},
			Issuers: map[string]string{authority2: authority.Issuer(), authorityAT: authority.Issuer()}},
		GRPC: grpcserver.Config{ShutdownGrace: time.Second}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, lis, slog.New(slog.DiscardHandler)) }()
	// The client waits for the server within each call's deadline (wait-for-ready): no polling.
	conn, err := grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 10 * time.Second})
	if err != nil {
		cancel()
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	client = customerv1.NewCustomerServiceClient(conn)
	code := m.Run()
	conn.Close()
	cancel()
	if err := <-done; err != nil {
		fmt.Fprintln(os.Stderr, "Run returned:", err)
		return 1
	}
	return code
}

func call(sid string) context.Context {
	return callctx.With(context.Background(), callctx.Values{SessionID: sid, BrandID: 1})
}

// violations lists the BadRequest field violations of err as "field=key".
func violations(err error) []string {
	var out []string
	for _, d := range status.Convert(err).Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range br.GetFieldViolations() {
				out = append(out, v.GetField()+"="+v.GetDescription())
			}
		}
	}
	return out
}

func TestBasicInfoAndAddressOverGRPC(t *testing.T) {
	ctx := call("component-1")
	_, err := client.SetBasicInfo(ctx, &customerv1.SetBasicInfoRequest{BasicInfo: &customerv1.BasicInfo{
		Group: proto.Int32(1), FirstName: "Erika", Email: "erika",
	}})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || st.Message() != "validation.failed" {
		t.Fatalf("refused: %v", err)
	}
	if got := fmt.Sprint(violations(err)); got != "[email=validation.email last_name=validation.required]" {
		t.Errorf("violations = %s", got)
	}
	got, err := client.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{})
	if err != nil || got.GetCustomer().GetBasicInfo() != nil {
		t.Fatalf("after refusal: %v, %v", got, err)
	}

	bi, err := client.SetBasicInfo(ctx, &customerv1.SetBasicInfoRequest{BasicInfo: &customerv1.BasicInfo{
		Group: proto.Int32(0), Gender: 1, FirstName: " Erika", LastName: "Mustermann", Email: "erika@example.de",
		CompanyName: "Muster GmbH", CompanyVatId: "DE 123 456 789",
	}})
	if err != nil || bi.GetCustomer().GetBasicInfo().GetCompanyVatId() != "DE123456789" || bi.GetCustomer().GetBasicInfo().GetFirstName() != "Erika" || bi.GetCustomer().GetValidated() {
		t.Fatalf("basic info: %v, %v", bi, err)
	}
	ad, err := client.SetAddress(ctx, &customerv1.SetAddressRequest{Address: &customerv1.Address{
		Street: "Unter den Linden 1", PostalCode: "10117", City: "Berlin", Phone: "030 1234567",
	}})
	if err != nil || ad.GetCustomer().GetAddress().GetCountryCode() != "DE" || !ad.GetCustomer().GetValidated() || ad.GetCustomer().GetCustomerNo() != "" {
		t.Fatalf("address: %v, %v", ad, err)
	}
}

func TestUnsupportedCountryResetOverGRPC(t *testing.T) {
	// Stored while the brand still delivered to France.
	if err := rdb.Set("customer:session:component-2", `{"address":{"street":"Rue 1","postal_code":"75001","city":"Paris","country_code":"FR","phone":"+33 1 23456789"}}`); err != nil {
		t.Fatal(err)
	}
	got, err := client.GetSessionCustomer(call("component-2"), &customerv1.GetSessionCustomerRequest{})
	if err != nil {
		t.Fatal(err)
	}
	a := got.GetCustomer().GetAddress()
	if a.GetCountryCode() != "DE" || a.GetCity() != "" || a.GetPostalCode() != "" || a.GetStreet() != "Rue 1" {
		t.Errorf("address = %v", a)
	}
	if n := got.GetNotices(); len(n) != 1 || n[0].GetKey() != "customer.country_not_supported" || n[0].GetType() != "warning" {
		t.Errorf("notices = %v", n)
	}
}

func TestCallWithoutSession(t *testing.T) {
	ctx := callctx.With(context.Background(), callctx.Values{BrandID: 1})
	_, err := client.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{})
	if st := status.Convert(err); st.Code() != codes.InvalidArgument || st.Message() != "session.required" {
		t.Errorf("no session: %v", err)
	}
	_, err = client.SetAddress(callctx.With(context.Background(), callctx.Values{SessionID: "s", BrandID: 42}), &customerv1.SetAddressRequest{})
	if st := status.Convert(err); st.Code() != codes.NotFound || st.Message() != "brand.not_found" || errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("unknown brand: %v", err)
	}
}

func TestBasicInfoWithoutGroupIsAPrivatePersons(t *testing.T) {
	got, err := client.SetBasicInfo(call("component-3"), &customerv1.SetBasicInfoRequest{BasicInfo: &customerv1.BasicInfo{
		FirstName: "Erika", LastName: "Mustermann", Email: "erika@example.de", CompanyName: "Muster GmbH",
	}})
	if b := got.GetCustomer().GetBasicInfo(); err != nil || b.Group == nil || b.GetGroup() != 1 || b.GetCompanyName() != "" {
		t.Fatalf("no group: %v, %v", b, err)
	}
}
