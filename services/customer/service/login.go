package service

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/url"

	"golang.org/x/oauth2"

	"github.com/hostcart/checkout/libs/go/apperr"
	"github.com/hostcart/checkout/services/customer/domain"
)

// Errors of the login (spec §8 login failure). A failed login is an answer about this visitor's
// attempt, never an outage of the service: a broken authority must not make the gateway's
// breaker give up on the customer service for everyone.
var (
	ErrLoginFailed     = apperr.New(apperr.Unauthenticated, domain.KeyLoginFailed)
	ErrLoginNotOffered = apperr.New(apperr.FailedPrecondition, domain.KeyLoginNotOffered)
	errRedirectURI     = apperr.New(apperr.InvalidArgument, "customer.redirect_uri_invalid")
)

// BeginLogin is the start of a login.
type BeginLogin struct {
	// RedirectURI is the shop's callback the authority returns to.
	RedirectURI string
	// UseCP2 logs in at the brand's second authority when it has one.
	UseCP2 bool
	// Panel is a sign-in from the cloud control panel (/oauth with the panel's data): offered when
	// the brand has an authority, even when it does not offer the login popup (allow_crm false).
	Panel bool
}

// CompleteLogin is the authority's answer as the browser brought it back.
type CompleteLogin struct {
	Code  string
	State string
	// Panel is the oauth data of a sign-in from the cloud control panel (the callback's data);
	// nil for the customer login popup.
	Panel *domain.PanelSignIn
}

// LoginResult is the session's customer after a login.
type LoginResult struct {
	Result
	ExternalProductID string
}

func (s *service) BeginLogin(ctx context.Context, in BeginLogin) (string, error) {
	c, err := s.call(ctx)
	if err != nil {
		return "", err
	}
	offered := c.brand.LoginOffered()
	if in.Panel {
		offered = c.brand.PanelSignInOffered()
	}
	if !offered {
		return "", ErrLoginNotOffered
	}
	if u, err := url.Parse(in.RedirectURI); err != nil || !u.IsAbs() || (u.Scheme != "https" && u.Scheme != "http") {
		return "", errRedirectURI
	}
	authority := c.brand.Authority
	if in.UseCP2 && c.brand.Authority2 != "" {
		authority = c.brand.Authority2
	}
	state, err := randomString()
	if err != nil {
		return "", err
	}
	nonce, err := randomString()
	if err != nil {
		return "", err
	}
	login := domain.PendingLogin{
		State: state, Nonce: nonce, Verifier: oauth2.GenerateVerifier(),
		Issuer: authority, ClientID: c.brand.ClientID, RedirectURI: in.RedirectURI,
		Expires: s.Now().Add(domain.LoginTTL),
	}
	authURL, err := s.Authority.AuthCodeURL(ctx, login)
	if err != nil {
		// The authority's discovery document could not be read: nobody of this brand can log in
		// now, but the shop goes on; the visitor may register instead.
		slog.WarnContext(ctx, "login: authority not usable", slog.String("authority", authority), slog.String("err", err.Error()))
		return "", fmt.Errorf("begin login: %w", ErrLoginFailed)
	}
	if _, err := s.Store.Update(ctx, c.sessionID, func(sc *domain.SessionCustomer) error {
		sc.Login = &login
		return nil
	}); err != nil {
		return "", fmt.Errorf("begin login: %w", err)
	}
	return authURL, nil
}

func (s *service) CompleteLogin(ctx context.Context, in CompleteLogin) (LoginResult, error) {
	c, err := s.call(ctx)
	if err != nil {
		return LoginResult{}, err
	}
	// The pending login is taken out first whatever follows: a state is good for one attempt, so
	// a code that leaked cannot be tried again against this session.
	var login *domain.PendingLogin
	if _, err := s.Store.Update(ctx, c.sessionID, func(sc *domain.SessionCustomer) error {
		login, sc.Login = sc.Login, nil
		return nil
	}); err != nil {
		return LoginResult{}, fmt.Errorf("complete login: %w", err)
	}
	switch {
	case login == nil:
		return LoginResult{}, fmt.Errorf("complete login: no login started: %w", ErrLoginFailed)
	case subtle.ConstantTimeCompare([]byte(login.State), []byte(in.State)) != 1:
		return LoginResult{}, fmt.Errorf("complete login: state does not match: %w", ErrLoginFailed)
	case !s.Now().Before(login.Expires):
		return LoginResult{}, fmt.Errorf("complete login: started too long ago: %w", ErrLoginFailed)
	case in.Code == "":
		return LoginResult{}, fmt.Errorf("complete login: no code: %w", ErrLoginFailed)
	case in.Panel == nil && !c.brand.LoginOffered():
		// A panel sign-in started on a brand without the customer login cannot be finished as
		// that login: without the panel's data it is not a panel user's session.
		return LoginResult{}, fmt.Errorf("complete login: the brand offers only the panel sign-in: %w", ErrLoginFailed)
	}
	id, err := s.Authority.Redeem(ctx, *login, in.Code)
	if err != nil {
		slog.InfoContext(ctx, "login refused by the authority", slog.String("err", err.Error()))
		return LoginResult{}, fmt.Errorf("complete login: %w", ErrLoginFailed)
	}
	customer, err := s.Customers.BySubject(ctx, c.brand.ID, id.Subject)
	if errors.Is(err, apperr.NotFound) {
		return LoginResult{}, fmt.Errorf("complete login: no customer of the brand logs in as this subject: %w", ErrLoginFailed)
	}
	if err != nil {
		return LoginResult{}, fmt.Errorf("complete login: %w", err)
	}
	var panel *domain.PanelSignIn
	if in.Panel != nil {
		p := domain.NormalizePanelSignIn(*in.Panel)
		// The authority's claim wins over the URL's data: the token is signed, the URL is not.
		if id.ExternalProductID != "" {
			p.ExternalProductID = id.ExternalProductID
		}
		// The second authority is used only when the login really went there, so the way back
		// cannot be pointed elsewhere than the one that signed the customer in.
		p.UseCP2 = c.brand.Authority2 != "" && login.Issuer == c.brand.Authority2
		panel = &p
	}
	res, err := s.update(ctx, "complete login", func(sc *domain.SessionCustomer) error {
		info, addr := customer.BasicInfo, customer.Address
		*sc = domain.SessionCustomer{CustomerNo: customer.Number, BrandID: customer.BrandID, BasicInfo: &info, Address: &addr, Panel: panel}
		return nil
	})
	if err != nil {
		return LoginResult{}, err
	}
	external := id.ExternalProductID
	if panel != nil {
		external = panel.ExternalProductID
	}
	return LoginResult{Result: res, ExternalProductID: external}, nil
}

// LogoutResult is the forgotten session's customer and where a panel user goes back to.
type LogoutResult struct {
	Result
	// PanelURL is the brand's authority (the second one after a use_cp_2 sign-in); empty when
	// the brand has none.
	PanelURL string
}

func (s *service) Logout(ctx context.Context) (LogoutResult, error) {
	c, err := s.call(ctx)
	if err != nil {
		return LogoutResult{}, err
	}
	var panel *domain.PanelSignIn
	res, err := s.updateAs(ctx, c, "log out", func(sc *domain.SessionCustomer) error {
		panel = sc.Panel
		*sc = domain.SessionCustomer{}
		return nil
	})
	if err != nil {
		return LogoutResult{}, err
	}
	return LogoutResult{Result: res, PanelURL: c.brand.PanelURL(panel)}, nil
}

// randomString is 256 bits from the system's cryptographic source, URL-safe.
func randomString() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("read random bytes: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
