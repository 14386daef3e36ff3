// Package oidcauthority is the Authority port over real OpenID Connect providers: discovery and ID
// token verification with coreos/go-oidc, the authorization-code exchange with PKCE through
// golang.org/x/oauth2. It speaks to whatever issuer a brand names, or to the one configured in its
// place (devstack's local provider stands in for the brands' real authorities).
package oidcauthority

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/hostcart/checkout/libs/go/platform/outbound"
	"github.com/hostcart/checkout/services/customer/domain"
)

// DefaultTimeout bounds each request to an authority.
const DefaultTimeout = outbound.OIDCTimeout

// discoveryRetry is how long a failed discovery is remembered before trying again, so an
// authority that is down is not asked on every visitor's click.
const discoveryRetry = 10 * time.Second

// Config of the adapter.
type Config struct {
	// Issuers maps a brand's authority URL to the issuer to use instead (OIDC_ISSUERS); an
	// authority not listed is its own issuer.
	Issuers map[string]string
	// Secrets maps client ids to their client secrets (OIDC_CLIENT_SECRETS); a client without one
	// is public and relies on PKCE alone.
	Secrets map[string]string
	// Timeout bounds each request; zero is DefaultTimeout.
	Timeout time.Duration
	// Scopes asked for besides openid; nil is profile and email.
	Scopes []string
}

// Authority talks to the providers and caches their discovery documents and keys.
type Authority struct {
	cfg    Config
	client *http.Client

	mu        sync.Mutex
	providers map[string]*provider
}

type provider struct {
	p      *oidc.Provider
	err    error
	failed time.Time
}

// New returns the adapter.
func New(cfg Config) *Authority {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Scopes == nil {
		cfg.Scopes = []string{"profile", "email"}
	}
	return &Authority{cfg: cfg, client: &http.Client{Timeout: cfg.Timeout}, providers: map[string]*provider{}}
}

func (a *Authority) issuer(authority string) string {
	if is, ok := a.cfg.Issuers[authority]; ok && is != "" {
		return is
	}
	return authority
}

// provider discovers the issuer once; its key set fetches keys as tokens need them.
func (a *Authority) provider(ctx context.Context, authority string) (*oidc.Provider, error) {
	issuer := a.issuer(authority)
	a.mu.Lock()
	defer a.mu.Unlock()
	if p, ok := a.providers[issuer]; ok {
		if p.err == nil {
			return p.p, nil
		}
		if time.Since(p.failed) < discoveryRetry {
			return nil, p.err
		}
	}
	// The provider keeps the context for later key fetches: it must outlive this request. The
	// HTTP client's timeout bounds each fetch.
	p, err := oidc.NewProvider(oidc.ClientContext(context.WithoutCancel(ctx), a.client), issuer)
	if err != nil {
		err = fmt.Errorf("discover %s: %w", issuer, err)
		a.providers[issuer] = &provider{err: err, failed: time.Now()}
		return nil, err
	}
	a.providers[issuer] = &provider{p: p}
	return p, nil
}

func (a *Authority) oauth(p *oidc.Provider, l domain.PendingLogin) *oauth2.Config {
	return &oauth2.Config{
		ClientID:     l.ClientID,
		ClientSecret: a.cfg.Secrets[l.ClientID],
		Endpoint:     p.Endpoint(),
		RedirectURL:  l.RedirectURI,
		Scopes:       append([]string{oidc.ScopeOpenID}, a.cfg.Scopes...),
	}
}

// AuthCodeURL answers the authorization URL of l.
func (a *Authority) AuthCodeURL(ctx context.Context, l domain.PendingLogin) (string, error) {
	p, err := a.provider(ctx, l.Issuer)
	if err != nil {
		return "", err
	}
	return a.oauth(p, l).AuthCodeURL(l.State, oidc.Nonce(l.Nonce), oauth2.S256ChallengeOption(l.Verifier)), nil
}

// errNonce is a token issued for another login attempt (a replayed or injected code).
var errNonce = errors.New("id token nonce does not match the login's")

// Redeem exchanges the code and verifies the ID token.
func (a *Authority) Redeem(ctx context.Context, l domain.PendingLogin, code string) (domain.Identity, error) {
	p, err := a.provider(ctx, l.Issuer)
	if err != nil {
		return domain.Identity{}, err
	}
	// The token exchange and its checks end a margin before the caller's deadline (outbound.Context),
	// so a slow authority is answered as unavailable while the visitor still waits for the answer.
	ctx, cancel := outbound.Context(ctx, a.cfg.Timeout, outbound.DefaultMargin)
	defer cancel()
	ctx = oidc.ClientContext(ctx, a.client)
	tok, err := a.oauth(p, l).Exchange(ctx, code, oauth2.VerifierOption(l.Verifier))
	if err != nil {
		return domain.Identity{}, fmt.Errorf("exchange code: %w", err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok || raw == "" {
		return domain.Identity{}, errors.New("token response without id_token")
	}
	idt, err := p.Verifier(&oidc.Config{ClientID: l.ClientID}).Verify(ctx, raw)
	if err != nil {
		return domain.Identity{}, fmt.Errorf("verify id token: %w", err)
	}
	if idt.Nonce != l.Nonce {
		return domain.Identity{}, errNonce
	}
	var claims struct {
		ExternalProductID string `json:"external_product_id"`
	}
	if err := idt.Claims(&claims); err != nil {
		return domain.Identity{}, fmt.Errorf("id token claims: %w", err)
	}
	return domain.Identity{Subject: idt.Subject, ExternalProductID: claims.ExternalProductID}, nil
}
