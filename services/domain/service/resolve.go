package service

import (
	"context"
	"log/slog"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/domain/domain"
)

// pending is a name waiting for its status; fixed names need no registry.
type pending struct {
	name domain.Name
	// tld points into the catalogue (or at a TLD of the caller's): never changed here. A value
	// made every pending list about 1.9 KB for 5 names.
	tld       *domain.TLD
	fixed     bool
	status    domain.Status
	fixedText string
}

func pendingFor(n domain.Name, t *domain.TLD) pending { return pending{name: n, tld: t} }

// pendingForSearch combines a search with a TLD; an IDN label on a TLD without IDN support is
// unavailable without asking the registry.
func pendingForSearch(s domain.Search, t *domain.TLD) pending {
	p := pending{name: s.Name(*t), tld: t}
	if s.IDN && !t.IDN {
		p.fixed, p.status, p.fixedText = true, domain.StatusUnavailable, domain.TextIDNNotSupported
	}
	return p
}

// resolve answers every pending name: names in the session's cart are already owned, the rest go
// through the cache and the registry concurrently. A registry failure marks that name unavailable
// (check_failed) rather than failing the call; the caller's deadline passing fails it.
func (s *service) resolve(ctx context.Context, ps []pending, free map[string]bool) ([]domain.Result, error) {
	owned := s.ownedNames(ctx)
	names := make([]string, 0, len(ps))
	for _, p := range ps {
		if !p.fixed && !owned[p.name.Domain] {
			names = append(names, p.name.Domain)
		}
	}
	answers := s.checker.Check(ctx, names)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]domain.Result, 0, len(ps))
	for _, p := range ps {
		var r domain.Result
		switch {
		case p.fixed:
			r = domain.NewResult(p.name, *p.tld, p.status, false)
			r.Text = p.fixedText
		case owned[p.name.Domain]:
			r = domain.NewResult(p.name, *p.tld, domain.StatusOwned, false)
		default:
			a := answers[p.name.Domain]
			r = domain.NewResult(p.name, *p.tld, a.Status, a.Cached)
			if a.Err != nil {
				r.Text = domain.TextCheckFailed
			}
		}
		r.Inclusive = free[p.tld.Name] && r.Status == domain.StatusAvailable
		out = append(out, r)
	}
	return out, nil
}

// ownedNames are the names in the session's cart. Without the cart the visitor may see a name as
// available that is already theirs; the cart itself keeps domains unique, so that is only cosmetic.
func (s *service) ownedNames(ctx context.Context) map[string]bool {
	sid := callctx.From(ctx).SessionID
	if sid == "" {
		return nil
	}
	names, err := s.owned.InCart(ctx, sid)
	if err != nil {
		s.log.WarnContext(ctx, "reading the cart's domains failed", slog.String("err", err.Error()))
		return nil
	}
	if len(names) == 0 {
		return nil
	}
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[domain.NormalizeName(n)] = true
	}
	return out
}
