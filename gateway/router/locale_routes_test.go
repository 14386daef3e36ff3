package router_test

import (
	"net/http"
	"testing"
)

// The domain service localises group names and notices from x-locale, which only the gateway can
// fill: the session locale lives in the catalog.
func TestDomainRoutesCarrySessionLocale(t *testing.T) {
	e := newEnv(t, envOptions{})
	v := newVisitor(t, e)

	lastLocale := func() string {
		t.Helper()
		calls := e.domain.CallsTo("ListDomainGroups")
		if len(calls) == 0 {
			t.Fatal("domain service not called")
		}
		return calls[len(calls)-1].Values.Locale
	}

	for range 3 {
		if rec := v.get(t, "/api/v2/domains?group=true"); rec.Code != http.StatusOK {
			t.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
		if got := lastLocale(); got != "de-DE" {
			t.Fatalf("domain service got locale %q, want the session's de-DE", got)
		}
	}
	asked := len(e.fake.CallsTo("GetSessionLocale"))
	// One ask for newVisitor's GET /session/locale, one for the first domain call; the rest come
	// from the gateway's cache.
	if asked != 2 {
		t.Fatalf("catalog asked for the session locale %d times, want 2 (cached)", asked)
	}

	rec := e.do(t, request{
		method: http.MethodPut, target: "/api/v2/session/locale", body: `{"code":"en-GB"}`,
		cookies: v.cookies, header: map[string]string{"X-XSRF-TOKEN": v.token, "Content-Type": "application/json"},
	})
	if rec.Code != http.StatusOK {
		t.Fatalf("PUT locale: status %d: %s", rec.Code, rec.Body)
	}
	v.get(t, "/api/v2/domains?group=true")
	if got := lastLocale(); got != "en-GB" {
		t.Fatalf("after switching, domain service got locale %q, want en-GB at once", got)
	}
	if n := len(e.fake.CallsTo("GetSessionLocale")); n != asked {
		t.Fatalf("switch did not update the cache: catalog asked again (%d calls)", n)
	}

	// Another session keeps its own locale.
	other := newVisitor(t, e)
	other.get(t, "/api/v2/domains?group=true")
	if got := lastLocale(); got != "de-DE" {
		t.Fatalf("other session got %q, want de-DE", got)
	}
}
