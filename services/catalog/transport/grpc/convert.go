package grpctransport

import (
	"sort"

	catalogv1 "github.com/hostcart/checkout/libs/go/gen/checkout/catalog/v1"
	"github.com/hostcart/checkout/services/catalog/domain"
)

// mapAll converts a slice, answering an empty (never nil) list so JSON clients see [].
func mapAll[D any, P any](in []D, f func(D) *P) []*P {
	out := make([]*P, 0, len(in))
	for _, d := range in {
		out = append(out, f(d))
	}
	return out
}

func brandToProto(b domain.Brand) *catalogv1.Brand {
	keys := make([]string, 0, len(b.Properties))
	for k := range b.Properties {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	props := make([]*catalogv1.BrandProperty, 0, len(keys))
	for _, k := range keys {
		props = append(props, &catalogv1.BrandProperty{Key: k, Value: b.Properties[k]})
	}
	return &catalogv1.Brand{
		Id:         b.ID,
		Name:       b.Name,
		Slug:       b.Slug,
		Fqdn:       b.FQDN,
		IsVisible:  b.IsVisible,
		Locales:    mapAll(b.Locales, localeToProto),
		Properties: props,
	}
}

func localeToProto(l domain.Locale) *catalogv1.Locale {
	return &catalogv1.Locale{Label: l.Label, Code: l.Code, FallbackCode: l.FallbackCode, IsDefault: l.IsDefault}
}

func countryToProto(c domain.Country) *catalogv1.Country {
	return &catalogv1.Country{Id: c.ID, Code: c.Code, Name: c.Name, PhonePrefix: c.PhonePrefix, Order: c.Order, VatRate: c.VATRate}
}

func categoryToProto(c domain.Category) *catalogv1.Category {
	return &catalogv1.Category{
		Id:            c.ID,
		Name:          c.Name,
		Slug:          c.Slug,
		Description:   c.Description,
		Description2:  c.Description2,
		Icon:          c.Icon,
		IsAddon:       c.IsAddon,
		IsVisible:     c.IsVisible,
		ProductNotice: c.ProductNotice,
		DomainCapable: c.DomainCapable,
		Order:         c.Order,
	}
}

func intervalToProto(iv domain.Interval) *catalogv1.PaymentInterval {
	return &catalogv1.PaymentInterval{
		Id:          iv.ID,
		Months:      iv.Months,
		IntervalVat: iv.VATPercent,
		IsActive:    iv.IsActive,
		IsDefault:   iv.IsDefault,
	}
}

func maturityToProto(m domain.Maturity) *catalogv1.PaymentMaturity {
	return &catalogv1.PaymentMaturity{
		Id:                m.ID,
		Months:            m.Months,
		PriceCents:        int32(m.PriceCents),
		SetupFeeCents:     int32(m.SetupFeeCents),
		CancelationPeriod: m.CancelationPeriod,
		IsActive:          m.IsActive,
		IsDefault:         m.IsDefault,
		ProductId:         m.ProductID,
		PaymentIntervals:  mapAll(m.Intervals, intervalToProto),
	}
}

func addonGroupToProto(g domain.AddonGroup) *catalogv1.AddonGroup {
	rules := make([]*catalogv1.AddonRule, 0, len(g.Rules))
	for _, r := range g.Rules {
		rules = append(rules, &catalogv1.AddonRule{Type: r})
	}
	return &catalogv1.AddonGroup{
		Id:                 g.ID,
		Name:               g.Name,
		DisplayName:        g.DisplayName,
		DisplayDescription: g.DisplayDescription,
		Rules:              rules,
	}
}

func productAddonToProto(a domain.ProductAddon) *catalogv1.ProductAddon {
	return &catalogv1.ProductAddon{
		Id:                    a.ID,
		ProductId:             a.ProductID,
		AddonId:               a.AddonID,
		IsRecommended:         a.IsRecommended,
		RecommendedAddonOrder: a.RecommendedAddonOrder,
		IsPromoted:            a.IsPromoted,
		PromotedAddonOrder:    a.PromotedAddonOrder,
		Groups:                mapAll(a.Groups, addonGroupToProto),
	}
}

func upsellToProto(u domain.Upsell) *catalogv1.Upsell {
	return &catalogv1.Upsell{
		UpsellId:                u.UpsellID,
		UpsellHeadline:          u.UpsellHeadline,
		DisadvantagesHeadline:   u.DisadvantagesHeadline,
		Disadvantages:           nonNil(u.Disadvantages),
		DisadvantagesButtonText: u.DisadvantagesButtonText,
	}
}

func additionalFieldToProto(f domain.AdditionalField) *catalogv1.AdditionalField {
	return &catalogv1.AdditionalField{
		Id:              f.ID,
		Key:             f.Key,
		Label:           f.Label,
		Order:           f.Order,
		ValidationRules: f.ValidationRules,
		InputComponent:  f.InputComponent,
		IsPostponed:     f.IsPostponed,
		PrefilledWith:   f.PrefilledWith,
		Headline:        f.Headline,
		IsSecret:        f.IsSecret,
	}
}

func attributeToProto(a domain.Attribute) *catalogv1.ProductAttribute {
	return &catalogv1.ProductAttribute{Key: a.Key, Value: a.Value}
}

func fromPriceToProto(f *domain.FromPrice) *catalogv1.FromPrice {
	if f == nil {
		return nil
	}
	return &catalogv1.FromPrice{
		NetCents:       int32(f.NetCents),
		GrossCents:     int32(f.GrossCents),
		VatPercent:     f.VATPercent,
		MaturityMonths: f.MaturityMonths,
		SetupFeeCents:  int32(f.SetupFeeCents),
	}
}

func productToProto(p domain.Product) *catalogv1.Product {
	return &catalogv1.Product{
		Id:                   p.ID,
		Name:                 p.Name,
		Description:          p.Description,
		Tagline:              p.Tagline,
		Type:                 p.Type,
		TypeId:               p.TypeID,
		CategoryName:         p.CategoryName,
		CategorySlug:         p.CategorySlug,
		CategoryId:           p.CategoryID,
		IsActive:             p.IsActive,
		IsHidden:             p.IsHidden,
		HideInCart:           p.HideInCart,
		IsHighlight:          p.IsHighlight,
		DomainCapable:        p.DomainCapable,
		QtyMax:               p.QtyMax,
		Order:                p.Order,
		ExternalProductId:    p.ExternalProductID,
		SmsValidation:        p.SMSValidation,
		IsDomainrequired:     p.IsDomainRequired,
		UpsellHeadline:       p.UpsellHeadline,
		Advantages:           nonNil(p.Advantages),
		AdvantagesHeadline:   p.AdvantagesHeadline,
		AdvantagesButtonText: p.AdvantagesButtonText,
		Disadvantages:        nonNil(p.Disadvantages),
		Attributes:           mapAll(p.Attributes, attributeToProto),
		Addons:               mapAll(p.Addons, productAddonToProto),
		Upsells:              mapAll(p.Upsells, upsellToProto),
		AdditionalFields:     mapAll(p.AdditionalFields, additionalFieldToProto),
		FreeTlds:             &catalogv1.FreeTlds{Amount: p.FreeTLDs.Amount, Domains: nonNil(p.FreeTLDs.Domains)},
		PaymentMaturities:    mapAll(p.Maturities, maturityToProto),
		FromPrice:            fromPriceToProto(p.FromPrice),
	}
}

func zipCodeToProto(z domain.ZipCode) *catalogv1.ZipCode {
	return &catalogv1.ZipCode{Code: z.Code, City: z.City, CountryCode: z.CountryCode}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
