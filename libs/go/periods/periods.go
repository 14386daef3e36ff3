// Package periods holds the contract-period rules of spec §4 ("Cart item rules") that the catalog
// (from-prices, listings) and the cart (new items, period changes, addons) must apply alike: which
// maturity and interval a product starts with, and when an addon's months go with the product's.
// It is pure and works on any maturity or interval type through one method, so each service keeps
// its own catalog types.
package periods

// Term is what the rules read of a maturity (contract term) or of a billing interval.
type Term struct {
	ID int32
	// Months of the contract (0: one-time purchase) or between invoices (0: any).
	Months int32
	// PriceCents is a maturity's net monthly price; intervals leave it 0.
	PriceCents int64
	// IsDefault is the catalog's default flag.
	IsDefault bool
	// Offered says a customer may choose it: an active interval, or an active maturity that has an
	// offered interval.
	Offered bool
}

// Option is a maturity or interval of a service's own catalog types.
type Option interface {
	PeriodTerm() Term
}

// AnyOffered reports whether one of the options may be chosen; a maturity is offered only when one
// of its intervals is.
func AnyOffered[O Option](options []O) bool {
	for _, o := range options {
		if o.PeriodTerm().Offered {
			return true
		}
	}
	return false
}

// DefaultMaturity is the maturity a new cart item starts with: the lowest monthly price among the
// offered maturities. Equal prices prefer the flagged default, then the shorter term, then the lower
// id, so the choice never depends on the order the catalog returns. False when none is offered.
func DefaultMaturity[M Option](maturities []M) (M, bool) {
	return best(maturities, cheaperDefault)
}

func cheaperDefault(a, b Term) bool {
	if a.PriceCents != b.PriceCents {
		return a.PriceCents < b.PriceCents
	}
	if a.IsDefault != b.IsDefault {
		return a.IsDefault
	}
	if a.Months != b.Months {
		return a.Months < b.Months
	}
	return a.ID < b.ID
}

// DefaultInterval is the billing interval a maturity starts with: the offered one flagged default,
// else the longest offered one (the lower id among equals). False when none is offered.
func DefaultInterval[I Option](intervals []I) (I, bool) {
	return best(intervals, betterDefaultInterval)
}

func betterDefaultInterval(a, b Term) bool {
	if a.IsDefault != b.IsDefault {
		return a.IsDefault
	}
	return a.Months > b.Months || (a.Months == b.Months && a.ID < b.ID)
}

// best is the offered option that no other offered one is better than; false when none is offered.
func best[O Option](options []O, better func(a, b Term) bool) (O, bool) {
	var chosen O
	var chosenTerm Term
	found := false
	for _, o := range options {
		t := o.PeriodTerm()
		if !t.Offered {
			continue
		}
		if !found || better(t, chosenTerm) {
			chosen, chosenTerm, found = o, t, true
		}
	}
	return chosen, found
}

// MaturityFits reports whether an addon's contract months go with the product's: the same months,
// or a one-time addon (0), which goes with every term.
func MaturityFits(addonMonths, productMonths int32) bool {
	return addonMonths == productMonths || addonMonths == 0
}

// IntervalFits reports whether an addon's billing interval goes with the product's: the same
// months, or either means "any" (0).
func IntervalFits(addonMonths, productMonths int32) bool {
	return addonMonths == productMonths || addonMonths == 0 || productMonths == 0
}
