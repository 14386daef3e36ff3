package adminauth_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/adminauth"
	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/sessions"
)

// rotationEngine serves the admin routes as the router does: sign-in and the API behind the
// session middleware, rotating with middleware.RotateSession.
func rotationEngine(t *testing.T, store sessions.Store) (*gin.Engine, func(adminauth.Admin, time.Duration) string) {
	t.Helper()
	gin.SetMode(gin.TestMode)
	iss, v := issuerAndVerifier(t)
	https, err := middleware.NewHTTPSDetector(nil)
	if err != nil {
		t.Fatal(err)
	}
	r := adminauth.NewRoutes(v, "", func(*http.Request) bool { return false }).WithSessionRotation(middleware.RotateSession)
	e := gin.New()
	r.RegisterSignIn(e.Group("", middleware.Session(https, store)))
	api := e.Group("/api/v2", middleware.Session(https, store), r.Middleware())
	r.RegisterAPI(api)
	api.GET("/probe", func(c *gin.Context) { c.Status(http.StatusNoContent) })
	return e, func(a adminauth.Admin, ttl time.Duration) string {
		s, err := iss.Sign(a, ttl)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

func send(e *gin.Engine, method, target string, cookies ...*http.Cookie) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	w := httptest.NewRecorder()
	e.ServeHTTP(w, req)
	return w
}

func setCookie(w *httptest.ResponseRecorder, name string) *http.Cookie {
	for _, c := range w.Result().Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Sign-in and sign-out each give the browser a new session token for the same session: the token
// known before (planted before the sign-in, or the agent's after the sign-out) is dead, answered
// 409 session.rotated, and no longer reaches the session.
func TestSignInAndSignOutRotateTheSession(t *testing.T) {
	store := sessions.NewMemory()
	e, sign := rotationEngine(t, store)
	ctx := context.Background()

	first := setCookie(send(e, http.MethodGet, "/api/v2/probe"), middleware.SessionCookie)
	if first == nil {
		t.Fatal("no session cookie for a new visitor")
	}
	id, err := store.Resolve(ctx, first.Value)
	if err != nil {
		t.Fatal(err)
	}

	in := send(e, http.MethodGet, "/admin/sign-in?token="+sign(agent, time.Hour)+"&next=/cart", first)
	signedIn := setCookie(in, middleware.SessionCookie)
	admin := setCookie(in, adminauth.Cookie)
	if in.Code != http.StatusSeeOther || signedIn == nil || signedIn.Value == first.Value || admin == nil {
		t.Fatalf("sign-in: %d, session cookie %v (was %q), admin cookie %v", in.Code, signedIn, first.Value, admin)
	}
	if _, err := store.Resolve(ctx, first.Value); !errors.Is(err, sessions.ErrRotated) {
		t.Fatalf("token from before the sign-in: %v, want ErrRotated", err)
	}

	out := send(e, http.MethodPost, "/api/v2/admins/sign-out", signedIn, admin)
	signedOut := setCookie(out, middleware.SessionCookie)
	if out.Code != http.StatusNoContent || signedOut == nil || signedOut.Value == signedIn.Value || signedOut.Value == first.Value {
		t.Fatalf("sign-out: %d, session cookie %v (was %q)", out.Code, signedOut, signedIn.Value)
	}
	if c := setCookie(out, adminauth.Cookie); c == nil || c.MaxAge >= 0 {
		t.Fatalf("sign-out left the admin cookie: %v", c)
	}
	if _, err := store.Resolve(ctx, signedIn.Value); !errors.Is(err, sessions.ErrRotated) {
		t.Fatalf("the agent's token after the sign-out: %v, want ErrRotated", err)
	}
	if got, err := store.Resolve(ctx, signedOut.Value); err != nil || got != id {
		t.Fatalf("new token stands for %q, %v; want the session %q", got, err, id)
	}
	if w := send(e, http.MethodGet, "/api/v2/probe", signedIn); w.Code != http.StatusConflict || setCookie(w, middleware.SessionCookie) != nil {
		t.Fatalf("request with the agent's old token: %d, cookie %v; want 409 and no session", w.Code, setCookie(w, middleware.SessionCookie))
	}
	if w := send(e, http.MethodGet, "/api/v2/probe", signedOut); w.Code != http.StatusNoContent {
		t.Fatalf("request with the new token: %d", w.Code)
	}
}

// failingRotation is a session store whose Rotate is down.
type failingRotation struct{ sessions.Store }

func (failingRotation) Rotate(context.Context, string) (string, error) {
	return "", sessions.ErrUnavailable
}

// A sign-out whose rotation fails answers 503 and keeps the admin signed in: clearing the admin
// cookie while the agent's session token lives on would look like a sign-out that did not happen.
func TestSignOutWithoutRotationIsRefused(t *testing.T) {
	store := failingRotation{sessions.NewMemory()}
	e, sign := rotationEngine(t, store)
	sid := setCookie(send(e, http.MethodGet, "/api/v2/probe"), middleware.SessionCookie)
	admin := &http.Cookie{Name: adminauth.Cookie, Value: sign(agent, time.Hour)}
	out := send(e, http.MethodPost, "/api/v2/admins/sign-out", sid, admin)
	if out.Code != http.StatusServiceUnavailable || setCookie(out, adminauth.Cookie) != nil || setCookie(out, middleware.SessionCookie) != nil {
		t.Fatalf("sign-out with the store down: %d, cookies %v", out.Code, out.Result().Cookies())
	}
}
