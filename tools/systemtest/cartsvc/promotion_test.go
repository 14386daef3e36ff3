package cartsvc_test

import (
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/cart/domain"
)

// Promotions over the real promotion service with the shipped promotions (services/promotion
// README, "Seed"). Hostwerk has automatic promotions switched on, Alpenhost off.

func productRef(row string) *cartv1.LineRef {
	return &cartv1.LineRef{RowId: row, Kind: cartv1.LineKind_LINE_KIND_PRODUCT}
}

func mustPriced(t *testing.T, ctx context.Context) *cartv1.PricedCart {
	t.Helper()
	resp, err := client.GetPricedCart(ctx, &cartv1.GetPricedCartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return resp.GetPriced()
}

// errorCode returns the promo code an error names (google.rpc.ErrorInfo metadata "code").
func errorCode(err error) string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetMetadata()["code"]
		}
	}
	return ""
}

func TestAutomaticPromotionsOfHostwerk(t *testing.T) {
	ctx := visitor(t, 1)
	added, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1001})
	if err != nil {
		t.Fatal(err)
	}
	row := added.GetRowId()
	if _, err := client.AddAddon(ctx, &cartv1.AddAddonRequest{RowId: row, AddonId: 1204}); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"mein-shop.de", "zweite.de"} {
		if _, err := client.AddDomain(ctx, &cartv1.AddDomainRequest{RowId: row, Domain: &cartv1.Domain{Name: d}}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := client.GetCart(ctx, &cartv1.GetCartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	it := got.GetCart().GetItems()[0]
	// Web hosting S for 24 months, the daily backup with it, the included .de and a second .de.
	codes := fmt.Sprint(it.GetProduct().GetPromotion(), " ", it.GetAddons()[2].GetId(), "=", it.GetAddons()[2].GetPromotion(), " ",
		it.GetDomains()[0].GetPromotionCode(), "/", it.GetDomains()[1].GetPromotionCode())
	if codes != "AUTO-WEB24-HALF 1204=AUTO-BACKUP-25 /AUTO-DE-FREE" || !it.GetDomains()[0].GetInclusive() {
		t.Fatalf("codes = %s; item %v", codes, it)
	}
	// Each change stored once, the automatic codes with it; reading changes nothing.
	if got.GetCart().GetVersion() != 4 || len(got.GetNotices()) != 0 {
		t.Errorf("version %d, notices %v", got.GetCart().GetVersion(), got.GetNotices())
	}

	pc := mustPriced(t, ctx)
	p := pc.GetItems()[0].GetProduct().GetPromotion()
	// 50 % off the first billing period of 12 months: 449 → 224.5 → 225 a month (267.75 → 268
	// with VAT); 12 × 449 × 0.5 = 2694 net, shown as 12 × 534 × 0.5 = 3204 (the printed monthly price's half).
	if !p.GetApplied() || p.GetMonths() != 12 || p.GetPercentLabel() != 50 || p.GetPromotedMonthlyNetCents() != 225 || p.GetPromotedMonthlyDisplayCents() != 268 ||
		p.GetDiscountNetCents() != 2694 || p.GetDiscountDisplayCents() != 3204 || p.GetDiscountLabel() != "50 % off the first billing period" {
		t.Errorf("product promotion = %v", p)
	}
	// Backup: 200 × 24 = 4800; 25 % of 12 months = 600 off (714 shown); 4200 net, 4998 gross.
	b := pc.GetItems()[0].GetAddons()[2]
	if b.GetPromotion().GetDiscountNetCents() != 600 || b.GetPromotion().GetDiscountDisplayCents() != 714 || b.GetPrice().GetTotalNetCents() != 4200 || b.GetPrice().GetTotalGrossCents() != 4998 {
		t.Errorf("backup = %v", b)
	}
	// zweite.de: 99 × 12 = 1188, free for the first year (1413.72 → 1414 shown).
	d := pc.GetItems()[0].GetDomains()[1]
	if d.GetPromotion().GetDiscountNetCents() != 1188 || d.GetPromotion().GetDiscountDisplayCents() != 1414 || d.GetPrice().GetTotalNetCents() != 0 {
		t.Errorf("domain = %v", d)
	}
	// Totals, from the printed figures: 24 × 534 − 3204 = 9612 + 4998 + 0 = 14610 gross, of
	// which 12277 net.
	tot := pc.GetTotals()
	if tot.GetTotalNetCents() != 12277 || tot.GetTotalGrossCents() != 14610 || tot.GetTotalVatCents() != 2333 ||
		tot.GetDiscountNetCents() != 2694+600+1188 || tot.GetDiscountDisplayCents() != 3204+714+1414 || pc.GetPromotionsUnavailable() {
		t.Errorf("totals = %v", tot)
	}

	// A term the promotion does not support loses it: 12 months at 4.99 billed yearly gets the
	// €20 fixed one instead (AUTO-WEB12-20EUR: 2000 off, 2380 shown).
	resp, err := client.SetPeriod(ctx, &cartv1.SetPeriodRequest{Line: productRef(row), MaturityId: 100102, IntervalId: 4})
	if err != nil || resp.GetCart().GetItems()[0].GetProduct().GetPromotion() != "AUTO-WEB12-20EUR" {
		t.Fatalf("after the term change: %v, %v", resp, err)
	}
	if p := mustPriced(t, ctx).GetItems()[0].GetProduct().GetPromotion(); p.GetDiscountNetCents() != 2000 || p.GetDiscountDisplayCents() != 2380 || p.GetValueCents() != 2000 {
		t.Errorf("fixed promotion = %v", p)
	}
}

func TestNoAutomaticPromotionsOnAlpenhost(t *testing.T) {
	ctx := visitor(t, 2)
	added, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 2001})
	if err != nil {
		t.Fatal(err)
	}
	// AT-AUTO-WEB24 would fit Web hosting Start for 24 months, but the brand has automatic
	// promotions switched off.
	if code := added.GetCart().GetItems()[0].GetProduct().GetPromotion(); code != "" {
		t.Fatalf("code = %q", code)
	}
	if pc := mustPriced(t, ctx); pc.GetTotals().GetTotalDisplayCents() != 9360 || pc.GetTotals().GetDiscountNetCents() != 0 {
		t.Errorf("totals = %v", pc.GetTotals())
	}
	// A manual code still works: SERVUS15, 15 % for one billing period of 24 months:
	// 24 × 390 × 0.15 = 1404 off, shown net as Alpenhost shows prices.
	redeemed, err := client.RedeemPromotionCode(ctx, &cartv1.RedeemPromotionCodeRequest{Code: "servus15"})
	if err != nil || redeemed.GetCode() != "SERVUS15" || redeemed.GetCart().GetItems()[0].GetProduct().GetPromotion() != "SERVUS15" {
		t.Fatalf("redeem = %v, %v", redeemed, err)
	}
	pc := mustPriced(t, ctx)
	if p := pc.GetItems()[0].GetProduct().GetPromotion(); p.GetDiscountNetCents() != 1404 || p.GetDiscountDisplayCents() != 1404 || p.GetMonths() != 24 {
		t.Errorf("promotion = %v", p)
	}
	if pc.GetTotals().GetTotalDisplayCents() != 9360-1404 || pc.GetTotals().GetTotalGrossCents() != 9547 {
		t.Errorf("totals = %v", pc.GetTotals())
	}
}

func TestRedeemAndRemoveCodes(t *testing.T) {
	ctx := visitor(t, 1)
	if _, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1001}); err != nil {
		t.Fatal(err)
	}

	// WELCOME10 takes the automatic code's place: 12 × 449 × 0.1 = 538.8 → 539 off, 641 shown.
	resp, err := client.RedeemPromotionCode(ctx, &cartv1.RedeemPromotionCodeRequest{Code: " welcome10 "})
	if err != nil || resp.GetCode() != "WELCOME10" || resp.GetCart().GetItems()[0].GetProduct().GetPromotion() != "WELCOME10" || len(resp.GetNotices()) != 0 {
		t.Fatalf("redeem = %v, %v", resp, err)
	}
	if p := mustPriced(t, ctx).GetItems()[0].GetProduct().GetPromotion(); p.GetDiscountNetCents() != 539 || p.GetDiscountDisplayCents() != 641 || p.GetPercentLabel() != 10 {
		t.Errorf("WELCOME10 = %v", p)
	}
	// Another manual code replaces it, with a notice.
	resp, err = client.RedeemPromotionCode(ctx, &cartv1.RedeemPromotionCodeRequest{Code: "HOSTING24"})
	if err != nil || resp.GetCart().GetItems()[0].GetProduct().GetPromotion() != "HOSTING24" {
		t.Fatalf("redeem = %v, %v", resp, err)
	}
	if n := resp.GetNotices(); len(n) != 1 || n[0].GetKey() != "cart.different_coupon_applied" || n[0].GetType() != "info" || n[0].GetParams()["code"] != "HOSTING24" {
		t.Errorf("notices = %v", n)
	}
	before, _ := client.GetCart(ctx, &cartv1.GetCartRequest{})

	refusals := []struct {
		code string
		st   codes.Code
		key  string
	}{
		{"NOPE", codes.NotFound, "confirm.manual_promotion_not_found"},
		{"SUMMER2019", codes.NotFound, "confirm.manual_promotion_not_found"},
		{"AUTO-WEB24-HALF", codes.NotFound, "confirm.manual_promotion_not_found"},
		{"SSL20", codes.FailedPrecondition, "confirm.manual_promotion_not_applicable"},
	}
	for _, r := range refusals {
		_, err := client.RedeemPromotionCode(ctx, &cartv1.RedeemPromotionCodeRequest{Code: r.code})
		if st := status.Convert(err); st.Code() != r.st || st.Message() != r.key || errorCode(err) != r.code {
			t.Errorf("%s: %v (code %q)", r.code, err, errorCode(err))
		}
	}
	if after, _ := client.GetCart(ctx, &cartv1.GetCartRequest{}); after.GetCart().GetVersion() != before.GetCart().GetVersion() ||
		after.GetCart().GetItems()[0].GetProduct().GetPromotion() != "HOSTING24" {
		t.Errorf("refused codes changed the cart: %v", after.GetCart())
	}

	// Removing the manual code brings the automatic one back.
	removed, err := client.RemovePromotionCode(ctx, &cartv1.RemovePromotionCodeRequest{Code: "hosting24"})
	if err != nil || removed.GetCart().GetItems()[0].GetProduct().GetPromotion() != "AUTO-WEB24-HALF" {
		t.Errorf("remove = %v, %v", removed, err)
	}
	_, err = client.RemovePromotionCode(ctx, &cartv1.RemovePromotionCodeRequest{Code: "HOSTING24"})
	if st := status.Convert(err); st.Code() != codes.NotFound || st.Message() != "cart.promotion_not_found" || errorCode(err) != "HOSTING24" {
		t.Errorf("remove again: %v", err)
	}
}

func TestCodesMoveOrGoWithTheirProduct(t *testing.T) {
	ctx := visitor(t, 1)
	first, _ := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1001})
	second, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1002})
	if err != nil {
		t.Fatal(err)
	}
	// WELCOME10 goes on the first product; the second keeps its automatic promotion.
	resp, err := client.RedeemPromotionCode(ctx, &cartv1.RedeemPromotionCodeRequest{Code: "WELCOME10"})
	if err != nil {
		t.Fatal(err)
	}
	if items := resp.GetCart().GetItems(); items[0].GetProduct().GetPromotion() != "WELCOME10" || items[1].GetProduct().GetPromotion() != "AUTO-WEB24-HALF" {
		t.Fatalf("items = %v", items)
	}

	// The first product goes: its code moves to Web hosting M, with a notice.
	removed, err := client.RemoveItem(ctx, &cartv1.RemoveItemRequest{RowId: first.GetRowId()})
	if err != nil {
		t.Fatal(err)
	}
	if items := removed.GetCart().GetItems(); len(items) != 1 || items[0].GetProduct().GetPromotion() != "WELCOME10" {
		t.Errorf("items = %v", items)
	}
	n := removed.GetNotices()
	if len(n) != 1 || n[0].GetKey() != "cart.promotion_other_product_title" || n[0].GetMessage() != "cart.promotion_other_product_message" ||
		n[0].GetParams()["code"] != "WELCOME10" || n[0].GetParams()["product"] != "Web hosting M" || n[0].GetParams()["row_id"] != second.GetRowId() {
		t.Errorf("notices = %v", n)
	}

	// The last product goes: the code fits nothing any more and is removed, with a notice.
	removed, err = client.RemoveItem(ctx, &cartv1.RemoveItemRequest{RowId: second.GetRowId()})
	if err != nil {
		t.Fatal(err)
	}
	n = removed.GetNotices()
	if len(removed.GetCart().GetItems()) != 0 || len(n) != 1 || n[0].GetKey() != "cart.promotion_removed" ||
		n[0].GetMessage() != "cart.promotion_no_longer_available" || n[0].GetType() != "warning" || n[0].GetParams()["code"] != "WELCOME10" {
		t.Errorf("notices = %v", n)
	}
}

func TestCodeMovesWhenTheCatalogDropsItsProduct(t *testing.T) {
	ctx := visitor(t, 1)
	sid := callctx.From(ctx).SessionID
	gone, kept := domain.NewRowID(), domain.NewRowID()
	// A cart stored while the catalog still sold product 9999, with a code on it, and Web hosting
	// M for 24 months billed yearly.
	stored := fmt.Sprintf(`{"items":[{"row_id":%q,"product":{"id":9999,"maturity_id":1,"interval_id":1,"promotion":"WELCOME10"}},`+
		`{"row_id":%q,"product":{"id":1002,"maturity_id":100203,"interval_id":4}}],"version":2}`, gone, kept)
	if err := mr.Set("cart:session:"+sid, stored); err != nil {
		t.Fatal(err)
	}
	resp, err := client.GetCart(ctx, &cartv1.GetCartRequest{})
	if err != nil {
		t.Fatal(err)
	}
	n := resp.GetNotices()
	if len(n) != 2 || n[0].GetKey() != "cart.product_removed" || n[1].GetKey() != "cart.promotion_other_product_title" || n[1].GetParams()["row_id"] != kept {
		t.Errorf("notices = %v", n)
	}
	if items := resp.GetCart().GetItems(); len(items) != 1 || items[0].GetProduct().GetPromotion() != "WELCOME10" || resp.GetCart().GetVersion() != 3 {
		t.Errorf("cart = %v", resp.GetCart())
	}
}

func TestCartWorksWithoutThePromotionService(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := base
	cfg.PromotionAddr = lis.Addr().String()
	lis.Close() // nothing answers there
	cfg.Client.Timeout = time.Second
	down, stop, err := startCart(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	ctx := visitor(t, 1)
	added, err := down.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1001})
	if err != nil || added.GetCart().GetItems()[0].GetProduct().GetPromotion() != "" {
		t.Fatalf("add = %v, %v", added, err)
	}
	priced, err := down.GetPricedCart(ctx, &cartv1.GetPricedCartRequest{})
	if err != nil || !priced.GetPriced().GetPromotionsUnavailable() || priced.GetPriced().GetTotals().GetTotalNetCents() != 10770 {
		t.Errorf("priced = %v, %v", priced, err)
	}
	_, err = down.RedeemPromotionCode(ctx, &cartv1.RedeemPromotionCodeRequest{Code: "WELCOME10"})
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != "promotion.unavailable" {
		t.Errorf("redeem = %v", err)
	}
}

func TestVisitorsCannotBringTheirOwnCodes(t *testing.T) {
	ctx := visitor(t, 1)
	added, err := client.AddProduct(ctx, &cartv1.AddProductRequest{ProductId: 1001})
	if err != nil {
		t.Fatal(err)
	}
	// Codes in a visitor's PUT or domain are ignored: they would skip the promotion service's
	// checks and rate limit (coupon guessing) and could spread one code over several lines.
	in := proto.Clone(added.GetCart()).(*cartv1.Cart)
	in.Items[0].Product.Promotion = "HOSTING24"
	in.Items = append(in.Items, &cartv1.Item{Product: &cartv1.ProductLine{Id: 1002, Promotion: "WELCOME10"}})
	replaced, err := client.ReplaceCart(ctx, &cartv1.ReplaceCartRequest{Cart: in})
	if err != nil {
		t.Fatal(err)
	}
	if items := replaced.GetCart().GetItems(); items[0].GetProduct().GetPromotion() != "AUTO-WEB24-HALF" || items[1].GetProduct().GetPromotion() != "AUTO-WEB24-HALF" {
		t.Errorf("after a visitor's replace: %v", items)
	}
	withDomain, err := client.AddDomain(ctx, &cartv1.AddDomainRequest{RowId: added.GetRowId(), Domain: &cartv1.Domain{Name: "shop.com", PromotionCode: "DOMAIN50"}})
	if err != nil || withDomain.GetCart().GetItems()[0].GetDomains()[0].GetPromotionCode() != "" {
		t.Errorf("domain = %v, %v", withDomain.GetCart().GetItems()[0].GetDomains(), err)
	}
	// A sales agent's replace brings no codes either (issue 21: it skipped the rate limit and the
	// brand's manual_promotions, and its notices told valid guesses from wrong ones): the codes
	// are dropped without a notice. Agents redeem codes like everyone else.
	in = proto.Clone(withDomain.GetCart()).(*cartv1.Cart)
	in.Items[0].Product.Promotion = "HOSTING24"
	in.Items[0].Domains[0].PromotionCode = "DOMAIN50"
	replaced, err = client.ReplaceCart(ctx, &cartv1.ReplaceCartRequest{Cart: in, IsSalesAgent: true})
	if err != nil || replaced.GetCart().GetItems()[0].GetProduct().GetPromotion() != "AUTO-WEB24-HALF" ||
		replaced.GetCart().GetItems()[0].GetDomains()[0].GetPromotionCode() != "" || len(replaced.GetNotices()) != 0 {
		t.Errorf("sales agent's replace: %v, %v", replaced, err)
	}
	redeemed, err := client.RedeemPromotionCode(ctx, &cartv1.RedeemPromotionCodeRequest{Code: "HOSTING24", IsSalesAgent: true})
	if err != nil || redeemed.GetCode() != "HOSTING24" {
		t.Errorf("sales agent's redeem: %v, %v", redeemed, err)
	}
}
