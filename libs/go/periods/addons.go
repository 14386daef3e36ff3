package periods

// Months is a period by its months, as the addon rules compare periods: the maturity's (0:
// one-time) and the interval's (0: any).
type Months struct {
	Maturity, Interval int32
}

// Link is what the addon rules read of a product-addon link: whether it is promoted, and the
// group rules invisible, maturities_need_not_match and intervals_need_not_match.
type Link struct {
	Promoted                                                 bool
	Invisible, MaturitiesNeedNotMatch, IntervalsNeedNotMatch bool
}

// Exemptions say which part of the product's period an addon need not follow.
type Exemptions struct {
	Maturity, Interval bool
}

// Exemptions of the link: its rules free the maturity or the interval; a promoted addon falls back
// to its default maturity and interval when none matches the product's (spec §4 "Promoted addon
// add"), so it is exempt from both.
func (l Link) Exemptions() Exemptions {
	return Exemptions{
		Maturity: l.Promoted || l.MaturitiesNeedNotMatch,
		Interval: l.Promoted || l.IntervalsNeedNotMatch,
	}
}

// Fits reports whether an addon period goes with the product's: its maturity months fit
// (MaturityFits) unless exempt, and its interval months fit (IntervalFits) unless exempt.
func (ex Exemptions) Fits(addon, product Months) bool {
	return (ex.Maturity || MaturityFits(addon.Maturity, product.Maturity)) &&
		(ex.Interval || IntervalFits(addon.Interval, product.Interval))
}

// AddonAvailable reports whether an addon is offered with the product's period (spec §4 "Cart
// item rules"): the link is not invisible and one of the addon's offered periods (an offered
// interval of an offered maturity, by months) fits the product's under the link's exemptions.
func AddonAvailable(link Link, offered []Months, product Months) bool {
	if link.Invisible {
		return false
	}
	ex := link.Exemptions()
	for _, o := range offered {
		if ex.Fits(o, product) {
			return true
		}
	}
	return false
}
