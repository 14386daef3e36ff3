package periods

import (
	"slices"
	"testing"

	"github.com/hostcart/checkout/libs/go/testvectors"
)

// periodVectors is libs/testvectors/periods.json, the contract with the browser's period rules
// (frontend/libs/shared/util-periods), which runs the same file. Terms are written as the catalog
// API writes them: a maturity is offered when it is active and has an active interval.
type periodVectors struct {
	DefaultMaturity []struct {
		Name       string         `json:"name"`
		Maturities []jsonMaturity `json:"maturities"`
		Want       int32          `json:"want"`
	} `json:"default_maturity"`
	DefaultInterval []struct {
		Name      string         `json:"name"`
		Intervals []jsonInterval `json:"intervals"`
		Want      int32          `json:"want"`
	} `json:"default_interval"`
	MaturityFits   []fitsVector `json:"maturity_fits"`
	IntervalFits   []fitsVector `json:"interval_fits"`
	AddonAvailable []struct {
		Name string `json:"name"`
		Link struct {
			IsPromoted bool     `json:"is_promoted"`
			Rules      []string `json:"rules"`
		} `json:"link"`
		Maturities []jsonMaturity `json:"maturities"`
		Product    Months         `json:"product"`
		Available  bool           `json:"available"`
	} `json:"addon_available"`
}

type fitsVector struct {
	Addon   int32 `json:"addon"`
	Product int32 `json:"product"`
	Fits    bool  `json:"fits"`
}

type jsonInterval struct {
	ID        int32 `json:"id"`
	Months    int32 `json:"months"`
	IsActive  bool  `json:"is_active"`
	IsDefault bool  `json:"is_default"`
}

func (i jsonInterval) PeriodTerm() Term {
	return Term{ID: i.ID, Months: i.Months, IsDefault: i.IsDefault, Offered: i.IsActive}
}

type jsonMaturity struct {
	ID         int32          `json:"id"`
	Months     int32          `json:"months"`
	PriceCents int64          `json:"price_cents"`
	IsActive   bool           `json:"is_active"`
	IsDefault  bool           `json:"is_default"`
	Intervals  []jsonInterval `json:"payment_intervals"`
}

func (m jsonMaturity) PeriodTerm() Term {
	return Term{ID: m.ID, Months: m.Months, PriceCents: m.PriceCents, IsDefault: m.IsDefault, Offered: m.IsActive && AnyOffered(m.Intervals)}
}

// offeredMonths lists the periods the addon offers: every active interval of every offered maturity.
func offeredMonths(maturities []jsonMaturity) []Months {
	var out []Months
	for _, m := range maturities {
		if !m.PeriodTerm().Offered {
			continue
		}
		for _, iv := range m.Intervals {
			if iv.IsActive {
				out = append(out, Months{Maturity: m.Months, Interval: iv.Months})
			}
		}
	}
	return out
}

func TestVectors(t *testing.T) {
	v := testvectors.Read[periodVectors](t, "periods.json")
	if len(v.DefaultMaturity) == 0 || len(v.DefaultInterval) == 0 || len(v.MaturityFits) == 0 || len(v.IntervalFits) == 0 || len(v.AddonAvailable) == 0 {
		t.Fatal("a section of periods.json is empty")
	}
	for _, c := range v.DefaultMaturity {
		got, ok := DefaultMaturity(c.Maturities)
		if id := map[bool]int32{true: got.ID}[ok]; id != c.Want {
			t.Errorf("default maturity, %s: %d, want %d", c.Name, id, c.Want)
		}
	}
	for _, c := range v.DefaultInterval {
		got, ok := DefaultInterval(c.Intervals)
		if id := map[bool]int32{true: got.ID}[ok]; id != c.Want {
			t.Errorf("default interval, %s: %d, want %d", c.Name, id, c.Want)
		}
	}
	for _, c := range v.MaturityFits {
		if got := MaturityFits(c.Addon, c.Product); got != c.Fits {
			t.Errorf("MaturityFits(%d, %d) = %v, want %v", c.Addon, c.Product, got, c.Fits)
		}
	}
	for _, c := range v.IntervalFits {
		if got := IntervalFits(c.Addon, c.Product); got != c.Fits {
			t.Errorf("IntervalFits(%d, %d) = %v, want %v", c.Addon, c.Product, got, c.Fits)
		}
	}
	for _, c := range v.AddonAvailable {
		link := Link{Promoted: c.Link.IsPromoted, Invisible: slices.Contains(c.Link.Rules, "invisible"),
			MaturitiesNeedNotMatch: slices.Contains(c.Link.Rules, "maturities_need_not_match"),
			IntervalsNeedNotMatch:  slices.Contains(c.Link.Rules, "intervals_need_not_match")}
		if got := AddonAvailable(link, offeredMonths(c.Maturities), c.Product); got != c.Available {
			t.Errorf("addon available, %s: %v, want %v", c.Name, got, c.Available)
		}
	}
}
