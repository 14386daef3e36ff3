package oidcauthority_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/hostcart/checkout/services/customer/adapters/oidcauthority"
	"github.com/hostcart/checkout/services/customer/domain"
	"github.com/hostcart/checkout/services/customer/sandbox/localoidc"
)

const (
	clientID = "shop"
	secret   = "s3cret"
	callback = "http://shop.test/oauth/callback"
)

func startProvider(t *testing.T) *localoidc.Provider {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p, err := localoidc.Start(lis, clientID, secret, []localoidc.User{{Username: "max", Password: "pw", Subject: "crm-1", Email: "max@example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func pending(issuer string) domain.PendingLogin {
	return domain.PendingLogin{State: "state-1", Nonce: "nonce-1", Verifier: oauth2.GenerateVerifier(),
		Issuer: issuer, ClientID: clientID, RedirectURI: callback, Expires: time.Now().Add(time.Minute)}
}

// code runs the login of l at the provider and returns the code sent back.
func code(t *testing.T, a *oidcauthority.Authority, l domain.PendingLogin) string {
	t.Helper()
	authURL, err := a.AuthCodeURL(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	back, err := localoidc.LogIn(authURL, "max", "pw")
	if err != nil {
		t.Fatal(err)
	}
	if back.Query().Get("state") != l.State {
		t.Fatalf("state came back as %q", back.Query().Get("state"))
	}
	return back.Query().Get("code")
}

func TestRedeemVerifiesTheIDToken(t *testing.T) {
	p := startProvider(t)
	a := oidcauthority.New(oidcauthority.Config{Secrets: map[string]string{clientID: secret}})
	l := pending(p.Issuer())
	id, err := a.Redeem(context.Background(), l, code(t, a, l))
	if err != nil || id.Subject != "crm-1" {
		t.Fatalf("Redeem = %+v, %v", id, err)
	}

	t.Run("code used twice", func(t *testing.T) {
		c := code(t, a, l)
		if _, err := a.Redeem(context.Background(), l, c); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Redeem(context.Background(), l, c); err == nil {
			t.Fatal("a code was redeemed twice")
		}
	})
	t.Run("nonce of another login", func(t *testing.T) {
		c := code(t, a, l)
		other := l
		other.Nonce = "nonce-of-someone-else"
		if _, err := a.Redeem(context.Background(), other, c); err == nil || !strings.Contains(err.Error(), "nonce") {
			t.Fatalf("token of another login accepted: %v", err)
		}
	})
	t.Run("PKCE verifier of another login", func(t *testing.T) {
		c := code(t, a, l)
		other := l
		other.Verifier = oauth2.GenerateVerifier()
		if _, err := a.Redeem(context.Background(), other, c); err == nil {
			t.Fatal("code redeemed without its verifier")
		}
	})
	t.Run("wrong client secret", func(t *testing.T) {
		wrong := oidcauthority.New(oidcauthority.Config{Secrets: map[string]string{clientID: "guess"}})
		if _, err := wrong.Redeem(context.Background(), l, code(t, a, l)); err == nil {
			t.Fatal("token issued to a client with the wrong secret")
		}
	})
}

func TestIssuerMapping(t *testing.T) {
	p := startProvider(t)
	// The brand names its real authority; the configuration points it at the local provider.
	a := oidcauthority.New(oidcauthority.Config{
		Issuers: map[string]string{"https://login.brand.example": p.Issuer()},
		Secrets: map[string]string{clientID: secret},
	})
	l := pending("https://login.brand.example")
	authURL, err := a.AuthCodeURL(context.Background(), l)
	if err != nil || !strings.HasPrefix(authURL, p.Issuer()) {
		t.Fatalf("AuthCodeURL = %q, %v", authURL, err)
	}
	if id, err := a.Redeem(context.Background(), l, code(t, a, l)); err != nil || id.Subject != "crm-1" {
		t.Fatalf("Redeem = %+v, %v", id, err)
	}
}

func TestAuthorityErrors(t *testing.T) {
	t.Run("unreachable", func(t *testing.T) {
		a := oidcauthority.New(oidcauthority.Config{Timeout: time.Second})
		if _, err := a.AuthCodeURL(context.Background(), pending("http://127.0.0.1:1/oidc")); err == nil {
			t.Fatal("no error for an unreachable authority")
		}
	})
	t.Run("discovery names another issuer", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"issuer":"https://evil.example","authorization_endpoint":"https://evil.example/a","token_endpoint":"https://evil.example/t","jwks_uri":"https://evil.example/k"}`))
		}))
		defer srv.Close()
		a := oidcauthority.New(oidcauthority.Config{})
		if _, err := a.AuthCodeURL(context.Background(), pending(srv.URL)); err == nil {
			t.Fatal("accepted a discovery document of another issuer")
		}
	})
	t.Run("token endpoint error", func(t *testing.T) {
		var base string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if r.URL.Path == "/token" {
				w.WriteHeader(http.StatusBadRequest)
				_, _ = w.Write([]byte(`{"error":"invalid_grant"}`))
				return
			}
			_, _ = w.Write([]byte(`{"issuer":"` + base + `","authorization_endpoint":"` + base + `/authorize","token_endpoint":"` + base + `/token","jwks_uri":"` + base + `/keys"}`))
		}))
		defer srv.Close()
		base = srv.URL
		a := oidcauthority.New(oidcauthority.Config{})
		if _, err := a.Redeem(context.Background(), pending(base), "code"); err == nil || !strings.Contains(err.Error(), "invalid_grant") {
			t.Fatalf("Redeem = %v, want the authority's invalid_grant", err)
		}
	})
}
