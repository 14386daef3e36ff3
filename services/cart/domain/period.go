package domain

import "github.com/hostcart/checkout/libs/go/periods"

// Period is the maturity and interval a line is contracted with.
type Period struct {
	Maturity Maturity
	Interval Interval
}

// PeriodTerm is what the shared default rules (libs/go/periods) read of a maturity: the catalog
// sends only active maturities and intervals, so a maturity is offered when it has an interval.
func (m Maturity) PeriodTerm() periods.Term {
	return periods.Term{ID: m.ID, Months: m.Months, PriceCents: int64(m.PriceCents), IsDefault: m.IsDefault, Offered: len(m.Intervals) > 0}
}

// PeriodTerm is what the shared default rules read of an interval; every one the catalog sends is
// active.
func (iv Interval) PeriodTerm() periods.Term {
	return periods.Term{ID: iv.ID, Months: iv.Months, IsDefault: iv.IsDefault, Offered: true}
}

// ProductPeriod resolves the period a product is ordered with: maturityID 0 is the default
// maturity, intervalID 0 that maturity's default interval (spec §4, libs/go/periods). False when
// the ids do not belong to the product (or it has nothing orderable).
func ProductPeriod(p Product, maturityID, intervalID int32) (Period, bool) {
	var m Maturity
	var ok bool
	if maturityID == 0 {
		m, ok = periods.DefaultMaturity(p.Maturities)
	} else {
		m, ok = p.Maturity(maturityID)
	}
	if !ok {
		return Period{}, false
	}
	var iv Interval
	if intervalID == 0 {
		iv, ok = periods.DefaultInterval(m.Intervals)
	} else {
		iv, ok = m.Interval(intervalID)
	}
	if !ok {
		return Period{}, false
	}
	return Period{Maturity: m, Interval: iv}, true
}

// exemptionsOf reads the link as the shared addon rules do (libs/go/periods: the link's rules, and a
// promoted addon exempt from both, spec §4 "Promoted addon add").
func exemptionsOf(l AddonLink) periods.Exemptions {
	return periods.Link{
		Promoted:               l.IsPromoted,
		MaturitiesNeedNotMatch: l.Has(RuleMaturitiesNeedNotMatch),
		IntervalsNeedNotMatch:  l.Has(RuleIntervalsNeedNotMatch),
	}.Exemptions()
}

// LineFits reports whether an addon or upsell line's period is one the addon offers and goes with
// the product's period (unless the link exempts it). Upsells pass a zero link.
func LineFits(addon Product, link AddonLink, parent Period, maturityID, intervalID int32) bool {
	m, ok := addon.Maturity(maturityID)
	if !ok {
		return false
	}
	iv, ok := m.Interval(intervalID)
	if !ok {
		return false
	}
	return exemptionsOf(link).Fits(periods.Months{Maturity: m.Months, Interval: iv.Months},
		periods.Months{Maturity: parent.Maturity.Months, Interval: parent.Interval.Months})
}

// AddonPeriod chooses an addon's (or upsell's) period for a product period: the maturity of the
// same months, else a one-time one, and within it the interval of the same months, else "any".
// Exempt addons (maturities_need_not_match, intervals_need_not_match) fall back to their defaults.
// maturityID and intervalID, when not 0, are what the caller asked for and must fit. False when the
// addon is not available with the product's period (spec §4).
func AddonPeriod(addon Product, link AddonLink, parent Period, maturityID, intervalID int32) (Period, bool) {
	ex := exemptionsOf(link)
	for _, m := range maturityPreference(addon, parent.Maturity, ex.Maturity) {
		if maturityID != 0 && m.ID != maturityID {
			continue
		}
		if iv, ok := pickInterval(m, parent.Interval, ex.Interval, intervalID); ok {
			return Period{Maturity: m, Interval: iv}, true
		}
	}
	return Period{}, false
}

// maturityPreference orders the addon's maturities that may go with parent: same months first,
// then one-time, then (exempt only) the default maturity and the rest.
func maturityPreference(addon Product, parent Maturity, exempt bool) []Maturity {
	var same, oneTime, rest []Maturity
	for _, m := range addon.Maturities {
		switch {
		case m.Months == parent.Months:
			same = append(same, m)
		case m.Months == 0:
			oneTime = append(oneTime, m)
		case exempt:
			rest = append(rest, m)
		}
	}
	out := append(same, oneTime...)
	if def, ok := periods.DefaultMaturity(rest); ok {
		out = append(out, def)
		for _, m := range rest {
			if m.ID != def.ID {
				out = append(out, m)
			}
		}
	}
	return out
}

func pickInterval(m Maturity, parent Interval, exempt bool, intervalID int32) (Interval, bool) {
	if intervalID != 0 {
		iv, ok := m.Interval(intervalID)
		return iv, ok && (exempt || periods.IntervalFits(iv.Months, parent.Months))
	}
	var anyIv *Interval
	for i, iv := range m.Intervals {
		if iv.Months == parent.Months {
			return iv, true
		}
		if iv.Months == 0 && anyIv == nil {
			anyIv = &m.Intervals[i]
		}
	}
	if anyIv != nil {
		return *anyIv, true
	}
	if exempt || parent.Months == 0 {
		return periods.DefaultInterval(m.Intervals)
	}
	return Interval{}, false
}
