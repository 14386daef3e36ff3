package domain

import (
	"errors"
	"fmt"
	"testing"
)

func TestAddonRules(t *testing.T) {
	type step struct {
		op      string // add, remove, cascade
		addon   int32
		wantErr error
	}
	tests := []struct {
		name       string
		product    int32
		steps      []step
		wantAddons string // addon ids of the item after the steps; "gone" when the item left
	}{
		{"plain addon", 1001, []step{{"add", 1204, nil}}, "[1205 1210 1204]"},
		{"exclusive group swaps", 1001, []step{{"add", 1201, nil}, {"add", 1202, nil}}, "[1205 1210 1202]"},
		{"inclusive partners come together", 1002, []step{{"add", 1206, nil}}, "[1205 1210 1206 1207]"},
		{"inclusive partners leave together", 1002, []step{{"add", 1207, nil}, {"remove", 1206, nil}}, "[1205 1210]"},
		{"invisible addons cannot be added", 1001, []step{{"add", 1210, ErrAddonNotAvailable}}, "[1205 1210]"},
		{"unlinked addons cannot be added", 1001, []step{{"add", 1206, ErrAddonNotAvailable}}, "[1205 1210]"},
		// 24-month hosting: the annual-only addon does not go with it.
		{"addon without a matching term", 1001, []step{{"add", 1220, ErrAddonNotAvailable}}, "[1205 1210]"},
		{"exempt addon with its own term", 1001, []step{{"add", 1209, nil}}, "[1205 1210 1209]"},
		{"non-removable addon stays", 1001, []step{{"remove", 1205, ErrAddonNotRemovable}}, "[1205 1210]"},
		{"cascade of an auto-assigned addon removes the product", 1001, []step{{"cascade", 1205, nil}}, "gone"},
		{"cascade of a removable auto-assigned addon", 1001, []step{{"cascade", 1210, nil}}, "gone"},
		{"cascade of a chosen addon removes only it", 1001, []step{{"add", 1204, nil}, {"cascade", 1204, nil}}, "[1205 1210]"},
		{"without cascade an auto-assigned addon leaves alone", 1001, []step{{"remove", 1210, nil}}, "[1205]"},
		{"removing an addon not in the item", 1001, []step{{"remove", 1204, ErrAddonNotInCart}}, "[1205 1210]"},
		{"adding an addon of quantity 1 again changes nothing", 1001, []step{{"add", 1204, nil}, {"add", 1204, nil}}, "[1205 1210 1204]"},
		{
			"quantity above 1 up to qty_max", 1021,
			[]step{{"add", 1221, nil}, {"add", 1221, nil}, {"add", 1221, nil}, {"add", 1221, nil}, {"add", 1221, ErrMaxAmount}, {"remove", 1221, nil}},
			"[1221 1221 1221]",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := testEnv()
			var c Cart
			row := mustAdd(t, &c, env, tt.product)
			for i, s := range tt.steps {
				before := c.Clone()
				var err error
				switch s.op {
				case "add":
					err = c.AddAddon(env, AddAddon{RowID: row, AddonID: s.addon})
				case "remove":
					err = c.RemoveAddon(env, row, s.addon, false)
				case "cascade":
					err = c.RemoveAddon(env, row, s.addon, true)
				}
				if !errors.Is(err, s.wantErr) || (s.wantErr == nil && err != nil) {
					t.Fatalf("step %d (%s %d): err = %v, want %v", i, s.op, s.addon, err, s.wantErr)
				}
				if err != nil && fmt.Sprint(before) != fmt.Sprint(c) {
					t.Fatalf("step %d: a refused change altered the cart", i)
				}
			}
			got := "gone"
			if it, err := c.item(row); err == nil {
				got = fmt.Sprint(addonIDs(*it))
			}
			if got != tt.wantAddons {
				t.Errorf("addons = %s, want %s", got, tt.wantAddons)
			}
		})
	}
}

func TestAddAddonAtTheProductsPeriod(t *testing.T) {
	env := testEnv()
	var c Cart
	row, _, _ := c.AddProduct(env, AddProduct{ProductID: 1002, MaturityID: 100202, IntervalID: iv6.ID})
	if err := c.AddAddon(env, AddAddon{RowID: row, AddonID: 1201}); err != nil {
		t.Fatal(err)
	}
	a := c.Items[0].Addons[len(c.Items[0].Addons)-1]
	if a.MaturityID != 120102 || a.IntervalID != iv6.ID {
		t.Errorf("storage period = %d/%d, want 120102/%d", a.MaturityID, a.IntervalID, iv6.ID)
	}
	// A maturity of other months than the product's is refused.
	if err := c.AddAddon(env, AddAddon{RowID: row, AddonID: 1204, MaturityID: 120403}); !errors.Is(err, ErrAddonNotAvailable) {
		t.Errorf("foreign maturity: %v", err)
	}
}

func TestUpsells(t *testing.T) {
	env := testEnv()
	var c Cart
	row := mustAdd(t, &c, env, 1001)
	if err := c.AddUpsell(env, row, 1301, nil); err != nil {
		t.Fatal(err)
	}
	u := c.Items[0].Upsells[0]
	// Same contract and interval months as the product (24 / 12).
	if u.MaturityID != 130103 || u.IntervalID != iv12.ID {
		t.Errorf("upsell period = %d/%d", u.MaturityID, u.IntervalID)
	}
	if err := c.AddUpsell(env, row, 1301, nil); err != nil || len(c.Items[0].Upsells) != 1 {
		t.Errorf("second add: %v, %d upsells", err, len(c.Items[0].Upsells))
	}
	if err := c.AddUpsell(env, row, 1204, nil); !errors.Is(err, ErrAddonNotAvailable) {
		t.Errorf("an addon as upsell: %v", err)
	}
	if err := c.RemoveUpsell(env, row, 1301); err != nil || len(c.Items[0].Upsells) != 0 {
		t.Errorf("remove: %v", err)
	}
	if err := c.RemoveUpsell(env, row, 1301); !errors.Is(err, ErrUpsellNotInCart) {
		t.Errorf("remove again: %v", err)
	}
}

func TestSetPeriod(t *testing.T) {
	env := testEnv()
	var c Cart
	row, _, _ := c.AddProduct(env, AddProduct{ProductID: 1001, MaturityID: 100102}) // 12 months, interval 12
	for _, id := range []int32{1201, 1209, 1220} {
		if err := c.AddAddon(env, AddAddon{RowID: row, AddonID: id}); err != nil {
			t.Fatalf("add %d: %v", id, err)
		}
	}
	if err := c.AddUpsell(env, row, 1301, nil); err != nil {
		t.Fatal(err)
	}

	// To the monthly term: interval resets to its default (1), storage and upsell are remapped,
	// the exempt premium support stays, the annual-only report leaves with a notice.
	notices, err := c.SetPeriod(env, LineRef{RowID: row, Kind: LineProduct}, 100101, 0)
	if err != nil {
		t.Fatal(err)
	}
	it := c.Items[0]
	if it.Product.MaturityID != 100101 || it.Product.IntervalID != iv1.ID {
		t.Errorf("product period = %d/%d", it.Product.MaturityID, it.Product.IntervalID)
	}
	if fmt.Sprint(addonIDs(it)) != "[1205 1210 1201 1209]" {
		t.Errorf("addons = %v", addonIDs(it))
	}
	want := map[int32][2]int32{1205: {120501, iv1.ID}, 1201: {120101, iv1.ID}, 1209: {120901, iv12.ID}}
	for _, a := range it.Addons {
		if w, ok := want[a.ID]; ok && (a.MaturityID != w[0] || a.IntervalID != w[1]) {
			t.Errorf("addon %d period = %d/%d, want %v", a.ID, a.MaturityID, a.IntervalID, w)
		}
	}
	if u := it.Upsells[0]; u.MaturityID != 130101 || u.IntervalID != iv1.ID {
		t.Errorf("upsell period = %d/%d", u.MaturityID, u.IntervalID)
	}
	if len(notices) != 1 || notices[0].Key != KeyAddonRemoved || notices[0].Params["addon_id"] != "1220" || notices[0].Params["reason"] != KeyPeriodNotSupported {
		t.Errorf("notices = %+v", notices)
	}

	// Interval only, within the 24-month term.
	if _, err := c.SetPeriod(env, LineRef{RowID: row, Kind: LineProduct}, 100103, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := c.SetPeriod(env, LineRef{RowID: row, Kind: LineProduct}, 0, iv24.ID); err != nil {
		t.Fatal(err)
	}
	if it := c.Items[0]; it.Product.MaturityID != 100103 || it.Product.IntervalID != iv24.ID || it.Addons[2].IntervalID != iv24.ID {
		t.Errorf("after interval change: %+v", it)
	}
	if _, err := c.SetPeriod(env, LineRef{RowID: row, Kind: LineProduct}, 100201, 0); !errors.Is(err, ErrPeriodNotAvailable) {
		t.Errorf("foreign maturity: %v", err)
	}
	// An exempt addon may take any of its periods; a restricted one only the product's.
	if _, err := c.SetPeriod(env, LineRef{RowID: row, Kind: LineAddon, ID: 1209}, 120901, iv1.ID); err != nil {
		t.Errorf("exempt addon interval: %v", err)
	}
	if _, err := c.SetPeriod(env, LineRef{RowID: row, Kind: LineAddon, ID: 1201}, 120101, 0); !errors.Is(err, ErrPeriodNotAvailable) {
		t.Errorf("restricted addon to another term: %v", err)
	}
}
