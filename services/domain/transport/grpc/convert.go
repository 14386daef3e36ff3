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
		IsSecret:        f.Secret,
	}
}

func priceToProto(p domain.Price) *domainv1.DomainPrice {
	out := new(domainv1.DomainPrice)
	fillPrice(out, p)
	return out
}

// fillPrice sets every field of the zero message out from p.
func fillPrice(out *domainv1.DomainPrice, p domain.Price) {
	out.MonthlyNetCents = p.MonthlyNetCents
	out.MonthlyGrossCents = p.MonthlyGrossCents
	out.ContractNetCents = p.ContractNetCents
	out.ContractGrossCents = p.ContractGrossCents
	out.SetupfeeNetCents = p.SetupFeeNetCents
	out.SetupfeeGrossCents = p.SetupFeeGrossCents
	out.VatPercent = p.VATPercent
	out.ContractMonths = p.ContractMonths
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
	out := new(domainv1.DomainSearchResult)
	fillResult(out, new(domainv1.DomainPrice), r)
	return out
}

// resultsToProto converts a list of results like mapAll(rs, resultToProto), but takes the
// messages and their prices from two arrays: two allocations per answer instead of two per
// result (the warm availability answer of every lookup batch, issue 26). The messages are only
// ever used through their pointers, never copied.
func resultsToProto(rs []domain.Result) []*domainv1.DomainSearchResult {
	out := make([]*domainv1.DomainSearchResult, len(rs))
	msgs := make([]domainv1.DomainSearchResult, len(rs))
	prices := make([]domainv1.DomainPrice, len(rs))
	for i, r := range rs {
		fillResult(&msgs[i], &prices[i], r)
		out[i] = &msgs[i]
	}
	return out
}

// fillResult sets every field of the zero message m from r, its price in the zero message p.
func fillResult(m *domainv1.DomainSearchResult, p *domainv1.DomainPrice, r domain.Result) {
	fillPrice(p, r.Price)
	m.Domain = r.Domain
	m.DomainUnicode = r.DomainUnicode
	m.Tld = r.TLD
	m.Inclusive = r.Inclusive
	m.Sld = r.SLD
	m.SldShortened = r.SLDShortened
	m.Status = int32(r.Status)
	m.StatusText = r.Text
	m.Notice = r.Notice
	m.Authcode = r.Status.NeedsAuthCode()
	m.TldId = r.TLDID
	m.Price = p
	m.Cached = r.Cached
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
