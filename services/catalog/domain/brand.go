package domain

import (
	"strconv"
	"strings"
)

// FallbackLocale is the locale whose texts stand in for missing translations (spec §9).
const FallbackLocale = "en-GB"

// Brand is one shop front; everything else in the catalog belongs to a brand.
type Brand struct {
	ID         int32
	Name       string
	Slug       string
	FQDN       string
	IsVisible  bool
	Locales    []Locale
	Properties Properties
}

// Locale is a language a brand offers.
type Locale struct {
	Label        string
	Code         string
	FallbackCode string
	IsDefault    bool
}

// DefaultLocale is the locale flagged default, else the first one offered, else the fallback locale.
func (b Brand) DefaultLocale() string {
	for _, l := range b.Locales {
		if l.IsDefault {
			return l.Code
		}
	}
	if len(b.Locales) > 0 {
		return b.Locales[0].Code
	}
	return FallbackLocale
}

// OfferedLocale returns the brand's spelling of code when the brand offers it. Codes compare
// case-insensitively with '_' accepted for '-', since browsers and clients disagree on both.
func (b Brand) OfferedLocale(code string) (string, bool) {
	want := normalizeLocale(code)
	if want == "" {
		return "", false
	}
	for _, l := range b.Locales {
		if normalizeLocale(l.Code) == want {
			return l.Code, true
		}
	}
	return "", false
}

// ChooseLocale picks the locale texts are shown in: the session's choice when the brand offers it,
// else the brand default (which is the fallback locale for a brand without locales).
func ChooseLocale(b Brand, sessionLocale string) string {
	if code, ok := b.OfferedLocale(sessionLocale); ok {
		return code
	}
	return b.DefaultLocale()
}

// ShowsLocaleSwitcher reports whether the header offers a language switch (spec §1).
func (b Brand) ShowsLocaleSwitcher() bool {
	return len(b.Locales) >= 2 && b.Properties.Flag(PropShowLocaleSwitcher)
}

func normalizeLocale(code string) string {
	return strings.ToLower(strings.ReplaceAll(strings.TrimSpace(code), "_", "-"))
}

// CanonicalLocale spells a locale code the way texts are stored: "de_de" becomes "de-DE".
func CanonicalLocale(code string) string {
	lang, region, found := strings.Cut(normalizeLocale(code), "-")
	if !found {
		return lang
	}
	return lang + "-" + strings.ToUpper(region)
}

// NormalizeFQDN turns a Host header value into the form brands are stored under: lower case,
// without port and trailing dot.
func NormalizeFQDN(host string) string {
	h := strings.ToLower(strings.TrimSpace(host))
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.Contains(h[i+1:], "]") {
		if _, err := strconv.Atoi(h[i+1:]); err == nil || h[i+1:] == "" {
			h = h[:i]
		}
	}
	return strings.TrimSuffix(h, ".")
}
