package domain

import (
	"fmt"
	"slices"
	"testing"
)

func TestRevalidateRemovesWhatIsGone(t *testing.T) {
	env := testEnv()
	var c Cart
	gone := mustAdd(t, &c, env, 1011)
	stays := mustAdd(t, &c, env, 1002)
	_, _ = c.AddDomain(env, gone, Domain{Name: "blog.de"})
	_, _ = c.AddDomain(env, stays, Domain{Name: "shop.eu"})
	_ = c.AddAddon(env, AddAddon{RowID: stays, AddonID: 1204})
	_ = c.AddAddon(env, AddAddon{RowID: stays, AddonID: 1201})
	_ = c.AddUpsell(env, stays, 1301, nil)

	// The catalog no longer sells WordPress Start and the backup addon, storage lost its 24-month
	// term, SSL Premium is no upsell of Hosting M anymore, and .eu is no longer sold.
	now := testEnv()
	delete(now.Catalog, 1011)
	delete(now.Catalog, 1204)
	st := now.Catalog[1201]
	st.Maturities = st.Maturities[:2]
	now.Catalog[1201] = st
	m := now.Catalog[1002]
	m.Upsells = nil
	now.Catalog[1002] = m
	delete(now.TLDs, "eu")

	notices := c.Revalidate(now)
	want := []string{KeyProductRemoved, KeyAddonRemoved, KeyAddonRemoved, KeyUpsellRemoved, KeyDomainRemoved}
	if got := noticeKeys(notices); !slices.Equal(got, want) {
		t.Fatalf("notices = %v, want %v", got, want)
	}
	if notices[0].Params["product_id"] != "1011" || notices[0].Params["reason"] != KeyNoLongerAvailable {
		t.Errorf("product notice = %+v", notices[0])
	}
	// The domain of the removed product moved to a new domain-only item.
	if len(c.Items) != 2 || c.Items[1].Product.ID != 1043 || fmt.Sprint(domainNames(c.Items[1])) != "[blog.de]" {
		t.Fatalf("items = %+v", c.Items)
	}
	if got := addonIDs(c.Items[0]); fmt.Sprint(got) != "[1205 1210]" || len(c.Items[0].Upsells) != 0 || len(c.Items[0].Domains) != 0 {
		t.Errorf("remaining item = %+v", c.Items[0])
	}
	if again := c.Revalidate(now); len(again) != 0 {
		t.Errorf("a second revalidation found %v", again)
	}
}

func TestRevalidateResetsAGonePeriod(t *testing.T) {
	env := testEnv()
	var c Cart
	row, _, _ := c.AddProduct(env, AddProduct{ProductID: 1001, MaturityID: 100101})
	_ = c.AddAddon(env, AddAddon{RowID: row, AddonID: 1201})
	now := testEnv()
	p := now.Catalog[1001]
	p.Maturities = p.Maturities[1:] // the monthly term is gone
	now.Catalog[1001] = p
	notices := c.Revalidate(now)
	if got := noticeKeys(notices); !slices.Equal(got, []string{KeyPeriodReset}) {
		t.Fatalf("notices = %v", got)
	}
	it := c.Items[0]
	if it.Product.MaturityID != 100103 || it.Product.IntervalID != iv12.ID || it.Addons[2].MaturityID != 120103 {
		t.Errorf("after reset: %+v", it)
	}
}

func TestEmptyHiddenItemsLeave(t *testing.T) {
	env := testEnv()
	var c Cart
	mustAdd(t, &c, env, 1043)
	c.Tidy(env)
	if len(c.Items) != 0 {
		t.Errorf("an empty domain-only item stayed: %+v", c.Items)
	}
	row := mustAdd(t, &c, env, 1043)
	_, _ = c.AddDomain(env, row, Domain{Name: "only.de"})
	c.Tidy(env)
	if len(c.Items) != 1 {
		t.Fatal("a domain-only item with a domain left")
	}
	_ = c.RemoveDomain(env, "only.de")
	c.Tidy(env)
	if len(c.Items) != 0 {
		t.Error("the emptied domain-only item stayed")
	}
}
