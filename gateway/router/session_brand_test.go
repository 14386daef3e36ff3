package router_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/hostcart/checkout/gateway/sessions"
)

// A session belongs to the brand it was created on: its cookie on another brand's host gets a new
// session there, and so does a cookie of a session without a brand tag (created before sessions
// were scoped), on any brand's host; the brand's own cookie keeps its session.
func TestSessionsBelongToOneBrand(t *testing.T) {
	e := newEnv(t, envOptions{})
	lastSession := func() string {
		calls := e.fake.CallsTo("ListCountries")
		return calls[len(calls)-1].Values.SessionID
	}
	first := e.do(t, request{target: "/api/v2/countries", host: "shop.hostwerk.de"})
	sid := cookieNamed(first, "sid")
	if sid == nil || sessions.ScopeOf(e.sessionID(t, sid.Value)) != "1" {
		t.Fatalf("Hostwerk session %v not tagged with brand 1", sid)
	}
	hostwerk := e.sessionID(t, sid.Value)

	again := e.do(t, request{target: "/api/v2/countries", host: "shop.hostwerk.de", cookies: []*http.Cookie{sid}})
	if cookieNamed(again, "sid") != nil || lastSession() != hostwerk {
		t.Fatalf("the brand's own cookie lost its session: %s", lastSession())
	}

	other := e.do(t, request{target: "/api/v2/countries", host: "shop.alpenhost.at", cookies: []*http.Cookie{sid}})
	fresh := cookieNamed(other, "sid")
	if fresh == nil || lastSession() == hostwerk || sessions.ScopeOf(lastSession()) != "2" {
		t.Fatalf("Hostwerk cookie on Alpenhost: new cookie %v, session %s", fresh, lastSession())
	}

	token, legacy, err := e.sessions.Create(context.Background(), "")
	if err != nil || sessions.ScopeOf(legacy) != "" {
		t.Fatalf("untagged session %q: %v", legacy, err)
	}
	for _, host := range []string{"shop.hostwerk.de", "shop.alpenhost.at"} {
		rec := e.do(t, request{target: "/api/v2/countries", host: host, cookies: []*http.Cookie{{Name: "sid", Value: token}}})
		fresh := cookieNamed(rec, "sid")
		if fresh == nil || fresh.Value == token || lastSession() == legacy || sessions.ScopeOf(lastSession()) == "" {
			t.Fatalf("untagged session on %s kept: new cookie %v, session %s", host, fresh, lastSession())
		}
	}
}
