package seed_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hostcart/checkout/libs/go/platform/testrun"
	"github.com/hostcart/checkout/services/promotion/domain"
	"github.com/hostcart/checkout/services/promotion/seed"
)

func TestDefaultLoads(t *testing.T) {
	ps, err := seed.Default()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	type kinds struct{ automatic, manual, percentage, fixed, recurring, expired, inactive, requires, product, addon, upsell, domain int }
	per := map[int32]*kinds{1: {}, 2: {}}
	for _, p := range ps {
		k := per[p.BrandID]
		if k == nil {
			t.Fatalf("promotion %s of unknown brand %d", p.Code, p.BrandID)
		}
		count := func(c bool, n *int) {
			if c {
				*n++
			}
		}
		count(p.IsAutomatic, &k.automatic)
		count(!p.IsAutomatic, &k.manual)
		count(p.ValueType == domain.Percentage, &k.percentage)
		count(p.ValueType == domain.Fixed, &k.fixed)
		count(p.IsRecurring && p.RecursFor > 1, &k.recurring)
		count(p.Expired(now), &k.expired)
		count(!p.Active, &k.inactive)
		count(len(p.Requires) > 0, &k.requires)
		count(p.Type == domain.TargetProduct, &k.product)
		count(p.Type == domain.TargetAddon, &k.addon)
		count(p.Type == domain.TargetUpsell, &k.upsell)
		count(p.Type == domain.TargetDomain, &k.domain)
	}
	// The seed promises every kind of promotion to both brands (inactive ones to Hostwerk only).
	for brand, k := range per {
		for name, n := range map[string]int{"automatic": k.automatic, "manual": k.manual, "percentage": k.percentage,
			"fixed": k.fixed, "recurring": k.recurring, "expired": k.expired, "requires": k.requires,
			"product": k.product, "addon": k.addon, "upsell": k.upsell, "domain": k.domain} {
			if n == 0 {
				t.Errorf("brand %d has no %s promotion", brand, name)
			}
		}
	}
	if per[1].inactive == 0 {
		t.Error("Hostwerk has no inactive promotion")
	}
}

func TestLoadReportsEveryProblem(t *testing.T) {
	broken := `{"brands":[{"id":1,"slug":"x","promotions":[
	  {"id":1,"code":"ok","type":"product","value_type":"percentage","percent":10,"applies_to":{"type":"all"},"discount_label":{"en-GB":"x"}},
	  {"id":1,"code":"OK","type":"domain","value_type":"fixed","value_cents":0,"applies_to":{"type":"ids","ids":[5]},"discount_label":{"de-DE":"x"}},
	  {"id":3,"code":"BAD CODE","type":"bonus","value_type":"percentage","percent":150,"applies_to":{"type":"all"},
	   "valid_from":"2020-01-01T00:00:00Z","valid_until":"2019-01-01T00:00:00Z","discount_label":{"en-GB":"x"}}
	]}]}`
	_, err := seed.Load(strings.NewReader(broken))
	if err == nil {
		t.Fatal("broken file accepted")
	}
	for _, want := range []string{
		`code must be written upper case as "OK"`,
		"duplicate id",
		"duplicate code in brand",
		"value_cents 0",
		"domain promotions apply to tlds",
		"needs an en-GB text",
		`code "BAD CODE" is not a valid code`,
		`type "bonus"`,
		"percent 150",
		"valid_from must be before valid_until",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q:\n%v", want, err)
		}
	}
	if _, err := seed.Load(strings.NewReader(`{"brands":[],"extra":1}`)); err == nil {
		t.Error("unknown field accepted")
	}
}

// catalogBrand is the part of a catalog seed brand file the references are checked against.
type catalogBrand struct {
	ID               int32 `json:"id"`
	PaymentIntervals []struct {
		Months int32 `json:"months"`
	} `json:"payment_intervals"`
	Products []struct {
		ID         int32  `json:"id"`
		Type       string `json:"type"`
		Maturities []struct {
			Months int32 `json:"months"`
		} `json:"maturities"`
	} `json:"products"`
}

type domainSeed struct {
	TLDs []struct {
		TLD string `json:"tld"`
	} `json:"tlds"`
	Brands []struct {
		BrandID int32    `json:"brand_id"`
		Exclude []string `json:"exclude"`
	} `json:"brands"`
}

func readJSON(t *testing.T, path string, v any) bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Skipf("%s not found: run inside the repository", path)
		return false
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return true
}

// TestReferencesExist keeps the seed honest: every id names a product of the brand in the catalog
// seed of the right type, every supported maturity exists on a listed product, every interval is a
// payment interval of the brand and every TLD is sold by the brand.
func TestReferencesExist(t *testing.T) {
	testrun.Outside() // the domain and catalog seeds are outside this module
	f, err := seed.DefaultFile()
	if err != nil {
		t.Fatal(err)
	}
	var tlds domainSeed
	if !readJSON(t, filepath.Join("..", "..", "domain", "seed", "tlds.json"), &tlds) {
		return
	}
	for _, b := range f.Brands {
		var cat catalogBrand
		if !readJSON(t, filepath.Join("..", "..", "catalog", "seed", "brands", b.Slug+".json"), &cat) {
			return
		}
		if cat.ID != b.ID {
			t.Errorf("brand %s: id %d, catalog says %d", b.Slug, b.ID, cat.ID)
		}
		types := map[int32]string{}
		maturities := map[int32][]int32{}
		for _, p := range cat.Products {
			types[p.ID] = p.Type
			for _, m := range p.Maturities {
				maturities[p.ID] = append(maturities[p.ID], m.Months)
			}
		}
		var intervals []int32
		for _, iv := range cat.PaymentIntervals {
			intervals = append(intervals, iv.Months)
		}
		sold := map[string]bool{}
		var exclude []string
		for _, br := range tlds.Brands {
			if br.BrandID == b.ID {
				exclude = br.Exclude
			}
		}
		for _, tl := range tlds.TLDs {
			sold[tl.TLD] = !slices.Contains(exclude, tl.TLD)
		}

		for _, p := range b.Promotions {
			where := b.Slug + " " + p.Code
			for _, id := range p.AppliesTo.IDs {
				typ, ok := types[id]
				if !ok {
					t.Errorf("%s: applies to unknown product %d", where, id)
					continue
				}
				switch {
				case p.Type == "addon" && typ != "addon",
					p.Type == "upsell" && typ != "upsell",
					p.Type == "product" && (typ == "addon" || typ == "upsell") && !p.Supported.ForAddon && !p.Supported.ForUpsell:
					t.Errorf("%s: %s promotion applies to %d of type %s", where, p.Type, id, typ)
				}
			}
			for _, id := range p.Requires {
				if _, ok := types[id]; !ok {
					t.Errorf("%s: requires unknown product %d", where, id)
				}
			}
			for _, m := range p.Supported.MaturityMonths {
				found := p.Type == "domain" && m == domain.DomainMaturityMonths
				for _, id := range p.AppliesTo.IDs {
					found = found || slices.Contains(maturities[id], m)
				}
				if p.AppliesTo.Type == "all" {
					found = true
				}
				if !found {
					t.Errorf("%s: no listed product has a %d-month maturity", where, m)
				}
			}
			for _, m := range p.Supported.IntervalMonths {
				if !slices.Contains(intervals, m) {
					t.Errorf("%s: brand has no %d-month interval", where, m)
				}
			}
			for _, tld := range p.AppliesTo.TLDs {
				if !sold[tld] {
					t.Errorf("%s: brand does not sell .%s", where, tld)
				}
			}
		}
	}
}
