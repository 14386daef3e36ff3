package domain

import (
	"strconv"
	"strings"
	"time"
)

// Message keys of the promotion notices (spec §8).
const (
	KeyPromotionRemoved        = "cart.promotion_removed"
	KeyPromotionNoLonger       = "cart.promotion_no_longer_available"
	KeyPromotionsRemoved       = "cart.promotions_removed"
	KeyPromotionsNoLonger      = "cart.promotions_no_longer_available"
	KeyPromotionOtherTitle     = "cart.promotion_other_product_title"
	KeyPromotionOtherMessage   = "cart.promotion_other_product_message"
	KeyCouponNoLongerValid     = "confirm.coupon_no_longer_valid"
	KeyDifferentCouponApplied  = "cart.different_coupon_applied"
	noticeParamCode            = "code"
	noticeParamCodes           = "codes"
	noticeParamProduct         = "product"
	noticeParamRowID           = "row_id"
	noticeParamTarget          = "target"
	noticeParamTargetID        = "id"
	noticeParamTargetDomain    = "domain"
	noticeCodesSeparator       = ", "
	noticeParamProductFallback = "#"
)

// Revalidate checks every code in the cart against the brand's promotions (spec §4):
//   - a code that is gone (unknown or switched off) is removed: notice cart.promotion_removed with
//     cart.promotion_no_longer_available, or cart.promotions_removed with
//     cart.promotions_no_longer_available when several are;
//   - an expired coupon is removed with confirm.coupon_no_longer_valid;
//   - a manual code that no longer fits its position moves to the first other position it fits
//     (all fitting domains for a domain promotion) with cart.promotion_other_product_title and
//     cart.promotion_other_product_message, else it is removed as gone;
//   - inclusive domains lose their promotion silently;
//   - an automatic code that no longer fits is dropped silently: BestAutomatic hands out the
//     automatic promotions again.
func (b Book) Revalidate(c Cart, now time.Time) Outcome {
	d := b.decide(c, now)
	var removed, expired []string
	for _, code := range d.distinctCodes() {
		holders := d.holding(code)
		p, known := b.Lookup(code)
		switch {
		case !known || !p.Active:
			d.clear(holders)
			removed = append(removed, code)
			continue
		case p.Expired(now):
			d.clear(holders)
			expired = append(expired, code)
			continue
		}
		kept := 0
		for _, i := range holders {
			if d.pos[i].Inclusive || !d.fits(p, i) {
				d.codes[i] = ""
				continue
			}
			kept++
		}
		if kept > 0 || p.IsAutomatic || d.onlyInclusive(holders) {
			continue
		}
		if to := d.moveTargets(p); len(to) > 0 {
			for _, i := range to {
				d.codes[i] = code
			}
			d.notices = append(d.notices, d.movedNotice(code, to[0]))
			continue
		}
		removed = append(removed, code)
	}
	d.notices = append(d.notices, removedNotices(removed)...)
	for _, code := range expired {
		d.notices = append(d.notices, Notice{Type: NoticeWarning, Title: KeyPromotionRemoved,
			Message: KeyCouponNoLongerValid, Params: map[string]string{noticeParamCode: code}})
	}
	return d.outcome()
}

// distinctCodes lists the codes of the cart in order of first appearance.
func (d *decision) distinctCodes() []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range d.codes {
		if c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

func (d *decision) holding(code string) []int {
	var out []int
	for i, c := range d.codes {
		if c == code {
			out = append(out, i)
		}
	}
	return out
}

func (d *decision) clear(idx []int) {
	for _, i := range idx {
		d.codes[i] = ""
	}
}

func (d *decision) onlyInclusive(idx []int) bool {
	for _, i := range idx {
		if !d.pos[i].Inclusive {
			return false
		}
	}
	return len(idx) > 0
}

// moveTargets are the positions a manual promotion that lost its place moves to, in the order of
// redeeming: the first product, addon or upsell it fits, else every domain it fits. Positions
// holding another manual code are taken.
func (d *decision) moveTargets(p Promotion) []int {
	free := func(i int) bool { return !d.book.isManual(d.codes[i]) && d.fits(p, i) }
	for _, t := range []Target{TargetProduct, TargetAddon, TargetUpsell} {
		for i := range d.pos {
			if d.pos[i].Target == t && free(i) {
				return []int{i}
			}
		}
	}
	var out []int
	for i := range d.pos {
		if d.pos[i].Target == TargetDomain && free(i) {
			out = append(out, i)
		}
	}
	return out
}

// movedNotice names where the code went: the product of the target's item, so the visitor
// recognises the row (its name when the snapshot carries one, else "#<id>").
func (d *decision) movedNotice(code string, i int) Notice {
	pos := d.pos[i]
	product := d.cart.Items[pos.item].Product
	name := product.Name
	if name == "" {
		name = noticeParamProductFallback + strconv.Itoa(int(product.ID))
	}
	params := map[string]string{
		noticeParamCode:    code,
		noticeParamProduct: name,
		noticeParamRowID:   pos.RowID,
		noticeParamTarget:  string(pos.Target),
	}
	if pos.Target == TargetDomain {
		params[noticeParamTargetDomain] = pos.Domain
	} else {
		params[noticeParamTargetID] = strconv.Itoa(int(pos.ID))
	}
	return Notice{Type: NoticeInfo, Title: KeyPromotionOtherTitle, Message: KeyPromotionOtherMessage, Params: params}
}

func removedNotices(codes []string) []Notice {
	switch len(codes) {
	case 0:
		return nil
	case 1:
		return []Notice{{Type: NoticeWarning, Title: KeyPromotionRemoved, Message: KeyPromotionNoLonger,
			Params: map[string]string{noticeParamCode: codes[0]}}}
	}
	return []Notice{{Type: NoticeWarning, Title: KeyPromotionsRemoved, Message: KeyPromotionsNoLonger,
		Params: map[string]string{noticeParamCodes: strings.Join(codes, noticeCodesSeparator)}}}
}
