package domain

import (
	"errors"
	"fmt"
	"testing"
)

func hostwerk() Brand {
	return Brand{
		ID: 1, Name: "Hostwerk",
		Locales: []Locale{
			{Label: "Deutsch", Code: "de-DE", FallbackCode: "en-GB", IsDefault: true},
			{Label: "English", Code: "en-GB"},
		},
		Properties: Properties{PropShowLocaleSwitcher: "true", PropCountryCode: "DE", PropMarketingCampaignID: "7"},
	}
}

func TestChooseLocale(t *testing.T) {
	tests := []struct {
		name    string
		brand   Brand
		session string
		want    string
	}{
		{"session locale offered", hostwerk(), "en-GB", "en-GB"},
		{"session locale in other spelling", hostwerk(), "en_gb", "en-GB"},
		{"session locale not offered", hostwerk(), "fr-FR", "de-DE"},
		{"no session locale", hostwerk(), "", "de-DE"},
		{"no default flagged takes first", Brand{Locales: []Locale{{Code: "de-AT"}, {Code: "en-GB"}}}, "", "de-AT"},
		{"brand without locales falls back", Brand{}, "de-DE", FallbackLocale},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ChooseLocale(tt.brand, tt.session); got != tt.want {
				t.Errorf("ChooseLocale(%q) = %q, want %q", tt.session, got, tt.want)
			}
		})
	}
}

func TestCanonicalLocale(t *testing.T) {
	tests := map[string]string{"de-DE": "de-DE", "de_de": "de-DE", " EN-gb ": "en-GB", "de": "de", "": ""}
	for in, want := range tests {
		if got := CanonicalLocale(in); got != want {
			t.Errorf("CanonicalLocale(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestShowsLocaleSwitcher(t *testing.T) {
	one := hostwerk()
	one.Locales = one.Locales[:1]
	off := hostwerk()
	off.Properties = Properties{PropShowLocaleSwitcher: "false"}
	tests := []struct {
		name  string
		brand Brand
		want  bool
	}{
		{"two locales and flag", hostwerk(), true},
		{"one locale", one, false},
		{"flag off", off, false},
	}
	for _, tt := range tests {
		if got := tt.brand.ShowsLocaleSwitcher(); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestProperties(t *testing.T) {
	p := Properties{PropDisplayPricesWithVAT: "true", PropAllowCRM: "false", PropCopyrightYear: "2009", PropMarketingCampaignID: "x"}
	if !p.DisplayPricesWithVAT() || p.Flag(PropAllowCRM) || p.Flag(PropOfferNewsletter) {
		t.Errorf("flags read wrong from %v", p)
	}
	if got := p.MarketingCampaignID(); got != DefaultMarketingCampaignID {
		t.Errorf("malformed campaign id gives %d, want default %d", got, DefaultMarketingCampaignID)
	}
	if got := hostwerk().Properties.MarketingCampaignID(); got != 7 {
		t.Errorf("campaign id = %d, want 7", got)
	}
	if got := p.CopyrightYear(); got != 2009 {
		t.Errorf("copyright year = %d", got)
	}
	if got := hostwerk().Properties.CountryCode(); got != "DE" {
		t.Errorf("country code = %q", got)
	}
}

func TestNormalizeFQDN(t *testing.T) {
	tests := map[string]string{
		"shop.hostwerk.de":           "shop.hostwerk.de",
		"Shop.Hostwerk.DE:443":       "shop.hostwerk.de",
		"shop.alpenhost.at.":         "shop.alpenhost.at",
		" alpenhost.localhost:8080 ": "alpenhost.localhost",
		"[::1]:8080":                 "[::1]",
		"[::1]":                      "[::1]",
	}
	for in, want := range tests {
		if got := NormalizeFQDN(in); got != want {
			t.Errorf("NormalizeFQDN(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestZipPrefix(t *testing.T) {
	tests := []struct {
		in     string
		want   string
		wantOK bool
	}{
		{"101", "101", true},
		{" 10115 ", "10115", true},
		{"10", "", false},
		{"", "", false},
		{"10%", "", false},
		{"1_0", "", false},
		{"sw1a 1aa", "SW1A 1AA", true},
		{"12345678901", "", false},
	}
	for _, tt := range tests {
		got, ok := ZipPrefix(tt.in)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("ZipPrefix(%q) = (%q, %v), want (%q, %v)", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}

func TestValidSessionID(t *testing.T) {
	long := make([]byte, MaxSessionIDLength+1)
	for i := range long {
		long[i] = 'a'
	}
	tests := map[string]bool{
		"abc123":         true,
		"":               false,
		"a b":            false,
		"a:b":            false,
		string(long):     false,
		string(long[1:]): true,
	}
	for in, want := range tests {
		if got := ValidSessionID(in); got != want {
			t.Errorf("ValidSessionID(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestMessageKey(t *testing.T) {
	wrapped := fmt.Errorf("set session locale: %w", ErrLocaleNotSupported)
	if !errors.Is(wrapped, ErrInvalidArgument) {
		t.Error("locale error is not an invalid argument")
	}
	if got := MessageKey(wrapped); got != "locale.not_supported" {
		t.Errorf("MessageKey = %q", got)
	}
	if got := MessageKey(errors.New("boom")); got != "" {
		t.Errorf("MessageKey of plain error = %q", got)
	}
}
