package service

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/domain/domain"
)

func TestCheckAvailability(t *testing.T) {
	f := newFixture(fixedOwned{"MINE.de"})
	ctx := brandCtx()

	rs, err := f.svc.CheckAvailability(ctx, []string{"WWW.freeshop.DE.", "takenshop.com", "mine.de", "müller.eu", "freeshop.de"}, []string{".de", "eu"})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(rs); got != "freeshop.de takenshop.com mine.de xn--mller-kva.eu freeshop.de" {
		t.Errorf("results in order %q", got)
	}
	want := []struct {
		status    domain.Status
		text      string
		inclusive bool
	}{
		{domain.StatusAvailable, domain.TextAvailable, true},
		{domain.StatusTaken, domain.TextTaken, false},
		{domain.StatusOwned, domain.TextOwned, false},
		{rs[3].Status, rs[3].Status.Text(), rs[3].Status == domain.StatusAvailable},
		{domain.StatusAvailable, domain.TextAvailable, true},
	}
	for i, w := range want {
		if rs[i].Status != w.status || rs[i].Text != w.text || rs[i].Inclusive != w.inclusive {
			t.Errorf("result %d (%s) = status %d %q inclusive %v, want %d %q %v", i, rs[i].Domain, rs[i].Status, rs[i].Text, rs[i].Inclusive, w.status, w.text, w.inclusive)
		}
	}
	if rs[3].DomainUnicode != "müller.eu" || rs[0].TLDID != 1 || rs[0].Price.ContractNetCents != 101*12 || rs[0].Notice != "notice de" {
		t.Errorf("result details: %+v / %+v", rs[3], rs[0])
	}
	if f.registry.count("mine.de") != 0 {
		t.Error("a name already in the cart was sent to the registry")
	}
	if f.registry.count("freeshop.de") != 1 {
		t.Errorf("freeshop.de checked %d times within one batch", f.registry.count("freeshop.de"))
	}
}

func TestCheckAvailabilityRejects(t *testing.T) {
	f := newFixture(nil)
	ctx := brandCtx()
	six := make([]string, 6)
	for i := range six {
		six[i] = fmt.Sprintf("name%d.de", i)
	}
	if _, err := f.svc.CheckAvailability(ctx, six, nil); !errors.Is(err, domain.ErrTooManyNames) || domain.MessageKey(err) != "domain.too_many_names" {
		t.Errorf("6 names: err = %v, want domain.too_many_names", err)
	}
	tests := map[string]string{
		"bad@name.de":  domain.KeyInputInvalid,
		"nodot":        domain.KeyCannotBeRegistered,
		"x.de":         domain.KeyInputTooShort,
		"example.xyz":  domain.KeyCannotBeRegistered,
		"example.old":  domain.KeyCannotBeRegistered, // inactive TLD
		"müller.co.uk": domain.KeyCannotBeRegistered,
	}
	for name, key := range tests {
		_, err := f.svc.CheckAvailability(ctx, []string{"fine.de", name}, nil)
		var in *domain.InputError
		if !errors.As(err, &in) || in.Key != key || !errors.Is(err, domain.ErrInvalidArgument) {
			t.Errorf("%q: err = %v, want input error %s", name, err, key)
		}
	}
	if f.registry.total() != 0 {
		t.Errorf("rejected batches reached the registry %d times", f.registry.total())
	}
	if _, err := f.svc.CheckAvailability(context.Background(), []string{"a.de"}, nil); !errors.Is(err, domain.ErrBrandRequired) {
		t.Errorf("without brand: err = %v", err)
	}
}

func TestSearchGroupPages(t *testing.T) {
	f := newFixture(nil)
	ctx := brandCtx()
	q := GroupQuery{Input: "shop.example.de", GroupID: 2, Limit: 3}
	var all []string
	for page := 0; ; page++ {
		p, err := f.svc.SearchGroup(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != 7 || p.Search.SLD != "example" {
			t.Fatalf("page %d: total %d search %+v", page, p.Total, p.Search)
		}
		for _, r := range p.Results {
			all = append(all, r.TLD)
		}
		if !p.HasMore {
			if p.NextOffset != p.Total {
				t.Errorf("last page next offset %d, want %d", p.NextOffset, p.Total)
			}
			break
		}
		q.Offset = p.NextOffset
	}
	if fmt.Sprint(all) != "[co.uk at ch fr it es nl]" {
		t.Errorf("group TLDs over all pages = %v (inactive .old must be absent)", all)
	}

	p, err := f.svc.SearchGroup(ctx, GroupQuery{Input: "müller", GroupID: 2, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Results) != MaxGroupPage && len(p.Results) != p.Total {
		t.Errorf("limit not clamped: %d results", len(p.Results))
	}
	for _, r := range p.Results {
		if r.TLD == "co.uk" || r.TLD == "nl" {
			if r.Status != domain.StatusUnavailable || r.Text != domain.TextIDNNotSupported {
				t.Errorf("IDN on .%s = %d %q, want unavailable idn_not_supported", r.TLD, r.Status, r.Text)
			}
			if f.registry.count(r.Domain) != 0 {
				t.Errorf("%s was sent to the registry", r.Domain)
			}
		}
	}
	if _, err := f.svc.SearchGroup(ctx, GroupQuery{Input: "x1", GroupID: 99}); !errors.Is(err, domain.ErrGroupNotFound) {
		t.Errorf("unknown group: err = %v", err)
	}
	if _, err := f.svc.SearchGroup(ctx, GroupQuery{Input: "a", GroupID: 1}); domain.MessageKey(err) != domain.KeyInputTooShort {
		t.Errorf("short input: err = %v", err)
	}
	if p, err := f.svc.SearchGroup(ctx, GroupQuery{Input: "abc", GroupID: 1, Offset: 50}); err != nil || len(p.Results) != 0 || p.HasMore {
		t.Errorf("offset past the end = %+v, %v", p, err)
	}
}

func TestRecommendOnlyAvailable(t *testing.T) {
	f := newFixture(nil)
	s, recs, err := f.svc.Recommend(brandCtx(), "takenbrand.de", 4, []string{"com"})
	if err != nil {
		t.Fatal(err)
	}
	if s.SLD != "takenbrand" || len(recs) == 0 || len(recs) > 4 {
		t.Fatalf("search %+v, %d recommendations", s, len(recs))
	}
	for _, r := range recs {
		if r.Status != domain.StatusAvailable {
			t.Errorf("recommended %s with status %d", r.Domain, r.Status)
		}
		if r.Domain == "takenbrand.de" {
			t.Error("the searched domain itself is recommended")
		}
		if r.TLD == "com" && !r.Inclusive {
			t.Errorf("%s not marked inclusive", r.Domain)
		}
	}
}

func TestSearchFullDomain(t *testing.T) {
	f := newFixture(nil)
	s, r, err := f.svc.SearchFullDomain(brandCtx(), "www.takenplace.com", nil)
	if err != nil || s.TLD != "com" || r.Domain != "takenplace.com" || r.Status != domain.StatusTaken || !r.Status.NeedsAuthCode() {
		t.Errorf("full domain = %+v %+v %v", s, r, err)
	}
	s, r, err = f.svc.SearchFullDomain(brandCtx(), "freeplace", nil)
	if err != nil || s.TLD != "de" || r.Domain != "freeplace.de" {
		t.Errorf("without TLD = %+v %+v %v, want the first top TLD .de", s, r, err)
	}
}

func TestListsAndCatalogueCache(t *testing.T) {
	f := newFixture(nil)
	ctx := brandCtx()
	tlds, err := f.svc.ListTLDs(ctx)
	if err != nil || len(tlds) != 12 {
		t.Fatalf("ListTLDs = %d, %v; want 12 active", len(tlds), err)
	}
	groups, err := f.svc.ListGroups(ctx)
	if err != nil || len(groups) != 2 || groups[0].Name != "Beliebt" || len(groups[0].TLDs) != 5 {
		t.Fatalf("ListGroups = %+v, %v", groups, err)
	}
	en := callctx.With(context.Background(), callctx.Values{BrandID: 1, Locale: "en"})
	if groups, _ := f.svc.ListGroups(en); groups[0].Name != "Popular" {
		t.Errorf("en group name = %q", groups[0].Name)
	}
	for range 5 {
		_, _ = f.svc.ListTLDs(ctx)
	}
	if n := f.repo.reads.Load(); n != 2 {
		t.Errorf("repository read %d times, want 2 (one per locale, then cached)", n)
	}
	other := callctx.With(context.Background(), callctx.Values{BrandID: 7})
	if tlds, err := f.svc.ListTLDs(other); err != nil || len(tlds) != 0 {
		t.Errorf("brand without TLDs = %d, %v", len(tlds), err)
	}

	broken := newFixture(nil)
	broken.repo.fail = fmt.Errorf("db: %w", domain.ErrUnavailable)
	if _, err := broken.svc.ListTLDs(ctx); !errors.Is(err, domain.ErrUnavailable) {
		t.Errorf("store outage: err = %v", err)
	}
}

func TestInclusiveAndFields(t *testing.T) {
	f := newFixture(nil)
	inc, err := f.svc.Inclusive(brandCtx(), domain.FreeTLDs{Amount: 2, Domains: []string{"de", ".com", "xyz"}},
		[]string{"a1.net", "first.de", "First.DE", "second.com", "third.de"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(inc.TLDs) != "[de com]" || fmt.Sprint(inc.Domains) != "[first.de second.com]" || inc.Remaining != 0 {
		t.Errorf("inclusion = %+v", inc)
	}
	errs, err := f.svc.ValidateFields(brandCtx(), []domain.FieldValue{{Domain: "shop.eu", FieldID: 1, Value: "DEU"}}, false)
	if err != nil || len(errs) != 1 || errs[0].Keys[0] != "validation.max_length" {
		t.Errorf("field errors = %+v, %v", errs, err)
	}
}
