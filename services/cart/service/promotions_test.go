package service

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/cart/domain"
)

// rulePromotions is a promotion service with rules simple enough to check by eye: the automatic
// promotion AUTO sits on every product that costs something, a redeemed code on the first
// product, and revalidation moves a code of a line that went (a position without a price) to the
// first product without a manual code. It records the snapshots it was sent.
type rulePromotions struct {
	redeemErr error
	sent      []domain.PromotionCart
	calls     []string
}

func positions(c domain.PromotionCart) []domain.PositionCode {
	var out []domain.PositionCode
	for _, it := range c.Items {
		if it.Product.ID != 0 {
			out = append(out, domain.PositionCode{Line: domain.LineRef{RowID: it.RowID, Kind: domain.LineProduct, ID: it.Product.ID}, Code: it.Product.Code, Automatic: it.Product.Code == "AUTO"})
		}
		for j, a := range it.Addons {
			out = append(out, domain.PositionCode{Line: domain.LineRef{RowID: it.RowID, Kind: domain.LineAddon, ID: a.ID}, Index: j, Code: a.Code, Automatic: a.Code == "AUTO"})
		}
	}
	return out
}

func (r *rulePromotions) record(call string, c domain.PromotionCart) {
	r.calls = append(r.calls, call)
	r.sent = append(r.sent, c)
}

func (r *rulePromotions) Lookup(_ context.Context, codes []string) (map[string]domain.Promotion, error) {
	out := map[string]domain.Promotion{}
	for _, c := range codes {
		out[c] = domain.Promotion{Code: c, Target: domain.TargetProduct, Kind: "percentage", Percent: 10, AppliesTo: domain.AppliesTo{Type: "all"}}
	}
	return out, nil
}

func (r *rulePromotions) Redeem(_ context.Context, code string, c domain.PromotionCart) (domain.PromotionDecision, error) {
	r.record("redeem", c)
	if r.redeemErr != nil {
		return domain.PromotionDecision{}, r.redeemErr
	}
	ps := positions(c)
	for i := range ps {
		if ps[i].Line.Kind == domain.LineProduct && ps[i].Line.RowID != "" {
			ps[i].Code, ps[i].Changed = code, true
			break
		}
	}
	return domain.PromotionDecision{Codes: ps, Code: code, Notices: []domain.Notice{{Key: "cart.different_coupon_applied", Type: "info"}}}, nil
}

func (r *rulePromotions) BestAutomatic(_ context.Context, c domain.PromotionCart) (domain.PromotionDecision, error) {
	r.record("automatic", c)
	ps := positions(c)
	for i, it := 0, 0; it < len(c.Items); it++ {
		for ; i < len(ps) && ps[i].Line.RowID == c.Items[it].RowID; i++ {
			if ps[i].Line.Kind == domain.LineProduct && c.Items[it].Product.PriceCents > 0 && (ps[i].Code == "" || ps[i].Automatic) {
				ps[i].Changed, ps[i].Code, ps[i].Automatic = ps[i].Code != "AUTO", "AUTO", true
			}
		}
	}
	return domain.PromotionDecision{Codes: ps}, nil
}

func (r *rulePromotions) Revalidate(_ context.Context, c domain.PromotionCart) (domain.PromotionDecision, error) {
	r.record("revalidate", c)
	ps := positions(c)
	var notices []domain.Notice
	for _, it := range c.Items {
		if it.RowID != "" || it.Product.Code == "" {
			continue
		}
		for i := range ps {
			if ps[i].Line.Kind == domain.LineProduct && ps[i].Line.RowID != "" && (ps[i].Code == "" || ps[i].Automatic) {
				ps[i].Code, ps[i].Changed, ps[i].Automatic = it.Product.Code, true, false
				notices = append(notices, domain.Notice{Key: "cart.promotion_other_product_title", Message: "cart.promotion_other_product_message",
					Type: "info", Params: map[string]string{"code": it.Product.Code, "row_id": ps[i].Line.RowID}})
				break
			}
		}
	}
	return domain.PromotionDecision{Codes: ps, Notices: notices}, nil
}

func newPromotionFixture(automatic bool) (*service, *fakeCatalog, *memStore, *rulePromotions) {
	svc, cat, store := newFixture()
	promos := &rulePromotions{}
	svc.Promotions = promos
	cat.brand.AutomaticPromotions, cat.brand.ManualPromotions = automatic, true
	return svc, cat, store, promos
}

func TestAutomaticPromotionsFollowTheBrand(t *testing.T) {
	svc, cat, _, promos := newPromotionFixture(true)
	ctx := call("s")
	res, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Cart.Items[0].Product.Promotion; got != "AUTO" || fmt.Sprint(promos.calls) != "[automatic]" {
		t.Fatalf("code %q after calls %v", got, promos.calls)
	}
	// The snapshot carries the catalog's prices and terms, not anything a client sent.
	sent := promos.sent[0].Items[0]
	if sent.Product.PriceCents != 1000 || sent.Product.MaturityMonths != 12 || sent.Product.VATPercent != 19 || sent.Addons[0].PriceCents != 100 || !promos.sent[0].PricesWithVAT {
		t.Errorf("snapshot = %+v", promos.sent[0])
	}
	pc, _, err := svc.GetPricedCart(ctx)
	if err != nil || pc.PromotionsUnavailable || !pc.Items[0].Product.Promotion.Applied || pc.Totals.DiscountNet != 1200 {
		t.Errorf("priced = %+v, %v", pc.Totals, err)
	}

	// The brand switches automatic promotions off: revalidation's answer says which codes are
	// automatic, and the cart drops them.
	cat.brand.AutomaticPromotions = false
	promos.calls = nil
	got, err := svc.GetCart(ctx)
	if err != nil || got.Cart.Items[0].Product.Promotion != "" || fmt.Sprint(promos.calls) != "[revalidate]" {
		t.Errorf("cart = %+v, %v, calls %v", got.Cart.Items, err, promos.calls)
	}
	promos.calls = nil
	if _, err := svc.GetCart(ctx); err != nil || len(promos.calls) != 0 {
		t.Errorf("a cart without codes of a brand without automatic promotions asked: %v, %v", promos.calls, err)
	}
}

func TestRedeemPromotionCode(t *testing.T) {
	svc, cat, store, promos := newPromotionFixture(false)
	ctx := call("s")
	first, _ := svc.ReplaceCart(ctx, domain.Cart{Items: []domain.Item{
		{Product: domain.ProductLine{Line: domain.Line{ID: 10}}, IsPreconfigured: true},
		{Product: domain.ProductLine{Line: domain.Line{ID: 10}}},
	}}, true, 0)
	locked, open := first.Cart.Items[0].RowID, first.Cart.Items[1].RowID

	res, err := svc.RedeemPromotionCode(ctx, " welcome ", false)
	if err != nil {
		t.Fatal(err)
	}
	// The visitor's snapshot leaves the preconfigured item out, so the code lands on the other.
	if sent := promos.sent[0]; len(sent.Items) != 1 || sent.Items[0].RowID != open {
		t.Errorf("redeem snapshot = %+v", sent)
	}
	if res.Code != "WELCOME" || res.Cart.Items[1].Product.Promotion != "WELCOME" || res.Cart.Items[0].RowID != locked || res.Cart.Items[0].Product.Promotion != "" ||
		len(res.Notices) != 1 || res.Notices[0].Key != "cart.different_coupon_applied" || res.Notices[0].Type != "info" {
		t.Errorf("redeemed = %+v", res)
	}

	// Refusals of the promotion service store nothing and keep their key and code.
	stored, _ := store.Get(ctx, "s")
	promos.redeemErr = domain.CodeError(domain.ErrPromotionNotApplicable, "SSL20")
	if _, err := svc.RedeemPromotionCode(ctx, "ssl20", false); apperr.Code(err) != codes.FailedPrecondition || apperr.MessageKey(err) != "confirm.manual_promotion_not_applicable" {
		t.Errorf("not applicable: %v", err)
	}
	promos.redeemErr = fmt.Errorf("redeem: %w", domain.ErrPromotionUnavailable)
	if _, err := svc.RedeemPromotionCode(ctx, "ssl20", false); apperr.Code(err) != codes.Unavailable {
		t.Errorf("promotion service down: %v", err)
	}
	if after, _ := store.Get(ctx, "s"); after.Version != stored.Version {
		t.Errorf("a refused redemption stored the cart: version %d, was %d", after.Version, stored.Version)
	}

	// An empty code, or a brand without manual promotions, is refused as unknown without asking.
	promos.calls = nil
	if _, err := svc.RedeemPromotionCode(ctx, "  ", false); !errors.Is(err, domain.ErrPromotionNotFound) {
		t.Errorf("empty code: %v", err)
	}
	cat.brand.ManualPromotions = false
	if _, err := svc.RedeemPromotionCode(ctx, "welcome", false); !errors.Is(err, domain.ErrPromotionNotFound) {
		t.Errorf("brand without manual promotions: %v", err)
	}
	for _, c := range promos.calls {
		if c == "redeem" {
			t.Errorf("asked the promotion service: %v", promos.calls)
		}
	}

	// Removing the code; a second time it is not in the cart.
	removed, err := svc.RemovePromotionCode(ctx, "Welcome", false)
	if err != nil || removed.Cart.Items[1].Product.Promotion != "" {
		t.Errorf("remove = %+v, %v", removed, err)
	}
	if _, err := svc.RemovePromotionCode(ctx, "WELCOME", false); !errors.Is(err, domain.ErrPromotionNotInCart) {
		t.Errorf("remove again: %v", err)
	}
}

func TestCodeOfARemovedLineMoves(t *testing.T) {
	svc, _, _, promos := newPromotionFixture(true)
	ctx := call("s")
	a, _ := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	b, _ := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if _, err := svc.RedeemPromotionCode(ctx, "WELCOME", false); err != nil {
		t.Fatal(err)
	}
	promos.calls, promos.sent = nil, nil
	res, err := svc.RemoveItem(ctx, a.RowID, false)
	if err != nil {
		t.Fatal(err)
	}
	// The code whose item went was sent as a line without a price on row "", and moved.
	sent := promos.sent[0]
	if fmt.Sprint(promos.calls) != "[revalidate automatic]" || len(sent.Items) != 2 || sent.Items[1].RowID != "" ||
		sent.Items[1].Product != (domain.PromotionLine{ID: 10, Code: "WELCOME"}) {
		t.Fatalf("calls %v, revalidation snapshot %+v", promos.calls, sent)
	}
	if len(res.Cart.Items) != 1 || res.Cart.Items[0].RowID != b.RowID || res.Cart.Items[0].Product.Promotion != "WELCOME" {
		t.Errorf("cart = %+v", res.Cart.Items)
	}
	if len(res.Notices) != 1 || res.Notices[0].Key != "cart.promotion_other_product_title" || res.Notices[0].Message != "cart.promotion_other_product_message" ||
		res.Notices[0].Params["row_id"] != b.RowID {
		t.Errorf("notices = %+v", res.Notices)
	}

	// Emptying the cart drops codes on purpose: nothing to revalidate.
	promos.calls = nil
	if res, err := svc.ClearCart(ctx, false); err != nil || len(res.Notices) != 0 || len(promos.calls) != 0 {
		t.Errorf("clear: %+v, %v, calls %v", res, err, promos.calls)
	}
}

func TestPromotionOutageKeepsTheCartWorking(t *testing.T) {
	svc, _, store, _ := newPromotionFixture(true)
	ctx := call("s")
	res, _ := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	svc.Promotions = failingPromotions{}
	// Changes still go through; the codes stay as they were.
	got, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if err != nil || len(got.Cart.Items) != 2 || got.Cart.Items[0].Product.Promotion != "AUTO" || got.Cart.Items[1].Product.Promotion != "" {
		t.Fatalf("add while promotions are down: %+v, %v", got.Cart.Items, err)
	}
	pc, _, err := svc.GetPricedCart(ctx)
	if err != nil || !pc.PromotionsUnavailable || pc.Items[0].Product.Promotion.Applied || pc.Totals.DiscountNet != 0 {
		t.Errorf("priced = %+v, %v", pc, err)
	}
	if _, err := svc.RedeemPromotionCode(ctx, "WELCOME", false); apperr.Code(err) != codes.Unavailable || apperr.MessageKey(err) != "promotion.unavailable" {
		t.Errorf("redeem while down: %v", err)
	}
	if stored, _ := store.Get(ctx, "s"); stored.Items[0].RowID != res.RowID || stored.Items[0].Product.Promotion != "AUTO" {
		t.Errorf("stored = %+v", stored)
	}
}

// A replacement cannot place promotion codes, a sales agent's neither: new codes in the body are
// dropped without a word (no notice that would tell a valid guess from a wrong one, nothing sent
// to the promotion service), even where the brand takes no manual codes; codes the stored lines
// carry stay. New codes go through RedeemPromotionCode, which the rate limit and the brand's
// manual_promotions guard.
func TestReplaceKeepsOnlyStoredCodes(t *testing.T) {
	for _, agent := range []bool{false, true} {
		t.Run(fmt.Sprintf("sales agent %v", agent), func(t *testing.T) {
			svc, cat, _, promos := newPromotionFixture(false)
			ctx := call("s")
			first, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
			if err != nil {
				t.Fatal(err)
			}
			redeemed, err := svc.RedeemPromotionCode(ctx, "welcome", false)
			if err != nil || redeemed.Cart.Items[0].Product.Promotion != "WELCOME" {
				t.Fatalf("redeem: %+v, %v", redeemed.Cart.Items, err)
			}
			cat.brand.ManualPromotions = false
			row := first.RowID
			stored := redeemed.Cart.Items[0]
			in := domain.Cart{Items: []domain.Item{
				{RowID: row, Product: domain.ProductLine{Line: domain.Line{ID: 10, MaturityID: stored.Product.MaturityID, IntervalID: stored.Product.IntervalID, Promotion: "welcome"}},
					Addons: []domain.Line{{ID: 20, Promotion: "GUESS1"}}},
				{Product: domain.ProductLine{Line: domain.Line{ID: 10, Promotion: "SSL20"}}},
			}}
			promos.sent, promos.calls = nil, nil
			res, err := svc.ReplaceCart(ctx, in, agent, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Cart.Items) != 2 || res.Cart.Items[0].Product.Promotion != "WELCOME" {
				t.Fatalf("stored code lost: %+v", res.Cart.Items)
			}
			for _, h := range res.Cart.CodeHolders() {
				if h.Code != "WELCOME" {
					t.Errorf("the replacement placed %s on %+v", h.Code, h.Line)
				}
			}
			if len(res.Notices) != 0 {
				t.Errorf("notices about the dropped codes: %+v", res.Notices)
			}
			for _, sent := range promos.sent {
				for _, code := range mustCodes(sent) {
					if code != "WELCOME" {
						t.Errorf("sent %s to the promotion service (%v)", code, promos.calls)
					}
				}
			}
		})
	}
}

// mustCodes lists the codes a snapshot carries on its lines and as orphans.
func mustCodes(c domain.PromotionCart) []string {
	var out []string
	for _, it := range c.Items {
		if it.Product.Code != "" {
			out = append(out, it.Product.Code)
		}
		for _, a := range it.Addons {
			if a.Code != "" {
				out = append(out, a.Code)
			}
		}
	}
	return out
}
