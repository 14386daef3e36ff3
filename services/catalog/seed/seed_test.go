package seed

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hostcart/checkout/services/catalog/domain"
)

func TestDefaultSeedIsValid(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Brands) != 2 {
		t.Fatalf("got %d brands, want 2", len(c.Brands))
	}
	if len(c.ZipCodes) < 300 {
		t.Errorf("only %d zip codes", len(c.ZipCodes))
	}
}

// TestEveryBrandCoversTheCatalog guards the promise that both brands exercise every product family
// and addon rule, so UI and end-to-end tests can rely on them.
func TestEveryBrandCoversTheCatalog(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	groupRules := func(b Brand) map[string][]string {
		m := map[string][]string{}
		for _, g := range b.AddonGroups {
			m[g.Name] = g.Rules
		}
		return m
	}
	for _, b := range c.Brands {
		t.Run(b.Slug, func(t *testing.T) {
			types := map[string]int{}
			rules := map[string]bool{}
			hidden, inactiveMaturity, oneTime, highlight := 0, 0, 0, 0
			byCategory := map[string]int{}
			gr := groupRules(b)
			for _, p := range b.Products {
				types[p.Type]++
				byCategory[p.Category]++
				if p.Hidden {
					hidden++
				}
				if p.Highlight {
					highlight++
				}
				for _, m := range p.Maturities {
					if m.Inactive {
						inactiveMaturity++
					}
					if m.Months == 0 && p.Type == domain.TypeAddon {
						oneTime++
					}
				}
				for _, a := range p.Addons {
					for _, g := range a.Groups {
						for _, r := range gr[g] {
							rules[r] = true
						}
					}
				}
			}
			for _, typ := range []string{domain.TypeHosting, domain.TypeDomain, domain.TypeDomainOnly, domain.TypeTransfer,
				domain.TypeCertificate, domain.TypeAddon, domain.TypeUpsell, domain.TypeNSA, domain.TypePPOA,
				domain.TypePostalForwarding, domain.TypeMicrosoftLicence, domain.TypeContractTransfer} {
				if types[typ] == 0 {
					t.Errorf("no product of type %s", typ)
				}
			}
			for _, r := range domain.RuleTypes {
				if !rules[r] {
					t.Errorf("no linked addon group with rule %s", r)
				}
			}
			if hidden == 0 || oneTime == 0 || highlight == 0 {
				t.Errorf("hidden=%d one-time addons=%d highlights=%d, want each > 0", hidden, oneTime, highlight)
			}
			single := false
			for _, cat := range b.Categories {
				if !cat.Addon && !cat.Invisible && byCategory[cat.Slug] == 1 {
					single = true
				}
			}
			if !single {
				t.Error("no visible single-product category")
			}
			for _, k := range domain.FlagKeys {
				if _, ok := b.Properties[k]; !ok {
					t.Errorf("flag %s not set", k)
				}
			}
		})
	}
	inactive := 0
	for _, b := range c.Brands {
		for _, p := range b.Products {
			for _, m := range p.Maturities {
				if m.Inactive {
					inactive++
				}
			}
		}
	}
	if inactive == 0 {
		t.Error("no inactive maturity in any brand")
	}
	for _, k := range domain.SettingKeys {
		found := false
		for _, b := range c.Brands {
			if _, ok := b.Properties[k]; ok {
				found = true
			}
		}
		if !found {
			t.Errorf("setting %s is set for no brand", k)
		}
	}
}

func TestValidateRejectsBrokenData(t *testing.T) {
	base := func() fstest.MapFS {
		return fstest.MapFS{
			"product_types.json":     {Data: []byte(`[{"id":1,"slug":"hosting"}]`)},
			"additional_fields.json": {Data: []byte(`[]`)},
			"countries.json":         {Data: []byte(`[{"id":1,"code":"DE","phone_prefix":"+49","order":1,"name":{"en-GB":"Germany"}}]`)},
			"zipcodes.csv":           {Data: []byte("country_code,code,city\nDE,10115,Berlin\n")},
		}
	}
	brand := func(product string) []byte {
		return []byte(`{"id":1,"name":"B","slug":"b","fqdn":"b.test","locales":[{"code":"en-GB","label":"English","default":true}],
"properties":{"country_code":"DE"},"payment_intervals":[{"id":1,"months":1,"vat":19}],
"categories":[{"id":1,"slug":"c","name":{"en-GB":"C"}}],"products":[` + product + `]}`)
	}
	tests := []struct {
		name    string
		product string
		extra   map[string]string
		wantErr string
	}{
		{"valid", `{"id":1,"category":"c","type":"hosting","name":{"en-GB":"P"},"maturities":[{"id":1,"months":1,"intervals":[1]}]}`, nil, ""},
		{"unknown category", `{"id":1,"category":"x","type":"hosting","name":{"en-GB":"P"},"maturities":[{"id":1,"months":1,"intervals":[1]}]}`, nil, "unknown category"},
		{"unknown interval", `{"id":1,"category":"c","type":"hosting","name":{"en-GB":"P"},"maturities":[{"id":1,"months":12,"intervals":[12]}]}`, nil, "no 12-month interval"},
		{"missing fallback text", `{"id":1,"category":"c","type":"hosting","name":{"de-DE":"P"},"maturities":[{"id":1,"months":1,"intervals":[1]}]}`, nil, "en-GB text missing"},
		{"unknown addon", `{"id":1,"category":"c","type":"hosting","name":{"en-GB":"P"},"maturities":[{"id":1,"months":1,"intervals":[1]}],"addons":[{"addon":9}]}`, nil, "addon 9"},
		{"unknown json field", `{"id":1,"category":"c","type":"hosting","nam":{"en-GB":"P"},"maturities":[{"id":1,"months":1,"intervals":[1]}]}`, nil, "unknown field"},
		{"duplicate maturity id", `{"id":1,"category":"c","type":"hosting","name":{"en-GB":"P"},"maturities":[{"id":1,"months":1,"intervals":[1]},{"id":1,"months":1,"intervals":[1]}]}`, nil, "maturity id 1"},
		{"bad zip country", `{"id":1,"category":"c","type":"hosting","name":{"en-GB":"P"},"maturities":[{"id":1,"months":1,"intervals":[1]}]}`, map[string]string{"zipcodes.csv": "country_code,code,city\nXX,1,Y\n"}, "zip code XX"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := base()
			fsys["brands/b.json"] = &fstest.MapFile{Data: brand(tt.product)}
			for k, v := range tt.extra {
				fsys[k] = &fstest.MapFile{Data: []byte(v)}
			}
			_, err := Load(fsys)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

// TestEveryBrandHasTheFullHostingPath guards the Chromium acceptance path of issue 4
// (frontend/e2e/src/cart.e2e.cjs): in each brand one hosting product offers an upsell, a variants
// group, a promoted addon and a standard (recommended or regular) addon.
func TestEveryBrandHasTheFullHostingPath(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range c.Brands {
		rules := map[string][]string{}
		for _, g := range b.AddonGroups {
			rules[g.Name] = g.Rules
		}
		has := func(link ProductAddon, rule string) bool {
			for _, g := range link.Groups {
				if slices.Contains(rules[g], rule) {
					return true
				}
			}
			return false
		}
		found := false
		for _, p := range b.Products {
			variants, promoted, standard := false, false, false
			for _, a := range p.Addons {
				switch {
				case a.Promoted:
					promoted = true
				case has(a, "variants"):
					variants = true
				case !has(a, "modules") && !has(a, "invisible"):
					standard = true
				}
			}
			if p.Type == domain.TypeHosting && len(p.Upsells) > 0 && variants && promoted && standard {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no hosting product with upsell, variants, promoted and standard addons", b.Slug)
		}
	}
}

// TestEveryAddonHasADescriptionInEveryLocale guards issue 23: the extras screen, the upsell offer
// and the confirm page show an addon's description, so every addon of every brand (a product of
// type addon or upsell, or one that another product links as an addon or upsell) carries one in
// each locale its brand offers, not only through the en-GB fallback.
func TestEveryAddonHasADescriptionInEveryLocale(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range c.Brands {
		t.Run(b.Slug, func(t *testing.T) {
			linked := map[int32]bool{}
			for _, p := range b.Products {
				for _, a := range p.Addons {
					linked[a.Addon] = true
				}
				for _, u := range p.Upsells {
					linked[u.Upsell] = true
				}
			}
			if len(b.Locales) == 0 {
				t.Fatal("brand offers no locale")
			}
			checked := 0
			for _, p := range b.Products {
				if p.Type != domain.TypeAddon && p.Type != domain.TypeUpsell && !linked[p.ID] {
					continue
				}
				checked++
				for _, l := range b.Locales {
					if strings.TrimSpace(p.Description[l.Code]) == "" {
						t.Errorf("addon %d (%s) has no %s description", p.ID, p.Name["en-GB"], l.Code)
					}
				}
			}
			if checked == 0 {
				t.Error("brand has no addon")
			}
		})
	}
}
