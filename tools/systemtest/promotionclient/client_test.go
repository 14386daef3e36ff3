package promotionclient_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/hostcart/checkout/libs/go/platform/testinfra"
	"github.com/hostcart/checkout/services/cart/adapters/promotionclient"
	"log/slog"
	"net"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/libs/go/platform/grpcclient"
	"github.com/hostcart/checkout/libs/go/platform/grpcserver"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
	"github.com/hostcart/checkout/libs/go/pricing"
	"github.com/hostcart/checkout/services/cart/domain"
	"github.com/hostcart/checkout/services/promotion/promotionsvc"
)

// The adapter talks real gRPC to the promotion service, started once on its embedded stores
// (in-memory SQLite, an in-process Redis-protocol server) with the shipped promotions.
var conn *grpc.ClientConn

// sessionBudget is the code lookups a session may make per hour in these tests.
const sessionBudget = 8

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	fail := func(err error) int {
		fmt.Fprintln(os.Stderr, err)
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
	go func() {
		done <- promotionsvc.Run(ctx, promotionsvc.Config{EmbeddedStores: true,
			SQLitePath: ":memory:", RedisURL: "redis://" + mr.Addr(), Seed: true, BookTTL: time.Minute,
			RateSession: ratelimit.Limit{Rate: sessionBudget, Period: time.Hour},
			RateIP:      ratelimit.Limit{Rate: 1000, Period: time.Hour},
			GRPC:        grpcserver.Config{ShutdownGrace: time.Second},
		}, lis, slog.New(slog.DiscardHandler))
	}()
	defer func() {
		cancel()
		<-done
	}()
	if conn, err = grpcclient.Dial(lis.Addr().String(), nil, grpcclient.Config{Timeout: 5 * time.Second}); err != nil {
		return fail(err)
	}
	defer conn.Close()
	waitCtx, stopWaiting := context.WithTimeout(ctx, 30*time.Second)
	defer stopWaiting()
	if err := testinfra.Serving(waitCtx, conn, ""); err != nil {
		return fail(fmt.Errorf("promotion service: %w", err))
	}
	return m.Run()
}

// visitor returns the call context of a new session of brand, as the cart service has it.
func visitor(t *testing.T, brand int32) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return callctx.With(ctx, callctx.Values{SessionID: "s-" + domain.NewRowID(), BrandID: brand, Locale: "en-GB"})
}

// countingClient counts the promotion listings the adapter asks for.
type countingClient struct {
	promotionv1.PromotionServiceClient
	lists atomic.Int32
}

func (c *countingClient) ListPromotions(ctx context.Context, in *promotionv1.ListPromotionsRequest, opts ...grpc.CallOption) (*promotionv1.ListPromotionsResponse, error) {
	c.lists.Add(1)
	return c.PromotionServiceClient.ListPromotions(ctx, in, opts...)
}

func TestLookup(t *testing.T) {
	counting := &countingClient{PromotionServiceClient: promotionv1.NewPromotionServiceClient(conn)}
	cl := promotionclient.New(counting, time.Minute)
	ctx := visitor(t, 1)
	got, err := cl.Lookup(ctx, []string{"welcome10", "HOSTING24", "AUTO-WEB24-HALF"})
	if err != nil {
		t.Fatal(err)
	}
	w := got["WELCOME10"]
	if len(got) != 3 || w.Target != domain.TargetProduct || w.Kind != pricing.Percentage || w.Percent != 10 || w.RecursFor != 1 ||
		w.AppliesTo.Type != "all" || !w.Supported.ForAddon || w.DiscountLabel != "10 % welcome discount" {
		t.Errorf("lookup = %+v", got)
	}
	// HOSTING24 recurs for 2 billing intervals; the 50 % automatic one only for its first.
	if h, a := got["HOSTING24"], got["AUTO-WEB24-HALF"]; h.RecursFor != 2 || h.Percent != 20 || fmt.Sprint(h.AppliesTo.IDs) != "[1001 1002 1003 1004]" ||
		fmt.Sprint(h.Supported.MaturityMonths) != "[24]" || a.RecursFor != 1 || a.Percent != 50 {
		t.Errorf("HOSTING24 = %+v, AUTO-WEB24-HALF = %+v", h, a)
	}
	if _, err := cl.Lookup(ctx, []string{"WELCOME10"}); err != nil || counting.lists.Load() != 1 {
		t.Errorf("a cached listing was read again: %d listings, %v", counting.lists.Load(), err)
	}
	// Codes the list lacks make it reload once: a coupon created a moment ago must be priced.
	// Expired, switched-off and unknown codes are absent.
	got, err = cl.Lookup(ctx, []string{"SUMMER2019", "PAUSED", "NOPE", "WELCOME10"})
	if err != nil || len(got) != 1 || counting.lists.Load() != 2 {
		t.Errorf("lookup = %v, %v after %d listings", got, err, counting.lists.Load())
	}
	// Alpenhost has promotions of its own.
	if got, err := cl.Lookup(visitor(t, 2), []string{"SERVUS15", "WELCOME10"}); err != nil || len(got) != 1 || got["SERVUS15"].Percent != 15 {
		t.Errorf("Alpenhost = %+v, %v", got, err)
	}
}

// hostwerkCart: Web hosting S for 24 months (4.49, billed yearly) with the daily backup (2.00),
// meinshop.de free with it and zweite.de (0.99).
func hostwerkCart(productCode string) domain.PromotionCart {
	return domain.PromotionCart{PricesWithVAT: true, Items: []domain.PromotionItem{{
		RowID:   "row1",
		Product: domain.PromotionLine{ID: 1001, Name: "Web hosting S", MaturityMonths: 24, PriceCents: 449, IntervalMonths: 12, VATPercent: 19, Code: productCode},
		Addons: []domain.PromotionLine{
			{ID: 1205, Name: "Basic DDoS protection", MaturityMonths: 24, IntervalMonths: 12, VATPercent: 19},
			{ID: 1204, Name: "Daily backup", MaturityMonths: 24, PriceCents: 200, IntervalMonths: 12, VATPercent: 19},
		},
		Domains: []domain.PromotionDomain{
			{Name: "meinshop.de", TLD: "de", PriceCents: 99, VATPercent: 19, Inclusive: true},
			{Name: "zweite.de", TLD: "de", PriceCents: 99, VATPercent: 19},
		},
	}}}
}

// codesOf renders a decision's codes as "line=code" with * for a changed and (a) for an automatic one.
func codesOf(d domain.PromotionDecision) string {
	out := ""
	for _, c := range d.Codes {
		name := fmt.Sprintf("%s:%d", c.Line.RowID, c.Line.ID)
		if c.Line.Kind == domain.LineDomain {
			name = c.Line.RowID + ":" + c.Line.Domain
		}
		out += fmt.Sprintf("%s[%d]=%s", name, c.Index, c.Code)
		if c.Changed {
			out += "*"
		}
		if c.Automatic {
			out += "(a)"
		}
		out += " "
	}
	return out
}

func TestBestAutomatic(t *testing.T) {
	cl := promotionclient.New(promotionv1.NewPromotionServiceClient(conn), 0)
	dec, err := cl.BestAutomatic(visitor(t, 1), hostwerkCart(""))
	if err != nil {
		t.Fatal(err)
	}
	want := "row1:1001[0]=AUTO-WEB24-HALF*(a) row1:1205[0]= row1:1204[1]=AUTO-BACKUP-25*(a) row1:meinshop.de[0]= row1:zweite.de[1]=AUTO-DE-FREE*(a) "
	if got := codesOf(dec); got != want {
		t.Errorf("codes =\n%s\nwant\n%s", got, want)
	}
	// A manual code stays where it is.
	dec, err = cl.BestAutomatic(visitor(t, 1), hostwerkCart("WELCOME10"))
	if err != nil || dec.Codes[0].Code != "WELCOME10" || dec.Codes[0].Changed || dec.Codes[0].Automatic {
		t.Errorf("manual code = %+v, %v", dec.Codes[0], err)
	}
}

func TestRedeem(t *testing.T) {
	cl := promotionclient.New(promotionv1.NewPromotionServiceClient(conn), 0)
	ctx := visitor(t, 1)
	dec, err := cl.Redeem(ctx, "hosting24", hostwerkCart("WELCOME10"))
	if err != nil {
		t.Fatal(err)
	}
	if dec.Code != "HOSTING24" || dec.Codes[0].Code != "HOSTING24" || !dec.Codes[0].Changed || dec.Codes[0].Automatic {
		t.Errorf("redeemed = %s (%s)", codesOf(dec), dec.Code)
	}
	// The manual code it replaced: an info notice without a title, whose body becomes the key.
	if len(dec.Notices) != 1 || dec.Notices[0].Key != "cart.different_coupon_applied" || dec.Notices[0].Message != "" ||
		dec.Notices[0].Type != "info" || dec.Notices[0].Params["code"] != "HOSTING24" {
		t.Errorf("notices = %+v", dec.Notices)
	}

	refusals := []struct {
		code string
		kind codes.Code
		key  string
	}{
		{"NOPE", codes.NotFound, "confirm.manual_promotion_not_found"},
		{"SUMMER2019", codes.NotFound, "confirm.manual_promotion_not_found"},
		{"AUTO-WEB24-HALF", codes.NotFound, "confirm.manual_promotion_not_found"},
		{"SSL20", codes.FailedPrecondition, "confirm.manual_promotion_not_applicable"},
	}
	for _, r := range refusals {
		_, err := cl.Redeem(ctx, r.code, hostwerkCart(""))
		var pc apperr.ParamCarrier
		if apperr.Code(err) != r.kind || apperr.MessageKey(err) != r.key || !errors.As(err, &pc) || pc.Params()["code"] != r.code {
			t.Errorf("%s: %v", r.code, err)
		}
	}

	// A session that asks too often is told when to try again.
	ctx = visitor(t, 1)
	var err2 error
	for range sessionBudget + 1 {
		if _, err2 = cl.Redeem(ctx, "WELCOME10", hostwerkCart("")); err2 != nil {
			break
		}
	}
	var rh apperr.RetryHinter
	if apperr.Code(err2) != codes.ResourceExhausted || apperr.MessageKey(err2) != "error.too_many_requests" || !errors.As(err2, &rh) || rh.RetryDelay() <= 0 {
		t.Errorf("over budget: %v", err2)
	}
}

func TestRevalidate(t *testing.T) {
	cl := promotionclient.New(promotionv1.NewPromotionServiceClient(conn), 0)
	ctx := visitor(t, 1)

	// WELCOME10 lost its line (a product without a price on row "", as the cart sends it) and
	// moves to the product of row1, which holds only an automatic code.
	cart := hostwerkCart("AUTO-WEB24-HALF")
	cart.Items = append(cart.Items, domain.PromotionItem{Product: domain.PromotionLine{ID: 1002, Code: "WELCOME10"}})
	dec, err := cl.Revalidate(ctx, cart)
	if err != nil {
		t.Fatal(err)
	}
	if dec.Codes[0].Code != "WELCOME10" || !dec.Codes[0].Changed || dec.Codes[len(dec.Codes)-1].Code != "" {
		t.Errorf("codes = %s", codesOf(dec))
	}
	if len(dec.Notices) != 1 {
		t.Fatalf("notices = %+v", dec.Notices)
	}
	if n := dec.Notices[0]; n.Key != "cart.promotion_other_product_title" || n.Message != "cart.promotion_other_product_message" ||
		n.Params["code"] != "WELCOME10" || n.Params["product"] != "Web hosting S" || n.Params["row_id"] != "row1" {
		t.Errorf("notice = %+v", n)
	}

	// A switched-off code is removed; an automatic code that still fits is kept.
	dec, err = cl.Revalidate(ctx, hostwerkCart("PAUSED"))
	if err != nil || dec.Codes[0].Code != "" || len(dec.Notices) != 1 || dec.Notices[0].Key != "cart.promotion_removed" ||
		dec.Notices[0].Message != "cart.promotion_no_longer_available" || dec.Notices[0].Type != "warning" || dec.Notices[0].Params["code"] != "PAUSED" {
		t.Errorf("switched off: %s %+v, %v", codesOf(dec), dec.Notices, err)
	}
	if dec, err := cl.Revalidate(ctx, hostwerkCart("AUTO-WEB24-HALF")); err != nil || dec.Codes[0].Code != "AUTO-WEB24-HALF" || !dec.Codes[0].Automatic || len(dec.Notices) != 0 {
		t.Errorf("automatic = %s %+v, %v", codesOf(dec), dec.Notices, err)
	}
}

func TestUnavailable(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := lis.Addr().String()
	lis.Close()
	down, err := grpcclient.Dial(addr, nil, grpcclient.Config{Timeout: time.Second, FailFast: true}) // as cartsvc dials it
	if err != nil {
		t.Fatal(err)
	}
	defer down.Close()
	cl := promotionclient.New(promotionv1.NewPromotionServiceClient(down), time.Minute)
	ctx := visitor(t, 1)
	if _, err := cl.Lookup(ctx, []string{"WELCOME10"}); apperr.Code(err) != codes.Unavailable || apperr.MessageKey(err) != "promotion.unavailable" {
		t.Errorf("lookup: %v", err)
	}
	if _, err := cl.Revalidate(ctx, hostwerkCart("")); apperr.Code(err) != codes.Unavailable {
		t.Errorf("revalidate: %v", err)
	}
	if _, err := cl.Redeem(ctx, "WELCOME10", hostwerkCart("")); apperr.Code(err) != codes.Unavailable {
		t.Errorf("redeem: %v", err)
	}
}
