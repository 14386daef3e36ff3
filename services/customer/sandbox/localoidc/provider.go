// Package localoidc is a local OpenID Connect provider standing in for a brand's customer-login
// authority in devstack and the tests: discovery, keys, authorization code with PKCE and nonce,
// and ID tokens come from oauth2-proxy's mockoidc; this package adds what a real authority has
// and mockoidc leaves out, a login form that checks a user's password, so the browser flow (popup,
// form, redirect back to the shop) is the real one. No test reaches the internet.
package localoidc

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/url"
	"sync"

	"github.com/oauth2-proxy/mockoidc"
)

// User is someone who can log in, and the subject their ID token names.
type User struct {
	Username string
	Password string
	Subject  string
	Email    string
}

// Provider is a running local authority.
type Provider struct {
	m     *mockoidc.MockOIDC
	users map[string]User

	// mockoidc hands the next authorization the user at the head of its queue; the lock keeps a
	// checked user and the authorization it is queued for together when logins overlap.
	mu sync.Mutex
}

// Start serves the provider on lis for the client clientID with clientSecret.
func Start(lis net.Listener, clientID, clientSecret string, users []User) (*Provider, error) {
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		return nil, fmt.Errorf("localoidc: %w", err)
	}
	m.ClientID, m.ClientSecret = clientID, clientSecret
	p := &Provider{m: m, users: make(map[string]User, len(users))}
	for _, u := range users {
		p.users[u.Username] = u
	}
	if err := m.AddMiddleware(p.loginForm); err != nil {
		return nil, fmt.Errorf("localoidc: %w", err)
	}
	if err := m.Start(lis, nil); err != nil {
		return nil, fmt.Errorf("localoidc: %w", err)
	}
	return p, nil
}

// Issuer is the provider's issuer URL, what a brand's authority is mapped to.
func (p *Provider) Issuer() string { return p.m.Issuer() }

// Close stops the provider.
func (p *Provider) Close() error {
	if err := p.m.Shutdown(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("localoidc: %w", err)
	}
	return nil
}

// loginForm answers the authorization endpoint with a login form and lets an authorization
// through only with a user's right password.
func (p *Provider) loginForm(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != mockoidc.AuthorizationEndpoint {
			next.ServeHTTP(w, r)
			return
		}
		if err := r.ParseForm(); err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		if r.Method != http.MethodPost {
			p.render(w, r, http.StatusOK, "")
			return
		}
		u, ok := p.users[r.PostForm.Get("username")]
		if !ok || subtle.ConstantTimeCompare([]byte(u.Password), []byte(r.PostForm.Get("password"))) != 1 {
			p.render(w, r, http.StatusUnauthorized, "Wrong user name or password.")
			return
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		p.m.QueueUser(&mockoidc.MockUser{Subject: u.Subject, Email: u.Email, EmailVerified: true, PreferredUsername: u.Username})
		next.ServeHTTP(w, r)
	})
}

// params are the authorization request's parameters the form carries on to its POST.
var params = []string{"scope", "state", "client_id", "response_type", "redirect_uri", "nonce", "code_challenge", "code_challenge_method"}

var page = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in – local authority</title>
<style>body{font-family:sans-serif;max-width:22rem;margin:2rem auto;padding:0 1rem}label,input,button{display:block;width:100%;box-sizing:border-box}input,button{min-height:44px;margin:.25rem 0 1rem;font-size:1rem}p[role=alert]{color:#a00}</style>
</head><body><main>
<h1>Log in</h1>
{{if .Error}}<p role="alert">{{.Error}}</p>{{end}}
<form method="post" action="{{.Action}}">
{{range $k, $v := .Hidden}}<input type="hidden" name="{{$k}}" value="{{$v}}">{{end}}
<label for="username">User name</label><input id="username" name="username" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Log in</button>
</form></main></body></html>`))

func (p *Provider) render(w http.ResponseWriter, r *http.Request, status int, msg string) {
	hidden := map[string]string{}
	for _, k := range params {
		if v := r.Form.Get(k); v != "" {
			hidden[k] = v
		}
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = page.Execute(w, struct {
		Action string
		Hidden map[string]string
		Error  string
	}{mockoidc.AuthorizationEndpoint, hidden, msg})
}

// LogIn plays the browser at a local provider for tests: it submits the login form of authURL with
// username and password and returns where the provider sends the browser back (the client's
// redirect URI with code and state).
func LogIn(authURL, username, password string) (*url.URL, error) {
	u, err := url.Parse(authURL)
	if err != nil {
		return nil, fmt.Errorf("localoidc: %w", err)
	}
	form := u.Query()
	form.Set("username", username)
	form.Set("password", password)
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.PostForm(u.Scheme+"://"+u.Host+u.Path, form)
	if err != nil {
		return nil, fmt.Errorf("localoidc: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		return nil, fmt.Errorf("localoidc: login form answered %s", resp.Status)
	}
	back, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		return nil, fmt.Errorf("localoidc: %w", err)
	}
	return back, nil
}
