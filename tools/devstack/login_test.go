package main

import (
	"errors"
	"fmt"
	"github.com/hostcart/checkout/services/customer/sandbox/localoidc"
	"net/http"
	"testing"
)

// loginAtAuthority plays the popup at the local authority and returns the code and state sent
// back to the shop's /oauth/callback.
func loginAtAuthority(authURL, host, username, password string) (code, state string, err error) {
	back, err := localoidc.LogIn(authURL, username, password)
	if err != nil {
		return "", "", err
	}
	if back.Host != host || back.Path != "/oauth/callback" {
		return "", "", errors.New("sent back to " + back.String())
	}
	return back.Query().Get("code"), back.Query().Get("state"), nil
}

func authorizationURL(t *testing.T, b *browser) string {
	t.Helper()
	code, _, body := b.do(http.MethodPost, "/api/v2/customer/authorization-url", "")
	authURL, _ := body["url"].(string)
	if code != http.StatusOK || authURL == "" {
		t.Fatalf("authorization url: %d %v", code, body)
	}
	return authURL
}

// checkCustomerLogin logs seed customers in through the gateway and the local authority, as the
// login popup does.
func checkCustomerLogin(t *testing.T, st *stack) {
	t.Run("existing customer logs in and the session cookie rotates", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		before := b.cookies["sid"].Value
		code, state, err := loginAtAuthority(authorizationURL(t, b), "hostwerk.localhost", "erika", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		status, _, body := b.do(http.MethodPost, "/api/v2/customer/login",
			fmt.Sprintf(`{"authorization_code":%q,"state":%q,"clear_cart":false}`, code, state))
		c := customerOf(t, body)
		info, _ := c["basic_info"].(map[string]any)
		if status != http.StatusOK || c["customer_no"] != "100002" || c["validated"] != true || info["company_name"] != "Musterfirma GmbH" {
			t.Fatalf("login: %d %v", status, body)
		}
		after := b.cookies["sid"].Value
		if after == before {
			t.Fatal("session cookie not rotated on login")
		}
		// The cookie from before the login is dead: a request with it reaches no session and gets
		// no cookie (it would replace the new one: a request racing the login), only 409.
		stale := newBrowser(t, st.base, "hostwerk.localhost")
		staleSid := stale.cookies["sid"].Value
		stale.cookies["sid"].Value = before
		if status, _, body := stale.do(http.MethodGet, "/api/v2/session/customer", ""); status != http.StatusConflict || body["error"] != "session.rotated" {
			t.Fatalf("the pre-login cookie: %d %v, want 409 session.rotated", status, body)
		}
		if stale.cookies["sid"].Value != before {
			t.Fatalf("the answer to the pre-login cookie set a new session cookie (was %q)", staleSid)
		}
		if _, _, body := b.do(http.MethodGet, "/api/v2/session/customer", ""); customerOf(t, body)["customer_no"] != "100002" {
			t.Fatalf("after login: %v", body)
		}

		status, _, body = b.do(http.MethodPost, "/api/v2/customer/logout", "")
		if status != http.StatusOK || customerOf(t, body)["customer_no"] != "" || b.cookies["sid"].Value == after {
			t.Fatalf("logout: %d %v (cookie rotated: %v)", status, body, b.cookies["sid"].Value != after)
		}
	})

	t.Run("wrong state or code is refused with the login-failed message", func(t *testing.T) {
		b := newBrowser(t, st.base, "hostwerk.localhost")
		code, _, err := loginAtAuthority(authorizationURL(t, b), "hostwerk.localhost", "max", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		status, _, body := b.do(http.MethodPost, "/api/v2/customer/login", fmt.Sprintf(`{"authorization_code":%q,"state":"forged"}`, code))
		if status != http.StatusUnauthorized || body["error"] != "customer.login_failed" {
			t.Fatalf("wrong state: %d %v", status, body)
		}
		_, state, err := loginAtAuthority(authorizationURL(t, b), "hostwerk.localhost", "max", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		status, _, body = b.do(http.MethodPost, "/api/v2/customer/login", fmt.Sprintf(`{"authorization_code":"made-up","state":%q}`, state))
		if status != http.StatusUnauthorized || body["error"] != "customer.login_failed" {
			t.Fatalf("wrong code: %d %v", status, body)
		}
		if _, _, body := b.do(http.MethodGet, "/api/v2/session/customer", ""); customerOf(t, body)["customer_no"] != "" {
			t.Fatalf("a refused login made the session a customer: %v", body)
		}
	})

	t.Run("a brand without login offers none", func(t *testing.T) {
		b := newBrowser(t, st.base, "alpenhost.localhost")
		status, _, body := b.do(http.MethodPost, "/api/v2/customer/authorization-url", "")
		if status != http.StatusConflict && status != http.StatusUnprocessableEntity && status != http.StatusPreconditionFailed || body["error"] != "customer.login_not_offered" {
			t.Fatalf("alpenhost login: %d %v", status, body)
		}
	})
}
