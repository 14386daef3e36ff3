package grpctransport

import (
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
	"github.com/hostcart/checkout/services/domain/domain"
)

func tldToProto(t domain.TLD) *domainv1.Tld {
	display := t.Display
	if display == "" {
		display = t.Name
	}
	return &domainv1.Tld{
		Id:               t.ID,
		Tld:              t.Name,
		Tld2:             display,
		Contractlength:   t.Prices().ContractMonths,
		GroupId:          t.GroupID,
		GroupName:        t.GroupName,
		IsActive:         t.Active,
		IntervalVat:      t.VATPercent,
		PriceCents:       t.PriceCents,
		Privacy:          t.Privacy,
		SetupfeeCents:    t.SetupFeeCents,
		SortId:           t.SortID,
		TopTld:           t.Top,
		Notice:           t.Notice,
		ExternalId:       t.ExternalID,
		ArticleName:      t.ArticleName,
		Idn:              t.IDN,
		Price:            priceToProto(t.Prices()),
		AdditionalFields: mapAll(t.Fields, fieldToProto),
	}
}

func fieldToProto(f domain.Field) *domainv1.AdditionalField {
	return &domainv1.AdditionalField{
		Id:              f.ID,
		Key:             f.Key,
		Label:           f.Label,
		Order:           f.Order,
		ValidationRules: f.Rules,
		InputComponent:  f.InputComponent,
		IsPostponed:     f.Postponed,
		PrefilledWith:   f.PrefilledWith,
		Headline:        f.Headline,
	}
}

func priceToProto(p domain.Price) *domainv1.DomainPrice {
	return &domainv1.DomainPrice{
		MonthlyNetCents:    p.MonthlyNetCents,
		MonthlyGrossCents:  p.MonthlyGrossCents,
		ContractNetCents:   p.ContractNetCents,
		ContractGrossCents: p.ContractGrossCents,
		SetupfeeNetCents:   p.SetupFeeNetCents,
		SetupfeeGrossCents: p.SetupFeeGrossCents,
		VatPercent:         p.VATPercent,
		ContractMonths:     p.ContractMonths,
	}
}

func groupToProto(g domain.Group) *domainv1.DomainGroup {
	return &domainv1.DomainGroup{
		Id:       g.ID,
		Name:     g.Name,
		IsActive: g.Active,
		Order:    g.Order,
		Tlds:     mapAll(g.TLDs, tldToProto),
	}
}

func searchToProto(s domain.Search) *domainv1.DomainSearch {
	out := &domainv1.DomainSearch{
		Input:        s.Input,
		Sld:          s.SLD,
		SldUnicode:   s.SLDUnicode,
		SldShortened: s.SLDShortened,
		Tld:          s.TLD,
		Domain:       s.Domain(),
		Idn:          s.IDN,
		Reduced:      s.Reduced,
	}
	if s.TLD != "" {
		out.DomainUnicode = s.SLDUnicode + "." + domain.DisplayTLD(s.TLD)
	}
	return out
}

func resultToProto(r domain.Result) *domainv1.DomainSearchResult {
	return &domainv1.DomainSearchResult{
		Domain:        r.Domain,
		DomainUnicode: r.DomainUnicode,
		Tld:           r.TLD,
		Inclusive:     r.Inclusive,
		Sld:           r.SLD,
		SldShortened:  r.SLDShortened,
		Status:        int32(r.Status),
		StatusText:    r.Text,
		Notice:        r.Notice,
		Authcode:      r.Status.NeedsAuthCode(),
		TldId:         r.TLDID,
		Price:         priceToProto(r.Price),
		Cached:        r.Cached,
	}
}

func inputErrorToProto(e *domain.InputError) *domainv1.InputError {
	return &domainv1.InputError{Key: e.Key, Chars: nonNil(e.Chars)}
}

func fieldErrorToProto(e domain.FieldError) *domainv1.DomainFieldError {
	return &domainv1.DomainFieldError{Domain: e.Domain, FieldId: e.FieldID, Errors: nonNil(e.Keys)}
}

// mapAll converts a list; the result is never nil so JSON shows [] rather than null.
func mapAll[T, P any](in []T, f func(T) P) []P {
	out := make([]P, 0, len(in))
	for _, v := range in {
		out = append(out, f(v))
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
