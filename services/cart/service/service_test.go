package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/cart/domain"
)

// memStore is a Store in memory with the same contract as the Redis one.
type memStore struct {
	mu    sync.Mutex
	carts map[string][]byte
}

func newMemStore() *memStore { return &memStore{carts: map[string][]byte{}} }

func (m *memStore) Get(_ context.Context, sid string) (domain.Cart, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var c domain.Cart
	if raw, ok := m.carts[sid]; ok {
		_ = json.Unmarshal(raw, &c)
	}
	return c, nil
}

func (m *memStore) Update(ctx context.Context, sid string, fn func(*domain.Cart) error) (domain.Cart, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var c domain.Cart
	before := m.carts[sid]
	if before != nil {
		_ = json.Unmarshal(before, &c)
	}
	orig, _ := json.Marshal(c)
	if err := fn(&c); err != nil {
		return domain.Cart{}, err
	}
	if after, _ := json.Marshal(c); string(after) != string(orig) {
		c.Version++
		m.carts[sid], _ = json.Marshal(c)
	}
	return c, nil
}

// fakeCatalog serves products of a fixed catalog, or fails when down.
type fakeCatalog struct {
	products domain.Catalog
	brand    domain.BrandSettings
	down     bool
	calls    int
}

var errCatalogDown = apperr.New(apperr.Unavailable, "catalog.unavailable")

func (f *fakeCatalog) Products(_ context.Context, ids []int32) (domain.Catalog, error) {
	f.calls++
	if f.down {
		return nil, errCatalogDown
	}
	out := domain.Catalog{}
	for _, id := range ids {
		if p, ok := f.products[id]; ok {
			out[id] = p
		}
	}
	return out, nil
}

func (f *fakeCatalog) DomainOnlyProduct(context.Context) (domain.Product, bool, error) {
	if f.down {
		return domain.Product{}, false, errCatalogDown
	}
	p, ok := f.products[90]
	return p, ok, nil
}

func (f *fakeCatalog) Brand(context.Context) (domain.BrandSettings, error) {
	if f.down {
		return domain.BrandSettings{}, errCatalogDown
	}
	return f.brand, nil
}

type fakeTLDs struct{ down bool }

func (f fakeTLDs) TLDs(context.Context) (domain.TLDs, error) {
	if f.down {
		return nil, apperr.New(apperr.Unavailable, "domain.unavailable")
	}
	return domain.NewTLDs([]domain.TLD{{ID: 1, Name: "de", PriceCents: 100, VATPercent: 19}}), nil
}

type failingPromotions struct{}

var errPromotionsDown = fmt.Errorf("dial: %w", domain.ErrPromotionUnavailable)

func (failingPromotions) Lookup(context.Context, []string) (map[string]domain.Promotion, error) {
	return nil, errPromotionsDown
}

func (failingPromotions) Redeem(context.Context, string, domain.PromotionCart) (domain.PromotionDecision, error) {
	return domain.PromotionDecision{}, errPromotionsDown
}

func (failingPromotions) BestAutomatic(context.Context, domain.PromotionCart) (domain.PromotionDecision, error) {
	return domain.PromotionDecision{}, errPromotionsDown
}

func (failingPromotions) Revalidate(context.Context, domain.PromotionCart) (domain.PromotionDecision, error) {
	return domain.PromotionDecision{}, errPromotionsDown
}

var (
	iv12 = domain.Interval{ID: 4, Months: 12, VATPercent: 19, IsDefault: true}
	base = domain.Product{
		ID: 10, Name: "Hosting", Type: "hosting", QtyMax: 2, DomainRequired: domain.DomainOptional, DomainCapable: true,
		Maturities: []domain.Maturity{{ID: 101, Months: 12, PriceCents: 1000, Intervals: []domain.Interval{iv12}}},
		Addons:     []domain.AddonLink{{AddonID: 20, Groups: []domain.Group{{ID: 1, Rules: []domain.Rule{domain.RuleAutoassign}}}}},
	}
	addon      = domain.Product{ID: 20, Name: "Backup", Type: domain.TypeAddon, QtyMax: 1, Maturities: []domain.Maturity{{ID: 201, Months: 12, PriceCents: 100, Intervals: []domain.Interval{iv12}}}}
	domainOnly = domain.Product{ID: 90, Name: "Domains only", Type: domain.TypeDomainOnly, QtyMax: 1, DomainRequired: domain.DomainRequired,
		Maturities: []domain.Maturity{{ID: 901, Months: 12, Intervals: []domain.Interval{iv12}}}}
)

func newFixture() (*service, *fakeCatalog, *memStore) {
	cat := &fakeCatalog{products: domain.Catalog{10: base, 20: addon, 90: domainOnly}, brand: domain.BrandSettings{PricesWithVAT: true}}
	store := newMemStore()
	n := 0
	svc := New(Ports{Store: store, Catalog: cat, TLDs: fakeTLDs{}, Promotions: failingPromotions{}, NewRowID: func() string {
		n++
		return fmt.Sprintf("r%031d", n)
	}}, nil).(*service)
	return svc, cat, store
}

func call(session string) context.Context {
	return callctx.With(context.Background(), callctx.Values{SessionID: session, BrandID: 1})
}

func TestMutationsRevalidateAndStore(t *testing.T) {
	svc, cat, store := newFixture()
	ctx := call("s")
	res, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if err != nil {
		t.Fatal(err)
	}
	// The auto-assigned addon came from the linked products, loaded in a second call.
	if res.RowID == "" || len(res.Cart.Items[0].Addons) != 1 || res.Cart.Version != 1 || cat.calls != 2 {
		t.Fatalf("result = %+v, catalog calls %d", res, cat.calls)
	}
	if _, err := svc.AddDomain(ctx, res.RowID, domain.Domain{Name: "mine.de"}, false); err != nil {
		t.Fatal(err)
	}

	// A refused operation stores nothing, not even what revalidation would change.
	delete(cat.products, 20)
	if _, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10, MaturityID: 999}, false); !errors.Is(err, domain.ErrPeriodNotAvailable) {
		t.Fatalf("err = %v", err)
	}
	stored, _ := store.Get(ctx, "s")
	if len(stored.Items[0].Addons) != 1 || stored.Version != 2 {
		t.Errorf("stored after a refusal = %+v", stored)
	}
	// Reading revalidates and stores the cleaned cart with its notices.
	got, err := svc.GetCart(ctx)
	if err != nil || len(got.Notices) != 1 || got.Notices[0].Key != domain.KeyAddonRemoved || got.Cart.Version != 3 {
		t.Errorf("get = %+v, %v", got, err)
	}

	// The product goes too: its domain moves to the domain-only item.
	delete(cat.products, 10)
	got, err = svc.GetCart(ctx)
	if err != nil || len(got.Cart.Items) != 1 || got.Cart.Items[0].Product.ID != 90 || got.Cart.Items[0].Domains[0].Name != "mine.de" {
		t.Errorf("after the product left: %+v, %v", got, err)
	}
}

func TestSessionAndBrandAreRequired(t *testing.T) {
	svc, _, _ := newFixture()
	if _, err := svc.GetCart(context.Background()); !errors.Is(err, domain.ErrSessionRequired) {
		t.Errorf("no session: %v", err)
	}
	ctx := callctx.With(context.Background(), callctx.Values{SessionID: "s"})
	if _, err := svc.GetCart(ctx); !errors.Is(err, domain.ErrBrandRequired) {
		t.Errorf("no brand: %v", err)
	}
}

func TestCatalogOutage(t *testing.T) {
	svc, cat, _ := newFixture()
	ctx := call("s")
	if _, err := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false); err != nil {
		t.Fatal(err)
	}
	cat.down = true
	// The cart still shows, as stored; changes and prices need the catalog.
	got, err := svc.GetCart(ctx)
	if err != nil || len(got.Cart.Items) != 1 {
		t.Errorf("get while the catalog is down: %+v, %v", got, err)
	}
	if _, err := svc.RemoveItem(ctx, got.Cart.Items[0].RowID, false); apperr.Code(err) != codes.Unavailable {
		t.Errorf("remove while the catalog is down: %v", err)
	}
	if _, _, err := svc.GetPricedCart(ctx); apperr.Code(err) != codes.Unavailable {
		t.Errorf("priced view while the catalog is down: %v", err)
	}
}

func TestPricedCartDegradesWithoutPromotions(t *testing.T) {
	svc, _, _ := newFixture()
	ctx := call("s")
	res, _ := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	if _, err := svc.SetPromotions(ctx, []domain.PromotionAssignment{{Line: domain.LineRef{RowID: res.RowID, Kind: domain.LineProduct}, Code: "x"}}, false, false); err != nil {
		t.Fatal(err)
	}
	pc, _, err := svc.GetPricedCart(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// 1000 × 12 = 12000 net + backup 100 × 12; gross × 1.19.
	if !pc.PromotionsUnavailable || pc.Totals.TotalNet != 13200 || pc.Totals.TotalGross != 15708 || pc.Items[0].Product.Promotion.Applied {
		t.Errorf("priced = %+v", pc)
	}

	svc.Promotions = nil
	svc.TLDs = fakeTLDs{down: true}
	if _, err := svc.AddDomain(ctx, res.RowID, domain.Domain{Name: "any.de"}, false); err != nil {
		t.Fatalf("adding a domain while TLDs are unknown: %v", err)
	}
	if _, _, err := svc.GetPricedCart(ctx); apperr.Code(err) != codes.Unavailable {
		t.Errorf("pricing domains without TLDs: %v", err)
	}
	svc.TLDs = fakeTLDs{}
	pc, _, err = svc.GetPricedCart(ctx)
	// The domain is priced again: 100 × 12 = 1200 net, 1428 gross; it is not free with this product.
	if err != nil || pc.PromotionsUnavailable || pc.Items[0].Domains[0].Price.TotalGross != 1428 {
		t.Errorf("priced = %+v, %v", pc.Items, err)
	}
}

func TestReplaceChecksTheVersion(t *testing.T) {
	svc, _, _ := newFixture()
	ctx := call("s")
	res, _ := svc.AddProduct(ctx, domain.AddProduct{ProductID: 10}, false)
	in := res.Cart.Clone()
	in.Items = append(in.Items, domain.Item{Product: domain.ProductLine{Line: domain.Line{ID: 10}}})
	if _, err := svc.ReplaceCart(ctx, in, false, res.Cart.Version+1); !errors.Is(err, domain.ErrVersionConflict) {
		t.Errorf("stale version: %v", err)
	}
	out, err := svc.ReplaceCart(ctx, in, false, res.Cart.Version)
	if err != nil || len(out.Cart.Items) != 2 || len(out.Cart.Items[1].Addons) != 1 {
		t.Errorf("replace = %+v, %v", out, err)
	}
	in.Items = append(in.Items, domain.Item{Product: domain.ProductLine{Line: domain.Line{ID: 10}}})
	if _, err := svc.ReplaceCart(ctx, in, false, 0); !errors.Is(err, domain.ErrInvalidCart) {
		t.Errorf("qty_max 2 exceeded: %v", err)
	}
}
