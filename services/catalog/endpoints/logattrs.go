package endpoints

import "log/slog"

// What the call log (kitlog) records of each request and answer: the arguments that explain an
// outcome and the size of lists, never whole payloads.

func (r GetBrandByFqdnRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("fqdn", r.FQDN)}
}

func (r ListBrandsResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Brands))}
}

func (r ListCountriesResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Countries))}
}

func (r ListCategoriesRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Bool("domain_capable_only", r.DomainCapableOnly)}
}

func (r ListCategoriesResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Categories))}
}

func (r ListProductsRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("category", r.Query.CategorySlug)}
}

func (r ListProductsResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Products))}
}

func (r GetProductRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("id", int(r.ID))} }

func (r ListPaymentIntervalsResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Intervals))}
}

func (r ResolveVatResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("country", r.VAT.CountryCode), slog.String("reason", r.VAT.Reason)}
}

func (r ListZipCodesRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("prefix", r.Prefix)}
}

func (r ListZipCodesResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.ZipCodes))}
}

func (r GetSessionLocaleResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("locale", r.Code)}
}

func (r SetSessionLocaleRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("locale", r.Code)}
}

func (r ValidateAdditionalFieldsRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Values))}
}

func (r ValidateAdditionalFieldsResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("invalid", len(r.Errors))}
}
