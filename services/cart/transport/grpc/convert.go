package grpctransport

import (
	"maps"
	"math"
	"strings"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	"github.com/hostcart/checkout/libs/go/pricing"
	"github.com/hostcart/checkout/services/cart/domain"
)

// Limits of what a request may carry, so one call cannot make the service hold a huge cart.
const (
	maxItems  = 200
	maxLines  = 100
	maxFields = 100
	maxText   = 4096
)

// maxCode bounds a promo code; the promotion service accepts no longer ones.
const maxCode = 64

// clipCode trims a promo code and cuts it just past maxCode, so an overlong one still reaches the
// promotion service as unknown rather than as a valid prefix.
func clipCode(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxCode+1 {
		return s[:maxCode+1]
	}
	return s
}

func clip(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > maxText {
		return s[:maxText]
	}
	return s
}

func fieldsFromProto(in []*cartv1.FieldValue) []domain.FieldValue {
	if len(in) == 0 {
		return nil
	}
	out := make([]domain.FieldValue, 0, min(len(in), maxFields))
	for _, f := range in[:min(len(in), maxFields)] {
		out = append(out, domain.FieldValue{FieldID: f.GetFieldId(), FieldKey: clip(f.GetFieldKey()), Value: clip(f.GetValue())})
	}
	return out
}

func fieldsToProto(in []domain.FieldValue) []*cartv1.FieldValue {
	out := make([]*cartv1.FieldValue, len(in))
	for i, f := range in {
		out[i] = &cartv1.FieldValue{FieldId: f.FieldID, FieldKey: f.FieldKey, Value: f.Value}
	}
	return out
}

func informationsFromProto(in map[string]string) map[string]string {
	if len(in) == 0 {
		return nil
	}
	out := make(map[string]string, len(in))
	for k, v := range in {
		if len(out) == maxFields {
			break
		}
		out[clip(k)] = clip(v)
	}
	return out
}

func lineFromProto(l *cartv1.AddonLine) domain.Line {
	return domain.Line{
		ID: l.GetId(), MaturityID: l.GetMaturityId(), IntervalID: l.GetIntervalId(),
		Promotion: clip(l.GetPromotion()), AdditionalFields: fieldsFromProto(l.GetAdditionalFields()),
	}
}

func lineToProto(l domain.Line) *cartv1.AddonLine {
	return &cartv1.AddonLine{
		Id: l.ID, MaturityId: l.MaturityID, IntervalId: l.IntervalID,
		Promotion: l.Promotion, AdditionalFields: fieldsToProto(l.AdditionalFields),
	}
}

func domainFromProto(d *cartv1.Domain) domain.Domain {
	return domain.Domain{
		TLDID: d.GetId(), Name: clip(d.GetName()), Inclusive: d.GetInclusive(), AuthCode: clip(d.GetAuthCode()),
		PromotionCode: clip(d.GetPromotionCode()), AdditionalFields: fieldsFromProto(d.GetAdditionalFields()),
	}
}

func domainToProto(d domain.Domain) *cartv1.Domain {
	return &cartv1.Domain{
		Id: d.TLDID, Name: d.Name, Inclusive: d.Inclusive, AuthCode: d.AuthCode,
		PromotionCode: d.PromotionCode, AdditionalFields: fieldsToProto(d.AdditionalFields),
	}
}

func cartFromProto(c *cartv1.Cart) domain.Cart {
	out := domain.Cart{Version: c.GetVersion(), Draft: c.GetIsDraft()}
	items := c.GetItems()
	for _, it := range items[:min(len(items), maxItems)] {
		p := it.GetProduct()
		item := domain.Item{
			RowID:           clip(it.GetRowId()),
			IsPreconfigured: it.GetIsPreconfigured(),
			Product: domain.ProductLine{
				Line: domain.Line{
					ID: p.GetId(), MaturityID: p.GetMaturityId(), IntervalID: p.GetIntervalId(),
					Promotion: clip(p.GetPromotion()), AdditionalFields: fieldsFromProto(p.GetAdditionalFields()),
				},
				Informations: informationsFromProto(p.GetInformations()),
			},
		}
		for _, l := range it.GetAddons()[:min(len(it.GetAddons()), maxLines)] {
			item.Addons = append(item.Addons, lineFromProto(l))
		}
		for _, l := range it.GetUpsells()[:min(len(it.GetUpsells()), maxLines)] {
			item.Upsells = append(item.Upsells, lineFromProto(l))
		}
		for _, d := range it.GetDomains()[:min(len(it.GetDomains()), maxLines)] {
			item.Domains = append(item.Domains, domainFromProto(d))
		}
		out.Items = append(out.Items, item)
	}
	return out
}

func cartToProto(c domain.Cart) *cartv1.Cart {
	out := &cartv1.Cart{Version: c.Version, IsDraft: c.Draft, Items: make([]*cartv1.Item, len(c.Items))}
	for i, it := range c.Items {
		item := &cartv1.Item{
			RowId:           it.RowID,
			IsPreconfigured: it.IsPreconfigured,
			Product: &cartv1.ProductLine{
				Id: it.Product.ID, MaturityId: it.Product.MaturityID, IntervalId: it.Product.IntervalID,
				Promotion: it.Product.Promotion, AdditionalFields: fieldsToProto(it.Product.AdditionalFields),
				Informations: maps.Clone(it.Product.Informations),
			},
			Addons:  make([]*cartv1.AddonLine, len(it.Addons)),
			Upsells: make([]*cartv1.AddonLine, len(it.Upsells)),
			Domains: make([]*cartv1.Domain, len(it.Domains)),
		}
		for j, l := range it.Addons {
			item.Addons[j] = lineToProto(l)
		}
		for j, l := range it.Upsells {
			item.Upsells[j] = lineToProto(l)
		}
		for j, d := range it.Domains {
			item.Domains[j] = domainToProto(d)
		}
		out.Items[i] = item
	}
	return out
}

func noticesToProto(ns []domain.Notice) []*cartv1.Notice {
	out := make([]*cartv1.Notice, len(ns))
	for i, n := range ns {
		out[i] = &cartv1.Notice{Key: n.Key, Params: maps.Clone(n.Params), Message: n.Message, Type: n.Type}
	}
	return out
}

var lineKinds = map[cartv1.LineKind]domain.LineKind{
	cartv1.LineKind_LINE_KIND_PRODUCT: domain.LineProduct,
	cartv1.LineKind_LINE_KIND_ADDON:   domain.LineAddon,
	cartv1.LineKind_LINE_KIND_UPSELL:  domain.LineUpsell,
	cartv1.LineKind_LINE_KIND_DOMAIN:  domain.LineDomain,
}

func lineRefFromProto(l *cartv1.LineRef) domain.LineRef {
	return domain.LineRef{RowID: clip(l.GetRowId()), Kind: lineKinds[l.GetKind()], ID: l.GetLineId(), Domain: clip(l.GetDomain())}
}

// cents narrows an amount to the contract's int32, saturating rather than wrapping.
func cents(v int64) int32 {
	return int32(max(min(v, math.MaxInt32), math.MinInt32))
}

func linePriceToProto(p domain.LinePrice) *cartv1.LinePrice {
	return &cartv1.LinePrice{
		OneTime: p.OneTime, DisplayCents: cents(p.Display), ShowPrice: p.ShowPrice,
		MonthlyNetCents: cents(p.MonthlyNet), MonthlyGrossCents: cents(p.MonthlyGross), MonthlyDisplayCents: cents(p.MonthlyDisplay),
		SetupFeeNetCents: cents(p.SetupNet), SetupFeeGrossCents: cents(p.SetupGross), SetupFeeDisplayCents: cents(p.SetupDisplay),
		ContractNetCents: cents(p.ContractNet), ContractGrossCents: cents(p.ContractGross), ContractDisplayCents: cents(p.ContractDisplay),
		MinimumPeriodCents: cents(p.MinimumPeriod),
		TotalNetCents:      cents(p.TotalNet), TotalVatCents: cents(p.TotalVAT), TotalGrossCents: cents(p.TotalGross), TotalDisplayCents: cents(p.TotalDisplay),
		Presentation: linePresentationToProto(p.Presentation),
	}
}

func linePresentationToProto(p pricing.LinePresentation) *cartv1.LinePresentation {
	return &cartv1.LinePresentation{
		OneTime: p.OneTime, UnitMonths: p.UnitMonths, UnitCents: cents(p.UnitCents), PerMonthCents: cents(p.PerMonthCents),
		IntervalCents: cents(p.IntervalCents), SetupCents: cents(p.SetupCents), TermMonths: p.TermMonths,
		RegularCents: cents(p.RegularCents), DiscountCents: cents(p.DiscountCents), FirstTermCents: cents(p.FirstTermCents),
		DueTodayCents: cents(p.DueTodayCents), RenewalUnitCents: cents(p.RenewalUnitCents), RenewalFromMonth: p.RenewalFromMonth,
		NetCents: cents(p.NetCents), VatCents: cents(p.VATCents), GrossCents: cents(p.GrossCents),
		DueTodayNetCents: cents(p.DueTodayNetCents), DueTodayVatCents: cents(p.DueTodayVATCents), DueTodayGrossCents: cents(p.DueTodayGrossCents),
	}
}

func cartPresentationToProto(p pricing.CartPresentation) *cartv1.CartPresentation {
	return &cartv1.CartPresentation{
		SubtotalCents: cents(p.SubtotalCents), DiscountCents: cents(p.DiscountCents), FirstTermCents: cents(p.FirstTermCents),
		FirstTermMonths: p.FirstTermMonths, DueTodayCents: cents(p.DueTodayCents), PerMonthCents: cents(p.PerMonthCents),
		RenewalMonthlyCents: cents(p.RenewalMonthlyCents), RenewalYearlyCents: cents(p.RenewalYearlyCents),
		RenewalFromMonth: p.RenewalFromMonth, NetCents: cents(p.NetCents), VatCents: cents(p.VATCents), GrossCents: cents(p.GrossCents),
		DueTodayNetCents: cents(p.DueTodayNetCents), DueTodayVatCents: cents(p.DueTodayVATCents), DueTodayGrossCents: cents(p.DueTodayGrossCents),
	}
}

func linePromotionToProto(p *domain.LinePromotion) *cartv1.LinePromotion {
	if p == nil {
		return nil
	}
	return &cartv1.LinePromotion{
		Code: p.Code, Applied: p.Applied, Kind: string(p.Kind), PercentLabel: cents(p.PercentLabel), ValueCents: cents(p.ValueCents),
		Months: p.Months, PromotedMonthlyNetCents: cents(p.PromotedMonthlyNet), PromotedMonthlyDisplayCents: cents(p.PromotedMonthlyDisplay),
		DiscountNetCents: cents(p.DiscountNet), DiscountDisplayCents: cents(p.DiscountDisplay), DiscountLabel: p.DiscountLabel,
	}
}

func pricedLineToProto(l domain.PricedLine) *cartv1.PricedLine {
	return &cartv1.PricedLine{
		Id: l.ID, Name: l.Name, MaturityId: l.MaturityID, MaturityMonths: l.MaturityMonths,
		IntervalId: l.IntervalID, IntervalMonths: l.IntervalMonths, VatPercent: l.VATPercent,
		CancelationPeriod: l.CancelationPeriod, Price: linePriceToProto(l.Price), Promotion: linePromotionToProto(l.Promotion),
		HideInCart: l.HideInCart, NonRemovable: l.NonRemovable, MissingFieldIds: nonNil(l.MissingFieldIDs), SecretFieldIds: l.SecretFieldIDs,
	}
}

func nonNil(ids []int32) []int32 {
	if ids == nil {
		return []int32{}
	}
	return ids
}

func pricedCartToProto(pc domain.PricedCart) *cartv1.PricedCart {
	var vatReason string
	var sessionVAT float64
	if v := pc.SessionVAT; v != nil {
		vatReason, sessionVAT = v.Reason, v.Percent
	}
	out := &cartv1.PricedCart{
		VatReason: vatReason, SessionVatPercent: sessionVAT,
		Cart: cartToProto(pc.Cart), Items: make([]*cartv1.PricedItem, len(pc.Items)),
		PricesWithVat: pc.PricesWithVAT, HideZeroPrices: pc.HideZeroPrices, PromotionsUnavailable: pc.PromotionsUnavailable,
		RequiredAgreements: pc.RequiredAgreements, SmsValidation: pc.SMSValidation, CheckoutBlocked: pc.CheckoutBlocked,
		ItemCount: pc.ItemCount, VatUnavailable: pc.VATUnavailable,
		Totals: &cartv1.Totals{
			MonthlyNetCents: cents(pc.Totals.MonthlyNet), MonthlyGrossCents: cents(pc.Totals.MonthlyGross), MonthlyDisplayCents: cents(pc.Totals.MonthlyDisplay),
			SetupFeeNetCents: cents(pc.Totals.SetupNet), ContractNetCents: cents(pc.Totals.ContractNet),
			DiscountNetCents: cents(pc.Totals.DiscountNet), DiscountDisplayCents: cents(pc.Totals.DiscountDisplay),
			TotalNetCents: cents(pc.Totals.TotalNet), TotalVatCents: cents(pc.Totals.TotalVAT),
			TotalGrossCents: cents(pc.Totals.TotalGross), TotalDisplayCents: cents(pc.Totals.TotalDisplay),
			Presentation: cartPresentationToProto(pc.Totals.Presentation),
		},
	}
	for i, it := range pc.Items {
		item := &cartv1.PricedItem{
			RowId: it.RowID, IsPreconfigured: it.IsPreconfigured, Product: pricedLineToProto(it.Product),
			Addons: make([]*cartv1.PricedLine, len(it.Addons)), Upsells: make([]*cartv1.PricedLine, len(it.Upsells)),
			Domains:       make([]*cartv1.PricedDomain, len(it.Domains)),
			MissingDomain: it.MissingDomain, Invalid: it.Invalid,
			TotalNetCents: cents(it.TotalNet), TotalGrossCents: cents(it.TotalGross), TotalDisplayCents: cents(it.TotalDisplay),
		}
		for j, l := range it.Addons {
			item.Addons[j] = pricedLineToProto(l)
		}
		for j, l := range it.Upsells {
			item.Upsells[j] = pricedLineToProto(l)
		}
		for j, d := range it.Domains {
			item.Domains[j] = &cartv1.PricedDomain{
				Name: d.Name, Tld: d.TLD, Inclusive: d.Inclusive, IsTransfer: d.IsTransfer, VatPercent: d.VATPercent,
				Price: linePriceToProto(d.Price), Promotion: linePromotionToProto(d.Promotion), MissingFieldIds: nonNil(d.MissingFieldIDs), SecretFieldIds: d.SecretFieldIDs,
			}
		}
		out.Items[i] = item
	}
	return out
}
