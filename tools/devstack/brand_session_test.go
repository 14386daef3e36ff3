package main

import (
	"net/http"
	"testing"
)

// checkSessionBrand is issue 20's seventh finding: a session belongs to the brand it was created
// on. Hostwerk's cookie presented on Alpenhost's host gets a new, empty session there, so a payment
// option chosen under Hostwerk's rules (SEPA without SMS) cannot order on Alpenhost, whose SEPA
// needs an SMS code; on Hostwerk the session is untouched.
func checkSessionBrand(t *testing.T, st *stack) {
	t.Run("a session belongs to its brand", func(t *testing.T) {
		const berlin = `{"street":"Musterweg 1","postal_code":"10115","city":"Berlin","country_code":"DE","phone":"+49 30 1234567"}`
		home := readySession(t, st, "hostwerk.localhost", 1001, berlin, "DE89 3704 0044 0532 0130 00", "COBADEFFXXX")
		hostwerkSID := home.cookies["sid"].Value

		away := &browser{t: t, base: st.base, host: "alpenhost.localhost", cookies: map[string]*http.Cookie{}}
		for name, c := range home.cookies {
			copied := *c
			away.cookies[name] = &copied
		}
		code, _, body := away.do(http.MethodGet, "/api/v2/session/payment", "")
		if code != http.StatusOK || body["payment"] != nil {
			t.Fatalf("Hostwerk's payment option on Alpenhost: %d %v", code, body)
		}
		if away.cookies["sid"].Value == hostwerkSID {
			t.Fatal("Alpenhost kept Hostwerk's session cookie")
		}
		if code, placed := away.withKey("/api/v2/orders", "cross-brand-1", `{`+consents+`}`); code == http.StatusOK {
			t.Fatalf("an order was placed on Alpenhost with Hostwerk's session: %v", placed)
		}
		code, _, body = home.do(http.MethodGet, "/api/v2/session/payment", "")
		if p, _ := body["payment"].(map[string]any); code != http.StatusOK || p == nil || p["type"] != "sepa" || home.cookies["sid"].Value != hostwerkSID {
			t.Fatalf("Hostwerk's session after the visit to Alpenhost: %d %v", code, body)
		}
	})
}
