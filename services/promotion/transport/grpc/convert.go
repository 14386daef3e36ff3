package grpctransport

import (
	"math"
	"time"

	promotionv1 "github.com/hostcart/checkout/libs/go/gen/checkout/promotion/v1"
	"github.com/hostcart/checkout/services/promotion/domain"
)

func promotionToProto(p domain.Promotion, locale string) *promotionv1.Promotion {
	return &promotionv1.Promotion{
		Id:            p.ID,
		Code:          p.Code,
		Type:          string(p.Type),
		ValueType:     string(p.ValueType),
		Percent:       p.Percent,
		PercentLabel:  cents(p.PercentLabel()),
		ValueCents:    cents(p.ValueCents),
		Requires:      p.Requires,
		IsRecurring:   p.IsRecurring,
		RecursFor:     p.RecursFor,
		IsAutomatic:   p.IsAutomatic,
		DiscountLabel: p.Label(locale),
		AppliesTo: &promotionv1.AppliesTo{
			Type: string(p.AppliesTo.Kind),
			Ids:  p.AppliesTo.IDs,
			Tlds: p.AppliesTo.TLDs,
		},
		Supported: &promotionv1.Supported{
			MaturityMonths: p.Supported.MaturityMonths,
			IntervalMonths: p.Supported.IntervalMonths,
			ForAddon:       p.Supported.ForAddon,
			ForUpsell:      p.Supported.ForUpsell,
		},
		ValidFrom:  rfc3339(p.ValidFrom),
		ValidUntil: rfc3339(p.ValidUntil),
	}
}

func cartFromProto(c *promotionv1.CartSnapshot) domain.Cart {
	out := domain.Cart{PricesWithVAT: c.GetPricesWithVat(), Items: make([]domain.Item, 0, len(c.GetItems()))}
	for _, it := range c.GetItems() {
		item := domain.Item{
			RowID:         it.GetRowId(),
			Product:       lineFromProto(it.GetProduct()),
			Addons:        mapAll(it.GetAddons(), lineFromProto),
			Upsells:       mapAll(it.GetUpsells(), lineFromProto),
			SkipAutomatic: it.GetSkipAutomatic(),
		}
		for _, d := range it.GetDomains() {
			item.Domains = append(item.Domains, domain.Domain{
				Name: d.GetName(), TLD: d.GetTld(), PriceCents: int64(d.GetPriceCents()), VATPercent: d.GetIntervalVat(),
				IntervalMonths: d.GetIntervalMonths(), Inclusive: d.GetInclusive(), Code: d.GetPromotionCode(),
			})
		}
		out.Items = append(out.Items, item)
	}
	return out
}

func lineFromProto(p *promotionv1.CartPosition) domain.Line {
	return domain.Line{
		ID: p.GetId(), Name: p.GetName(), MaturityMonths: p.GetMaturityMonths(), PriceCents: int64(p.GetPriceCents()),
		IntervalMonths: p.GetIntervalMonths(), VATPercent: p.GetIntervalVat(), Code: p.GetPromotionCode(),
	}
}

func positionsToProto(rs []domain.Result, locale string) []*promotionv1.PositionPromotion {
	out := make([]*promotionv1.PositionPromotion, len(rs))
	for i, r := range rs {
		pp := &promotionv1.PositionPromotion{
			RowId:         r.Position.RowID,
			Target:        string(r.Position.Target),
			Index:         int32(r.Position.Index),
			Id:            r.Position.ID,
			Domain:        r.Position.Domain,
			PromotionCode: r.Code,
			Changed:       r.Changed,
		}
		if r.Figures != nil && r.Promotion != nil {
			pp.Figures = &promotionv1.PromotionFigures{
				PromotionMonths:      r.Figures.Months,
				PromotedPriceCents:   cents(r.Figures.PromotedPriceCents),
				DiscountCents:        cents(r.Figures.DiscountCents),
				DiscountDisplayCents: cents(r.Figures.DiscountDisplayCents),
				DiscountLabel:        r.Promotion.Label(locale),
				IsAutomatic:          r.Promotion.IsAutomatic,
			}
		}
		out[i] = pp
	}
	return out
}

func noticesToProto(ns []domain.Notice) []*promotionv1.Notice {
	out := make([]*promotionv1.Notice, len(ns))
	for i, n := range ns {
		out[i] = &promotionv1.Notice{Type: n.Type, Title: n.Title, Message: n.Message, Params: n.Params}
	}
	return out
}

// cents narrows an amount to the contract's int32, saturating instead of wrapping; real amounts
// are far below the limit (21 million euros).
func cents(v int64) int32 {
	return int32(max(min(v, math.MaxInt32), math.MinInt32))
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func mapAll[T, U any](in []T, f func(T) U) []U {
	out := make([]U, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}
