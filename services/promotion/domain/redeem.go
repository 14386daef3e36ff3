package domain

import "time"

// Redeem applies the manual promotion p to the cart (spec §4 "Redeeming a code"): to the first
// product it fits, clearing the promotions of the other products; else to the first addon, else
// the first upsell it fits; else to every domain it fits. A code sits on one product, addon or
// upsell at a time, so redeeming it again moves it. Manual codes it replaces raise the notice
// cart.different_coupon_applied. A code that fits nothing is NotApplicableError; an automatic,
// inactive or expired one is NotFoundError, as if unknown.
func (b Book) Redeem(c Cart, p Promotion, now time.Time) (Outcome, error) {
	code, ok := NormalizeCode(p.Code)
	if !ok || p.IsAutomatic || !p.Usable(now) {
		return Outcome{}, NotFoundError(p.Code)
	}
	d := b.decide(c, now)
	replaced := false
	set := func(i int, to string) {
		if old := d.codes[i]; old != to && old != code && b.isManual(old) {
			replaced = true
		}
		d.codes[i] = to
	}
	finish := func() Outcome {
		if replaced {
			d.notices = append(d.notices, Notice{Type: NoticeInfo, Message: KeyDifferentCouponApplied,
				Params: map[string]string{"code": code}})
		}
		return d.outcome()
	}

	for _, t := range []Target{TargetProduct, TargetAddon, TargetUpsell} {
		for i := range d.pos {
			if d.pos[i].Target != t || !d.fits(p, i) {
				continue
			}
			for j := range d.pos {
				if j == i {
					continue
				}
				if (t == TargetProduct && d.pos[j].Target == TargetProduct) || d.codes[j] == code {
					set(j, "")
				}
			}
			set(i, code)
			return finish(), nil
		}
	}
	applied := false
	for i := range d.pos {
		if d.pos[i].Target == TargetDomain && d.fits(p, i) {
			set(i, code)
			applied = true
		}
	}
	if !applied {
		return Outcome{}, NotApplicableError(code)
	}
	return finish(), nil
}
