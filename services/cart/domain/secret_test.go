package domain

import (
	"reflect"
	"testing"
)

// TestSecretFields: a field's values are secret (the order seals them) when the catalog marks the
// field secret, whatever its input component, or when it is a password; other fields are not. The
// priced cart names them per line and per domain.
func TestSecretFields(t *testing.T) {
	env := testEnv()
	p := env.Catalog[1011]
	p.Fields = append(p.Fields,
		FieldDef{ID: 33, Key: "admin_password", InputComponent: SecretComponent},
		FieldDef{ID: 34, Key: "api_key", InputComponent: "text", Secret: true},
		FieldDef{ID: 35, Key: "blog_tagline", InputComponent: "text"},
	)
	env.Catalog[1011] = p
	env.TLDs = NewTLDs([]TLD{{ID: 1, Name: "de", PriceCents: 99, VATPercent: 19, Fields: []FieldDef{
		{ID: 51, Key: "registrant_pin", InputComponent: "text", Secret: true},
		{ID: 52, Key: "eu_country", InputComponent: "country"},
	}}})
	if got := secretFields(p.Fields); !reflect.DeepEqual(got, []int32{33, 34}) {
		t.Errorf("secret fields %v, want [33 34] (the password and the catalog-marked one)", got)
	}
	var c Cart
	row := mustAdd(t, &c, env, 1011)
	if _, err := c.AddDomain(env, row, Domain{Name: "blog.de"}); err != nil {
		t.Fatal(err)
	}
	pc := Price(c, env, BrandSettings{PricesWithVAT: true}, nil)
	if len(pc.Items) != 1 || len(pc.Items[0].Domains) != 1 {
		t.Fatalf("priced %+v", pc.Items)
	}
	if got := pc.Items[0].Product.SecretFieldIDs; !reflect.DeepEqual(got, []int32{33, 34}) {
		t.Errorf("product's secret field ids %v, want [33 34]", got)
	}
	if got := pc.Items[0].Domains[0].SecretFieldIDs; !reflect.DeepEqual(got, []int32{51}) {
		t.Errorf("domain's secret field ids %v, want [51]", got)
	}
}
