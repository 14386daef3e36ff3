// Package seed holds the TLD catalogue shipped with the service (tlds.json next to this file) and
// turns it into validated rows for the stores: groups, additional fields, and one TLD row per
// brand with that brand's VAT, group, price and top flag.
package seed

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/hostcart/checkout/services/domain/fieldrules"
)

//go:embed tlds.json
var files embed.FS

// Locales every text must have.
var Locales = []string{"de-DE", "en-GB"}

// Texts are translations keyed by locale.
type Texts map[string]string

// Group is a domain group row with its names.
type Group struct {
	ID     int32  `json:"id"`
	Slug   string `json:"slug"`
	Order  int32  `json:"order"`
	Active *bool  `json:"active"`
	Name   Texts  `json:"name"`
}

// IsActive defaults to true.
func (g Group) IsActive() bool { return g.Active == nil || *g.Active }

// Field is an additional field definition.
type Field struct {
	ID             int32  `json:"id"`
	Key            string `json:"key"`
	Order          int32  `json:"order"`
	Rules          string `json:"rules"`
	InputComponent string `json:"input_component"`
	Postponed      bool   `json:"postponed"`
	PrefilledWith  string `json:"prefilled_with"`
	// Secret marks a value the order keeps sealed (an access code); password fields are secret
	// without it.
	Secret   bool  `json:"secret"`
	Label    Texts `json:"label"`
	Headline Texts `json:"headline"`
}

// TLDDef is a TLD as the file defines it, before brand overrides.
type TLDDef struct {
	ID             int32    `json:"id"`
	TLD            string   `json:"tld"`
	Display        string   `json:"display"`
	Group          string   `json:"group"`
	PriceCents     int32    `json:"price_cents"`
	SetupFeeCents  int32    `json:"setupfee_cents"`
	ContractLength int32    `json:"contractlength"`
	IDN            bool     `json:"idn"`
	Privacy        bool     `json:"privacy"`
	Top            bool     `json:"top"`
	Sort           int32    `json:"sort"`
	Active         *bool    `json:"active"`
	ExternalID     string   `json:"external_id"`
	ArticleName    string   `json:"article_name"`
	Notice         Texts    `json:"notice"`
	Fields         []string `json:"fields"`
}

// Override changes a TLD for one brand; nil fields keep the definition.
type Override struct {
	Group      *string `json:"group"`
	Top        *bool   `json:"top"`
	Sort       *int32  `json:"sort"`
	PriceCents *int32  `json:"price_cents"`
	Active     *bool   `json:"active"`
}

// Brand says which TLDs a brand sells and how.
type Brand struct {
	BrandID   int32               `json:"brand_id"`
	Slug      string              `json:"slug"`
	VAT       float64             `json:"vat"`
	IDBase    int32               `json:"id_base"`
	Exclude   []string            `json:"exclude"`
	Overrides map[string]Override `json:"overrides"`
}

type file struct {
	Groups []Group  `json:"groups"`
	Fields []Field  `json:"fields"`
	TLDs   []TLDDef `json:"tlds"`
	Brands []Brand  `json:"brands"`
}

// TLDRow is one TLD of one brand, ready to insert.
type TLDRow struct {
	ID             int32
	BrandID        int32
	TLD            string
	Display        string
	GroupID        int32
	ContractLength int32
	Active         bool
	VATPercent     float64
	PriceCents     int32
	SetupFeeCents  int32
	Privacy        bool
	Sort           int32
	Top            bool
	IDN            bool
	ExternalID     string
	ArticleName    string
	Notice         Texts
}

// TLDField links a TLD name to a field it asks for.
type TLDField struct {
	TLD     string
	FieldID int32
}

// Data is the validated content of the seed.
type Data struct {
	Groups    []Group
	Fields    []Field
	TLDs      []TLDRow
	TLDFields []TLDField
}

// Default reads the shipped tlds.json.
func Default() (*Data, error) { return Load(files, "tlds.json") }

// Load reads and checks a seed file from fsys.
func Load(fsys fs.FS, name string) (*Data, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("read seed %s: %w", name, err)
	}
	var f file
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("parse seed %s: %w", name, err)
	}
	d, err := build(f)
	if err != nil {
		return nil, fmt.Errorf("seed %s: %w", name, err)
	}
	return d, nil
}

func build(f file) (*Data, error) {
	var problems []error
	fail := func(format string, args ...any) { problems = append(problems, fmt.Errorf(format, args...)) }

	groupIDs := map[string]int32{}
	for _, g := range f.Groups {
		if g.ID <= 0 || g.Slug == "" {
			fail("group %q: id and slug are required", g.Slug)
		}
		if _, dup := groupIDs[g.Slug]; dup {
			fail("group %q defined twice", g.Slug)
		}
		groupIDs[g.Slug] = g.ID
		checkTexts(fail, "group "+g.Slug+" name", g.Name, true)
	}
	fieldIDs := map[string]int32{}
	for _, fd := range f.Fields {
		if fd.ID <= 0 || fd.Key == "" {
			fail("field %q: id and key are required", fd.Key)
		}
		if _, dup := fieldIDs[fd.Key]; dup {
			fail("field %q defined twice", fd.Key)
		}
		fieldIDs[fd.Key] = fd.ID
		if err := fieldrules.Check(fd.Rules); err != nil {
			fail("field %q: rules: %v", fd.Key, err)
		}
		checkTexts(fail, "field "+fd.Key+" label", fd.Label, true)
		checkTexts(fail, "field "+fd.Key+" headline", fd.Headline, false)
	}

	d := &Data{Groups: f.Groups, Fields: f.Fields}
	defs := map[string]TLDDef{}
	for _, t := range f.TLDs {
		where := "tld " + t.TLD
		if t.ID <= 0 || t.TLD == "" || t.TLD != strings.ToLower(strings.Trim(t.TLD, ". ")) {
			fail("%s: needs a positive id and a lower-case name without dots around it", where)
		}
		if _, dup := defs[t.TLD]; dup {
			fail("%s defined twice", where)
		}
		if _, ok := groupIDs[t.Group]; !ok {
			fail("%s: unknown group %q", where, t.Group)
		}
		if t.PriceCents < 0 || t.SetupFeeCents < 0 || t.ContractLength < 0 {
			fail("%s: negative price, setup fee or contract length", where)
		}
		checkTexts(fail, where+" notice", t.Notice, false)
		for _, key := range t.Fields {
			id, ok := fieldIDs[key]
			if !ok {
				fail("%s: unknown field %q", where, key)
				continue
			}
			d.TLDFields = append(d.TLDFields, TLDField{TLD: t.TLD, FieldID: id})
		}
		defs[t.TLD] = t
	}

	rowIDs := map[int32]string{}
	for _, b := range f.Brands {
		where := fmt.Sprintf("brand %d (%s)", b.BrandID, b.Slug)
		if b.BrandID <= 0 || b.IDBase <= 0 || b.VAT < 0 {
			fail("%s: needs positive brand_id and id_base and a VAT percent", where)
		}
		for _, name := range slices.Concat(b.Exclude, slices.Collect(maps.Keys(b.Overrides))) {
			if _, ok := defs[name]; !ok {
				fail("%s: excludes or overrides unknown tld %q", where, name)
			}
		}
		for _, t := range f.TLDs {
			if slices.Contains(b.Exclude, t.TLD) {
				continue
			}
			row := rowFor(t, b, groupIDs)
			if o, ok := b.Overrides[t.TLD]; ok && o.Group != nil {
				if _, known := groupIDs[*o.Group]; !known {
					fail("%s: override of %s names unknown group %q", where, t.TLD, *o.Group)
				}
			}
			if other, dup := rowIDs[row.ID]; dup {
				fail("%s: row id %d of %s collides with %s", where, row.ID, t.TLD, other)
			}
			rowIDs[row.ID] = fmt.Sprintf("%s of brand %d", t.TLD, b.BrandID)
			d.TLDs = append(d.TLDs, row)
		}
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	return d, nil
}

func rowFor(t TLDDef, b Brand, groupIDs map[string]int32) TLDRow {
	row := TLDRow{
		ID:             b.IDBase + t.ID,
		BrandID:        b.BrandID,
		TLD:            t.TLD,
		Display:        t.Display,
		GroupID:        groupIDs[t.Group],
		ContractLength: t.ContractLength,
		Active:         t.Active == nil || *t.Active,
		VATPercent:     b.VAT,
		PriceCents:     t.PriceCents,
		SetupFeeCents:  t.SetupFeeCents,
		Privacy:        t.Privacy,
		Sort:           t.Sort,
		Top:            t.Top,
		IDN:            t.IDN,
		ExternalID:     t.ExternalID,
		ArticleName:    t.ArticleName,
		Notice:         t.Notice,
	}
	if row.Display == "" {
		row.Display = t.TLD
	}
	if row.ContractLength == 0 {
		row.ContractLength = 12
	}
	if row.ExternalID == "" {
		row.ExternalID = "TLD-" + strings.ToUpper(strings.ReplaceAll(t.TLD, ".", "-"))
	}
	if row.ArticleName == "" {
		row.ArticleName = "Domain ." + row.Display
	}
	if o, ok := b.Overrides[t.TLD]; ok {
		if o.Group != nil {
			row.GroupID = groupIDs[*o.Group]
		}
		if o.Top != nil {
			row.Top = *o.Top
		}
		if o.Sort != nil {
			row.Sort = *o.Sort
		}
		if o.PriceCents != nil {
			row.PriceCents = *o.PriceCents
		}
		if o.Active != nil {
			row.Active = *o.Active
		}
	}
	return row
}

func checkTexts(fail func(string, ...any), where string, t Texts, required bool) {
	if len(t) == 0 && !required {
		return
	}
	for _, l := range Locales {
		if strings.TrimSpace(t[l]) == "" {
			fail("%s: missing %s text", where, l)
		}
	}
	for l := range t {
		if !slices.Contains(Locales, l) {
			fail("%s: unknown locale %q", where, l)
		}
	}
}
