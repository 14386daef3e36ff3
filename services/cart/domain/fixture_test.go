package domain

import (
	"fmt"
	"testing"
)

// A hand-made catalog shaped like Hostwerk's seed: VAT 19 %, intervals 0/1/6/12/24 months with 12
// flagged default.
var (
	iv0  = Interval{ID: 1, Months: 0, VATPercent: 19}
	iv1  = Interval{ID: 2, Months: 1, VATPercent: 19}
	iv6  = Interval{ID: 3, Months: 6, VATPercent: 19}
	iv12 = Interval{ID: 4, Months: 12, VATPercent: 19, IsDefault: true}
	iv24 = Interval{ID: 5, Months: 24, VATPercent: 19}

	storage   = Group{ID: 11, Name: "storage", Rules: []Rule{RuleMutuallyExclusive}}
	included  = Group{ID: 12, Name: "included_protection", Rules: []Rule{RuleAutoassign, RuleNonRemovable}}
	archive   = Group{ID: 13, Name: "mail_archive", Rules: []Rule{RuleMutuallyInclusive}}
	services  = Group{ID: 14, Name: "services", Rules: []Rule{RuleMaturitiesNeedNotMatch, RuleIntervalsNeedNotMatch}}
	internal  = Group{ID: 15, Name: "internal", Rules: []Rule{RuleInvisible, RuleAutoassign}}
	serverOps = Group{ID: 20, Name: "server_options"}
)

func mat(id, months, price int32, ivs ...Interval) Maturity {
	return Maturity{ID: id, Months: months, PriceCents: price, CancelationPeriod: 30, Intervals: ivs}
}

// addonProduct is an addon with the usual 1/12/24 maturities at price (24 months at price24).
func addonProduct(id int32, name string, price, price24 int32) Product {
	return Product{ID: id, Name: name, Type: TypeAddon, QtyMax: 1, Maturities: []Maturity{
		mat(id*100+1, 1, price, iv1),
		mat(id*100+2, 12, price, iv1, iv6, iv12),
		mat(id*100+3, 24, price24, iv1, iv12, iv24),
	}}
}

func link(addon int32, groups ...Group) AddonLink { return AddonLink{AddonID: addon, Groups: groups} }

func testCatalog() Catalog {
	hostingAddons := []AddonLink{
		link(1201, storage), link(1202, storage), link(1205, included), link(1204),
		link(1210, internal), link(1208, services), link(1209, services), link(1220),
	}
	products := []Product{
		{
			ID: 1001, Name: "Web hosting S", Type: "hosting", QtyMax: 10, DomainRequired: DomainOptional, DomainCapable: true,
			Attributes: map[string]string{"gtc_agreement": "true"},
			Maturities: []Maturity{mat(100101, 1, 699, iv1), mat(100102, 12, 499, iv1, iv12), mat(100103, 24, 449, iv1, iv12, iv24)},
			Addons:     hostingAddons, Upsells: []int32{1301},
			FreeTLDs: FreeTLDs{Amount: 1, TLDs: []string{"de"}},
		},
		{
			ID: 1002, Name: "Web hosting M", Type: "hosting", QtyMax: 10, DomainRequired: DomainOptional, DomainCapable: true,
			Maturities: []Maturity{mat(100201, 1, 999, iv1), mat(100202, 12, 799, iv1, iv6, iv12), mat(100203, 24, 699, iv1, iv12, iv24)},
			Addons:     append([]AddonLink{link(1206, archive), link(1207, archive)}, hostingAddons...),
			Upsells:    []int32{1301},
			FreeTLDs:   FreeTLDs{Amount: 2, TLDs: []string{"de", "com"}},
		},
		{
			ID: 1011, Name: "WordPress Start", Type: "hosting", QtyMax: 5, DomainRequired: DomainRequired, DomainCapable: true,
			Maturities: []Maturity{mat(101102, 12, 599, iv1, iv12), mat(101103, 24, 549, iv12, iv24)},
			Fields: []FieldDef{
				{ID: 31, Key: "wp_site_title", Rules: "required|string|max:10"},
				{ID: 32, Key: "wp_admin_email", Rules: "required|email", IsPostponed: true},
			},
		},
		{
			ID: 1021, Name: "Managed server M", Type: "hosting", QtyMax: 3, SMSValidation: true,
			Attributes: map[string]string{"mca_agreement": "true"},
			Maturities: []Maturity{{ID: 102101, Months: 1, PriceCents: 3990, SetupFeeCents: 9900, Intervals: []Interval{iv1}}, mat(102102, 12, 3490, iv1, iv12)},
			Addons:     []AddonLink{link(1221, serverOps)},
		},
		{ID: 1043, Name: "Domains only", Type: TypeDomainOnly, IsHidden: true, QtyMax: 1, DomainRequired: DomainRequired, Maturities: []Maturity{mat(104301, 12, 0, iv12)}},
		addonProduct(1201, "Storage +10 GB", 100, 100),
		addonProduct(1202, "Storage +50 GB", 400, 350),
		addonProduct(1204, "Daily backup", 200, 200),
		addonProduct(1205, "Basic DDoS protection", 0, 0),
		addonProduct(1206, "E-mail archiving", 300, 250),
		func() Product { p := addonProduct(1207, "Archive storage", 150, 150); p.HideInCart = true; return p }(),
		{ID: 1208, Name: "Setup service", Type: TypeAddon, QtyMax: 1, Maturities: []Maturity{{ID: 120801, Months: 0, SetupFeeCents: 4900, Intervals: []Interval{iv0}}}},
		{ID: 1209, Name: "Premium support", Type: TypeAddon, QtyMax: 1, Maturities: []Maturity{mat(120901, 12, 990, iv1, iv12)}},
		func() Product { p := addonProduct(1210, "Monitoring agent", 0, 0); p.HideInCart = true; return p }(),
		{ID: 1220, Name: "Annual report", Type: TypeAddon, QtyMax: 1, Maturities: []Maturity{mat(122001, 12, 500, iv12)},
			Fields: []FieldDef{{ID: 41, Key: "report_email", Rules: "required|email"}}},
		{ID: 1221, Name: "Additional IPv4 address", Type: TypeAddon, QtyMax: 4, Maturities: []Maturity{mat(122101, 1, 200, iv1), mat(122102, 12, 200, iv1, iv12)}},
		{ID: 1301, Name: "SSL Premium", Type: TypeUpsell, QtyMax: 1, Maturities: []Maturity{mat(130101, 1, 390, iv1), mat(130102, 12, 290, iv1, iv6, iv12), mat(130103, 24, 290, iv1, iv12, iv24)}},
	}
	c := make(Catalog, len(products))
	for _, p := range products {
		c[p.ID] = p
	}
	return c
}

func testTLDs() TLDs {
	return NewTLDs([]TLD{
		{ID: 1, Name: "de", PriceCents: 99, VATPercent: 19},
		{ID: 2, Name: "com", PriceCents: 125, VATPercent: 19},
		{ID: 3, Name: "co.uk", PriceCents: 150, SetupFeeCents: 500, VATPercent: 19},
		{ID: 4, Name: "eu", PriceCents: 83, VATPercent: 19, Fields: []FieldDef{{ID: 1, Key: "eu_country", Rules: "required|string|max:2"}}},
	})
}

// testEnv returns an environment over the test catalog whose row ids count up: row id n is
// "r" followed by n in base 10, padded with zeros to 32 characters.
func testEnv() Env {
	cat := testCatalog()
	only := cat[1043]
	n := 0
	return Env{Catalog: cat, TLDs: testTLDs(), DomainOnly: &only, NewRowID: func() string {
		n++
		return rowID(n)
	}}
}

func rowID(n int) string { return fmt.Sprintf("r%031d", n) }

// mustAdd adds a product with its defaults and returns its row id.
func mustAdd(t *testing.T, c *Cart, env Env, productID int32) string {
	t.Helper()
	row, _, err := c.AddProduct(env, AddProduct{ProductID: productID})
	if err != nil {
		t.Fatalf("add product %d: %v", productID, err)
	}
	return row
}

func addonIDs(it Item) []int32 {
	var ids []int32
	for _, a := range it.Addons {
		ids = append(ids, a.ID)
	}
	return ids
}

func domainNames(it Item) []string {
	var out []string
	for _, d := range it.Domains {
		name := d.Name
		if d.Inclusive {
			name += "*"
		}
		out = append(out, name)
	}
	return out
}

func noticeKeys(ns []Notice) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Key)
	}
	return out
}
