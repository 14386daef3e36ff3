package adminauth_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/hostcart/checkout/gateway/adminauth"
)

func engine(t *testing.T) (*gin.Engine, func(adminauth.Admin, time.Duration) string) {
	t.Helper()
	gin.SetMode(gin.TestMode)
	iss, v := issuerAndVerifier(t)
	r := adminauth.NewRoutes(v, "https://admin.example/", func(*http.Request) bool { return false })
	e := gin.New()
	r.RegisterSignIn(e)
	api := e.Group("/api/v2", r.Middleware())
	r.RegisterAPI(api)
	api.GET("/probe", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"is_sales_agent": adminauth.IsSalesAgent(c)}) })
	return e, func(a adminauth.Admin, ttl time.Duration) string {
		s, err := iss.Sign(a, ttl)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
}

func do(e *gin.Engine, method, target, cookie string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: adminauth.Cookie, Value: cookie})
	}
	w := httptest.NewRecorder()
	e.ServeHTTP(w, req)
	return w
}

func TestSignInSetsTheCookieAndGoesOn(t *testing.T) {
	e, sign := engine(t)
	token := sign(agent, time.Hour)
	w := do(e, http.MethodGet, "/admin/sign-in?token="+token+"&next="+url.QueryEscape("/session-restore?session_code=abc"), "")
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/session-restore?session_code=abc" {
		t.Fatalf("sign-in: %d %q", w.Code, w.Header().Get("Location"))
	}
	res := http.Response{Header: w.Header()}
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == adminauth.Cookie {
			cookie = c
		}
	}
	if cookie == nil || cookie.Value != token || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode {
		t.Fatalf("cookie = %+v", cookie)
	}
	if w.Header().Get("Referrer-Policy") != "no-referrer" {
		t.Fatal("the token could leak through the referrer")
	}

	for next, want := range map[string]string{
		"":                      adminauth.DefaultNext,
		"https://evil.example/": adminauth.DefaultNext,
		"//evil.example/x":      adminauth.DefaultNext,
		"/\\evil.example":       adminauth.DefaultNext,
		"/cart":                 "/cart",
	} {
		w := do(e, http.MethodGet, "/admin/sign-in?token="+token+"&next="+url.QueryEscape(next), "")
		if got := w.Header().Get("Location"); got != want {
			t.Errorf("next %q went to %q, want %q", next, got, want)
		}
	}

	bad := do(e, http.MethodGet, "/admin/sign-in?token=forged&next=/cart", "")
	if bad.Code != http.StatusUnauthorized || len(bad.Result().Cookies()) != 0 {
		t.Fatalf("forged sign-in: %d, cookies %v", bad.Code, bad.Result().Cookies())
	}
}

func TestMeAndSalesAgentFlag(t *testing.T) {
	e, sign := engine(t)
	if w := do(e, http.MethodGet, "/api/v2/admins/me", ""); w.Code != http.StatusNoContent {
		t.Fatalf("visitor /admins/me = %d", w.Code)
	}
	w := do(e, http.MethodGet, "/api/v2/admins/me", sign(agent, time.Hour))
	var me adminauth.AdminJSON
	if err := json.Unmarshal(w.Body.Bytes(), &me); err != nil || w.Code != http.StatusOK {
		t.Fatalf("agent /admins/me = %d %s", w.Code, w.Body)
	}
	if me.ID != "a-17" || !me.IsSalesAgent || len(me.Roles) != 2 || me.Roles[1].Name != "sales-agent" || me.PanelURL != "https://admin.example" {
		t.Fatalf("me = %+v", me)
	}
	flag := func(cookie string) string { return do(e, http.MethodGet, "/api/v2/probe", cookie).Body.String() }
	if got := flag(sign(agent, time.Hour)); got != `{"is_sales_agent":true}` {
		t.Fatalf("agent: %s", got)
	}
	if got := flag(sign(adminauth.Admin{ID: "a-2", Roles: []string{"support"}}, time.Hour)); got != `{"is_sales_agent":false}` {
		t.Fatalf("support admin: %s", got)
	}
	// A cookie that no longer verifies is dropped, and the request is a visitor's.
	w = do(e, http.MethodGet, "/api/v2/probe", "forged.token.value")
	if w.Body.String() != `{"is_sales_agent":false}` {
		t.Fatalf("forged cookie: %s", w.Body)
	}
	cleared := false
	for _, c := range w.Result().Cookies() {
		cleared = cleared || (c.Name == adminauth.Cookie && c.MaxAge < 0)
	}
	if !cleared {
		t.Fatal("forged cookie kept")
	}
}

func TestSignInOff(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := adminauth.NewRoutes(nil, "", func(*http.Request) bool { return false })
	e := gin.New()
	r.RegisterSignIn(e)
	r.RegisterAPI(e.Group("/api/v2", r.Middleware()))
	if w := do(e, http.MethodGet, "/admin/sign-in?token=x", ""); w.Code != http.StatusNotFound {
		t.Fatalf("sign-in without keys = %d", w.Code)
	}
	if w := do(e, http.MethodGet, "/api/v2/admins/me", "x"); w.Code != http.StatusNoContent {
		t.Fatalf("/admins/me without keys = %d", w.Code)
	}
}
