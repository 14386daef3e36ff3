package endpoints

import (
	"log/slog"

	"github.com/hostcart/checkout/services/domain/domain"
)

// What the call log (kitlog) records of each request and answer: the arguments that explain an
// outcome and the size of lists, never whole payloads.

func (r ListTLDsResponse) LogAttrs() []slog.Attr { return []slog.Attr{slog.Int("count", len(r.TLDs))} }

func (r ListGroupsResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Groups))}
}

func (r NormalizeSearchRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("input", r.Input)}
}

func (r NormalizeSearchResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("sld", r.Search.SLD)}
}

// Failed reports the input error the response carries, so the call is logged as rejected although
// the endpoint answers it rather than failing.
func (r NormalizeSearchResponse) Failed() error {
	if r.Error == nil {
		return nil
	}
	return r.Error
}

func (r CheckAvailabilityRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Any("names", r.Names)}
}

func (r CheckAvailabilityResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("cached", cachedCount(r.Results))}
}

func (r RecommendRequest) LogAttrs() []slog.Attr { return []slog.Attr{slog.String("input", r.Input)} }

func (r RecommendResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Results))}
}

func (r InclusiveRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("domains", len(r.Domains))}
}

func (r InclusiveResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("inclusive", len(r.Inclusion.Domains))}
}

func (r SearchGroupRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("input", r.Query.Input), slog.Int("group", int(r.Query.GroupID)),
		slog.Int("offset", r.Query.Offset)}
}

func (r SearchGroupResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("count", len(r.Page.Results))}
}

func (r SearchFullDomainRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.String("input", r.Input)}
}

func (r SearchFullDomainResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("status", int(r.Result.Status))}
}

func (r ValidateFieldsRequest) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("values", len(r.Values))}
}

func (r ValidateFieldsResponse) LogAttrs() []slog.Attr {
	return []slog.Attr{slog.Int("errors", len(r.Errors))}
}

func cachedCount(rs []domain.Result) int {
	n := 0
	for _, r := range rs {
		if r.Cached {
			n++
		}
	}
	return n
}
