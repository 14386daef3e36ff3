package middleware

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/httperr"
	"github.com/hostcart/checkout/gateway/sessions"
	"github.com/hostcart/checkout/libs/go/platform/ratelimit"
)

// SessionCookie names the cookie holding the opaque session token.
const SessionCookie = "sid"

// sessionTokenKey keeps the request's session token in the gin context for RotateSession.
const sessionTokenKey = "gateway.session_token"

// Session makes sure the browser holds a session and passes the session's id to the services. A
// missing, malformed or expired cookie gets a new session (one rotated away moments ago gets 409
// session.rotated and keeps the browser's new cookie); services never see the
// cookie itself, only the id it stands for. A store outage answers 503 rather than silently
// starting an empty session.
//
// A session belongs to the brand it was created on (runs after Brand; the brand's id is the id's
// scope): a cookie presented on another brand's host gets a new session there, so nothing chosen
// under one brand's rules (a payment option without SMS, a customer) is used under another's.
func Session(https *HTTPSDetector, store sessions.Store, budgets ...NewSessionBudget) gin.HandlerFunc {
	var budget NewSessionBudget
	if len(budgets) > 0 {
		budget = budgets[0]
	}
	return func(c *gin.Context) {
		ctx := c.Request.Context()
		scope := ""
		if b, ok := CurrentBrand(c); ok {
			scope = strconv.Itoa(int(b.GetId()))
		}
		token, ok := tokenCookie(c.Request, SessionCookie)
		var id string
		var err error
		if ok && sessions.ValidToken(token) {
			id, err = store.Resolve(ctx, token)
			// An id without a scope (created before sessions were scoped) belongs to no brand we
			// can tell, so it is no brand's: it gets a new session like another brand's id.
			if err == nil && scope != "" && sessions.ScopeOf(id) != scope {
				err = sessions.ErrUnknown
			}
		} else {
			err = sessions.ErrUnknown
		}
		if errors.Is(err, sessions.ErrRotated) {
			// A request that raced the rotation: no session, no cookie (the browser's new one stays);
			// the frontend asks again with the new cookie.
			httperr.AbortKey(c, http.StatusConflict, KeySessionRotated, "")
			return
		}
		if errors.Is(err, sessions.ErrUnknown) && budget != nil {
			// Sessions cost storage: an address that starts more than its budget (a loop without
			// cookies) is told to slow down, its own answer, no backend failure.
			wait, berr := budget(ctx, ratelimit.AddressKey(c.ClientIP()))
			if berr != nil {
				_ = c.Error(berr)
				httperr.AbortKey(c, http.StatusServiceUnavailable, httperr.KeyServiceUnavailable, "")
				return
			}
			if wait > 0 {
				c.Header("Retry-After", httperr.RetryAfterHeader(wait))
				httperr.AbortKey(c, http.StatusTooManyRequests, KeySessionRateLimited, "")
				return
			}
		}
		if errors.Is(err, sessions.ErrUnknown) {
			token, id, err = store.Create(ctx, scope)
			if err == nil {
				setSessionCookie(c, https, token)
			}
		}
		if err != nil {
			_ = c.Error(err)
			httperr.AbortKey(c, http.StatusServiceUnavailable, httperr.KeyServiceUnavailable, "")
			return
		}
		c.Set(sessionTokenKey, sessionRotator{https: https, store: store, token: token})
		pendingValues(c).SessionID = id
		c.Next()
	}
}

// KeySessionRotated answers a request sent with a cookie token rotated away moments before.
const KeySessionRotated = "session.rotated"

// KeySessionRateLimited answers an address that starts more sessions than its budget.
const KeySessionRateLimited = "session.rate_limited"

// NewSessionBudget draws one new session from an address's budget: it answers how long to wait
// (0: allowed) or an error when the budget cannot be asked.
type NewSessionBudget func(ctx context.Context, address string) (wait time.Duration, err error)

type sessionRotator struct {
	https *HTTPSDetector
	store sessions.Store
	token string
}

// RotateSession gives the request's session a new cookie token, keeping its id and data: the
// login and logout routes call it so a token known before (planted or observed) stops working.
func RotateSession(c *gin.Context) error {
	v, ok := c.Get(sessionTokenKey)
	r, isRotator := v.(sessionRotator)
	if !ok || !isRotator {
		return errors.New("rotate session: the route runs without the Session middleware")
	}
	fresh, err := r.store.Rotate(c.Request.Context(), r.token)
	if err != nil {
		return fmt.Errorf("rotate session: %w", err)
	}
	r.token = fresh
	c.Set(sessionTokenKey, r)
	setSessionCookie(c, r.https, fresh)
	return nil
}

// AdoptSession points the browser at the session id (an order draft's) with a new cookie token;
// later requests of this browser work on that session.
func AdoptSession(c *gin.Context, id string) error {
	v, ok := c.Get(sessionTokenKey)
	r, isRotator := v.(sessionRotator)
	if !ok || !isRotator {
		return errors.New("adopt session: the route runs without the Session middleware")
	}
	fresh, err := r.store.Adopt(c.Request.Context(), r.token, id)
	if err != nil {
		return fmt.Errorf("adopt session: %w", err)
	}
	r.token = fresh
	c.Set(sessionTokenKey, r)
	setSessionCookie(c, r.https, fresh)
	return nil
}

// LeaveSession gives the browser a new, empty session (a cancelled draft): the old session's data
// stays with its id, out of this browser's reach.
func LeaveSession(c *gin.Context) error {
	v, ok := c.Get(sessionTokenKey)
	r, isRotator := v.(sessionRotator)
	if !ok || !isRotator {
		return errors.New("leave session: the route runs without the Session middleware")
	}
	id, err := sessions.ScopedID(sessions.ScopeOf(pendingValues(c).SessionID))
	if err != nil {
		return fmt.Errorf("leave session: %w", err)
	}
	fresh, err := r.store.Adopt(c.Request.Context(), r.token, id)
	if err != nil {
		return fmt.Errorf("leave session: %w", err)
	}
	r.token = fresh
	c.Set(sessionTokenKey, r)
	setSessionCookie(c, r.https, fresh)
	return nil
}

func setSessionCookie(c *gin.Context, https *HTTPSDetector, token string) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name:     SessionCookie,
		Value:    token,
		Path:     "/",
		HttpOnly: true,
		Secure:   https.IsHTTPS(c.Request),
		SameSite: http.SameSiteLaxMode,
	})
}
