package domain

import "fmt"

// Check lists what makes p inconsistent, so a seed or an operator tool cannot store a promotion the
// rules would misread. An empty list means p is fine.
func Check(p Promotion) []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }

	if !p.Type.Valid() {
		bad("type %q: want product, addon, upsell or domain", p.Type)
	}
	switch p.ValueType {
	case Percentage:
		if !(p.Percent > 0 && p.Percent <= 100) {
			bad("percent %v: want more than 0 and at most 100", p.Percent)
		}
		if p.ValueCents != 0 {
			bad("value_cents is for fixed promotions")
		}
	case Fixed:
		if p.ValueCents <= 0 {
			bad("value_cents %d: want more than 0", p.ValueCents)
		}
		if p.Percent != 0 {
			bad("percent is for percentage promotions")
		}
	default:
		bad("value_type %q: want percentage or fixed", p.ValueType)
	}
	if p.RecursFor < 0 {
		bad("recurs_for %d: want 0 or more", p.RecursFor)
	}
	if !p.IsRecurring && p.RecursFor > 1 {
		bad("recurs_for %d without is_recurring", p.RecursFor)
	}
	switch p.AppliesTo.Kind {
	case AppliesToAll:
		if len(p.AppliesTo.IDs)+len(p.AppliesTo.TLDs) > 0 {
			bad("applies_to all takes no list")
		}
	case AppliesToIDs:
		if p.Type == TargetDomain {
			bad("domain promotions apply to tlds, not ids")
		}
		if len(p.AppliesTo.IDs) == 0 || len(p.AppliesTo.TLDs) > 0 {
			bad("applies_to ids needs ids and no tlds")
		}
		errs = append(errs, positive("applies_to id", p.AppliesTo.IDs)...)
	case AppliesToTLDs:
		if p.Type != TargetDomain {
			bad("only domain promotions apply to tlds")
		}
		if len(p.AppliesTo.TLDs) == 0 || len(p.AppliesTo.IDs) > 0 {
			bad("applies_to tlds needs tlds and no ids")
		}
		for _, t := range p.AppliesTo.TLDs {
			if t == "" || t != NormalizeTLD(t) {
				bad("tld %q: want lower case without a leading dot", t)
			}
		}
	default:
		bad("applies_to type %q: want all, ids or tlds", p.AppliesTo.Kind)
	}
	if (p.Supported.ForAddon || p.Supported.ForUpsell) && p.Type != TargetProduct {
		bad("for_addon and for_upsell widen product promotions only")
	}
	errs = append(errs, positive("requires id", p.Requires)...)
	for _, m := range append(append([]int32(nil), p.Supported.MaturityMonths...), p.Supported.IntervalMonths...) {
		if m < 0 {
			bad("supported months %d: want 0 or more", m)
		}
	}
	return errs
}

func positive(what string, ids []int32) []string {
	var errs []string
	for _, id := range ids {
		if id <= 0 {
			errs = append(errs, fmt.Sprintf("%s %d: want a positive catalog id", what, id))
		}
	}
	return errs
}
