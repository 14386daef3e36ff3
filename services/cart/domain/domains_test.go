package domain

import (
	"errors"
	"fmt"
	"testing"
)

func TestNormalizeDomainName(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{" Shop.Example.DE. ", "shop.example.de", true},
		{"xn--mller-kva.de", "xn--mller-kva.de", true},
		{"localhost", "", false},
		{"-bad.de", "", false},
		{"bad-.de", "", false},
		{"sp ace.de", "", false},
		{"müller.de", "", false},
		{"a..de", "", false},
		{"x.de", "x.de", true},
	}
	for _, tt := range tests {
		got, ok := NormalizeDomainName(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("NormalizeDomainName(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if tld := TLDName(testTLDs(), "shop.example.co.uk"); tld != "co.uk" {
		t.Errorf("TLD of shop.example.co.uk = %q", tld)
	}
}

func TestDomainsAreUniqueAndInclusive(t *testing.T) {
	env := testEnv()
	var c Cart
	s := mustAdd(t, &c, env, 1001) // one free domain of .de
	m := mustAdd(t, &c, env, 1002) // two free domains of .de and .com
	add := func(row, name string) []Notice {
		t.Helper()
		ns, err := c.AddDomain(env, row, Domain{Name: name, Inclusive: true})
		if err != nil {
			t.Fatalf("add %s: %v", name, err)
		}
		c.Tidy(env)
		return ns
	}
	add(s, "first.de")
	add(s, "second.de")
	add(s, "shop.com")
	if got := domainNames(c.Items[0]); fmt.Sprint(got) != "[first.de* second.de shop.com]" {
		t.Errorf("S domains = %v", got)
	}
	if c.Items[0].Domains[0].TLDID != 1 || c.Items[0].Domains[2].TLDID != 2 {
		t.Errorf("TLD ids = %+v", c.Items[0].Domains)
	}

	// Adding a domain another item holds moves it.
	ns := add(m, "FIRST.de")
	if len(ns) != 1 || ns[0].Key != KeyDomainMoved || ns[0].Params["from_row_id"] != s {
		t.Errorf("notices = %+v", ns)
	}
	// S frees its slot for second.de; M includes first.de.
	if got := domainNames(c.Items[0]); fmt.Sprint(got) != "[second.de* shop.com]" {
		t.Errorf("S domains after the move = %v", got)
	}
	if got := domainNames(c.Items[1]); fmt.Sprint(got) != "[first.de*]" {
		t.Errorf("M domains = %v", got)
	}

	// Removing the free domain frees the slot for the next eligible one, which loses its promotion.
	if err := c.RemoveDomain(env, "second.de"); err != nil {
		t.Fatal(err)
	}
	c.Tidy(env)
	if got := domainNames(c.Items[0]); fmt.Sprint(got) != "[shop.com]" {
		t.Errorf("S domains after removal = %v", got)
	}
	if _, err := c.AddDomain(env, s, Domain{Name: "third.de", PromotionCode: "de1"}); err != nil {
		t.Fatal(err)
	}
	c.Tidy(env)
	if got := domainNames(c.Items[0]); fmt.Sprint(got) != "[shop.com third.de*]" || c.Items[0].Domains[1].PromotionCode != "" {
		t.Errorf("S domains = %v, %+v", got, c.Items[0].Domains[1])
	}
	if err := c.RemoveDomain(env, "nothere.de"); !errors.Is(err, ErrDomainNotInCart) {
		t.Errorf("remove unknown: %v", err)
	}
}

func TestAddDomainRefusals(t *testing.T) {
	env := testEnv()
	var c Cart
	hosting := mustAdd(t, &c, env, 1001)
	server := mustAdd(t, &c, env, 1021)
	tests := []struct {
		row  string
		d    Domain
		want error
	}{
		{hosting, Domain{Name: "bad name.de"}, ErrDomainInvalid},
		{hosting, Domain{Name: "shop.xyz"}, ErrDomainNotAvailable},
		{server, Domain{Name: "server.de"}, ErrDomainNotAllowed},
		{"nope", Domain{Name: "shop.de"}, ErrItemNotFound},
		{hosting, Domain{Name: "shop.eu", AdditionalFields: []FieldValue{{FieldID: 1, Value: "DEU"}}}, ErrInvalidFields},
		{hosting, Domain{Name: "shop.eu", AdditionalFields: []FieldValue{{FieldID: 9, Value: "x"}}}, ErrUnknownField},
	}
	for _, tt := range tests {
		if _, err := c.AddDomain(env, tt.row, tt.d); !errors.Is(err, tt.want) {
			t.Errorf("AddDomain(%s) = %v, want %v", tt.d.Name, err, tt.want)
		}
	}
	if c.HasDomains() {
		t.Error("a refused domain was added")
	}
	if _, err := c.AddDomain(env, hosting, Domain{Name: "shop.eu", AuthCode: " secret ", AdditionalFields: []FieldValue{{FieldID: 1, Value: "DE"}}}); err != nil {
		t.Fatal(err)
	}
	if d := c.Items[0].Domains[0]; d.AuthCode != "secret" || d.AdditionalFields[0].FieldKey != "eu_country" {
		t.Errorf("domain = %+v", d)
	}
}
