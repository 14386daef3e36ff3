package domain

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/hostcart/checkout/libs/go/apperr"
)

func TestAddProductDefaultsAndAutoassign(t *testing.T) {
	env := testEnv()
	var c Cart
	row, _, err := c.AddProduct(env, AddProduct{ProductID: 1001, Informations: map[string]string{" webcard_demo_reference ": " abc "}})
	if err != nil {
		t.Fatal(err)
	}
	if !ValidRowID(row) || len(c.Items) != 1 {
		t.Fatalf("row %q, items %d", row, len(c.Items))
	}
	it := c.Items[0]
	// Cheapest term (24 months at 449) with its default interval (12, flagged).
	if it.Product.MaturityID != 100103 || it.Product.IntervalID != iv12.ID {
		t.Errorf("period = %d/%d, want 100103/%d", it.Product.MaturityID, it.Product.IntervalID, iv12.ID)
	}
	// Auto-assigned: the non-removable protection and the invisible monitoring agent.
	if got := addonIDs(it); fmt.Sprint(got) != "[1205 1210]" {
		t.Errorf("auto-assigned addons = %v, want [1205 1210]", got)
	}
	if it.Addons[0].MaturityID != 120503 || it.Addons[0].IntervalID != iv12.ID {
		t.Errorf("auto-assigned addon period = %+v", it.Addons[0])
	}
	if it.Product.Informations["webcard_demo_reference"] != "abc" {
		t.Errorf("informations = %v", it.Product.Informations)
	}

	row2, _, err := c.AddProduct(env, AddProduct{ProductID: 1001, MaturityID: 100101})
	if err != nil {
		t.Fatal(err)
	}
	if row2 == row || c.Items[1].Product.IntervalID != iv1.ID {
		t.Errorf("second item %q with interval %d", row2, c.Items[1].Product.IntervalID)
	}
}

func TestAddProductRefusals(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(c *Cart, env Env)
		req     AddProduct
		want    error
		params  map[string]string
	}{
		{"unknown product", nil, AddProduct{ProductID: 4711}, ErrProductNotAvailable, map[string]string{"product_id": "4711"}},
		{"an addon is no item of its own", nil, AddProduct{ProductID: 1201}, ErrProductNotAvailable, nil},
		{"maturity of another product", nil, AddProduct{ProductID: 1001, MaturityID: 100201}, ErrPeriodNotAvailable, nil},
		{"interval the maturity lacks", nil, AddProduct{ProductID: 1001, MaturityID: 100101, IntervalID: iv12.ID}, ErrPeriodNotAvailable, nil},
		{
			"qty_max reached", func(c *Cart, env Env) {
				for range 5 {
					_, _, _ = c.AddProduct(env, AddProduct{ProductID: 1011})
				}
			}, AddProduct{ProductID: 1011}, ErrMaxAmount,
			map[string]string{"product_id": "1011", "name": "WordPress Start", "qty_max": "5"},
		},
		{"unknown field", nil, AddProduct{ProductID: 1011, Fields: []FieldValue{{FieldID: 99, Value: "x"}}}, ErrUnknownField, nil},
		{"field breaking its rules", nil, AddProduct{ProductID: 1011, Fields: []FieldValue{{FieldID: 31, Value: "a title far too long"}}}, ErrInvalidFields, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := testEnv()
			var c Cart
			if tt.prepare != nil {
				tt.prepare(&c, env)
			}
			before := c.Clone()
			_, _, err := c.AddProduct(env, tt.req)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if len(c.Items) != len(before.Items) {
				t.Errorf("a refused add changed the cart: %d items, had %d", len(c.Items), len(before.Items))
			}
			if tt.params != nil {
				var pc apperr.ParamCarrier
				if !errors.As(err, &pc) || fmt.Sprint(pc.Params()) != fmt.Sprint(tt.params) {
					t.Errorf("params = %v, want %v", pc, tt.params)
				}
			}
		})
	}
}

func TestAddProductStoresValidFields(t *testing.T) {
	env := testEnv()
	var c Cart
	_, _, err := c.AddProduct(env, AddProduct{ProductID: 1011, Fields: []FieldValue{{FieldID: 31, Value: "  My blog "}, {FieldID: 32, Value: ""}}})
	if err != nil {
		t.Fatal(err)
	}
	got := c.Items[0].Product.AdditionalFields
	if len(got) != 2 || got[0] != (FieldValue{FieldID: 31, FieldKey: "wp_site_title", Value: "My blog"}) || got[1].Value != "" {
		t.Errorf("fields = %+v", got)
	}
}

func TestDomainOnlyItemsMerge(t *testing.T) {
	env := testEnv()
	var c Cart
	first := mustAdd(t, &c, env, 1043)
	if _, err := c.AddDomain(env, first, Domain{Name: "one.de"}); err != nil {
		t.Fatal(err)
	}
	// qty_max 1 does not apply: the second add lands in the same item.
	second, _, err := c.AddProduct(env, AddProduct{ProductID: 1043})
	if err != nil || second != first || len(c.Items) != 1 {
		t.Fatalf("second domain-only add: row %q (first %q), %d items, %v", second, first, len(c.Items), err)
	}
}

func TestDomainsMoveToTheChosenProduct(t *testing.T) {
	env := testEnv()
	var c Cart
	tmp := mustAdd(t, &c, env, 1043)
	for _, d := range []string{"mine.de", "mine.com"} {
		if _, err := c.AddDomain(env, tmp, Domain{Name: d}); err != nil {
			t.Fatal(err)
		}
	}
	row, _, err := c.AddProduct(env, AddProduct{ProductID: 1002, DomainsFromRowID: tmp})
	if err != nil {
		t.Fatal(err)
	}
	c.Tidy(env)
	if len(c.Items) != 1 || c.Items[0].RowID != row {
		t.Fatalf("the emptied domain-only item stayed: %+v", c.Items)
	}
	// Hosting M includes two domains of .de and .com.
	if got := domainNames(c.Items[0]); fmt.Sprint(got) != "[mine.de* mine.com*]" {
		t.Errorf("domains = %v", got)
	}

	// A product that takes no domains leaves them where they are.
	var c2 Cart
	tmp2 := mustAdd(t, &c2, env, 1043)
	_, _ = c2.AddDomain(env, tmp2, Domain{Name: "keep.de"})
	if _, _, err := c2.AddProduct(env, AddProduct{ProductID: 1021, DomainsFromRowID: tmp2}); err != nil {
		t.Fatal(err)
	}
	c2.Tidy(env)
	if len(c2.Items) != 2 || len(c2.Items[0].Domains) != 1 {
		t.Errorf("domains moved to a server: %+v", c2.Items)
	}
}

func TestRemoveItemCascadesAndClear(t *testing.T) {
	env := testEnv()
	var c Cart
	a := mustAdd(t, &c, env, 1001)
	b := mustAdd(t, &c, env, 1002)
	_, _ = c.AddDomain(env, a, Domain{Name: "shop.de"})
	if err := c.AddUpsell(env, a, 1301, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.RemoveItem(env, a); err != nil {
		t.Fatal(err)
	}
	if len(c.Items) != 1 || c.Items[0].RowID != b || c.HasDomains() {
		t.Errorf("after removal: %+v", c.Items)
	}
	if err := c.RemoveItem(env, a); !errors.Is(err, ErrItemNotFound) {
		t.Errorf("second removal: %v", err)
	}
	if err := c.Clear(env); err != nil || len(c.Items) != 0 {
		t.Errorf("clear: %v, %d items", err, len(c.Items))
	}
}

func TestPreconfiguredItemsNeedASalesAgent(t *testing.T) {
	env := testEnv()
	var c Cart
	row := mustAdd(t, &c, env, 1001)
	other := mustAdd(t, &c, env, 1002)
	_, _ = c.AddDomain(env, other, Domain{Name: "agent.de"})
	c.Items[0].IsPreconfigured = true

	ops := map[string]func(Env) error{
		"remove item":  func(e Env) error { return c.RemoveItem(e, row) },
		"add addon":    func(e Env) error { return c.AddAddon(e, AddAddon{RowID: row, AddonID: 1201}) },
		"remove addon": func(e Env) error { return c.RemoveAddon(e, row, 1210, false) },
		"add upsell":   func(e Env) error { return c.AddUpsell(e, row, 1301, nil) },
		"set period": func(e Env) error {
			_, err := c.SetPeriod(e, LineRef{RowID: row, Kind: LineProduct}, 100101, 0)
			return err
		},
		"add domain":    func(e Env) error { _, err := c.AddDomain(e, row, Domain{Name: "x.de"}); return err },
		"take a domain": func(e Env) error { _, err := c.AddDomain(e, other, Domain{Name: "x.de"}); return err },
		"set fields":    func(e Env) error { return c.SetFields(e, LineRef{RowID: row, Kind: LineProduct}, nil) },
		"set promotions": func(e Env) error {
			return c.SetPromotions(e, []PromotionAssignment{{Line: LineRef{RowID: row, Kind: LineProduct}, Code: "X"}}, false)
		},
		"clear": func(e Env) error { return c.Clear(e) },
	}
	for name, op := range ops {
		t.Run(name, func(t *testing.T) {
			if name == "take a domain" {
				// The domain sits in the preconfigured item first.
				agent := env
				agent.SalesAgent = true
				if _, err := c.AddDomain(agent, row, Domain{Name: "x.de"}); err != nil {
					t.Fatal(err)
				}
			}
			before := c.Clone()
			err := op(env)
			if !errors.Is(err, ErrPreconfiguredLocked) || apperr.Code(err).String() != "PermissionDenied" {
				t.Fatalf("visitor: %v", err)
			}
			if fmt.Sprint(before) != fmt.Sprint(c.Clone()) {
				t.Error("a refused change altered the cart")
			}
		})
	}
	agent := env
	agent.SalesAgent = true
	if err := c.AddAddon(agent, AddAddon{RowID: row, AddonID: 1201}); err != nil {
		t.Errorf("sales agent: %v", err)
	}
	if _, err := c.SetPeriod(agent, LineRef{RowID: row, Kind: LineProduct}, 100101, 0); err != nil {
		t.Errorf("sales agent: %v", err)
	}
	if err := c.RemoveItem(agent, row); err != nil || slices.ContainsFunc(c.Items, func(it Item) bool { return it.RowID == row }) {
		t.Errorf("sales agent removal: %v", err)
	}
}
