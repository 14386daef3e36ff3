package domain

import "time"

// BestAutomatic gives every position that holds no manual code the best automatic promotion that
// fits it (spec §4): the highest net discount; on a tie the promotion bound to the shorter
// maturity (an unrestricted one counts as the shortest), then the lower id so the answer is
// stable. A position nothing fits loses a stale automatic code. Items marked SkipAutomatic and
// positions with a manual (or unknown) code are left as they are.
func (b Book) BestAutomatic(c Cart, now time.Time) Outcome {
	d := b.decide(c, now)
	auto := make([]Promotion, 0, len(b.all))
	for _, p := range b.all {
		if p.IsAutomatic && p.Usable(now) {
			auto = append(auto, p)
		}
	}
	for i, pos := range d.pos {
		if c.Items[pos.item].SkipAutomatic || b.isManual(d.codes[i]) {
			continue
		}
		d.codes[i] = ""
		if best, ok := d.bestOf(auto, i); ok {
			d.codes[i] = best.Code
		}
	}
	return d.outcome()
}

// bestOf picks the best of candidates for position i; false when none fits or saves anything.
func (d *decision) bestOf(candidates []Promotion, i int) (Promotion, bool) {
	var (
		best     Promotion
		bestSave int64
		found    bool
	)
	for _, p := range candidates {
		if !d.fits(p, i) {
			continue
		}
		save := FiguresOf(p, d.pos[i], false).DiscountCents
		if save <= 0 {
			continue
		}
		if !found || better(p, save, best, bestSave) {
			best, bestSave, found = p, save, true
		}
	}
	return best, found
}

func better(p Promotion, save int64, than Promotion, thanSave int64) bool {
	if save != thanSave {
		return save > thanSave
	}
	if pm, tm := p.shortestMaturity(), than.shortestMaturity(); pm != tm {
		return pm < tm
	}
	return p.ID < than.ID
}
