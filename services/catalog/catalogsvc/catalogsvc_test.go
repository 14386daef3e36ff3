package catalogsvc

import (
	"context"
	"fmt"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"net"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/logging"
)

// The component tests talk real gRPC to a catalog started by Run, on the embedded database and
// an in-process Redis, exactly as devstack runs it.
var (
	client catalogv1.CatalogServiceClient
	conn   *grpc.ClientConn
)

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	fail := func(err error) int {
		fmt.Fprintln(os.Stderr, "catalog component test setup:", err)
		return 1
	}
	mr, err := miniredis.Run()
	if err != nil {
		return fail(err)
	}
	defer mr.Close()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	cfg := Config{EmbeddedStores: true, SQLitePath: ":memory:", RedisURL: "redis://" + mr.Addr(), Seed: true}
	go func() { done <- Run(ctx, cfg, lis, logging.Discard()) }()

	conn, err = grpc.NewClient(lis.Addr().String(),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(callctx.UnaryClientInterceptor()))
	if err != nil {
		cancel()
		return fail(err)
	}
	client = catalogv1.NewCatalogServiceClient(conn)
	if err := waitServing(done); err != nil {
		cancel()
		return fail(err)
	}
	code := m.Run()
	_ = conn.Close()
	cancel()
	if err := <-done; err != nil {
		return fail(fmt.Errorf("run returned %w", err))
	}
	return code
}

// waitServing waits until the catalog has migrated, seeded and serves, or stopped trying.
func waitServing(done chan error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return testinfra.ServingUnlessStopped(ctx, conn, catalogv1.CatalogService_ServiceDesc.ServiceName, done)
}

// call is the context of one RPC with the metadata the gateway would send.
func call(t *testing.T, brandID int32, sid, locale string) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	t.Cleanup(cancel)
	return callctx.With(ctx, callctx.Values{BrandID: brandID, SessionID: sid, Locale: locale})
}

func wantStatus(t *testing.T, err error, code codes.Code, msg string) {
	t.Helper()
	st, _ := status.FromError(err)
	if st.Code() != code || st.Message() != msg {
		t.Errorf("status = %v %q, want %v %q", st.Code(), st.Message(), code, msg)
	}
}

func TestGetBrandByFqdn(t *testing.T) {
	resp, err := client.GetBrandByFqdn(call(t, 0, "", ""), &catalogv1.GetBrandByFqdnRequest{Fqdn: "Shop.Hostwerk.de:443"})
	if err != nil {
		t.Fatal(err)
	}
	b := resp.GetBrand()
	if b.GetId() != 1 || b.GetSlug() != "hostwerk" || len(b.GetLocales()) != 2 || !b.GetLocales()[0].GetIsDefault() {
		t.Errorf("brand = %v", b)
	}
	props := map[string]string{}
	for _, p := range b.GetProperties() {
		props[p.GetKey()] = p.GetValue()
	}
	if props["display_prices_with_vat"] != "true" || props["country_code"] != "DE" || props["support_email"] != "support@hostwerk.de" {
		t.Errorf("properties = %v", props)
	}
	_, err = client.GetBrandByFqdn(call(t, 0, "", ""), &catalogv1.GetBrandByFqdnRequest{Fqdn: "shop.unknown.example"})
	wantStatus(t, err, codes.NotFound, "brand.not_found")

	all, err := client.ListBrands(call(t, 0, "", ""), &catalogv1.ListBrandsRequest{})
	if err != nil || len(all.GetBrands()) != 2 {
		t.Errorf("brands = %v, %v", all, err)
	}
}

func TestListCategories(t *testing.T) {
	resp, err := client.ListCategories(call(t, 1, "", "de-DE"), &catalogv1.ListCategoriesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var slugs []string
	for _, c := range resp.GetCategories() {
		slugs = append(slugs, c.GetSlug())
	}
	want := []string{"webhosting", "wordpress", "server", "ssl", "domains", "microsoft", "nsa-business-address", "postal-forwarding"}
	if !slices.Equal(slugs, want) {
		t.Errorf("visible categories = %v, want %v", slugs, want)
	}
	if resp.GetCategories()[0].GetName() != "Webhosting" {
		t.Errorf("name = %q", resp.GetCategories()[0].GetName())
	}

	capable, err := client.ListCategories(call(t, 1, "", "en-GB"), &catalogv1.ListCategoriesRequest{DomainCapableOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	slugs = nil
	for _, c := range capable.GetCategories() {
		slugs = append(slugs, c.GetSlug())
		if !c.GetDomainCapable() {
			t.Errorf("category %s listed as not domain capable", c.GetSlug())
		}
	}
	if !slices.Equal(slugs, []string{"webhosting", "wordpress", "domains"}) {
		t.Errorf("domain-capable categories = %v", slugs)
	}
	if capable.GetCategories()[0].GetName() != "Web hosting" {
		t.Errorf("english name = %q", capable.GetCategories()[0].GetName())
	}

	_, err = client.ListCategories(call(t, 0, "", ""), &catalogv1.ListCategoriesRequest{})
	wantStatus(t, err, codes.InvalidArgument, "brand.required")
	_, err = client.ListCategories(call(t, 42, "", ""), &catalogv1.ListCategoriesRequest{})
	wantStatus(t, err, codes.NotFound, "brand.not_found")
}

func TestListProducts(t *testing.T) {
	resp, err := client.ListProducts(call(t, 1, "", "de-DE"), &catalogv1.ListProductsRequest{CategorySlug: "webhosting"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int32
	for _, p := range resp.GetProducts() {
		ids = append(ids, p.GetId())
		if p.GetFromPrice() == nil {
			t.Errorf("product %d without from_price", p.GetId())
		}
	}
	if !slices.Equal(ids, []int32{1001, 1002, 1003, 1004}) {
		t.Errorf("webhosting products = %v (hidden 1005 must be left out)", ids)
	}
	s := resp.GetProducts()[0]
	// Webhosting S: cheapest is 24 months at 4.49 net; 449 * 1.19 = 534.31.
	if fp := s.GetFromPrice(); fp.GetNetCents() != 449 || fp.GetGrossCents() != 534 || fp.GetVatPercent() != 19 || fp.GetMaturityMonths() != 24 {
		t.Errorf("from price = %v", fp)
	}
	if len(s.GetPaymentMaturities()) != 3 || s.GetFreeTlds().GetAmount() != 1 || len(s.GetAddons()) == 0 || len(s.GetUpsells()) != 2 {
		t.Errorf("webhosting S = %v", s)
	}

	hidden, err := client.ListProducts(call(t, 1, "", "de-DE"), &catalogv1.ListProductsRequest{CategorySlug: "webhosting", IncludeHidden: true})
	if err != nil || len(hidden.GetProducts()) != 5 {
		t.Errorf("with hidden: %d products, %v", len(hidden.GetProducts()), err)
	}

	wp, err := client.ListProducts(call(t, 1, "", "de-DE"), &catalogv1.ListProductsRequest{Ids: []int32{1011}})
	if err != nil || len(wp.GetProducts()) != 1 {
		t.Fatalf("wordpress start: %v, %v", wp, err)
	}
	for _, m := range wp.GetProducts()[0].GetPaymentMaturities() {
		if !m.GetIsActive() || m.GetId() == 101101 {
			t.Errorf("inactive maturity listed: %v", m)
		}
	}

	domainOnly, err := client.ListProducts(call(t, 2, "", "de-DE"), &catalogv1.ListProductsRequest{DomainCapableOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range domainOnly.GetProducts() {
		if !p.GetDomainCapable() || p.GetIsHidden() {
			t.Errorf("product %d in domain-capable list", p.GetId())
		}
	}
	if len(domainOnly.GetProducts()) == 0 {
		t.Error("no domain-capable products for alpenhost")
	}
	// Alpenhost shows prices net; the from-price still carries the 20 % gross for the UI to choose.
	ah, err := client.GetProduct(call(t, 2, "", "en-GB"), &catalogv1.GetProductRequest{Id: 2002})
	if err != nil {
		t.Fatal(err)
	}
	if p := ah.GetProduct(); p.GetName() != "Web hosting Business" || p.GetFromPrice().GetGrossCents() != 828 { // 690 * 1.2
		t.Errorf("alpenhost business = %q %v", p.GetName(), p.GetFromPrice())
	}
	hiddenByID, err := client.GetProduct(call(t, 1, "", ""), &catalogv1.GetProductRequest{Id: 1043})
	if err != nil || hiddenByID.GetProduct().GetType() != "domain-only" {
		t.Errorf("hidden domain-only product by id: %v, %v", hiddenByID, err)
	}
	_, err = client.GetProduct(call(t, 1, "", ""), &catalogv1.GetProductRequest{Id: 2002})
	wantStatus(t, err, codes.NotFound, "product.not_found")
	_, err = client.GetProduct(call(t, 1, "", ""), &catalogv1.GetProductRequest{Id: 0})
	wantStatus(t, err, codes.InvalidArgument, "product.invalid_id")
}

func TestSessionLocale(t *testing.T) {
	got, err := client.GetSessionLocale(call(t, 1, "sess-a", ""), &catalogv1.GetSessionLocaleRequest{})
	if err != nil || got.GetCode() != "de-DE" {
		t.Fatalf("default session locale = %v, %v", got, err)
	}
	_, err = client.SetSessionLocale(call(t, 1, "sess-a", ""), &catalogv1.SetSessionLocaleRequest{Code: "fr-FR"})
	wantStatus(t, err, codes.InvalidArgument, "locale.not_supported")
	_, err = client.SetSessionLocale(call(t, 1, "", ""), &catalogv1.SetSessionLocaleRequest{Code: "en-GB"})
	wantStatus(t, err, codes.InvalidArgument, "session.required")

	set, err := client.SetSessionLocale(call(t, 1, "sess-a", ""), &catalogv1.SetSessionLocaleRequest{Code: "en_gb"})
	if err != nil || set.GetCode() != "en-GB" {
		t.Fatalf("set = %v, %v", set, err)
	}
	got, err = client.GetSessionLocale(call(t, 1, "sess-a", ""), &catalogv1.GetSessionLocaleRequest{})
	if err != nil || got.GetCode() != "en-GB" {
		t.Errorf("session locale = %v, %v", got, err)
	}
	// Without x-locale the session's choice decides the language of texts.
	cats, err := client.ListCategories(call(t, 1, "sess-a", ""), &catalogv1.ListCategoriesRequest{})
	if err != nil || cats.GetCategories()[0].GetName() != "Web hosting" {
		t.Errorf("categories for english session: %v, %v", cats, err)
	}
	countries, err := client.ListCountries(call(t, 0, "", "de-DE"), &catalogv1.ListCountriesRequest{})
	if err != nil || len(countries.GetCountries()) < 29 || countries.GetCountries()[1].GetName() != "Österreich" {
		t.Errorf("countries: %v", err)
	}
}

func TestZipCodesAndIntervals(t *testing.T) {
	short, err := client.ListZipCodes(call(t, 1, "", ""), &catalogv1.ListZipCodesRequest{Code: "10"})
	if err != nil || len(short.GetZipCodes()) != 0 {
		t.Errorf("two characters: %v, %v", short, err)
	}
	berlin, err := client.ListZipCodes(call(t, 1, "", ""), &catalogv1.ListZipCodesRequest{Code: "1011"})
	if err != nil || len(berlin.GetZipCodes()) == 0 || berlin.GetZipCodes()[0].GetCode() != "10115" || berlin.GetZipCodes()[0].GetCity() != "Berlin" {
		t.Errorf("hostwerk 1011: %v, %v", berlin, err)
	}
	wien, err := client.ListZipCodes(call(t, 2, "", ""), &catalogv1.ListZipCodesRequest{Code: "1010"})
	if err != nil || len(wien.GetZipCodes()) != 1 || wien.GetZipCodes()[0].GetCountryCode() != "AT" {
		t.Errorf("alpenhost 1010: %v, %v", wien, err)
	}
	ivs, err := client.ListPaymentIntervals(call(t, 2, "", ""), &catalogv1.ListPaymentIntervalsRequest{})
	if err != nil || len(ivs.GetPaymentIntervals()) != 6 || ivs.GetPaymentIntervals()[1].GetIntervalVat() != 20 {
		t.Errorf("alpenhost intervals: %v, %v", ivs, err)
	}
}
