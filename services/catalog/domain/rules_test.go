package domain

import (
	"reflect"
	"slices"
	"testing"
)

func iv(id, months int32, active, def bool) Interval {
	return Interval{ID: id, Months: months, VATPercent: 19, IsActive: active, IsDefault: def}
}

func mat(id, months int32, price int64, active bool, ivs ...Interval) Maturity {
	return Maturity{ID: id, Months: months, PriceCents: price, IsActive: active, Intervals: ivs}
}

func maturityIDs(ms []Maturity) []int32 {
	ids := []int32{}
	for _, m := range ms {
		ids = append(ids, m.ID)
	}
	return ids
}

func TestOrderableMaturities(t *testing.T) {
	tests := []struct {
		name string
		in   []Maturity
		want []int32
	}{
		{"inactive maturity hidden", []Maturity{mat(1, 1, 500, false, iv(1, 1, true, false)), mat(2, 12, 400, true, iv(1, 1, true, false))}, []int32{2}},
		{"maturity without active interval hidden", []Maturity{mat(1, 1, 500, true, iv(9, 3, false, false)), mat(2, 12, 400, true, iv(1, 1, true, false))}, []int32{2}},
		{"maturity without intervals hidden", []Maturity{mat(1, 1, 500, true)}, []int32{}},
		{"all kept", []Maturity{mat(1, 1, 500, true, iv(1, 1, true, false)), mat(2, 12, 400, true, iv(1, 1, true, false))}, []int32{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := maturityIDs(OrderableMaturities(tt.in)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestOrderableMaturitiesDropsInactiveIntervals(t *testing.T) {
	got := OrderableMaturities([]Maturity{mat(1, 12, 400, true, iv(1, 1, true, false), iv(2, 3, false, false), iv(3, 12, true, false))})
	if len(got) != 1 || len(got[0].Intervals) != 2 || got[0].Intervals[1].ID != 3 {
		t.Fatalf("got %+v, want maturity 1 with intervals 1 and 3", got)
	}
}

// The default rules themselves are table-tested in libs/go/periods; these cases check that the
// catalog's inactive maturities and intervals never reach them as choices.
func TestDefaultPeriod(t *testing.T) {
	tests := []struct {
		name         string
		in           []Maturity
		wantMaturity int32
		wantInterval int32
		wantOK       bool
	}{
		{"lowest price wins", []Maturity{mat(1, 1, 599, true, iv(1, 1, true, false)), mat(2, 12, 499, true, iv(1, 1, true, false))}, 2, 1, true},
		{"cheaper inactive maturity ignored", []Maturity{mat(1, 1, 599, true, iv(1, 1, true, false)), mat(2, 24, 100, false, iv(1, 1, true, false))}, 1, 1, true},
		{"cheaper maturity without active interval ignored", []Maturity{mat(1, 1, 599, true, iv(1, 1, true, false)), mat(2, 24, 100, true, iv(2, 3, false, false))}, 1, 1, true},
		{"flagged default interval wins over longer", []Maturity{mat(1, 12, 400, true, iv(1, 1, true, false), iv(3, 12, true, true), iv(4, 24, true, false))}, 1, 3, true},
		{"inactive flagged default interval ignored", []Maturity{mat(1, 12, 400, true, iv(1, 1, true, false), iv(3, 12, false, true), iv(2, 6, true, false))}, 1, 2, true},
		{"inactive longest interval ignored", []Maturity{mat(1, 12, 400, true, iv(1, 1, true, false), iv(4, 24, false, false))}, 1, 1, true},
		{"nothing orderable", []Maturity{mat(1, 1, 599, false, iv(1, 1, true, false))}, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := DefaultMaturity(tt.in)
			if ok != tt.wantOK || m.ID != tt.wantMaturity {
				t.Fatalf("maturity = (%d, %v), want (%d, %v)", m.ID, ok, tt.wantMaturity, tt.wantOK)
			}
			for _, i := range m.Intervals {
				if !i.IsActive {
					t.Errorf("default maturity carries inactive interval %d", i.ID)
				}
			}
			if !ok {
				return
			}
			// Asked on the maturity as stored, with its inactive intervals: they are never chosen.
			stored := tt.in[slices.IndexFunc(tt.in, func(s Maturity) bool { return s.ID == m.ID })]
			if got, _ := DefaultInterval(stored); got.ID != tt.wantInterval {
				t.Errorf("interval = %d, want %d", got.ID, tt.wantInterval)
			}
		})
	}
	if _, ok := DefaultInterval(Maturity{Intervals: []Interval{iv(1, 1, false, false)}}); ok {
		t.Error("a maturity without an active interval has a default interval")
	}
}

func TestComputeFromPrice(t *testing.T) {
	at := Interval{ID: 7, Months: 12, VATPercent: 20, IsActive: true}
	tests := []struct {
		name string
		p    Product
		want *FromPrice
	}{
		{
			name: "cheapest maturity with its default interval's VAT",
			p: Product{IsActive: true, Maturities: []Maturity{
				mat(1, 1, 699, true, iv(1, 1, true, false)),
				{ID: 2, Months: 12, PriceCents: 499, SetupFeeCents: 900, IsActive: true, Intervals: []Interval{iv(1, 1, true, false), at}},
			}},
			// 499 * 1.20 = 598.8
			want: &FromPrice{NetCents: 499, GrossCents: 599, VATPercent: 20, MaturityMonths: 12, SetupFeeCents: 900},
		},
		{
			name: "19 % rounds half up",
			p:    Product{IsActive: true, Maturities: []Maturity{mat(1, 1, 50, true, iv(1, 1, true, false))}},
			want: &FromPrice{NetCents: 50, GrossCents: 60, VATPercent: 19, MaturityMonths: 1},
		},
		{
			name: "nothing orderable",
			p:    Product{IsActive: true, Maturities: []Maturity{mat(1, 1, 50, false, iv(1, 1, true, false))}},
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ComputeFromPrice(tt.p); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestSelectProducts(t *testing.T) {
	ok := []Maturity{mat(1, 12, 499, true, iv(1, 12, true, false)), mat(2, 1, 599, false, iv(1, 1, true, false))}
	products := []Product{
		{ID: 1, IsActive: true, CategorySlug: "webhosting", DomainCapable: true, Maturities: ok},
		{ID: 2, IsActive: true, CategorySlug: "webhosting", Maturities: ok},
		{ID: 3, IsActive: true, CategorySlug: "webhosting", IsHidden: true, DomainCapable: true, Maturities: ok},
		{ID: 4, IsActive: false, CategorySlug: "webhosting", Maturities: ok},
		{ID: 5, IsActive: true, CategorySlug: "webhosting", Maturities: []Maturity{mat(9, 1, 1, false, iv(1, 1, true, false))}},
		{ID: 6, IsActive: true, CategorySlug: "ssl", Maturities: ok},
	}
	tests := []struct {
		name string
		q    ProductQuery
		want []int32
	}{
		{"default hides hidden, inactive and unorderable", ProductQuery{}, []int32{1, 2, 6}},
		{"include hidden", ProductQuery{IncludeHidden: true}, []int32{1, 2, 3, 6}},
		{"by category", ProductQuery{CategorySlug: "ssl"}, []int32{6}},
		{"domain capable only", ProductQuery{DomainCapableOnly: true}, []int32{1}},
		{"domain capable including hidden", ProductQuery{DomainCapableOnly: true, IncludeHidden: true}, []int32{1, 3}},
		{"by ids", ProductQuery{IDs: []int32{2, 4, 6}}, []int32{2, 6}},
		{"unknown category", ProductQuery{CategorySlug: "nope"}, []int32{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SelectProducts(products, tt.q)
			ids := []int32{}
			for _, p := range got {
				ids = append(ids, p.ID)
				if p.FromPrice == nil {
					t.Errorf("product %d listed without from-price", p.ID)
				}
				if len(p.Maturities) != 1 {
					t.Errorf("product %d lists %d maturities, want only the active one", p.ID, len(p.Maturities))
				}
			}
			if !reflect.DeepEqual(ids, tt.want) {
				t.Errorf("got %v, want %v", ids, tt.want)
			}
		})
	}
}

func TestCategoryRules(t *testing.T) {
	ok := []Maturity{mat(1, 12, 499, true, iv(1, 12, true, false))}
	categories := []Category{
		{ID: 1, Slug: "webhosting", IsVisible: true},
		{ID: 2, Slug: "ssl", IsVisible: true},
		{ID: 3, Slug: "domains", IsVisible: true},
		{ID: 4, Slug: "addons", IsAddon: true},
		{ID: 5, Slug: "legacy", IsVisible: true},
	}
	products := []Product{
		{ID: 1, CategoryID: 1, IsActive: true, DomainCapable: true, Maturities: ok},
		{ID: 2, CategoryID: 2, IsActive: true, Maturities: ok},
		{ID: 3, CategoryID: 3, IsActive: true, DomainCapable: true, IsHidden: true, Maturities: ok},
		{ID: 4, CategoryID: 4, IsActive: true, DomainCapable: true, Maturities: ok},
		{ID: 5, CategoryID: 5, IsActive: false, DomainCapable: true, Maturities: ok},
	}
	marked := MarkDomainCapable(categories, products)
	wantCapable := map[int32]bool{1: true, 4: true}
	for _, c := range marked {
		if c.DomainCapable != wantCapable[c.ID] {
			t.Errorf("category %s domain capable = %v, want %v", c.Slug, c.DomainCapable, wantCapable[c.ID])
		}
	}
	tests := []struct {
		name          string
		domainCapable bool
		want          []string
	}{
		{"visible tiles", false, []string{"webhosting", "ssl", "domains", "legacy"}},
		{"domain search", true, []string{"webhosting"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			slugs := []string{}
			for _, c := range VisibleCategories(marked, tt.domainCapable) {
				slugs = append(slugs, c.Slug)
			}
			if !reflect.DeepEqual(slugs, tt.want) {
				t.Errorf("got %v, want %v", slugs, tt.want)
			}
		})
	}
}

func TestAddonRules(t *testing.T) {
	link := ProductAddon{Groups: []AddonGroup{{Rules: []string{RuleMutuallyExclusive}}, {Rules: []string{RuleAutoassign, RuleNonRemovable}}}}
	tests := []struct {
		rule string
		want bool
	}{
		{RuleMutuallyExclusive, true},
		{RuleNonRemovable, true},
		{RuleInvisible, false},
	}
	for _, tt := range tests {
		if got := link.HasRule(tt.rule); got != tt.want {
			t.Errorf("HasRule(%q) = %v, want %v", tt.rule, got, tt.want)
		}
	}
}
