package periods

import "testing"

// interval and maturity stand for a service's catalog types: inactive ones are not offered, and a
// maturity is offered only with an offered interval, as the catalog and the cart map theirs.
type interval struct {
	id, months        int32
	active, isDefault bool
}

func (iv interval) PeriodTerm() Term {
	return Term{ID: iv.id, Months: iv.months, IsDefault: iv.isDefault, Offered: iv.active}
}

type maturity struct {
	id, months        int32
	price             int64
	active, isDefault bool
	intervals         []interval
}

func (m maturity) PeriodTerm() Term {
	return Term{ID: m.id, Months: m.months, PriceCents: m.price, IsDefault: m.isDefault, Offered: m.active && AnyOffered(m.intervals)}
}

func iv(id, months int32, active, def bool) interval {
	return interval{id: id, months: months, active: active, isDefault: def}
}

func mat(id, months int32, price int64, active bool, ivs ...interval) maturity {
	return maturity{id: id, months: months, price: price, active: active, intervals: ivs}
}

func flagged(m maturity) maturity { m.isDefault = true; return m }

// Intervals of the cart's fixture catalog: 12 months is the flagged default.
var (
	iv1  = iv(2, 1, true, false)
	iv6  = iv(3, 6, true, false)
	iv12 = iv(4, 12, true, true)
	iv24 = iv(5, 24, true, false)
)

func TestDefaultMaturity(t *testing.T) {
	tests := []struct {
		name         string
		in           []maturity
		wantMaturity int32
		wantInterval int32 // the chosen maturity's default interval
		wantOK       bool
	}{
		{"lowest price wins", []maturity{mat(1, 1, 599, true, iv(1, 1, true, false)), mat(2, 12, 499, true, iv(1, 1, true, false)), mat(3, 24, 449, true, iv(1, 1, true, false))}, 3, 1, true},
		// 449 < 499 < 699: the 24-month term; its intervals 1/12/24 with 12 flagged default.
		{"lowest price wins, flagged interval", []maturity{mat(100101, 1, 699, true, iv1), mat(100102, 12, 499, true, iv1, iv12), mat(100103, 24, 449, true, iv1, iv12, iv24)}, 100103, iv12.id, true},
		{"cheaper inactive maturity ignored", []maturity{mat(1, 1, 599, true, iv(1, 1, true, false)), mat(2, 24, 100, false, iv(1, 1, true, false))}, 1, 1, true},
		{"cheaper maturity without active interval ignored", []maturity{mat(1, 1, 599, true, iv(1, 1, true, false)), mat(2, 24, 100, true, iv(2, 3, false, false))}, 1, 1, true},
		{"a maturity without intervals is hidden", []maturity{mat(1, 12, 100, true), mat(2, 12, 900, true, iv1)}, 2, iv1.id, true},
		{"tie prefers flagged default", []maturity{mat(1, 12, 400, true, iv(1, 1, true, false)), flagged(mat(3, 24, 400, true, iv(1, 1, true, false)))}, 3, 1, true},
		{"equal prices prefer the flagged default", []maturity{mat(1, 12, 500, true, iv12), flagged(mat(2, 24, 500, true, iv24))}, 2, iv24.id, true},
		{"tie prefers shorter term", []maturity{mat(2, 24, 400, true, iv(1, 1, true, false)), mat(1, 12, 400, true, iv(1, 1, true, false))}, 1, 1, true},
		{"equal prices prefer the shorter term", []maturity{mat(1, 24, 500, true, iv24), mat(2, 12, 500, true, iv1)}, 2, iv1.id, true},
		{"equal price and term prefer the lower id", []maturity{mat(7, 12, 500, true, iv1), mat(3, 12, 500, true, iv1)}, 3, iv1.id, true},
		// No interval flagged default: the longest one.
		{"longest interval without a flag", []maturity{mat(1, 24, 500, true, iv1, iv6, iv(9, 24, true, false))}, 1, 9, true},
		{"nothing orderable", []maturity{mat(1, 1, 599, false, iv(1, 1, true, false))}, 0, 0, false},
		{"a product without any interval", []maturity{mat(1, 12, 100, true)}, 0, 0, false},
		{"empty", nil, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ok := DefaultMaturity(tt.in)
			if ok != tt.wantOK || m.id != tt.wantMaturity {
				t.Fatalf("maturity = (%d, %v), want (%d, %v)", m.id, ok, tt.wantMaturity, tt.wantOK)
			}
			if !ok {
				return
			}
			// An offered maturity always has an offered interval to start with.
			got, ok := DefaultInterval(m.intervals)
			if !ok || got.id != tt.wantInterval {
				t.Errorf("interval = (%d, %v), want %d", got.id, ok, tt.wantInterval)
			}
		})
	}
}

func TestDefaultMaturityDoesNotDependOnOrder(t *testing.T) {
	ms := []maturity{mat(1, 24, 500, true, iv1), mat(2, 12, 500, true, iv1), flagged(mat(3, 36, 500, true, iv1)), mat(4, 1, 900, true, iv1)}
	for i := range ms {
		rotated := append(append([]maturity{}, ms[i:]...), ms[:i]...)
		if got, _ := DefaultMaturity(rotated); got.id != 3 {
			t.Errorf("rotation %d: default maturity %d, want the flagged 3", i, got.id)
		}
	}
}

func TestDefaultInterval(t *testing.T) {
	tests := []struct {
		name   string
		in     []interval
		wantID int32
		wantOK bool
	}{
		{"flagged default wins over longer", []interval{iv(1, 1, true, false), iv(3, 12, true, true), iv(4, 24, true, false)}, 3, true},
		{"longest without flag", []interval{iv(1, 1, true, false), iv(4, 24, true, false), iv(3, 12, true, false)}, 4, true},
		{"equal months prefer the lower id", []interval{iv(8, 12, true, false), iv(6, 12, true, false)}, 6, true},
		{"inactive flagged default ignored", []interval{iv(1, 1, true, false), iv(3, 12, false, true), iv(2, 6, true, false)}, 2, true},
		{"inactive longest ignored", []interval{iv(1, 1, true, false), iv(4, 24, false, false)}, 1, true},
		{"one-time interval", []interval{iv(5, 0, true, false)}, 5, true},
		{"none active", []interval{iv(1, 1, false, false)}, 0, false},
		{"none", nil, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := DefaultInterval(tt.in)
			if ok != tt.wantOK || got.id != tt.wantID {
				t.Errorf("got (%d, %v), want (%d, %v)", got.id, ok, tt.wantID, tt.wantOK)
			}
		})
	}
}

func TestMonthsFit(t *testing.T) {
	tests := []struct {
		name                   string
		addon, product         int32
		wantMaturity, wantIntv bool
	}{
		{"same months", 12, 12, true, true},
		{"other months", 12, 24, false, false},
		{"one-time addon / any interval", 0, 24, true, true},
		// A product billed at "any" interval takes every addon interval, but a product's one-time
		// term does not make a 12-month addon fit.
		{"product of 0 months", 12, 0, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MaturityFits(tt.addon, tt.product); got != tt.wantMaturity {
				t.Errorf("MaturityFits(%d, %d) = %v, want %v", tt.addon, tt.product, got, tt.wantMaturity)
			}
			if got := IntervalFits(tt.addon, tt.product); got != tt.wantIntv {
				t.Errorf("IntervalFits(%d, %d) = %v, want %v", tt.addon, tt.product, got, tt.wantIntv)
			}
		})
	}
}
