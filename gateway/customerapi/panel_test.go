package customerapi

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"google.golang.org/grpc"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
)

// The panel's data travels through the authority in the callback URL, reduced to base64's characters.
func TestAuthorizationURLCarriesThePanelData(t *testing.T) {
	e := newLoginEnv(t)
	rec := e.do(http.MethodPost, "/api/v2/customer/authorization-url?use_cp_2=true&data=eyJvcmRl%2Bcl90/eXBlIjoicmVkaXJlY3QifQ%3D%3D%22%3E%3Cscript", "", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if got := e.stub.begin.GetRedirectUri(); got != "http://shop.hostwerk.de/oauth/callback?data=eyJvcmRl%2Bcl90%2FeXBlIjoicmVkaXJlY3QifQ%3D%3Dscript" {
		t.Fatalf("redirect URI %s", got)
	}
	rec = e.do(http.MethodPost, "/api/v2/customer/authorization-url?data="+strings.Repeat("a", maxDataLen+1), "", nil)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "error.invalid_request") {
		t.Fatalf("oversized data: %d %s", rec.Code, rec.Body)
	}
}

func TestLoginPassesTheOAuthDataAndLogoutThePanelURL(t *testing.T) {
	e := newLoginEnv(t)
	first := sessionCookie(e.do(http.MethodGet, "/api/v2/customer/authorization-url", "", nil))
	rec := e.do(http.MethodPost, "/api/v2/customer/login", `{"authorization_code":"good","state":"s","clear_cart":true,"use_cp_2":true,
		"oauth_data":{"order_type":"cloudpit_domains","webhosting_id":"42","category_slug":"webhosting","external_product_id":"p-9"}}`, first)
	if rec.Code != http.StatusOK || e.cart.cleared != 1 {
		t.Fatalf("login: %d %s, cleared %d", rec.Code, rec.Body, e.cart.cleared)
	}
	p := e.stub.complete.GetPanel()
	if p.GetOrderType() != "cloudpit_domains" || !p.GetUseCp_2() || p.GetWebhostingId() != "42" || p.GetCategorySlug() != "webhosting" || p.GetExternalProductId() != "p-9" {
		t.Fatalf("panel sent %v", p)
	}
	// The popup's login has no data: no panel sign-in.
	e.do(http.MethodPost, "/api/v2/customer/login", `{"authorization_code":"good","state":"s"}`, sessionCookie(rec))
	if e.stub.complete.GetPanel() != nil {
		t.Fatalf("popup login sent a panel sign-in %v", e.stub.complete.GetPanel())
	}
	rec = e.do(http.MethodPost, "/api/v2/customer/logout", "", nil)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"panel_url":"https://cloud.example/login"`) {
		t.Fatalf("logout: %d %s", rec.Code, rec.Body)
	}
}

type panelStub struct {
	customerv1.CustomerServiceClient
	panel *customerv1.PanelSignIn
	err   error
}

func (s panelStub) GetSessionCustomer(context.Context, *customerv1.GetSessionCustomerRequest, ...grpc.CallOption) (*customerv1.GetSessionCustomerResponse, error) {
	if s.err != nil {
		return nil, s.err
	}
	return &customerv1.GetSessionCustomerResponse{Customer: &customerv1.Customer{CustomerNo: "1", Panel: s.panel}}, nil
}

func TestPanelSession(t *testing.T) {
	c, _ := gin.CreateTestContext(httptest.NewRecorder())
	c.Request = httptest.NewRequest(http.MethodGet, "/", nil)
	if got, err := PanelSession(panelStub{panel: &customerv1.PanelSignIn{OrderType: "redirect"}})(c); !got || err != nil {
		t.Errorf("panel user: %v, %v", got, err)
	}
	if got, err := PanelSession(panelStub{})(c); got || err != nil {
		t.Errorf("popup customer: %v, %v", got, err)
	}
	if _, err := PanelSession(panelStub{err: errors.New("down")})(c); err == nil {
		t.Error("an outage was no error")
	}
}
