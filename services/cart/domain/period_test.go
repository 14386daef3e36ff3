package domain

import "testing"

// The default rules themselves are table-tested in libs/go/periods; these cases check that the
// cart's types reach them as the catalog sends them and that ProductPeriod resolves asked ids.
func TestProductPeriod(t *testing.T) {
	tests := []struct {
		name                   string
		maturities             []Maturity
		askMaturity, askIntval int32
		wantMaturity           int32
		wantInterval           int32
	}{
		// 449 < 499 < 699: the 24-month term; its intervals 1/12/24 with 12 flagged default.
		{"default maturity and flagged interval", testCatalog()[1001].Maturities, 0, 0, 100103, iv12.ID},
		{"equal prices prefer the flagged default", []Maturity{mat(1, 12, 500, iv12), func() Maturity { m := mat(2, 24, 500, iv24); m.IsDefault = true; return m }()}, 0, 0, 2, iv24.ID},
		{"a maturity without intervals is hidden", []Maturity{mat(1, 12, 100), mat(2, 12, 900, iv1)}, 0, 0, 2, iv1.ID},
		{"asked maturity with its default interval", testCatalog()[1001].Maturities, 100102, 0, 100102, iv12.ID},
		{"asked maturity and interval", testCatalog()[1001].Maturities, 100103, iv24.ID, 100103, iv24.ID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			per, ok := ProductPeriod(Product{Maturities: tt.maturities}, tt.askMaturity, tt.askIntval)
			if !ok || per.Maturity.ID != tt.wantMaturity || per.Interval.ID != tt.wantInterval {
				t.Errorf("period = %d/%d (%v), want %d/%d", per.Maturity.ID, per.Interval.ID, ok, tt.wantMaturity, tt.wantInterval)
			}
		})
	}
	if _, ok := ProductPeriod(Product{Maturities: []Maturity{mat(1, 12, 100)}}, 0, 0); ok {
		t.Error("a product without any interval has a period")
	}
	if _, ok := ProductPeriod(testCatalog()[1001], 100101, iv12.ID); ok {
		t.Error("the monthly term accepted the yearly interval it does not offer")
	}
	if _, ok := ProductPeriod(testCatalog()[1001], 999, 0); ok {
		t.Error("a maturity of another product was accepted")
	}
}

func TestAddonPeriod(t *testing.T) {
	cat := testCatalog()
	hosting := cat[1001]
	period := func(maturityID, intervalID int32) Period {
		p, ok := ProductPeriod(cat[1002], maturityID, intervalID)
		if !ok {
			t.Fatalf("no period %d/%d", maturityID, intervalID)
		}
		return p
	}
	l := func(id int32) AddonLink { lk, _ := hosting.Link(id); return lk }
	tests := []struct {
		name                   string
		addon                  int32
		link                   AddonLink
		parent                 Period
		askMaturity, askIntval int32
		want                   [2]int32 // maturity, interval; zero when not available
	}{
		{"same months and interval", 1201, l(1201), period(100203, iv12.ID), 0, 0, [2]int32{120103, iv12.ID}},
		{"monthly product", 1201, l(1201), period(100201, iv1.ID), 0, 0, [2]int32{120101, iv1.ID}},
		{"half-yearly interval", 1201, l(1201), period(100202, iv6.ID), 0, 0, [2]int32{120102, iv6.ID}},
		// One-time addons go with every term, their interval 0 with every interval.
		{"one-time addon", 1208, l(1208), period(100203, iv24.ID), 0, 0, [2]int32{120801, iv0.ID}},
		// Premium support only has 12 months; exempt from both rules it takes its defaults.
		{"exempt addon keeps its own term", 1209, l(1209), period(100203, iv24.ID), 0, 0, [2]int32{120901, iv12.ID}},
		{"the same addon without exemption", 1209, AddonLink{AddonID: 1209}, period(100203, iv24.ID), 0, 0, [2]int32{}},
		{"annual-only addon on a monthly product", 1220, l(1220), period(100201, iv1.ID), 0, 0, [2]int32{}},
		{"promoted annual-only addon on a monthly product", 1220, AddonLink{AddonID: 1220, IsPromoted: true}, period(100201, iv1.ID), 0, 0, [2]int32{122001, iv12.ID}},
		{"annual-only addon on a yearly product", 1220, l(1220), period(100202, iv12.ID), 0, 0, [2]int32{122001, iv12.ID}},
		{"asked interval of other months", 1201, l(1201), period(100203, iv12.ID), 120103, iv24.ID, [2]int32{}},
		{"asked maturity and interval that fit", 1201, l(1201), period(100203, iv12.ID), 120103, iv12.ID, [2]int32{120103, iv12.ID}},
		{"asked maturity of other months", 1201, l(1201), period(100203, iv12.ID), 120101, 0, [2]int32{}},
		{"upsell with the product's months", 1301, AddonLink{}, period(100203, iv24.ID), 0, 0, [2]int32{130103, iv24.ID}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			per, ok := AddonPeriod(cat[tt.addon], tt.link, tt.parent, tt.askMaturity, tt.askIntval)
			got := [2]int32{}
			if ok {
				got = [2]int32{per.Maturity.ID, per.Interval.ID}
			}
			if got != tt.want {
				t.Errorf("AddonPeriod = %v (ok %v), want %v", got, ok, tt.want)
			}
			if ok && !LineFits(cat[tt.addon], tt.link, tt.parent, got[0], got[1]) {
				t.Errorf("the chosen period %v does not fit by LineFits", got)
			}
		})
	}
}
