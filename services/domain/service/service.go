// Package service holds the domain capability's use cases. Brand, locale and session of a call come
// from the request context (callctx), set by the gateway and read by the gRPC interceptors.
package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/domain/domain"
)

// Limits of the calls (spec §4, §9).
const (
	// MaxAvailabilityNames is the batch size of availability checks.
	MaxAvailabilityNames = 5
	DefaultGroupPage     = 5
	MaxGroupPage         = 10
)

// Service is what the domain capability offers its callers.
type Service interface {
	ListTLDs(ctx context.Context) ([]domain.TLD, error)
	ListGroups(ctx context.Context) ([]domain.Group, error)
	// NormalizeSearch returns an *domain.InputError for input that fails spec §5.
	NormalizeSearch(ctx context.Context, input string) (domain.Search, error)
	CheckAvailability(ctx context.Context, names, freeTLDs []string) ([]domain.Result, error)
	Recommend(ctx context.Context, input string, limit int, freeTLDs []string) (domain.Search, []domain.Result, error)
	Inclusive(ctx context.Context, free domain.FreeTLDs, domains []string, alreadyUsed int32) (domain.Inclusion, error)
	SearchGroup(ctx context.Context, q GroupQuery) (GroupPage, error)
	SearchFullDomain(ctx context.Context, input string, freeTLDs []string) (domain.Search, domain.Result, error)
	ValidateFields(ctx context.Context, values []domain.FieldValue, includePostponed bool) ([]domain.FieldError, error)
}

// GroupQuery asks for one page of a group's TLDs combined with a search.
type GroupQuery struct {
	Input    string
	GroupID  int32
	Offset   int
	Limit    int
	FreeTLDs []string
}

// GroupPage is one page of a group search ("load more" asks for NextOffset).
type GroupPage struct {
	Search     domain.Search
	Results    []domain.Result
	Total      int
	NextOffset int
	HasMore    bool
}

// Config holds the use cases' tunables.
type Config struct {
	// CatalogueTTL is how long a brand's TLD catalogue is reused before it is read again.
	CatalogueTTL time.Duration
}

type service struct {
	catalogues *catalogueCache
	names      nameMemo
	checker    *Checker
	owned      SessionDomains
	fields     domain.RuleValidator
	log        *slog.Logger
}

// New returns the use cases over the given ports.
func New(repo Repository, checker *Checker, owned SessionDomains, fields domain.RuleValidator, cfg Config, log *slog.Logger) Service {
	if owned == nil {
		owned = NoSessionDomains{}
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &service{
		catalogues: newCatalogueCache(repo, cfg.CatalogueTTL),
		checker:    checker,
		owned:      owned,
		fields:     fields,
		log:        log,
	}
}

func (s *service) ListTLDs(ctx context.Context) ([]domain.TLD, error) {
	cat, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	return cat.TLDs(), nil
}

func (s *service) ListGroups(ctx context.Context) ([]domain.Group, error) {
	cat, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	return cat.Groups(), nil
}

func (s *service) NormalizeSearch(ctx context.Context, input string) (domain.Search, error) {
	cat, err := s.catalogue(ctx)
	if err != nil {
		return domain.Search{}, err
	}
	search, inErr := domain.NormalizeSearch(input, cat.Set())
	if inErr != nil {
		return domain.Search{}, inErr
	}
	return search, nil
}

func (s *service) CheckAvailability(ctx context.Context, names, freeTLDs []string) ([]domain.Result, error) {
	if len(names) > MaxAvailabilityNames {
		return nil, fmt.Errorf("check %d names: %w", len(names), domain.ErrTooManyNames)
	}
	cat, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	// Built in one pass: TLD values are large, and a staging slice copied each of them twice.
	ps := make([]pending, 0, len(names))
	for _, raw := range names {
		n, inErr := s.availabilityName(cat, raw)
		if inErr != nil {
			return nil, fmt.Errorf("check %q: %w", raw, inErr)
		}
		ps = append(ps, pendingFor(n, tldRef(cat, n.TLD)))
	}
	results, err := s.resolve(ctx, ps, domain.FreeSet(freeTLDs))
	if err != nil {
		return nil, err
	}
	return results, nil
}

func (s *service) Recommend(ctx context.Context, input string, limit int, freeTLDs []string) (domain.Search, []domain.Result, error) {
	cat, search, err := s.search(ctx, input)
	if err != nil {
		return domain.Search{}, nil, err
	}
	limit = domain.RecommendationLimit(limit)
	cands := domain.RecommendationCandidates(search, cat, limit)
	ps := make([]pending, 0, len(cands))
	for _, n := range cands {
		ps = append(ps, pendingFor(n, tldRef(cat, n.TLD)))
	}
	results, err := s.resolve(ctx, ps, domain.FreeSet(freeTLDs))
	if err != nil {
		return domain.Search{}, nil, err
	}
	out := make([]domain.Result, 0, limit)
	for _, r := range results {
		if r.Status == domain.StatusAvailable && len(out) < limit {
			out = append(out, r)
		}
	}
	return search, out, nil
}

func (s *service) Inclusive(ctx context.Context, free domain.FreeTLDs, domains []string, alreadyUsed int32) (domain.Inclusion, error) {
	cat, err := s.catalogue(ctx)
	if err != nil {
		return domain.Inclusion{}, err
	}
	return domain.Inclusive(free, cat, domains, alreadyUsed), nil
}

func (s *service) SearchGroup(ctx context.Context, q GroupQuery) (GroupPage, error) {
	cat, search, err := s.search(ctx, q.Input)
	if err != nil {
		return GroupPage{}, err
	}
	g, ok := cat.Group(q.GroupID)
	if !ok {
		return GroupPage{}, fmt.Errorf("search group %d: %w", q.GroupID, domain.ErrGroupNotFound)
	}
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultGroupPage
	}
	limit = min(limit, MaxGroupPage)
	total := len(g.TLDs)
	from := min(max(q.Offset, 0), total)
	to := min(from+limit, total)
	ps := make([]pending, 0, to-from)
	for i := range g.TLDs[from:to] {
		ps = append(ps, pendingForSearch(search, &g.TLDs[from+i]))
	}
	results, err := s.resolve(ctx, ps, domain.FreeSet(q.FreeTLDs))
	if err != nil {
		return GroupPage{}, err
	}
	return GroupPage{Search: search, Results: results, Total: total, NextOffset: to, HasMore: to < total}, nil
}

func (s *service) SearchFullDomain(ctx context.Context, input string, freeTLDs []string) (domain.Search, domain.Result, error) {
	cat, search, err := s.search(ctx, input)
	if err != nil {
		return domain.Search{}, domain.Result{}, err
	}
	var t domain.TLD
	if search.TLD != "" {
		t, _ = cat.TLD(search.TLD)
	} else {
		var ok bool
		if t, ok = firstTLD(cat, search.IDN); !ok {
			return domain.Search{}, domain.Result{}, &domain.InputError{Key: domain.KeyCannotBeRegistered, Input: input}
		}
		search.TLD = t.Name
	}
	results, err := s.resolve(ctx, []pending{pendingForSearch(search, &t)}, domain.FreeSet(freeTLDs))
	if err != nil {
		return domain.Search{}, domain.Result{}, err
	}
	return search, results[0], nil
}

func (s *service) ValidateFields(ctx context.Context, values []domain.FieldValue, includePostponed bool) ([]domain.FieldError, error) {
	cat, err := s.catalogue(ctx)
	if err != nil {
		return nil, err
	}
	return domain.ValidateFields(cat, values, includePostponed, s.fields), nil
}

// search loads the catalogue and normalises input against it.
func (s *service) search(ctx context.Context, input string) (*domain.Catalogue, domain.Search, error) {
	cat, err := s.catalogue(ctx)
	if err != nil {
		return nil, domain.Search{}, err
	}
	search, inErr := domain.NormalizeSearch(input, cat.Set())
	if inErr != nil {
		return nil, domain.Search{}, inErr
	}
	return cat, search, nil
}

// catalogue returns the TLD catalogue of the call's brand in the call's locale.
func (s *service) catalogue(ctx context.Context) (*domain.Catalogue, error) {
	v := callctx.From(ctx)
	if v.BrandID <= 0 {
		return nil, domain.ErrBrandRequired
	}
	return s.catalogues.get(ctx, v.BrandID, CanonicalLocale(v.Locale))
}

// tldRef is the catalogue's TLD called name, or a zero TLD (what Catalogue.TLD answers) when it
// has none.
func tldRef(cat *domain.Catalogue, name string) *domain.TLD {
	if t, ok := cat.TLDRef(name); ok {
		return t
	}
	return &domain.TLD{}
}

// firstTLD is the TLD a search without one is completed with: the first top TLD that can take the
// SLD, else the first such TLD at all.
func firstTLD(cat *domain.Catalogue, idn bool) (domain.TLD, bool) {
	for _, list := range [][]domain.TLD{cat.TopTLDs(), cat.TLDs()} {
		for _, t := range list {
			if !idn || t.IDN {
				return t, true
			}
		}
	}
	return domain.TLD{}, false
}
