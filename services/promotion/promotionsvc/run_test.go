package promotionsvc

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
)

// The component tests talk real gRPC to the service started once in TestMain on its embedded
// stores: SQLite and an in-process Redis-protocol server, seeded with the shipped promotions.
var client promotionv1.PromotionServiceClient

const sessionBudget = 5

func TestMain(m *testing.M) {
	os.Exit(runComponent(m))
}

func runComponent(m *testing.M) int {
	dir, err := os.MkdirTemp("", "promotionsvc-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	mr, err := miniredis.Run()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer mr.Close()
	cfg := Config{EmbeddedStores: true,
		SQLitePath:  filepath.Join(dir, "promotion.db"),
		RedisURL:    "redis://" + mr.Addr(),
		Seed:        true,
		BookTTL:     time.Minute,
		RateSession: ratelimit.Limit{Rate: sessionBudget, Period: time.Hour},
		RateIP:      ratelimit.Limit{Rate: 1000, Period: time.Hour},
		GRPC:        grpcserver.Config{ShutdownGrace: time.Second},
	}
	conn, stop, err := start(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	client = promotionv1.NewPromotionServiceClient(conn)
	code := m.Run()
	if err := stop(); err != nil {
		fmt.Fprintln(os.Stderr, "Run returned:", err)
		return 1
	}
	return code
}

// start runs the service on a loopback port and dials it; stop ends both and returns Run's error.
func start(cfg Config) (*grpc.ClientConn, func() error, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, cfg, lis, slog.New(slog.DiscardHandler)) }()
	conn, err := grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 5 * time.Second})
	if err != nil {
		cancel()
		return nil, nil, fmt.Errorf("dial: %w", err)
	}
	stop := func() error {
		conn.Close()
		cancel()
		return <-done
	}
	if err := waitServing(conn, done); err != nil {
		_ = stop()
		return nil, nil, err
	}
	return conn, stop, nil
}

func waitServing(conn *grpc.ClientConn, done chan error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return testinfra.ServingUnlessStopped(ctx, conn, "", done)
}

// call returns a context for a visitor of brand on a session, as the gateway sends it.
func call(t *testing.T, brand int32, session string) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t.Cleanup(cancel)
	ctx = callctx.With(ctx, callctx.Values{BrandID: brand, SessionID: session, Locale: "de-DE"})
	return metadata.AppendToOutgoingContext(ctx, callctx.MDClientIP, "198.51.100.7")
}

// hostwerkCart: Web hosting M for 24 months (699/month, billed yearly, 19 % VAT) with the SSL
// Premium upsell (290) and two domains, .com (125) and .de (99).
func hostwerkCart(productCode, upsellCode, comCode string) *promotionv1.CartSnapshot {
	return &promotionv1.CartSnapshot{PricesWithVat: true, Items: []*promotionv1.CartItem{{
		RowId:   "row1",
		Product: &promotionv1.CartPosition{Id: 1002, Name: "Webhosting M", MaturityMonths: 24, PriceCents: 699, IntervalMonths: 12, IntervalVat: 19, PromotionCode: productCode},
		Upsells: []*promotionv1.CartPosition{{Id: 1301, MaturityMonths: 24, PriceCents: 290, IntervalMonths: 12, IntervalVat: 19, PromotionCode: upsellCode}},
		Domains: []*promotionv1.CartDomain{
			{Name: "example.com", Tld: "com", PriceCents: 125, IntervalVat: 19, PromotionCode: comCode},
			{Name: "example.de", Tld: "de", PriceCents: 99, IntervalVat: 19},
		},
	}}}
}

func codesOf(ps []*promotionv1.PositionPromotion) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.GetPromotionCode()
	}
	return out
}

func figures(months, promoted, discount, display int32) string {
	return fmt.Sprintf("%d/%d/%d/%d", months, promoted, discount, display)
}

func figuresOf(p *promotionv1.PositionPromotion) string {
	f := p.GetFigures()
	return figures(f.GetPromotionMonths(), f.GetPromotedPriceCents(), f.GetDiscountCents(), f.GetDiscountDisplayCents())
}

func TestListPromotions(t *testing.T) {
	public, err := client.ListPromotions(call(t, 1, "list"), &promotionv1.ListPromotionsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, p := range public.GetPromotions() {
		listed = append(listed, p.GetCode())
		if !p.GetIsAutomatic() {
			t.Errorf("public list has the manual code %s", p.GetCode())
		}
	}
	if want := []string{"AUTO-WEB24-HALF", "AUTO-WEB12-20EUR", "AUTO-WP-3MONTHS", "AUTO-DE-FREE", "AUTO-BACKUP-25"}; !slices.Equal(listed, want) {
		t.Errorf("public codes = %v, want %v", listed, want)
	}
	first := public.GetPromotions()[0]
	if first.GetDiscountLabel() != "50 % Rabatt im ersten Abrechnungszeitraum" || first.GetPercentLabel() != 50 ||
		first.GetAppliesTo().GetType() != "ids" || !slices.Equal(first.GetSupported().GetMaturityMonths(), []int32{24}) {
		t.Errorf("first promotion = %v", first)
	}

	all, err := client.ListPromotions(call(t, 1, "list"), &promotionv1.ListPromotionsRequest{IncludeManual: true})
	if err != nil {
		t.Fatal(err)
	}
	listed = listed[:0]
	for _, p := range all.GetPromotions() {
		listed = append(listed, p.GetCode())
	}
	if !slices.Contains(listed, "WELCOME10") || slices.Contains(listed, "SUMMER2019") || slices.Contains(listed, "FUTURE2099") || slices.Contains(listed, "PAUSED") {
		t.Errorf("internal list = %v: want manual codes, but none expired, not yet valid or switched off", listed)
	}
	at, err := client.ListPromotions(call(t, 2, "list"), &promotionv1.ListPromotionsRequest{})
	if err != nil || len(at.GetPromotions()) != 2 || at.GetPromotions()[0].GetCode() != "AT-AUTO-WEB24" {
		t.Errorf("Alpenhost list = %v, %v", at, err)
	}
	if _, err := client.ListPromotions(call(t, 0, "list"), &promotionv1.ListPromotionsRequest{}); status.Code(err) != codes.InvalidArgument || status.Convert(err).Message() != "brand.required" {
		t.Errorf("without brand: %v", err)
	}
}

// codeParam returns the "code" parameter of a refused code (google.rpc.ErrorInfo metadata).
func codeParam(err error) string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetMetadata()["code"]
		}
	}
	return ""
}

func TestGetPromotionByCode(t *testing.T) {
	resp, err := client.GetPromotionByCode(call(t, 1, "lookup"), &promotionv1.GetPromotionByCodeRequest{Code: " ssl20 "})
	if err != nil {
		t.Fatal(err)
	}
	p := resp.GetPromotion()
	if p.GetCode() != "SSL20" || p.GetType() != "upsell" || p.GetRecursFor() != 3 || !p.GetIsRecurring() ||
		!slices.Equal(p.GetAppliesTo().GetIds(), []int32{1301}) || p.GetDiscountLabel() != "20 % auf SSL Premium für 3 Abrechnungszeiträume" {
		t.Errorf("SSL20 = %v", p)
	}
	for _, code := range []string{"NOPE", "SUMMER2019", "FUTURE2099", "PAUSED", "AUTO-DE-FREE", "SERVUS15"} {
		_, err := client.GetPromotionByCode(call(t, 1, "lookup-"+code), &promotionv1.GetPromotionByCodeRequest{Code: code})
		st := status.Convert(err)
		if st.Code() != codes.NotFound || st.Message() != "confirm.manual_promotion_not_found" || codeParam(err) != code {
			t.Errorf("code %s: %v (params %q)", code, err, codeParam(err))
		}
	}
}

func TestRedeemCode(t *testing.T) {
	ctx := call(t, 1, "redeem")
	resp, err := client.RedeemCode(ctx, &promotionv1.RedeemCodeRequest{Code: "ssl20", Cart: hostwerkCart("", "", "")})
	if err != nil {
		t.Fatal(err)
	}
	if got := codesOf(resp.GetPositions()); !slices.Equal(got, []string{"", "SSL20", "", ""}) {
		t.Fatalf("codes = %q", got)
	}
	up := resp.GetPositions()[1]
	// 3 × 12 months; 290 × 80 % = 232; 36 × 58 = 2088; × 1.19 = 2484.72 → 2485.
	if up.GetTarget() != "upsell" || up.GetId() != 1301 || up.GetRowId() != "row1" || !up.GetChanged() || figuresOf(up) != figures(36, 232, 2088, 2485) {
		t.Errorf("upsell = %v", up)
	}
	if resp.GetPromotion().GetCode() != "SSL20" || !resp.GetChanged() {
		t.Errorf("promotion = %v, changed %v", resp.GetPromotion(), resp.GetChanged())
	}

	resp, err = client.RedeemCode(ctx, &promotionv1.RedeemCodeRequest{Code: "HOSTING24", Cart: hostwerkCart("AUTO-WEB24-HALF", "SSL20", "")})
	if err != nil {
		t.Fatal(err)
	}
	prod := resp.GetPositions()[0]
	// 2 × 12 months; 699 × 80 % = 559.2 → 559; 24 × 139.8 = 3355.2 → 3355; × 1.19 = 3992.69 → 3993.
	if prod.GetPromotionCode() != "HOSTING24" || figuresOf(prod) != figures(24, 559, 3355, 3993) || prod.GetFigures().GetIsAutomatic() {
		t.Errorf("product = %v", prod)
	}
	if resp.GetPositions()[1].GetPromotionCode() != "SSL20" || len(resp.GetNotices()) != 0 {
		t.Errorf("the upsell's coupon was touched: %v, notices %v", resp.GetPositions()[1], resp.GetNotices())
	}

	resp, err = client.RedeemCode(ctx, &promotionv1.RedeemCodeRequest{Code: "DOMAIN50", Cart: hostwerkCart("", "", "")})
	if err != nil {
		t.Fatal(err)
	}
	com := resp.GetPositions()[2]
	// 12 × 125 × 50 % = 750 net; × 1.19 = 892.5 → 893.
	if com.GetTarget() != "domain" || com.GetDomain() != "example.com" || figuresOf(com) != figures(12, 63, 750, 893) || resp.GetPositions()[3].GetPromotionCode() != "" {
		t.Errorf("domains = %v", resp.GetPositions()[2:])
	}

	_, err = client.RedeemCode(ctx, &promotionv1.RedeemCodeRequest{Code: "storagefree", Cart: hostwerkCart("", "", "")})
	if st := status.Convert(err); st.Code() != codes.FailedPrecondition || st.Message() != "confirm.manual_promotion_not_applicable" || codeParam(err) != "STORAGEFREE" {
		t.Errorf("not applicable: %v (params %q)", err, codeParam(err))
	}
}

func TestRedeemReplacesAnotherCoupon(t *testing.T) {
	resp, err := client.RedeemCode(call(t, 1, "replace"), &promotionv1.RedeemCodeRequest{Code: "WELCOME10", Cart: hostwerkCart("HOSTING24", "", "")})
	if err != nil {
		t.Fatal(err)
	}
	if resp.GetPositions()[0].GetPromotionCode() != "WELCOME10" || len(resp.GetNotices()) != 1 || resp.GetNotices()[0].GetMessage() != "cart.different_coupon_applied" {
		t.Errorf("positions %v, notices %v", resp.GetPositions(), resp.GetNotices())
	}
}

func TestBestAutomaticPromotions(t *testing.T) {
	resp, err := client.BestAutomaticPromotions(call(t, 1, "auto"), &promotionv1.BestAutomaticPromotionsRequest{Cart: hostwerkCart("", "SSL20", "")})
	if err != nil {
		t.Fatal(err)
	}
	ps := resp.GetPositions()
	if got := codesOf(ps); !slices.Equal(got, []string{"AUTO-WEB24-HALF", "SSL20", "", "AUTO-DE-FREE"}) {
		t.Fatalf("codes = %q", got)
	}
	// One yearly interval: 699 × 50 % = 349.5 → 350; 12 × 349.5 = 4194; × 1.19 = 4990.86 → 4991.
	if figuresOf(ps[0]) != figures(12, 350, 4194, 4991) || !ps[0].GetFigures().GetIsAutomatic() || ps[0].GetFigures().GetDiscountLabel() == "" {
		t.Errorf("product = %v", ps[0])
	}
	// .de free for a year: 12 × 99 = 1188; × 1.19 = 1413.72 → 1414.
	if figuresOf(ps[3]) != figures(12, 0, 1188, 1414) {
		t.Errorf(".de = %v", ps[3])
	}
	if ps[1].GetChanged() || !resp.GetChanged() {
		t.Errorf("changed flags: upsell %v, response %v", ps[1].GetChanged(), resp.GetChanged())
	}

	// Alpenhost shows net prices: Web hosting Start for 24 months at 390.
	at := &promotionv1.CartSnapshot{Items: []*promotionv1.CartItem{{RowId: "a1",
		Product: &promotionv1.CartPosition{Id: 2001, MaturityMonths: 24, PriceCents: 390, IntervalMonths: 12, IntervalVat: 20}}}}
	atResp, err := client.BestAutomaticPromotions(call(t, 2, "auto"), &promotionv1.BestAutomaticPromotionsRequest{Cart: at})
	if err != nil {
		t.Fatal(err)
	}
	// 390 × 80 % = 312; 12 × 78 = 936, shown net.
	if p := atResp.GetPositions()[0]; p.GetPromotionCode() != "AT-AUTO-WEB24" || figuresOf(p) != figures(12, 312, 936, 936) {
		t.Errorf("Alpenhost = %v", p)
	}
}

func TestRevalidatePromotions(t *testing.T) {
	cart := hostwerkCart("SUMMER2019", "SSL20", "GONE")
	cart.Items = append(cart.Items, &promotionv1.CartItem{RowId: "row2",
		Product: &promotionv1.CartPosition{Id: 1001, Name: "Webhosting S", MaturityMonths: 12, PriceCents: 499, IntervalMonths: 12, IntervalVat: 19, PromotionCode: "HOSTING24"}})
	resp, err := client.RevalidatePromotions(call(t, 1, "revalidate"), &promotionv1.RevalidatePromotionsRequest{Cart: cart})
	if err != nil {
		t.Fatal(err)
	}
	// HOSTING24 needs 24 months: it leaves row2 for row1's product, which has them.
	if got := codesOf(resp.GetPositions()); !slices.Equal(got, []string{"HOSTING24", "SSL20", "", "", ""}) {
		t.Fatalf("codes = %q", got)
	}
	var messages []string
	for _, n := range resp.GetNotices() {
		messages = append(messages, n.GetMessage()+":"+n.GetParams()["code"])
	}
	want := []string{"cart.promotion_other_product_message:HOSTING24", "cart.promotion_no_longer_available:GONE", "confirm.coupon_no_longer_valid:SUMMER2019"}
	if !slices.Equal(messages, want) {
		t.Errorf("notices = %v, want %v", messages, want)
	}
	if moved := resp.GetNotices()[0]; moved.GetParams()["product"] != "Webhosting M" || moved.GetTitle() != "cart.promotion_other_product_title" {
		t.Errorf("moved notice = %v", moved)
	}
}

func TestInvalidCart(t *testing.T) {
	cart := hostwerkCart("", "", "")
	cart.Items[0].Product.PriceCents = -1
	_, err := client.BestAutomaticPromotions(call(t, 1, "invalid"), &promotionv1.BestAutomaticPromotionsRequest{Cart: cart})
	st := status.Convert(err)
	var field string
	for _, d := range st.Details() {
		if br, ok := d.(*errdetails.BadRequest); ok && len(br.GetFieldViolations()) > 0 {
			field = br.GetFieldViolations()[0].GetField()
		}
	}
	if st.Code() != codes.InvalidArgument || st.Message() != "promotion.invalid_cart" || field != "cart" {
		t.Errorf("negative price: %v (field %q)", err, field)
	}
}

func TestCodeLookupsAreRateLimited(t *testing.T) {
	for i := range sessionBudget {
		if _, err := client.GetPromotionByCode(call(t, 1, "guesser"), &promotionv1.GetPromotionByCodeRequest{Code: fmt.Sprintf("GUESS%d", i)}); status.Code(err) != codes.NotFound {
			t.Fatalf("guess %d: %v", i, err)
		}
	}
	_, err := client.RedeemCode(call(t, 1, "guesser"), &promotionv1.RedeemCodeRequest{Code: "WELCOME10", Cart: hostwerkCart("", "", "")})
	st := status.Convert(err)
	var retry time.Duration
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			retry = ri.GetRetryDelay().AsDuration()
		}
	}
	if st.Code() != codes.ResourceExhausted || st.Message() != "error.too_many_requests" || retry <= 0 {
		t.Errorf("over budget: %v (retry after %v)", err, retry)
	}
	// The cart decisions are not code lookups and stay available to the session.
	if _, err := client.BestAutomaticPromotions(call(t, 1, "guesser"), &promotionv1.BestAutomaticPromotionsRequest{Cart: hostwerkCart("", "", "")}); err != nil {
		t.Errorf("BestAutomaticPromotions of a limited session: %v", err)
	}
	if _, err := client.GetPromotionByCode(call(t, 1, "honest"), &promotionv1.GetPromotionByCodeRequest{Code: "WELCOME10"}); err != nil {
		t.Errorf("another session: %v", err)
	}
}

// TestOnPostgresAndRedis runs the service the way a cluster does: PostgreSQL (a throwaway
// database) and the machine's Redis.
func TestOnPostgresAndRedis(t *testing.T) {
	dbURL := testinfra.Postgres(t, "promotion_test")
	// The rate limits use the machine's Redis; a missing one fails the test here rather than
	// letting the limits fail open unnoticed.
	testinfra.Redis(t, "promotion")
	redisURL := testinfra.RedisURL()
	var b [6]byte
	_, _ = rand.Read(b[:])

	conn, stop, err := start(Config{DatabaseURL: dbURL, RedisURL: redisURL, Seed: true, BookTTL: time.Second,
		RateSession: ratelimit.Limit{Rate: 100, Period: time.Minute}, GRPC: grpcserver.Config{ShutdownGrace: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("Run returned: %v", err)
		}
	}()
	pg := promotionv1.NewPromotionServiceClient(conn)
	session := "pg-" + hex.EncodeToString(b[:])
	at := &promotionv1.CartSnapshot{Items: []*promotionv1.CartItem{{RowId: "a1",
		Product: &promotionv1.CartPosition{Id: 2002, MaturityMonths: 12, PriceCents: 790, IntervalMonths: 12, IntervalVat: 20},
		Domains: []*promotionv1.CartDomain{{Name: "beispiel.at", Tld: "at", PriceCents: 125, IntervalVat: 20}}}}}
	resp, err := pg.RedeemCode(call(t, 2, session), &promotionv1.RedeemCodeRequest{Code: "atdomain", Cart: at})
	if err != nil {
		t.Fatal(err)
	}
	// €5 off 12 × 125 = 1500: (1500 − 500) / 12 = 83.33 → 83 a month, 500 saved, shown net.
	if d := resp.GetPositions()[1]; d.GetPromotionCode() != "ATDOMAIN" || figuresOf(d) != figures(12, 83, 500, 500) {
		t.Errorf("domain = %v", d)
	}
	if _, err := pg.GetPromotionByCode(call(t, 2, session), &promotionv1.GetPromotionByCodeRequest{Code: "WINTER2020"}); status.Code(err) != codes.NotFound {
		t.Errorf("expired Alpenhost coupon: %v", err)
	}
}
