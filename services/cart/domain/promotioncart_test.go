package domain

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// promotedCart is Web hosting S (24 months at 4.49, billed yearly) with the daily backup, SSL
// Premium and two domains: meinshop.de (free with the product) and shop.com.
func promotedCart(t *testing.T, env Env) (Cart, string) {
	t.Helper()
	var c Cart
	row := mustAdd(t, &c, env, 1001)
	if err := c.AddAddon(env, AddAddon{RowID: row, AddonID: 1204}); err != nil {
		t.Fatal(err)
	}
	if err := c.AddUpsell(env, row, 1301, nil); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"meinshop.de", "shop.com"} {
		if _, err := c.AddDomain(env, row, Domain{Name: d}); err != nil {
			t.Fatal(err)
		}
	}
	c.Tidy(env)
	c.Items[0].Product.Promotion = "WELCOME10"
	c.Items[0].Domains[1].PromotionCode = "DOMAIN50"
	return c, row
}

func TestPromotionCartTakesPricesFromTheCatalog(t *testing.T) {
	env := testEnv()
	c, row := promotedCart(t, env)
	got := c.PromotionCart(env, true, nil, nil)
	want := PromotionCart{PricesWithVAT: true, Items: []PromotionItem{{
		RowID:   row,
		Product: PromotionLine{ID: 1001, Name: "Web hosting S", MaturityMonths: 24, PriceCents: 449, IntervalMonths: 12, VATPercent: 19, Code: "WELCOME10"},
		Addons: []PromotionLine{
			{ID: 1205, Name: "Basic DDoS protection", MaturityMonths: 24, PriceCents: 0, IntervalMonths: 12, VATPercent: 19},
			{ID: 1210, Name: "Monitoring agent", MaturityMonths: 24, PriceCents: 0, IntervalMonths: 12, VATPercent: 19},
			{ID: 1204, Name: "Daily backup", MaturityMonths: 24, PriceCents: 200, IntervalMonths: 12, VATPercent: 19},
		},
		Upsells: []PromotionLine{{ID: 1301, Name: "SSL Premium", MaturityMonths: 24, PriceCents: 290, IntervalMonths: 12, VATPercent: 19}},
		Domains: []PromotionDomain{
			{Name: "meinshop.de", TLD: "de", PriceCents: 99, VATPercent: 19, Inclusive: true},
			{Name: "shop.com", TLD: "com", PriceCents: 125, VATPercent: 19, Code: "DOMAIN50"},
		},
	}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("snapshot =\n%+v\nwant\n%+v", got, want)
	}

	// Without TLDs the domains stay out: without a price every domain code would look misplaced.
	noTLDs := env
	noTLDs.TLDs = nil
	if got := c.PromotionCart(noTLDs, true, nil, nil); len(got.Items[0].Domains) != 0 || got.Items[0].Product.PriceCents != 449 {
		t.Errorf("without TLDs: %+v", got.Items[0])
	}
	// A visitor's snapshot leaves preconfigured items out.
	c.Items[0].IsPreconfigured = true
	other := mustAdd(t, &c, env, 1002)
	if got := c.PromotionCart(env, false, env.MayChange, nil); len(got.Items) != 1 || got.Items[0].RowID != other || got.PricesWithVAT {
		t.Errorf("visitor snapshot = %+v", got)
	}
}

func TestOrphanedCodes(t *testing.T) {
	env := testEnv()
	c, row := promotedCart(t, env)
	other := mustAdd(t, &c, env, 1002)
	if err := c.AddUpsell(env, other, 1301, nil); err != nil {
		t.Fatal(err)
	}
	c.Items[1].Upsells[0].Promotion = "SSL20"
	before := c.CodeHolders()
	if len(before) != 3 {
		t.Fatalf("holders = %+v", before)
	}

	// shop.com moves to the other item with its code, the other item's upsell loses its code on
	// purpose, the product goes with its item: only WELCOME10 lost its place.
	if _, err := c.AddDomain(env, other, Domain{Name: "shop.com"}); err != nil {
		t.Fatal(err)
	}
	c.Items[1].Upsells[0].Promotion = ""
	if err := c.RemoveItem(env, row); err != nil {
		t.Fatal(err)
	}
	orphans := OrphanedCodes(before, &c)
	want := []CodeHolder{{Line: LineRef{RowID: row, Kind: LineProduct, ID: 1001}, Code: "WELCOME10"}}
	if !reflect.DeepEqual(orphans, want) {
		t.Errorf("orphans = %+v, want %+v", orphans, want)
	}
	if c.Items[0].Domains[0].PromotionCode != "DOMAIN50" {
		t.Fatalf("the moved domain lost its code: %+v", c.Items[0].Domains)
	}

	// Orphans follow the cart's items as lines without a price, on row "" that is no row.
	snap := c.PromotionCart(env, true, nil, orphans)
	last := snap.Items[len(snap.Items)-1]
	if len(snap.Items) != 2 || last.RowID != "" || last.Product != (PromotionLine{ID: 1001, Code: "WELCOME10"}) {
		t.Errorf("snapshot = %+v", snap)
	}
	domainOrphan := []CodeHolder{{Line: LineRef{Kind: LineDomain, Domain: "gone.com"}, Code: "DOMAIN50"}}
	if got := c.PromotionCart(env, true, nil, domainOrphan).Items[1].Domains; !reflect.DeepEqual(got, []PromotionDomain{{Name: "gone.com", TLD: "com", Code: "DOMAIN50"}}) {
		t.Errorf("domain orphan = %+v", got)
	}
}

func TestApplyPromotionCodes(t *testing.T) {
	env := testEnv()
	c, row := promotedCart(t, env)
	c.ApplyPromotionCodes([]PositionCode{
		{Line: LineRef{RowID: row, Kind: LineProduct, ID: 1001}, Code: "", Changed: true},
		{Line: LineRef{RowID: row, Kind: LineAddon, ID: 1204}, Index: 2, Code: "auto-backup-25", Changed: true},
		// Not where the decision saw it: the addon at index 0 is 1205.
		{Line: LineRef{RowID: row, Kind: LineAddon, ID: 1204}, Index: 0, Code: "X", Changed: true},
		{Line: LineRef{RowID: row, Kind: LineUpsell, ID: 1301}, Index: 5, Code: "X", Changed: true},
		{Line: LineRef{RowID: row, Kind: LineDomain, Domain: "shop.com"}, Index: 1, Code: "DOMAIN50"},
		{Line: LineRef{RowID: row, Kind: LineDomain, Domain: "meinshop.de"}, Index: 0, Code: "AUTO-DE-FREE", Changed: true},
		{Line: LineRef{RowID: "", Kind: LineProduct, ID: 1001}, Code: "WELCOME10", Changed: true},
	})
	it := c.Items[0]
	got := fmt.Sprint(it.Product.Promotion, "|", it.Addons[0].Promotion, "|", it.Addons[2].Promotion, "|", it.Upsells[0].Promotion, "|",
		it.Domains[0].PromotionCode, "|", it.Domains[1].PromotionCode)
	if got != "||AUTO-BACKUP-25||AUTO-DE-FREE|DOMAIN50" {
		t.Errorf("codes = %s", got)
	}
}

func TestRemovePromotionCode(t *testing.T) {
	env := testEnv()
	c, _ := promotedCart(t, env)
	c.Items[0].Addons[2].Promotion = "WELCOME10"
	if err := c.RemovePromotionCode(env, " welcome10 "); err != nil {
		t.Fatal(err)
	}
	if it := c.Items[0]; it.Product.Promotion != "" || it.Addons[2].Promotion != "" || it.Domains[1].PromotionCode != "DOMAIN50" {
		t.Errorf("item = %+v", it)
	}
	err := c.RemovePromotionCode(env, "WELCOME10")
	var pe *paramError
	if !errors.Is(err, ErrPromotionNotInCart) || !errors.As(err, &pe) || pe.Params()["code"] != "WELCOME10" {
		t.Errorf("a code the cart does not hold: %v", err)
	}
	c.Items[0].IsPreconfigured = true
	if err := c.RemovePromotionCode(env, "DOMAIN50"); !errors.Is(err, ErrPreconfiguredLocked) || c.Items[0].Domains[1].PromotionCode != "DOMAIN50" {
		t.Errorf("visitor on a preconfigured item: %v", err)
	}
	agent := env
	agent.SalesAgent = true
	if err := c.RemovePromotionCode(agent, "DOMAIN50"); err != nil || c.Items[0].Domains[1].PromotionCode != "" {
		t.Errorf("sales agent: %v", err)
	}
}

func TestRestoreCodes(t *testing.T) {
	env := testEnv()
	c, row := promotedCart(t, env)
	held := c.CodeHolders()
	in := c.Clone()
	// A visitor's replace brings codes of its own and drops one.
	in.Items[0].Product.Promotion = ""
	in.Items[0].Addons[2].Promotion = "STORAGEFREE"
	in.Items[0].Upsells[0].Promotion = "WELCOME10"
	in.Items = append(in.Items, Item{Product: ProductLine{Line: Line{ID: 1002, Promotion: "WELCOME10"}}})
	if err := c.Replace(env, in); err != nil {
		t.Fatal(err)
	}
	c.RestoreCodes(held)
	var got []string
	for _, h := range c.CodeHolders() {
		got = append(got, fmt.Sprintf("%s/%d/%s=%s", h.Line.RowID[len(h.Line.RowID)-1:], h.Line.ID, h.Line.Domain, h.Code))
	}
	if fmt.Sprint(got) != "[1/1001/=WELCOME10 1/0/shop.com=DOMAIN50]" || c.Items[0].RowID != row {
		t.Errorf("codes after the replace = %v", got)
	}
}
