package customerapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/hostcart/checkout/gateway/middleware"
	"github.com/hostcart/checkout/gateway/sessions"
	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
)

// loginStub is a customer service that accepts the code "good" only.
type loginStub struct {
	customerv1.CustomerServiceClient
	begin    *customerv1.BeginLoginRequest
	complete *customerv1.CompleteLoginRequest
	logouts  int
}

func (s *loginStub) BeginLogin(_ context.Context, req *customerv1.BeginLoginRequest, _ ...grpc.CallOption) (*customerv1.BeginLoginResponse, error) {
	s.begin = req
	return &customerv1.BeginLoginResponse{Url: "https://login.example/authorize?state=s"}, nil
}

func (s *loginStub) CompleteLogin(_ context.Context, req *customerv1.CompleteLoginRequest, _ ...grpc.CallOption) (*customerv1.CompleteLoginResponse, error) {
	s.complete = req
	if req.GetAuthorizationCode() != "good" || req.GetState() != "s" {
		return nil, status.Error(codes.Unauthenticated, "customer.login_failed")
	}
	return &customerv1.CompleteLoginResponse{Customer: &customerv1.Customer{CustomerNo: "100001", Validated: true}, ExternalProductId: "p-1"}, nil
}

func (s *loginStub) Logout(context.Context, *customerv1.LogoutRequest, ...grpc.CallOption) (*customerv1.LogoutResponse, error) {
	s.logouts++
	return &customerv1.LogoutResponse{Customer: &customerv1.Customer{}, PanelUrl: "https://cloud.example/login"}, nil
}

type cartStub struct {
	cartv1.CartServiceClient
	cleared int
}

func (c *cartStub) ClearCart(context.Context, *cartv1.ClearCartRequest, ...grpc.CallOption) (*cartv1.ClearCartResponse, error) {
	c.cleared++
	return &cartv1.ClearCartResponse{}, nil
}

type loginEnv struct {
	engine   *gin.Engine
	sessions *sessions.Memory
	cart     *cartStub
	stub     *loginStub
}

func newLoginEnv(t *testing.T) *loginEnv {
	t.Helper()
	gin.SetMode(gin.ReleaseMode)
	https, err := middleware.NewHTTPSDetector(nil)
	if err != nil {
		t.Fatal(err)
	}
	e := &loginEnv{engine: gin.New(), sessions: sessions.NewMemory(), cart: &cartStub{}, stub: &loginStub{}}
	New(e.stub, Options{Cart: e.cart, IsHTTPS: https.IsHTTPS}).Register(e.engine.Group("/api/v2", middleware.Session(https, e.sessions)))
	return e
}

func (e *loginEnv) do(method, target, body string, sid *http.Cookie) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Host = "shop.hostwerk.de"
	if sid != nil {
		req.AddCookie(sid)
	}
	rec := httptest.NewRecorder()
	e.engine.ServeHTTP(rec, req)
	return rec
}

func sessionCookie(rec *httptest.ResponseRecorder) *http.Cookie {
	for _, c := range rec.Result().Cookies() {
		if c.Name == middleware.SessionCookie {
			return c
		}
	}
	return nil
}

func TestAuthorizationURLNamesTheCallbackOfTheHost(t *testing.T) {
	e := newLoginEnv(t)
	rec := e.do(http.MethodPost, "/api/v2/customer/authorization-url?use_cp_2=true", "", nil)
	if rec.Code != http.StatusOK || rec.Body.String() != `{"url":"https://login.example/authorize?state=s"}` {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if e.stub.begin.GetRedirectUri() != "http://shop.hostwerk.de/oauth/callback" || !e.stub.begin.GetUseCp_2() || e.stub.begin.GetPanel() {
		t.Fatalf("sent %v", e.stub.begin)
	}
}

// With the panel's data the login is a panel sign-in (offered on a brand with an authority even
// without allow_crm: Alpenhost); the data goes into the callback.
func TestAuthorizationURLWithDataIsAPanelSignIn(t *testing.T) {
	e := newLoginEnv(t)
	rec := e.do(http.MethodPost, "/api/v2/customer/authorization-url?data=eyJvcmRlcl90eXBlIjoicmVkaXJlY3QifQ%3D%3D", "", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if e.stub.begin.GetRedirectUri() != "http://shop.hostwerk.de/oauth/callback?data=eyJvcmRlcl90eXBlIjoicmVkaXJlY3QifQ%3D%3D" || !e.stub.begin.GetPanel() {
		t.Fatalf("sent %v", e.stub.begin)
	}
}

func TestLoginRotatesTheSessionCookie(t *testing.T) {
	e := newLoginEnv(t)
	first := sessionCookie(e.do(http.MethodGet, "/api/v2/customer/authorization-url", "", nil))
	id, err := e.sessions.Resolve(context.Background(), first.Value)
	if err != nil {
		t.Fatal(err)
	}

	// A refused login keeps the cookie: nothing happened to the session.
	rec := e.do(http.MethodPost, "/api/v2/customer/login", `{"authorization_code":"bad","state":"s"}`, first)
	if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), `"error":"customer.login_failed"`) || sessionCookie(rec) != nil {
		t.Fatalf("refused login: %d %s, cookie %v", rec.Code, rec.Body, sessionCookie(rec))
	}

	rec = e.do(http.MethodPost, "/api/v2/customer/login", `{"authorization_code":"good","state":"s","clear_cart":true}`, first)
	fresh := sessionCookie(rec)
	if rec.Code != http.StatusOK || fresh == nil || fresh.Value == first.Value || !fresh.HttpOnly || fresh.SameSite != http.SameSiteLaxMode {
		t.Fatalf("login: %d %s, cookie %+v", rec.Code, rec.Body, fresh)
	}
	if !strings.Contains(rec.Body.String(), `"customer_no":"100001"`) || !strings.Contains(rec.Body.String(), `"external_product_id":"p-1"`) {
		t.Fatalf("login body %s", rec.Body)
	}
	if e.cart.cleared != 1 {
		t.Fatalf("clear_cart cleared %d carts", e.cart.cleared)
	}
	// Same session, new cookie; the cookie from before the login is dead.
	if got, err := e.sessions.Resolve(context.Background(), fresh.Value); err != nil || got != id {
		t.Fatalf("new cookie resolves to %q, %v; want the session %q", got, err, id)
	}
	if _, err := e.sessions.Resolve(context.Background(), first.Value); err == nil {
		t.Fatal("the cookie from before the login still works (session fixation)")
	}
	// A request the browser sent with the old cookie while the login was under way (the shop page
	// loading in the login popup) is answered alone: no session, and no cookie that would replace
	// the new one with an empty session.
	rec = e.do(http.MethodPost, "/api/v2/customer/authorization-url", "", first)
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), `"error":"session.rotated"`) || sessionCookie(rec) != nil {
		t.Fatalf("request racing the login: %d %s, cookie %v", rec.Code, rec.Body, sessionCookie(rec))
	}

	// Logout rotates again.
	rec = e.do(http.MethodPost, "/api/v2/customer/logout", "", fresh)
	after := sessionCookie(rec)
	if rec.Code != http.StatusOK || after == nil || after.Value == fresh.Value || e.stub.logouts != 1 {
		t.Fatalf("logout: %d %s, cookie %+v", rec.Code, rec.Body, after)
	}
}

func TestLoginRefusesAMalformedBody(t *testing.T) {
	e := newLoginEnv(t)
	rec := e.do(http.MethodPost, "/api/v2/customer/login", `{"authorization_code":`, nil)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "error.invalid_request") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}

// The spec's GET forms of the state-changing login routes need the CSRF token: a link or image on
// another site can neither start a login nor log the customer out.
func TestLoginRoutesRefuseGETWithoutTheCSRFToken(t *testing.T) {
	e := newLoginEnv(t)
	for _, target := range []string{"/api/v2/customer/authorization-url", "/api/v2/customer/logout"} {
		if rec := e.do(http.MethodGet, target, "", nil); rec.Code != http.StatusForbidden {
			t.Errorf("GET %s without the token: %d %s", target, rec.Code, rec.Body)
		}
	}
	if e.stub.logouts != 0 {
		t.Fatal("a GET without the token logged out")
	}
}
