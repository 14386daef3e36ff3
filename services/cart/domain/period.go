package domain

// Period is the maturity and interval a line is contracted with.
type Period struct {
	Maturity Maturity
	Interval Interval
}

// DefaultMaturity is the maturity a new item starts with (spec §4): the lowest monthly price among
// the maturities that have an interval. Equal prices prefer the flagged default, then the shorter
// term, then the lower id, so the choice never depends on the catalog's order.
func DefaultMaturity(p Product) (Maturity, bool) {
	var best Maturity
	found := false
	for _, m := range p.Maturities {
		if len(m.Intervals) == 0 {
			continue
		}
		if !found || cheaperDefault(m, best) {
			best, found = m, true
		}
	}
	return best, found
}

func cheaperDefault(a, b Maturity) bool {
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

// DefaultInterval is the interval a maturity starts with: the one flagged default, else the
// longest.
func DefaultInterval(m Maturity) (Interval, bool) {
	var best Interval
	found := false
	for _, iv := range m.Intervals {
		switch {
		case !found:
			best, found = iv, true
		case iv.IsDefault != best.IsDefault:
			if iv.IsDefault {
				best = iv
			}
		case iv.Months > best.Months || (iv.Months == best.Months && iv.ID < best.ID):
			best = iv
		}
	}
	return best, found
}

// ProductPeriod resolves the period a product is ordered with: maturityID 0 is the default
// maturity, intervalID 0 that maturity's default interval. False when the ids do not belong to the
// product (or it has nothing orderable).
func ProductPeriod(p Product, maturityID, intervalID int32) (Period, bool) {
	var m Maturity
	var ok bool
	if maturityID == 0 {
		m, ok = DefaultMaturity(p)
	} else {
		m, ok = p.Maturity(maturityID)
	}
	if !ok {
		return Period{}, false
	}
	var iv Interval
	if intervalID == 0 {
		iv, ok = DefaultInterval(m)
	} else {
		iv, ok = m.Interval(intervalID)
	}
	if !ok {
		return Period{}, false
	}
	return Period{Maturity: m, Interval: iv}, true
}

// maturityFits: an addon's maturity goes with the product's when the months are equal or the addon
// is one-time (spec §4).
func maturityFits(addon, parent Maturity) bool {
	return addon.Months == parent.Months || addon.Months == 0
}

// intervalFits: intervals go together when their months are equal or either means "any" (0).
func intervalFits(addon, parent Interval) bool {
	return addon.Months == parent.Months || addon.Months == 0 || parent.Months == 0
}

// exemptions are the rules that free an addon from following the product's period.
type exemptions struct{ maturity, interval bool }

// exemptionsOf reads the link's rules. A promoted addon falls back to its default maturity and
// interval when none matches the product's (spec §4 "Promoted addon add"), so it is exempt too.
func exemptionsOf(l AddonLink) exemptions {
	return exemptions{
		maturity: l.IsPromoted || l.Has(RuleMaturitiesNeedNotMatch),
		interval: l.IsPromoted || l.Has(RuleIntervalsNeedNotMatch),
	}
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
	ex := exemptionsOf(link)
	return (ex.maturity || maturityFits(m, parent.Maturity)) && (ex.interval || intervalFits(iv, parent.Interval))
}

// AddonPeriod chooses an addon's (or upsell's) period for a product period: the maturity of the
// same months, else a one-time one, and within it the interval of the same months, else "any".
// Exempt addons (maturities_need_not_match, intervals_need_not_match) fall back to their defaults.
// maturityID and intervalID, when not 0, are what the caller asked for and must fit. False when the
// addon is not available with the product's period (spec §4).
func AddonPeriod(addon Product, link AddonLink, parent Period, maturityID, intervalID int32) (Period, bool) {
	ex := exemptionsOf(link)
	for _, m := range maturityPreference(addon, parent.Maturity, ex.maturity) {
		if maturityID != 0 && m.ID != maturityID {
			continue
		}
		if iv, ok := pickInterval(m, parent.Interval, ex.interval, intervalID); ok {
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
	if def, ok := DefaultMaturity(Product{Maturities: rest}); ok {
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
		return iv, ok && (exempt || intervalFits(iv, parent))
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
		return DefaultInterval(m)
	}
	return Interval{}, false
}
