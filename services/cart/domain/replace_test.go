package domain

import (
	"errors"
	"fmt"
	"testing"
)

// storedCart is a cart as a visitor builds it: Hosting S with storage and a domain, Hosting M.
func storedCart(t *testing.T, env Env) Cart {
	t.Helper()
	var c Cart
	s := mustAdd(t, &c, env, 1001)
	mustAdd(t, &c, env, 1002)
	if err := c.AddAddon(env, AddAddon{RowID: s, AddonID: 1201}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.AddDomain(env, s, Domain{Name: "shop.de"}); err != nil {
		t.Fatal(err)
	}
	c.Tidy(env)
	return c
}

func TestReplaceAcceptsAValidCart(t *testing.T) {
	env := testEnv()
	c := storedCart(t, env)
	in := c.Clone()
	// The visitor swaps storage, adds a WordPress item without row id and period, and claims a
	// free .com domain on Hosting S, which only includes .de.
	in.Items[0].Addons[2] = Line{ID: 1202}
	in.Items[0].Domains = append(in.Items[0].Domains, Domain{Name: "Shop.COM", Inclusive: true})
	in.Items = append(in.Items, Item{Product: ProductLine{Line: Line{ID: 1011, AdditionalFields: []FieldValue{{FieldID: 31, Value: "Blog"}}}}})
	if err := c.Replace(env, in); err != nil {
		t.Fatal(err)
	}
	if len(c.Items) != 3 {
		t.Fatalf("%d items", len(c.Items))
	}
	s := c.Items[0]
	if a := s.Addons[2]; a.ID != 1202 || a.MaturityID != 120203 || a.IntervalID != iv12.ID {
		t.Errorf("storage line = %+v", a)
	}
	if got := domainNames(s); fmt.Sprint(got) != "[shop.de* shop.com]" {
		t.Errorf("domains = %v", got)
	}
	wp := c.Items[2]
	if !ValidRowID(wp.RowID) || wp.Product.MaturityID != 101103 || wp.Product.IntervalID != iv12.ID {
		t.Errorf("new item = %+v", wp)
	}
	// A new item gets its auto-assigned addons (WordPress Start has none) and field keys.
	if len(wp.Addons) != 0 || wp.Product.AdditionalFields[0].FieldKey != "wp_site_title" {
		t.Errorf("new item lines = %+v", wp)
	}
}

func TestReplaceRefusesBrokenInvariants(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(in *Cart)
		first  string // the answer's message key: the first violation's
		fields []string
	}{
		{
			"qty_max + 1", func(in *Cart) {
				for range 6 {
					in.Items = append(in.Items, Item{Product: ProductLine{Line: Line{ID: 1011}}})
				}
			}, ErrMaxAmount.MessageKey(), []string{"items[7].product.id"},
		},
		{
			"duplicate domains", func(in *Cart) {
				in.Items[1].Domains = []Domain{{Name: "SHOP.de"}}
			}, KeyDuplicateDomain, []string{"items[1].domains[0].name"},
		},
		{
			"unknown product", func(in *Cart) { in.Items[1].Product.ID = 999 },
			ErrProductNotAvailable.MessageKey(), []string{"items[1].product.id"},
		},
		{
			"addon of another product", func(in *Cart) { in.Items[0].Addons = append(in.Items[0].Addons, Line{ID: 1206}) },
			ErrAddonNotAvailable.MessageKey(), []string{"items[0].addons[3]"},
		},
		{
			"addon at another term", func(in *Cart) {
				in.Items[0].Addons = append(in.Items[0].Addons, Line{ID: 1204, MaturityID: 120401, IntervalID: iv1.ID})
			}, ErrPeriodNotAvailable.MessageKey(), []string{"items[0].addons[3]"},
		},
		{
			"two of an exclusive group", func(in *Cart) { in.Items[0].Addons = append(in.Items[0].Addons, Line{ID: 1202}) },
			KeyMutuallyExclusive, []string{"items[0].addons"},
		},
		{
			"half of an inclusive group", func(in *Cart) { in.Items[1].Addons = append(in.Items[1].Addons, Line{ID: 1206}) },
			KeyMutuallyInclusive, []string{"items[1].addons"},
		},
		{
			"non-removable addon removed", func(in *Cart) { in.Items[0].Addons = in.Items[0].Addons[1:] },
			ErrAddonNotRemovable.MessageKey(), []string{"items[0].addons"},
		},
		{
			"maturity of another product", func(in *Cart) { in.Items[0].Product.MaturityID = 100201 },
			ErrPeriodNotAvailable.MessageKey(), []string{"items[0].product"},
		},
		{
			"duplicate row ids", func(in *Cart) { in.Items[1].RowID = in.Items[0].RowID },
			KeyDuplicateRowID, []string{"items[1].row_id"},
		},
		{
			"malformed row id", func(in *Cart) { in.Items[1].RowID = "../../etc" },
			KeyInvalidRowID, []string{"items[1].row_id"},
		},
		{
			"two upsells of one kind", func(in *Cart) { in.Items[0].Upsells = []Line{{ID: 1301}, {ID: 1301}} },
			ErrMaxAmount.MessageKey(), []string{"items[0].upsells[1]"},
		},
		{
			"several problems at once", func(in *Cart) {
				in.Items[0].Domains = append(in.Items[0].Domains, Domain{Name: "no domain"})
				in.Items[1].Addons = append(in.Items[1].Addons, Line{ID: 1220})
			}, ErrDomainInvalid.MessageKey(), []string{"items[0].domains[1].name", "items[1].addons[2]"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := testEnv()
			c := storedCart(t, env)
			before := c.Clone()
			in := c.Clone()
			tt.edit(&in)
			err := c.Replace(env, in)
			var ve *ViolationsError
			if !errors.As(err, &ve) || !errors.Is(err, ErrInvalidCart) {
				t.Fatalf("err = %v, want a refused cart", err)
			}
			if ve.MessageKey() != tt.first {
				t.Errorf("key = %s, want %s (%v)", ve.MessageKey(), tt.first, err)
			}
			var fields []string
			for _, v := range ve.Violations {
				fields = append(fields, v.Field)
			}
			if fmt.Sprint(fields) != fmt.Sprint(tt.fields) {
				t.Errorf("violations at %v, want %v (%v)", fields, tt.fields, err)
			}
			if fmt.Sprint(before) != fmt.Sprint(c) {
				t.Error("a refused replace changed the cart")
			}
		})
	}
}

func TestReplaceKeepsPreconfiguredItems(t *testing.T) {
	env := testEnv()
	c := storedCart(t, env)
	c.Items[0].IsPreconfigured = true
	tests := []struct {
		name string
		edit func(in *Cart)
	}{
		{"changed maturity", func(in *Cart) {
			in.Items[0].Product.MaturityID, in.Items[0].Product.IntervalID = 100101, 0
			for i := range in.Items[0].Addons {
				in.Items[0].Addons[i].MaturityID, in.Items[0].Addons[i].IntervalID = 0, 0
			}
		}},
		{"removed", func(in *Cart) { in.Items = in.Items[1:] }},
		{"unlocked", func(in *Cart) { in.Items[0].IsPreconfigured = false }},
		{"domain taken away", func(in *Cart) { in.Items[0].Domains = nil }},
		{"another item declared preconfigured", func(in *Cart) { in.Items[1].IsPreconfigured = true }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := c.Clone()
			tt.edit(&in)
			before := c.Clone()
			if err := c.Replace(env, in); !errors.Is(err, ErrPreconfiguredLocked) {
				t.Fatalf("visitor: %v", err)
			}
			if fmt.Sprint(before) != fmt.Sprint(c) {
				t.Error("refused replace changed the cart")
			}
			agent := env
			agent.SalesAgent = true
			cc := c.Clone()
			if err := cc.Replace(agent, in); err != nil {
				t.Errorf("sales agent: %v", err)
			}
		})
	}
	// Unchanged preconfigured items (derived flags aside) pass, other items may change.
	in := c.Clone()
	in.Items[0].Domains[0].Inclusive = false
	in.Items[0].Product.AdditionalFields = []FieldValue{}
	in.Items = in.Items[:1]
	if err := c.Replace(env, in); err != nil || len(c.Items) != 1 {
		t.Errorf("untouched preconfigured item: %v", err)
	}
}
