// Package fakedomain is an in-memory domain service for the gateway's tests, served over a real
// gRPC loopback listener with the platform server like fakecatalog. It answers from a small fixed
// TLD list, rejects names the way the real service does (status details included) and records the
// request context of every call.
package fakedomain

import (
	"context"
	"slices"
	"strings"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/hostcart/checkout/gateway/internal/fakeserve"
	domainv1 "github.com/hostcart/checkout/libs/go/gen/checkout/domain/v1"
)

// Call is one recorded request: the rpc name and the request context the gateway sent.
type Call = fakeserve.Call

// Service holds the data the fake answers with.
type Service struct {
	domainv1.UnimplementedDomainServiceServer

	fakeserve.Recorder
	Groups []*domainv1.DomainGroup
}

// New returns a fake with two groups: "Popular" (de, com) and "Europe" (at, eu, co.uk).
func New() *Service {
	price := func(cents int32) *domainv1.DomainPrice {
		return &domainv1.DomainPrice{MonthlyNetCents: cents, MonthlyGrossCents: cents * 119 / 100, ContractMonths: 12, VatPercent: 19,
			ContractNetCents: cents * 12, ContractGrossCents: cents * 12 * 119 / 100}
	}
	tld := func(id int32, name string, group int32, cents int32) *domainv1.Tld {
		return &domainv1.Tld{Id: id, Tld: name, Tld2: name, GroupId: group, IsActive: true, PriceCents: cents,
			Contractlength: 12, IntervalVat: 19, Price: price(cents), SortId: id}
	}
	return &Service{Groups: []*domainv1.DomainGroup{
		{Id: 1, Name: "Popular", IsActive: true, Order: 1, Tlds: []*domainv1.Tld{tld(1, "de", 1, 99), tld(2, "com", 1, 129)}},
		{Id: 2, Name: "Europe", IsActive: true, Order: 2, Tlds: []*domainv1.Tld{tld(3, "at", 2, 149), tld(4, "eu", 2, 109), tld(5, "co.uk", 2, 119)}},
	}}
}

// Serve runs the fake on a loopback port until the test ends and returns its address.
func Serve(t testing.TB, s *Service) string {
	t.Helper()
	return fakeserve.Serve(t, "domain-fake", func(srv *grpc.Server) {
		domainv1.RegisterDomainServiceServer(srv, s)
	})
}

func (s *Service) record(ctx context.Context, method string, req proto.Message) error {
	return s.Record(ctx, method, req)
}

// InputError builds the status the real service answers for rejected input: INVALID_ARGUMENT
// with the key, a BadRequest naming the field and an ErrorInfo with the characters and input.
func InputError(field, key, input string, chars ...string) error {
	st := status.New(codes.InvalidArgument, key)
	detailed, err := st.WithDetails(
		&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: field, Description: key}}},
		&errdetails.ErrorInfo{Reason: key, Domain: "domain.checkout.hostcart", Metadata: map[string]string{
			"chars": strings.Join(chars, " "),
			"input": input,
		}},
	)
	if err != nil {
		return st.Err()
	}
	return detailed.Err()
}

func (s *Service) tld(name string) *domainv1.Tld {
	for _, g := range s.Groups {
		for _, t := range g.GetTlds() {
			if t.GetTld() == name {
				return t
			}
		}
	}
	return nil
}

// search splits input like a very small normaliser: lower case, "www." cut, the longest offered
// TLD suffix. Names with "!" are rejected as the real service would.
func (s *Service) search(field, input string) (*domainv1.DomainSearch, error) {
	if strings.Contains(input, "!") {
		return nil, InputError(field, "domain.input_invalid", input, "!")
	}
	name := strings.TrimPrefix(strings.ToLower(strings.Trim(input, ".")), "www.")
	out := &domainv1.DomainSearch{Input: input, Sld: name, SldUnicode: name, SldShortened: name}
	for _, suffix := range []string{"co.uk", "de", "com", "at", "eu"} {
		if sld, ok := strings.CutSuffix(name, "."+suffix); ok {
			out.Sld, out.SldUnicode, out.SldShortened = sld, sld, sld
			out.Tld, out.Domain, out.DomainUnicode = suffix, name, name
			break
		}
	}
	if out.Sld == "" {
		return nil, InputError(field, "domain.input_empty", input)
	}
	return out, nil
}

func (s *Service) result(sld, tldName string, free []string) *domainv1.DomainSearchResult {
	t := s.tld(tldName)
	name := sld + "." + tldName
	st, text := int32(0), "domain.status.available"
	if strings.HasPrefix(sld, "taken") {
		st, text = 1, "domain.status.taken"
	}
	return &domainv1.DomainSearchResult{
		Domain: name, DomainUnicode: name, Tld: tldName, Sld: sld, SldShortened: sld,
		Inclusive: slices.Contains(free, tldName), Status: st, StatusText: text, Authcode: st == 1,
		TldId: t.GetId(), Price: t.GetPrice(), Cached: strings.HasPrefix(sld, "cached"),
	}
}

func (s *Service) ListTlds(ctx context.Context, req *domainv1.ListTldsRequest) (*domainv1.ListTldsResponse, error) {
	if err := s.record(ctx, "ListTlds", req); err != nil {
		return nil, err
	}
	out := &domainv1.ListTldsResponse{}
	for _, g := range s.Groups {
		out.Tlds = append(out.Tlds, g.GetTlds()...)
	}
	return out, nil
}

func (s *Service) ListDomainGroups(ctx context.Context, req *domainv1.ListDomainGroupsRequest) (*domainv1.ListDomainGroupsResponse, error) {
	if err := s.record(ctx, "ListDomainGroups", req); err != nil {
		return nil, err
	}
	return &domainv1.ListDomainGroupsResponse{DomainGroups: s.Groups}, nil
}

func (s *Service) NormalizeSearch(ctx context.Context, req *domainv1.NormalizeSearchRequest) (*domainv1.NormalizeSearchResponse, error) {
	if err := s.record(ctx, "NormalizeSearch", req); err != nil {
		return nil, err
	}
	search, err := s.search("input", req.GetInput())
	if err != nil {
		st := status.Convert(err)
		return &domainv1.NormalizeSearchResponse{Error: &domainv1.InputError{Key: st.Message()}}, nil
	}
	return &domainv1.NormalizeSearchResponse{Valid: true, Search: search}, nil
}

func (s *Service) CheckAvailability(ctx context.Context, req *domainv1.CheckAvailabilityRequest) (*domainv1.CheckAvailabilityResponse, error) {
	if err := s.record(ctx, "CheckAvailability", req); err != nil {
		return nil, err
	}
	if len(req.GetDomains()) > 5 {
		return nil, status.Error(codes.InvalidArgument, "domain.too_many_names")
	}
	out := &domainv1.CheckAvailabilityResponse{}
	for _, d := range req.GetDomains() {
		search, err := s.search("domains", d)
		if err != nil {
			return nil, err
		}
		if search.GetTld() == "" {
			return nil, InputError("domains", "domain.cannot_be_registered", d)
		}
		out.Results = append(out.Results, s.result(search.GetSld(), search.GetTld(), req.GetFreeTlds()))
	}
	return out, nil
}

func (s *Service) GetRecommendations(ctx context.Context, req *domainv1.GetRecommendationsRequest) (*domainv1.GetRecommendationsResponse, error) {
	if err := s.record(ctx, "GetRecommendations", req); err != nil {
		return nil, err
	}
	search, err := s.search("domain", req.GetDomain())
	if err != nil {
		return nil, err
	}
	out := &domainv1.GetRecommendationsResponse{Search: search}
	for _, t := range []string{"com", "eu"} {
		out.Recommendations = append(out.Recommendations, s.result(search.GetSld(), t, req.GetFreeTlds()))
	}
	return out, nil
}

func (s *Service) GetInclusiveTlds(ctx context.Context, req *domainv1.GetInclusiveTldsRequest) (*domainv1.GetInclusiveTldsResponse, error) {
	if err := s.record(ctx, "GetInclusiveTlds", req); err != nil {
		return nil, err
	}
	out := &domainv1.GetInclusiveTldsResponse{InclusiveTlds: req.GetFreeTlds().GetDomains()}
	left := req.GetFreeTlds().GetAmount() - req.GetAlreadyUsed()
	for _, d := range req.GetDomains() {
		if left <= 0 {
			break
		}
		for _, t := range req.GetFreeTlds().GetDomains() {
			if strings.HasSuffix(d, "."+t) {
				out.InclusiveDomains = append(out.InclusiveDomains, d)
				left--
				break
			}
		}
	}
	out.Remaining = max(left, 0)
	return out, nil
}

func (s *Service) SearchGroup(ctx context.Context, req *domainv1.SearchGroupRequest) (*domainv1.SearchGroupResponse, error) {
	if err := s.record(ctx, "SearchGroup", req); err != nil {
		return nil, err
	}
	search, err := s.search("domain", req.GetDomain())
	if err != nil {
		return nil, err
	}
	for _, g := range s.Groups {
		if g.GetId() != req.GetGroupId() {
			continue
		}
		limit := req.GetLimit()
		if limit <= 0 {
			limit = 5
		}
		total := int32(len(g.GetTlds()))
		from := min(req.GetOffset(), total)
		to := min(from+limit, total)
		out := &domainv1.SearchGroupResponse{Search: search, Total: total, NextOffset: to, HasMore: to < total}
		for _, t := range g.GetTlds()[from:to] {
			out.Results = append(out.Results, s.result(search.GetSld(), t.GetTld(), req.GetFreeTlds()))
		}
		return out, nil
	}
	return nil, status.Error(codes.NotFound, "domain.group_not_found")
}

func (s *Service) SearchFullDomain(ctx context.Context, req *domainv1.SearchFullDomainRequest) (*domainv1.SearchFullDomainResponse, error) {
	if err := s.record(ctx, "SearchFullDomain", req); err != nil {
		return nil, err
	}
	search, err := s.search("domain", req.GetDomain())
	if err != nil {
		return nil, err
	}
	if search.GetTld() == "" {
		search.Tld = "de"
	}
	return &domainv1.SearchFullDomainResponse{Search: search, Result: s.result(search.GetSld(), search.GetTld(), req.GetFreeTlds())}, nil
}

func (s *Service) ValidateDomainAdditionalFields(ctx context.Context, req *domainv1.ValidateDomainAdditionalFieldsRequest) (*domainv1.ValidateDomainAdditionalFieldsResponse, error) {
	if err := s.record(ctx, "ValidateDomainAdditionalFields", req); err != nil {
		return nil, err
	}
	out := &domainv1.ValidateDomainAdditionalFieldsResponse{Valid: true}
	for _, f := range req.GetFields() {
		if strings.TrimSpace(f.GetValue()) == "" {
			out.Valid = false
			out.Errors = append(out.Errors, &domainv1.DomainFieldError{Domain: f.GetDomain(), FieldId: f.GetFieldId(), Errors: []string{"validation.required"}})
		}
	}
	return out, nil
}
