package seed

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestDefaultSeed(t *testing.T) {
	d, err := Default()
	if err != nil {
		t.Fatalf("Default: %v", err)
	}
	perBrand := map[int32]map[string]TLDRow{}
	for _, r := range d.TLDs {
		if perBrand[r.BrandID] == nil {
			perBrand[r.BrandID] = map[string]TLDRow{}
		}
		perBrand[r.BrandID][r.TLD] = r
	}
	for brand, rows := range perBrand {
		if len(rows) < 40 {
			t.Errorf("brand %d sells %d TLDs, want at least 40", brand, len(rows))
		}
		for _, must := range []string{"de", "at", "eu", "com", "net", "org", "ch", "co.uk"} {
			if _, ok := rows[must]; !ok {
				t.Errorf("brand %d lacks .%s", brand, must)
			}
		}
		groups := map[int32]bool{}
		idn, top := 0, 0
		for _, r := range rows {
			groups[r.GroupID] = true
			if r.IDN {
				idn++
			}
			if r.Top {
				top++
			}
			if r.ContractLength != 12 || r.PriceCents <= 0 {
				t.Errorf("brand %d .%s: contract %d price %d", brand, r.TLD, r.ContractLength, r.PriceCents)
			}
		}
		if len(groups) < 4 || idn == 0 || top == 0 {
			t.Errorf("brand %d: %d groups, %d IDN TLDs, %d top TLDs", brand, len(groups), idn, top)
		}
	}
	if got := perBrand[1]["de"].VATPercent; got != 19 {
		t.Errorf("hostwerk VAT = %v, want 19", got)
	}
	if got := perBrand[2]["at"]; got.VATPercent != 20 || !got.Top || got.GroupID != 1 {
		t.Errorf("alpenhost .at = %+v, want VAT 20, top, popular", got)
	}
	if _, ok := perBrand[2]["nrw"]; ok {
		t.Error("alpenhost sells excluded .nrw")
	}
	if r := perBrand[1]["xn--p1ai"]; r.Display != "рф" || r.ArticleName != "Domain .рф" || r.ExternalID != "TLD-XN--P1AI" {
		t.Errorf(".рф row = %+v", r)
	}
}

func TestLoadRejectsBrokenSeeds(t *testing.T) {
	tests := map[string]string{
		"unknown group":    `{"groups":[],"fields":[],"tlds":[{"id":1,"tld":"de","group":"x","price_cents":1}],"brands":[]}`,
		"unknown field":    `{"groups":[{"id":1,"slug":"p","name":{"de-DE":"a","en-GB":"b"}}],"fields":[],"tlds":[{"id":1,"tld":"de","group":"p","fields":["nope"]}],"brands":[]}`,
		"missing text":     `{"groups":[{"id":1,"slug":"p","name":{"de-DE":"a"}}],"fields":[],"tlds":[],"brands":[]}`,
		"upper-case tld":   `{"groups":[{"id":1,"slug":"p","name":{"de-DE":"a","en-GB":"b"}}],"fields":[],"tlds":[{"id":1,"tld":".DE","group":"p"}],"brands":[]}`,
		"unreadable rules": `{"groups":[],"fields":[{"id":1,"key":"k","rules":"required|bogus","label":{"de-DE":"a","en-GB":"b"}}],"tlds":[],"brands":[]}`,
		"unknown property": `{"groups":[],"fields":[],"tlds":[],"brands":[],"extra":1}`,
		"override unknown": `{"groups":[],"fields":[],"tlds":[],"brands":[{"brand_id":1,"id_base":1,"vat":19,"overrides":{"zz":{}}}]}`,
	}
	for name, doc := range tests {
		_, err := Load(fstest.MapFS{"s.json": {Data: []byte(doc)}}, "s.json")
		if err == nil {
			t.Errorf("%s: Load accepted a broken seed", name)
		} else if !strings.Contains(err.Error(), "s.json") {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
	}
}
