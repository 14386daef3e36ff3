package main

import (
	"net/http"
	"testing"
)

// The domain service names its groups in the session's locale, which the gateway learns from the
// catalog: a German session sees the seed's German names, and a switch to English shows at once.
func TestStackDomainTextsFollowSessionLocale(t *testing.T) {
	base := startStack(t, Config{Host: "127.0.0.1", FrontendDir: t.TempDir()})
	groupNames := func(b *browser) []string {
		t.Helper()
		code, _, body := b.do(http.MethodGet, "/api/v2/domains?group=true", "")
		groups, _ := body["domain_groups"].([]any)
		if code != http.StatusOK || len(groups) == 0 {
			t.Fatalf("/domains?group=true: %d %v", code, body)
		}
		var names []string
		for _, g := range groups {
			name, _ := g.(map[string]any)["name"].(string)
			names = append(names, name)
		}
		return names
	}

	b := newBrowser(t, base, "hostwerk.localhost")
	if names := groupNames(b); names[0] != "Beliebte Endungen" {
		t.Fatalf("German session got group names %q, want the seed's German ones", names)
	}
	if code, _, body := b.do(http.MethodPut, "/api/v2/session/locale", `{"code":"en-GB"}`); code != http.StatusOK {
		t.Fatalf("switch to en-GB: %d %v", code, body)
	}
	if names := groupNames(b); names[0] != "Popular endings" {
		t.Fatalf("after switching to en-GB got %q, want English names", names)
	}
	// Another session of the same brand stays German.
	if names := groupNames(newBrowser(t, base, "hostwerk.localhost")); names[0] != "Beliebte Endungen" {
		t.Fatalf("fresh session got %q", names)
	}
}
