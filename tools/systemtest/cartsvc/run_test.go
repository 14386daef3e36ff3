package cartsvc_test

import (
	"context"
	"fmt"
	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/cart/cartsvc"
	"log/slog"
	"net"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/services/cart/domain"
	"github.com/hostcart/checkout/services/catalog/catalogsvc"
	"github.com/hostcart/checkout/services/promotion/promotionsvc"
)

// The component tests talk real gRPC to the cart service started once in TestMain, which talks
// real gRPC to the catalog service (embedded SQLite with the seed, in-process Redis), to the
// promotion service (the same, with the shipped promotions) and to a small domain service that
// sells .de, .com and .at.
var (
	client cartv1.CartServiceClient
	mr     *miniredis.Miniredis
	// base is the configuration the cart service runs with; tests start variants of it.
	base cartsvc.Config
)

func TestMain(m *testing.M) {
	os.Exit(runComponent(m))
}

func runComponent(m *testing.M) int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	fail := func(err error) int {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}

	catalogLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(err)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := catalogsvc.Run(ctx, catalogsvc.Config{EmbeddedStores: true, SQLitePath: ":memory:", Seed: true}, catalogLis, nil); err != nil {
			fmt.Fprintln(os.Stderr, "catalog:", err)
		}
	}()

	if mr, err = miniredis.Run(); err != nil {
		return fail(err)
	}
	defer mr.Close()

	promotionLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(err)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		cfg := promotionsvc.Config{EmbeddedStores: true,
			SQLitePath: ":memory:", RedisURL: "redis://" + mr.Addr(), Seed: true, BookTTL: time.Minute,
			RateSession: ratelimit.Limit{Rate: 1000, Period: time.Minute}, RateIP: ratelimit.Limit{Rate: 1000, Period: time.Minute},
			GRPC: grpcserver.Config{ShutdownGrace: time.Second},
		}
		if err := promotionsvc.Run(ctx, cfg, promotionLis, nil); err != nil {
			fmt.Fprintln(os.Stderr, "promotion:", err)
		}
	}()

	domainLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(err)
	}
	domainSrv := grpc.NewServer(grpc.ChainUnaryInterceptor(callctx.UnaryServerInterceptor()))
	domainv1.RegisterDomainServiceServer(domainSrv, tldService{})
	go func() { _ = domainSrv.Serve(domainLis) }()
	defer domainSrv.Stop()

	base = cartsvc.Config{EmbeddedStores: true,
		RedisURL:      "redis://" + mr.Addr(),
		CatalogAddr:   catalogLis.Addr().String(),
		DomainAddr:    domainLis.Addr().String(),
		PromotionAddr: promotionLis.Addr().String(),
		CacheTTL:      time.Minute,
		GRPC:          grpcserver.Config{ShutdownGrace: time.Second},
		Client:        grpcclient.Config{Timeout: 5 * time.Second},
	}
	promotionConn, err := grpcclient.Dial(base.PromotionAddr, nil, grpcclient.Config{Timeout: time.Second})
	if err != nil {
		return fail(err)
	}
	defer promotionConn.Close()
	if err := waitServing(promotionConn, promotionv1.PromotionService_ServiceDesc.ServiceName); err != nil {
		return fail(err)
	}
	c, stop, err := startCart(ctx, base)
	if err != nil {
		return fail(err)
	}
	defer stop()
	client = c
	// The catalog migrates and seeds before it serves.
	catalogConn, err := grpcclient.Dial(base.CatalogAddr, nil, grpcclient.Config{Timeout: time.Second})
	if err != nil {
		return fail(err)
	}
	defer catalogConn.Close()
	if err := waitServing(catalogConn, catalogv1.CatalogService_ServiceDesc.ServiceName); err != nil {
		return fail(err)
	}
	return m.Run()
}

// startCart runs a cart service with cfg on a loopback port until stop, and dials it.
func startCart(ctx context.Context, cfg cartsvc.Config) (cartv1.CartServiceClient, func(), error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := cartsvc.Run(ctx, cfg, lis, slog.New(slog.DiscardHandler)); err != nil {
			fmt.Fprintln(os.Stderr, "cart:", err)
		}
	}()
	conn, err := grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 10 * time.Second})
	stop := func() {
		if conn != nil {
			conn.Close()
		}
		cancel()
		<-done
	}
	if err != nil {
		stop()
		return nil, nil, err
	}
	if err := waitServing(conn, cartv1.CartService_ServiceDesc.ServiceName); err != nil {
		stop()
		return nil, nil, err
	}
	return cartv1.NewCartServiceClient(conn), stop, nil
}

func waitServing(conn *grpc.ClientConn, service string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return testinfra.Serving(ctx, conn, service)
}

// tldService is the domain service's ListTlds for both brands.
type tldService struct {
	domainv1.UnimplementedDomainServiceServer
}

func (tldService) ListTlds(ctx context.Context, _ *domainv1.ListTldsRequest) (*domainv1.ListTldsResponse, error) {
	vat := 19.0
	if callctx.From(ctx).BrandID == 2 {
		vat = 20
	}
	return &domainv1.ListTldsResponse{Tlds: []*domainv1.Tld{
		{Id: 1, Tld: "de", PriceCents: 99, IntervalVat: vat, IsActive: true},
		{Id: 2, Tld: "com", PriceCents: 125, IntervalVat: vat, IsActive: true},
		{Id: 3, Tld: "at", PriceCents: 150, IntervalVat: vat, IsActive: true},
	}}, nil
}

// visitor returns a call context of a new session of brand.
func visitor(t *testing.T, brand int32) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return callctx.With(ctx, callctx.Values{SessionID: "s-" + domain.NewRowID(), BrandID: brand, Locale: "en-GB"})
}

func addonIDs(it *cartv1.Item) []int32 {
	var ids []int32
	for _, a := range it.GetAddons() {
		ids = append(ids, a.GetId())
	}
	return ids
}

func TestBuildAndPriceACart(t *testing.T) {
	ctx := visitor(t, 1)
	added, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1001})
	if err != nil {
		t.Fatal(err)
	}
	row := added.GetRowId()
	it := added.GetCart().GetItems()[0]
	// Web hosting S: the cheapest term (24 months at 4.49) on the flagged 12-month interval, with
	// the auto-assigned DDoS protection and monitoring agent.
	if len(row) != 32 || it.GetProduct().GetMaturityId() != 100103 || it.GetProduct().GetIntervalId() != 4 || fmt.Sprint(addonIDs(it)) != "[1205 1210]" {
		t.Fatalf("added item = %v", it)
	}
	for _, id := range []int32{1201, 1202} {
		if _, err := client.AddAddon(ctx, &cartv1.AddAddonRequest{RowId: row, AddonId: id}); err != nil {
			t.Fatalf("add addon %d: %v", id, err)
		}
	}
	for _, d := range []string{"MeinShop.de", "extra.de"} {
		if _, err := client.AddDomain(ctx, &cartv1.AddDomainRequest{RowId: row, Domain: &cartv1.Domain{Name: d}}); err != nil {
			t.Fatalf("add domain %s: %v", d, err)
		}
	}
	got, err := client.GetCart(ctx, &cartv1.GetCartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	it = got.GetCart().GetItems()[0]
	// Storage is mutually exclusive: +50 GB replaced +10 GB. One .de domain is included.
	if fmt.Sprint(addonIDs(it)) != "[1205 1210 1202]" || !it.GetDomains()[0].GetInclusive() || it.GetDomains()[1].GetInclusive() || it.GetDomains()[0].GetName() != "meinshop.de" {
		t.Errorf("cart = %v", it)
	}
	if got.GetCart().GetVersion() != 5 {
		t.Errorf("version %d after 5 changes", got.GetCart().GetVersion())
	}

	priced, err := client.GetPricedCart(ctx, &cartv1.GetPricedCartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	pc := priced.GetPriced()
	p := pc.GetItems()[0].GetProduct()
	// 449 × 1.19 = 534.31 → 534 shown a month; × 24 = 10776 net. Hostwerk's automatic
	// AUTO-WEB24-HALF takes 50 % off the first billing period of 12 months: 2694 net, shown as
	// 12 × 534 × 0.5 = 3204. The printed figures add up (libs/go/pricing presentation):
	// 24 × 534 − 3204 = 9612 gross, of which 8077 net.
	if p.GetName() != "Web hosting S" || p.GetPrice().GetDisplayCents() != 534 || p.GetPrice().GetContractNetCents() != 10776 ||
		p.GetPromotion().GetCode() != "AUTO-WEB24-HALF" || p.GetPrice().GetTotalNetCents() != 8077 || p.GetPrice().GetTotalGrossCents() != 9612 {
		t.Errorf("product = %v", p)
	}
	// Storage +50 GB, 24 months at 3.50: 350 × 1.19 = 416.5 → 417 shown; 8400 net, 24 × 417 = 10008 gross.
	if s := pc.GetItems()[0].GetAddons()[2].GetPrice(); s.GetDisplayCents() != 417 || s.GetContractNetCents() != 8400 || s.GetTotalGrossCents() != 10008 {
		t.Errorf("storage = %v", s)
	}
	// extra.de: 99 × 12 = 1188 net, 1413.72 gross, free for the first year with the hosting
	// (automatic AUTO-DE-FREE); meinshop.de is included and carries no promotion.
	if d := pc.GetItems()[0].GetDomains(); d[0].GetPrice().GetTotalNetCents() != 0 || d[0].GetPromotion() != nil ||
		d[1].GetPrice().GetDisplayCents() != 1414 || d[1].GetPromotion().GetCode() != "AUTO-DE-FREE" || d[1].GetPrice().GetTotalNetCents() != 0 {
		t.Errorf("domains = %v", d)
	}
	tot := pc.GetTotals()
	if tot.GetTotalNetCents() != 16487 || tot.GetTotalGrossCents() != 9612+10008 || tot.GetTotalVatCents() != 3133 || tot.GetTotalDisplayCents() != 19620 ||
		tot.GetDiscountNetCents() != 2694+1188 || tot.GetDiscountDisplayCents() != 3204+1414 {
		t.Errorf("totals = %v", tot)
	}
	if !pc.GetPricesWithVat() || pc.GetCheckoutBlocked() || fmt.Sprint(pc.GetRequiredAgreements()) != "[gtc_agreement]" || pc.GetItemCount() != 1 {
		t.Errorf("flags = %v", pc)
	}

	// A manual code set on the product (as the redeem flow does): HOSTING24, 20 % for 2 yearly
	// billing periods = 24 months: 24 × 449 × 0.2 = 2155.2 → 2155 off, 24 × 534 × 0.2 = 2563.2 → 2563 shown.
	if _, err := client.SetPromotions(ctx, &cartv1.SetPromotionsRequest{Assignments: []*cartv1.PromotionAssignment{
		{Line: &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_PRODUCT}, Code: "hosting24"},
	}}); err != nil {
		t.Fatal(err)
	}
	priced, err = client.GetPricedCart(ctx, &cartv1.GetPricedCartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	promo := priced.GetPriced().GetItems()[0].GetProduct().GetPromotion()
	// 12816 − 2563 = 10253 gross; + 10008 + 0.
	if promo.GetCode() != "HOSTING24" || !promo.GetApplied() || promo.GetMonths() != 24 || promo.GetDiscountNetCents() != 2155 ||
		promo.GetDiscountDisplayCents() != 2563 || promo.GetPercentLabel() != 20 || priced.GetPriced().GetTotals().GetTotalGrossCents() != 10253+10008 {
		t.Errorf("promotion = %v, totals %v", promo, priced.GetPriced().GetTotals())
	}
}

func TestPricesWithoutVAT(t *testing.T) {
	ctx := visitor(t, 2)
	if _, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 2001}); err != nil {
		t.Fatal(err)
	}
	priced, err := client.GetPricedCart(ctx, &cartv1.GetPricedCartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	pc := priced.GetPriced()
	it := pc.GetItems()[0]
	// Alpenhost shows net prices: Web hosting Start for 24 months at 3.90 (interval 24, the
	// longest, as none is flagged): 9360 net, × 1.20 = 11232 gross.
	p := it.GetProduct()
	if p.GetMaturityMonths() != 24 || p.GetIntervalMonths() != 24 || p.GetPrice().GetDisplayCents() != 390 ||
		p.GetPrice().GetContractDisplayCents() != 9360 || p.GetPrice().GetTotalGrossCents() != 11232 || p.GetVatPercent() != 20 {
		t.Errorf("product = %v", p)
	}
	// Zero prices are hidden in Alpenhost's cart.
	if a := it.GetAddons()[0]; a.GetId() != 2204 || a.GetPrice().GetShowPrice() {
		t.Errorf("free protection = %v", a)
	}
	if pc.GetPricesWithVat() || !pc.GetHideZeroPrices() || pc.GetTotals().GetTotalDisplayCents() != 9360 {
		t.Errorf("flags = %v", pc)
	}
}

// violations returns the BadRequest field violations of err as field → key.
func violations(err error) map[string]string {
	out := map[string]string{}
	for _, d := range status.Convert(err).Details() {
		if br, ok := d.(*errdetails.BadRequest); ok {
			for _, v := range br.GetFieldViolations() {
				out[v.GetField()] = v.GetDescription()
			}
		}
	}
	return out
}

func TestTamperedReplacesAreRefused(t *testing.T) {
	ctx := visitor(t, 1)
	added, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1011})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.AddDomain(ctx, &cartv1.AddDomainRequest{RowId: added.GetRowId(), Domain: &cartv1.Domain{Name: "blog.de"}}); err != nil {
		t.Fatal(err)
	}
	stored, _ := client.GetCart(ctx, &cartv1.GetCartRequest{})
	base := stored.GetCart()

	tests := []struct {
		name  string
		edit  func(c *cartv1.Cart)
		code  codes.Code
		key   string
		field string
	}{
		{"qty_max + 1", func(c *cartv1.Cart) {
			for range 5 {
				c.Items = append(c.Items, &cartv1.Item{Product: &cartv1.ProductLine{Id: 1011}})
			}
		}, codes.InvalidArgument, "cart.max_amount_of_same_products_in_cart_reached", "items[5].product.id"},
		{"duplicate domains", func(c *cartv1.Cart) {
			c.Items = append(c.Items, &cartv1.Item{Product: &cartv1.ProductLine{Id: 1001}, Domains: []*cartv1.Domain{{Name: "BLOG.de"}}})
		}, codes.InvalidArgument, "cart.domain_duplicate", "items[1].domains[0].name"},
		{"an addon the product does not offer", func(c *cartv1.Cart) {
			c.Items[0].Addons = append(c.Items[0].Addons, &cartv1.AddonLine{Id: 1221})
		}, codes.InvalidArgument, "cart.addon_not_available", "items[0].addons[1]"},
		{"a maturity of another product", func(c *cartv1.Cart) {
			c.Items[0].Product.MaturityId = 100101
		}, codes.InvalidArgument, "cart.period_not_available", "items[0].product"},
		{"a stale version", func(c *cartv1.Cart) {}, codes.AlreadyExists, "cart.version_conflict", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := proto.Clone(base).(*cartv1.Cart)
			tt.edit(in)
			req := &cartv1.ReplaceCartRequest{Cart: in}
			if tt.code == codes.AlreadyExists {
				req.ExpectedVersion = base.GetVersion() - 1
			}
			_, err := client.ReplaceCart(ctx, req)
			st := status.Convert(err)
			if st.Code() != tt.code || st.Message() != tt.key {
				t.Fatalf("err = %v, want %s %s", err, tt.code, tt.key)
			}
			if tt.field != "" && violations(err)[tt.field] != tt.key {
				t.Errorf("violations = %v, want %s at %s", violations(err), tt.key, tt.field)
			}
			after, err := client.GetCart(ctx, &cartv1.GetCartRequest{})
			if err != nil || !proto.Equal(after.GetCart(), base) {
				t.Errorf("the stored cart changed:\n%v\nwas\n%v", after.GetCart(), base)
			}
		})
	}

	// The same cart with the current version goes through.
	ok, err := client.ReplaceCart(ctx, &cartv1.ReplaceCartRequest{Cart: base, ExpectedVersion: base.GetVersion()})
	if err != nil || len(ok.GetCart().GetItems()) != 1 {
		t.Errorf("unchanged replace: %v", err)
	}
}

func TestPreconfiguredItemsOverGRPC(t *testing.T) {
	ctx := visitor(t, 1)
	draft := &cartv1.Cart{Items: []*cartv1.Item{
		{Product: &cartv1.ProductLine{Id: 1005}, IsPreconfigured: true},
		{Product: &cartv1.ProductLine{Id: 1031}},
	}}
	// Only a sales agent may put preconfigured items into a cart (Webhosting Classic is hidden).
	if _, err := client.ReplaceCart(ctx, &cartv1.ReplaceCartRequest{Cart: draft}); status.Code(err) != codes.PermissionDenied {
		t.Fatalf("visitor creating a preconfigured item: %v", err)
	}
	resp, err := client.ReplaceCart(ctx, &cartv1.ReplaceCartRequest{Cart: draft, IsSalesAgent: true})
	if err != nil {
		t.Fatal(err)
	}
	base := resp.GetCart()
	row := base.GetItems()[0].GetRowId()

	changed := proto.Clone(base).(*cartv1.Cart)
	changed.Items[0].Domains = []*cartv1.Domain{{Name: "classic.de"}}
	if _, err := client.ReplaceCart(ctx, &cartv1.ReplaceCartRequest{Cart: changed}); status.Code(err) != codes.PermissionDenied ||
		status.Convert(err).Message() != "cart.preconfigured_item_locked" {
		t.Errorf("visitor changing it: %v", err)
	}
	if _, err := client.RemoveItem(ctx, &cartv1.RemoveItemRequest{RowId: row}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("visitor removing it: %v", err)
	}
	if _, err := client.ClearCart(ctx, &cartv1.ClearCartRequest{}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("visitor clearing it: %v", err)
	}
	after, _ := client.GetCart(ctx, &cartv1.GetCartRequest{})
	if !proto.Equal(after.GetCart(), base) {
		t.Error("refused changes altered the cart")
	}
	// The visitor may still change the other item.
	if _, err := client.RemoveItem(ctx, &cartv1.RemoveItemRequest{RowId: base.GetItems()[1].GetRowId()}); err != nil {
		t.Errorf("visitor removing their own item: %v", err)
	}
	if _, err := client.RemoveItem(ctx, &cartv1.RemoveItemRequest{RowId: row, IsSalesAgent: true}); err != nil {
		t.Errorf("sales agent: %v", err)
	}
}

func TestConcurrentAddsKeepQtyMax(t *testing.T) {
	ctx := visitor(t, 1)
	const tries = 8
	var wg sync.WaitGroup
	errs := make(chan error, tries)
	for range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1021}) // qty_max 3
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	ok := 0
	for err := range errs {
		switch st := status.Convert(err); {
		case err == nil:
			ok++
		case st.Code() != codes.FailedPrecondition || st.Message() != "cart.max_amount_of_same_products_in_cart_reached":
			t.Errorf("unexpected error: %v", err)
		}
	}
	got, _ := client.GetCart(ctx, &cartv1.GetCartRequest{})
	if ok != 3 || len(got.GetCart().GetItems()) != 3 {
		t.Errorf("%d adds succeeded, %d items; want 3", ok, len(got.GetCart().GetItems()))
	}
}

func TestRuleErrorsOverGRPC(t *testing.T) {
	ctx := visitor(t, 1)
	added, _ := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1001})
	row := added.GetRowId()
	_, err := client.RemoveAddon(ctx, &cartv1.RemoveAddonRequest{RowId: row, AddonId: 1205})
	st := status.Convert(err)
	if st.Code() != codes.FailedPrecondition || st.Message() != "cart.addon_not_removable" {
		t.Errorf("non-removable: %v", err)
	}
	var params map[string]string
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			params = info.GetMetadata()
		}
	}
	if params["addon_id"] != "1205" || params["name"] != "Basic DDoS protection" {
		t.Errorf("params = %v", params)
	}
	if _, err := client.AddAddon(ctx, &cartv1.AddAddonRequest{RowId: row, AddonId: 1210}); status.Convert(err).Message() != "cart.addon_not_available" {
		t.Errorf("invisible addon: %v", err)
	}
	if _, err := client.AddDomain(ctx, &cartv1.AddDomainRequest{RowId: row, Domain: &cartv1.Domain{Name: "shop.xyz"}}); status.Convert(err).Message() != "cart.domain_not_available" {
		t.Errorf("TLD not sold: %v", err)
	}
	if _, err := client.RemoveItem(ctx, &cartv1.RemoveItemRequest{RowId: "nope"}); status.Code(err) != codes.NotFound {
		t.Errorf("unknown row: %v", err)
	}
	// Cascading removal of the auto-assigned protection takes the product with it.
	resp, err := client.RemoveAddon(ctx, &cartv1.RemoveAddonRequest{RowId: row, AddonId: 1205, Cascade: true})
	if err != nil || len(resp.GetCart().GetItems()) != 0 {
		t.Errorf("cascade: %v, %v", resp, err)
	}
	noSession := callctx.With(context.Background(), callctx.Values{BrandID: 1})
	if _, err := client.GetCart(noSession, &cartv1.GetCartRequest{}); status.Convert(err).Message() != "session.required" {
		t.Errorf("without session: %v", err)
	}
}

func TestSetPeriodOverGRPC(t *testing.T) {
	ctx := visitor(t, 1)
	added, _ := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1002})
	row := added.GetRowId()
	_, _ = client.AddAddon(ctx, &cartv1.AddAddonRequest{RowId: row, AddonId: 1206})
	_, _ = client.AddUpsell(ctx, &cartv1.AddUpsellRequest{RowId: row, UpsellId: 1301})
	resp, err := client.SetPeriod(ctx, &cartv1.SetPeriodRequest{
		Line: &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_PRODUCT}, MaturityId: 100201,
	})
	if err != nil {
		t.Fatal(err)
	}
	it := resp.GetCart().GetItems()[0]
	// Monthly term: interval 1 (id 2); the archive pair and SSL Premium follow to their monthly terms.
	if it.GetProduct().GetIntervalId() != 2 || fmt.Sprint(addonIDs(it)) != "[1205 1206 1207 1210]" && fmt.Sprint(addonIDs(it)) != "[1205 1210 1206 1207]" {
		t.Errorf("item = %v", it)
	}
	for _, a := range it.GetAddons() {
		if a.GetIntervalId() != 2 {
			t.Errorf("addon %d on interval %d", a.GetId(), a.GetIntervalId())
		}
	}
	if u := it.GetUpsells()[0]; u.GetMaturityId() != 130101 {
		t.Errorf("upsell = %v", u)
	}
}

func TestRevalidationNotices(t *testing.T) {
	ctx := visitor(t, 1)
	sid := callctx.From(ctx).SessionID
	// A cart stored while the catalog still sold product 9999, with a domain.
	stored := fmt.Sprintf(`{"items":[{"row_id":%q,"product":{"id":9999,"maturity_id":1,"interval_id":1},"domains":[{"name":"kept.de"}]}],"version":3}`, domain.NewRowID())
	if err := mr.Set("cart:session:"+sid, stored); err != nil {
		t.Fatal(err)
	}
	resp, err := client.GetCart(ctx, &cartv1.GetCartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	ns := resp.GetNotices()
	if len(ns) != 1 || ns[0].GetKey() != "cart.product_removed" || ns[0].GetParams()["product_id"] != "9999" || ns[0].GetParams()["reason"] != "cart.no_longer_available" {
		t.Errorf("notices = %v", ns)
	}
	// Its domain moved to the domain-only item, and the cleaned cart was stored.
	items := resp.GetCart().GetItems()
	if len(items) != 1 || items[0].GetProduct().GetId() != 1043 || items[0].GetDomains()[0].GetName() != "kept.de" || resp.GetCart().GetVersion() != 4 {
		t.Errorf("cart = %v", resp.GetCart())
	}
	again, _ := client.GetCart(ctx, &cartv1.GetCartRequest{})
	if len(again.GetNotices()) != 0 || again.GetCart().GetVersion() != 4 {
		t.Errorf("second read = %v", again)
	}
}
