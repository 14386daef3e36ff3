// Package seed holds the shipped promotions of both brands (promotions.json, embedded) and checks
// them before they reach a store. Catalog ids and TLDs refer to the catalog and domain seeds;
// seed_test.go keeps those references true.
package seed

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hostcart/checkout/services/promotion/domain"
)

//go:embed promotions.json
var shipped []byte

// File is the shape of promotions.json.
type File struct {
	Brands []Brand `json:"brands"`
}

// Brand lists one brand's promotions.
type Brand struct {
	ID         int32       `json:"id"`
	Slug       string      `json:"slug"`
	Promotions []Promotion `json:"promotions"`
}

// Promotion is one promotion as written in the file.
type Promotion struct {
	ID          int32             `json:"id"`
	Code        string            `json:"code"`
	Automatic   bool              `json:"automatic"`
	Inactive    bool              `json:"inactive"`
	Type        string            `json:"type"`
	ValueType   string            `json:"value_type"`
	Percent     float64           `json:"percent"`
	ValueCents  int64             `json:"value_cents"`
	IsRecurring bool              `json:"is_recurring"`
	RecursFor   int32             `json:"recurs_for"`
	Requires    []int32           `json:"requires"`
	AppliesTo   AppliesTo         `json:"applies_to"`
	Supported   Supported         `json:"supported"`
	ValidFrom   string            `json:"valid_from"`
	ValidUntil  string            `json:"valid_until"`
	Label       map[string]string `json:"discount_label"`
}

type AppliesTo struct {
	Type string   `json:"type"`
	IDs  []int32  `json:"ids"`
	TLDs []string `json:"tlds"`
}

type Supported struct {
	MaturityMonths []int32 `json:"maturity_months"`
	IntervalMonths []int32 `json:"interval_months"`
	ForAddon       bool    `json:"for_addon"`
	ForUpsell      bool    `json:"for_upsell"`
}

// Default returns the shipped promotions, checked.
func Default() ([]domain.Promotion, error) { return Load(bytes.NewReader(shipped)) }

// DefaultFile returns the shipped file as written, for tests that cross-check references.
func DefaultFile() (File, error) {
	var f File
	if err := json.Unmarshal(shipped, &f); err != nil {
		return File{}, fmt.Errorf("seed: parse promotions.json: %w", err)
	}
	return f, nil
}

// Load reads a promotions file and checks it; a broken file is refused with every problem found.
func Load(r io.Reader) ([]domain.Promotion, error) {
	var f File
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("seed: parse promotions: %w", err)
	}
	var (
		out      []domain.Promotion
		problems []string
		ids      = map[int32]bool{}
	)
	for _, b := range f.Brands {
		if b.ID <= 0 {
			problems = append(problems, fmt.Sprintf("brand %q: id must be positive", b.Slug))
		}
		codes := map[string]bool{}
		for _, sp := range b.Promotions {
			p, errs := sp.toDomain(b.ID)
			where := fmt.Sprintf("brand %s promotion %d (%s)", b.Slug, sp.ID, sp.Code)
			for _, e := range errs {
				problems = append(problems, where+": "+e)
			}
			if ids[sp.ID] {
				problems = append(problems, where+": duplicate id")
			}
			ids[sp.ID] = true
			if codes[p.Code] {
				problems = append(problems, where+": duplicate code in brand")
			}
			codes[p.Code] = true
			out = append(out, p)
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("seed: %d problems:\n  %w", len(problems), errors.New(strings.Join(problems, "\n  ")))
	}
	return out, nil
}

func (sp Promotion) toDomain(brandID int32) (domain.Promotion, []string) {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }

	code, ok := domain.NormalizeCode(sp.Code)
	if !ok {
		bad("code %q is not a valid code", sp.Code)
	} else if code != sp.Code {
		bad("code must be written upper case as %q", code)
	}
	if sp.ID <= 0 {
		bad("id must be positive")
	}
	p := domain.Promotion{
		ID: sp.ID, BrandID: brandID, Code: code,
		Type: domain.Target(sp.Type), ValueType: domain.ValueType(sp.ValueType),
		Percent: sp.Percent, ValueCents: sp.ValueCents,
		IsRecurring: sp.IsRecurring, RecursFor: sp.RecursFor,
		IsAutomatic: sp.Automatic, Active: !sp.Inactive,
		Requires: sp.Requires,
		AppliesTo: domain.AppliesTo{Kind: domain.AppliesToKind(sp.AppliesTo.Type), IDs: sp.AppliesTo.IDs,
			TLDs: normalizeTLDs(sp.AppliesTo.TLDs)},
		Supported: domain.Supported{MaturityMonths: sp.Supported.MaturityMonths, IntervalMonths: sp.Supported.IntervalMonths,
			ForAddon: sp.Supported.ForAddon, ForUpsell: sp.Supported.ForUpsell},
		Labels: sp.Label,
	}
	errs = append(errs, domain.Check(p)...)
	var err error
	if p.ValidFrom, err = parseTime(sp.ValidFrom); err != nil {
		bad("valid_from: %v", err)
	}
	if p.ValidUntil, err = parseTime(sp.ValidUntil); err != nil {
		bad("valid_until: %v", err)
	}
	if !p.ValidFrom.IsZero() && !p.ValidUntil.IsZero() && !p.ValidFrom.Before(p.ValidUntil) {
		bad("valid_from must be before valid_until")
	}
	if p.Labels[domain.FallbackLocale] == "" {
		bad("discount_label needs an %s text", domain.FallbackLocale)
	}
	return p, errs
}

func normalizeTLDs(ts []string) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, domain.NormalizeTLD(t))
	}
	return out
}

func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("want RFC 3339: %w", err)
	}
	return t.UTC(), nil
}
