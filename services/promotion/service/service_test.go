package service_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/promotion/domain"
	"github.com/hostcart/checkout/services/promotion/service"
)

var now = time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)

// fakeRepo is an in-memory Repository that counts reads and can fail like a store outage.
type fakeRepo struct {
	mu    sync.Mutex
	ps    []domain.Promotion
	down  bool
	reads int
}

func (r *fakeRepo) Promotions(_ context.Context, brand int32) ([]domain.Promotion, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reads++
	if r.down {
		return nil, fmt.Errorf("%w: connection refused", apperr.Unavailable)
	}
	var out []domain.Promotion
	for _, p := range r.ps {
		if p.BrandID == brand {
			out = append(out, p)
		}
	}
	return out, nil
}

func (r *fakeRepo) PromotionByCode(_ context.Context, brand int32, code string) (domain.Promotion, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.down {
		return domain.Promotion{}, fmt.Errorf("%w: connection refused", apperr.Unavailable)
	}
	for _, p := range r.ps {
		if p.BrandID == brand && p.Code == code {
			return p, nil
		}
	}
	return domain.Promotion{}, domain.ErrPromotionNotFound
}

func (r *fakeRepo) set(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f()
}

var (
	welcome = domain.Promotion{ID: 1, BrandID: 1, Code: "WELCOME10", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 10, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll}}
	auto = domain.Promotion{ID: 2, BrandID: 1, Code: "AUTO", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 20, Active: true, IsAutomatic: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll}}
	expired = domain.Promotion{ID: 3, BrandID: 1, Code: "OLD", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 30, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll}, ValidUntil: now.Add(-time.Hour)}
	otherBrand = domain.Promotion{ID: 4, BrandID: 2, Code: "SERVUS15", Type: domain.TargetProduct, ValueType: domain.Percentage,
		Percent: 15, Active: true, AppliesTo: domain.AppliesTo{Kind: domain.AppliesToAll}}
)

func brandCtx(id int32) context.Context {
	return callctx.With(context.Background(), callctx.Values{BrandID: id, SessionID: "s1"})
}

func newService(repo *fakeRepo, ttl time.Duration) service.Service {
	return service.New(repo, service.Config{BookTTL: ttl, Now: func() time.Time { return now }}, nil)
}

func cart(code string) domain.Cart {
	return domain.Cart{Items: []domain.Item{{RowID: "r1", Product: domain.Line{ID: 1001, MaturityMonths: 12, PriceCents: 499,
		IntervalMonths: 12, VATPercent: 19, Code: code}}}}
}

func TestBrandRequired(t *testing.T) {
	svc := newService(&fakeRepo{}, 0)
	ctx := context.Background()
	if _, err := svc.ListPromotions(ctx, false); !errors.Is(err, domain.ErrBrandRequired) {
		t.Errorf("ListPromotions: %v", err)
	}
	if _, err := svc.GetPromotionByCode(ctx, "X"); !errors.Is(err, domain.ErrBrandRequired) {
		t.Errorf("GetPromotionByCode: %v", err)
	}
	if _, err := svc.BestAutomatic(ctx, cart("")); !errors.Is(err, domain.ErrBrandRequired) {
		t.Errorf("BestAutomatic: %v", err)
	}
}

func TestListPromotions(t *testing.T) {
	svc := newService(&fakeRepo{ps: []domain.Promotion{welcome, auto, expired, otherBrand}}, 0)
	public, err := svc.ListPromotions(brandCtx(1), false)
	if err != nil || len(public) != 1 || public[0].Code != "AUTO" {
		t.Errorf("public list = %+v, %v; want only AUTO", public, err)
	}
	all, err := svc.ListPromotions(brandCtx(1), true)
	if err != nil || len(all) != 2 {
		t.Errorf("internal list = %+v, %v; want WELCOME10 and AUTO", all, err)
	}
}

func TestGetPromotionByCode(t *testing.T) {
	svc := newService(&fakeRepo{ps: []domain.Promotion{welcome, auto, expired, otherBrand}}, 0)
	p, err := svc.GetPromotionByCode(brandCtx(1), " welcome10 ")
	if err != nil || p.ID != 1 {
		t.Fatalf("WELCOME10 = %+v, %v", p, err)
	}
	for _, code := range []string{"NOPE", "AUTO", "OLD", "SERVUS15", "", "bad code!"} {
		_, err := svc.GetPromotionByCode(brandCtx(1), code)
		var ce *domain.CodeError
		if !errors.Is(err, apperr.NotFound) || !errors.As(err, &ce) || apperr.MessageKey(err) != domain.KeyNotFound {
			t.Errorf("code %q: err = %v, want %s", code, err, domain.KeyNotFound)
		}
	}
}

func TestBookIsCachedAndSurvivesAnOutage(t *testing.T) {
	repo := &fakeRepo{ps: []domain.Promotion{auto}}
	svc := newService(repo, time.Hour)
	for range 3 {
		out, err := svc.BestAutomatic(brandCtx(1), cart(""))
		if err != nil || out.Positions[0].Code != "AUTO" {
			t.Fatalf("BestAutomatic = %+v, %v", out, err)
		}
	}
	if repo.reads != 1 {
		t.Errorf("store read %d times for 3 calls within the TTL", repo.reads)
	}

	// Expired cache entry + store down: the old copy serves.
	expired := make(chan struct{}, 1)
	cfg := service.WithBookExpired(service.Config{BookTTL: 20 * time.Millisecond, Now: func() time.Time { return now }},
		func() { expired <- struct{}{} })
	svc = service.New(repo, cfg, nil)
	if _, err := svc.BestAutomatic(brandCtx(1), cart("")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-expired:
	case <-time.After(10 * time.Second):
		t.Fatal("the cached book never expired")
	}
	repo.set(func() { repo.down = true })
	out, err := svc.BestAutomatic(brandCtx(1), cart(""))
	if err != nil || out.Positions[0].Code != "AUTO" {
		t.Errorf("during an outage with a cached copy: %+v, %v", out, err)
	}
	// Without any copy the outage shows.
	if _, err := newService(repo, time.Hour).BestAutomatic(brandCtx(1), cart("")); !errors.Is(err, apperr.Unavailable) {
		t.Errorf("outage without a copy: %v", err)
	}
}

func TestRedeemUsesTheFreshPromotion(t *testing.T) {
	repo := &fakeRepo{ps: []domain.Promotion{auto}}
	svc := newService(repo, time.Hour)
	if _, err := svc.BestAutomatic(brandCtx(1), cart("")); err != nil {
		t.Fatal(err)
	}
	// A coupon created after the brand's promotions were cached works at once, with figures.
	repo.set(func() { repo.ps = append(repo.ps, welcome) })
	p, out, err := svc.RedeemCode(brandCtx(1), "welcome10", cart("AUTO"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Code != "WELCOME10" || out.Positions[0].Code != "WELCOME10" || out.Positions[0].Figures == nil {
		t.Errorf("redeem = %+v, %+v", p, out.Positions[0])
	}
	// 12 × 499 × 10 % = 598.8 → 599.
	if f := out.Positions[0].Figures; f != nil && f.DiscountCents != 599 {
		t.Errorf("discount = %d, want 599", f.DiscountCents)
	}
	if _, _, err := svc.RedeemCode(brandCtx(1), "OLD", cart("")); !errors.Is(err, apperr.NotFound) {
		t.Errorf("expired coupon: %v", err)
	}
	var ce *domain.CodeError
	_, _, err = svc.RedeemCode(brandCtx(1), "WELCOME10", domain.Cart{})
	if !errors.Is(err, apperr.FailedPrecondition) || !errors.As(err, &ce) || ce.Code != "WELCOME10" {
		t.Errorf("empty cart: %v", err)
	}
}

func TestInvalidCartIsRefused(t *testing.T) {
	svc := newService(&fakeRepo{ps: []domain.Promotion{auto}}, 0)
	bad := cart("")
	bad.Items[0].Product.PriceCents = -5
	if _, err := svc.Revalidate(brandCtx(1), bad); !errors.Is(err, apperr.InvalidArgument) {
		t.Errorf("Revalidate of a negative price: %v", err)
	}
	if _, _, err := svc.RedeemCode(brandCtx(1), "WELCOME10", bad); !errors.Is(err, apperr.InvalidArgument) {
		t.Errorf("RedeemCode with a negative price: %v", err)
	}
}
