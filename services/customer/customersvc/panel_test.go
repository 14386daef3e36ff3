package customersvc

import (
	"context"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

// A sign-in from the cloud control panel (spec §6 "Panel user"): the session remembers the oauth
// data server-side, answers the data's external product id, and the logout forgets it and
// answers the authority the panel user goes back to.
func TestPanelSignInIsKeptWithTheSession(t *testing.T) {
	ctx := call("panel-session")
	code, state, err := authorize(t, beginLogin(t, ctx), "max", "hostwerk-demo")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state,
		Panel: &customerv1.PanelSignIn{OrderType: "cloudpit_domains", WebhostingId: "wh 42", CategorySlug: "web-hosting",
			ExternalProductId: "HW-WEB-S", UseCp_2: true}})
	if err != nil {
		t.Fatalf("complete login: %v", err)
	}
	p := resp.GetCustomer().GetPanel()
	// use_cp_2 is what the login did, not what the body claims: this login went to the first authority.
	if p.GetOrderType() != "cloudpit_domains" || p.GetWebhostingId() != "wh42" || p.GetCategorySlug() != "web-hosting" ||
		p.GetExternalProductId() != "HW-WEB-S" || p.GetUseCp_2() || resp.GetExternalProductId() != "HW-WEB-S" {
		t.Fatalf("panel after login: %v (external %q)", p, resp.GetExternalProductId())
	}
	got, err := client.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{})
	if err != nil || got.GetCustomer().GetPanel().GetOrderType() != "cloudpit_domains" {
		t.Fatalf("session customer after a panel sign-in: %v, %v", got, err)
	}
	// The cart learns it with the session's rate (no automatic promotions for panel users).
	if vat, err := client.GetSessionVat(ctx, &customerv1.GetSessionVatRequest{}); err != nil || !vat.GetPanelSignIn() || vat.GetReason() != "domestic" {
		t.Fatalf("session vat after a panel sign-in: %v, %v", vat, err)
	}
	out, err := client.Logout(ctx, &customerv1.LogoutRequest{})
	if err != nil || out.GetPanelUrl() != authority.Issuer() || out.GetCustomer().GetPanel() != nil {
		t.Fatalf("logout: %v, %v", out, err)
	}
	if got, err := client.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{}); err != nil || got.GetCustomer().GetPanel() != nil {
		t.Fatalf("panel after logout: %v, %v", got, err)
	}
	if vat, err := client.GetSessionVat(ctx, &customerv1.GetSessionVatRequest{}); err != nil || vat.GetPanelSignIn() {
		t.Fatalf("session vat after logout: %v, %v", vat, err)
	}
}

func TestPanelSignInThroughTheSecondAuthority(t *testing.T) {
	ctx := call("panel-cp2-session")
	begin, err := client.BeginLogin(ctx, &customerv1.BeginLoginRequest{RedirectUri: callback, UseCp_2: true})
	if err != nil {
		t.Fatal(err)
	}
	code, state, err := authorize(t, begin.GetUrl(), "max", "hostwerk-demo")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state,
		Panel: &customerv1.PanelSignIn{OrderType: "redirect"}})
	if err != nil || !resp.GetCustomer().GetPanel().GetUseCp_2() {
		t.Fatalf("login at the second authority: %v, %v", resp, err)
	}
	out, err := client.Logout(ctx, &customerv1.LogoutRequest{})
	if err != nil || out.GetPanelUrl() != authority2 {
		t.Fatalf("logout after use_cp_2: %v, %v", out, err)
	}
}

// The popup login (no data) is no panel sign-in, and a failed panel login stores nothing.
func TestPopupLoginIsNoPanelSignIn(t *testing.T) {
	ctx := call("popup-session")
	code, state, err := authorize(t, beginLogin(t, ctx), "max", "hostwerk-demo")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state})
	if err != nil || resp.GetCustomer().GetPanel() != nil {
		t.Fatalf("popup login: %v, %v", resp, err)
	}
	if vat, err := client.GetSessionVat(ctx, &customerv1.GetSessionVatRequest{}); err != nil || vat.GetPanelSignIn() {
		t.Fatalf("session vat after a popup login: %v, %v", vat, err)
	}
	failed := call("panel-failed-session")
	_, err = client.CompleteLogin(failed, &customerv1.CompleteLoginRequest{AuthorizationCode: "forged", State: "forged",
		Panel: &customerv1.PanelSignIn{OrderType: "redirect"}})
	if status.Code(err) != codes.Unauthenticated {
		t.Fatalf("forged panel login: %v", err)
	}
	if got, err := client.GetSessionCustomer(failed, &customerv1.GetSessionCustomerRequest{}); err != nil || got.GetCustomer().GetPanel() != nil {
		t.Fatalf("panel after a failed login: %v, %v", got, err)
	}
}

// A brand with an authority and allow_crm false (Alpenhost's seed, brand 2 here) offers no login
// popup, but its cloud-panel users sign in (spec §2 "Login or register", §6 "Panel (oauth) user"):
// as the brand's own customers only, and only with the panel's data.
func TestPanelSignInOnABrandWithoutLogin(t *testing.T) {
	at := func(sid string) context.Context {
		return callctx.With(context.Background(), callctx.Values{SessionID: sid, BrandID: 2})
	}
	begin := func(t *testing.T, ctx context.Context) string {
		t.Helper()
		resp, err := client.BeginLogin(ctx, &customerv1.BeginLoginRequest{RedirectUri: callback, Panel: true})
		if err != nil {
			t.Fatalf("begin the panel sign-in: %v", err)
		}
		return resp.GetUrl()
	}
	failed := func(t *testing.T, err error) {
		t.Helper()
		if status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != "customer.login_failed" {
			t.Fatalf("err = %v, want Unauthenticated customer.login_failed", err)
		}
	}
	panel := &customerv1.PanelSignIn{OrderType: "redirect", ExternalProductId: "AH-WEB-START"}

	t.Run("the login popup stays off", func(t *testing.T) {
		_, err := client.BeginLogin(at("panel-at-popup"), &customerv1.BeginLoginRequest{RedirectUri: callback})
		if status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != "customer.login_not_offered" {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("a panel sign-in finished without the panel's data is refused", func(t *testing.T) {
		ctx := at("panel-at-plain")
		code, state, err := authorize(t, begin(t, ctx), "anna", "alpenhost-demo")
		if err != nil {
			t.Fatal(err)
		}
		_, err = client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state})
		failed(t, err)
		if got, err := client.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{}); err != nil || got.GetCustomer().GetCustomerNo() != "" {
			t.Fatalf("the refused login made the session a customer: %v, %v", got, err)
		}
	})
	t.Run("another brand's customer is refused", func(t *testing.T) {
		ctx := at("panel-at-max")
		code, state, err := authorize(t, begin(t, ctx), "max", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		_, err = client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state, Panel: panel})
		failed(t, err)
	})
	t.Run("the brand's customer signs in as a panel user", func(t *testing.T) {
		ctx := at("panel-at")
		code, state, err := authorize(t, begin(t, ctx), "anna", "alpenhost-demo")
		if err != nil {
			t.Fatal(err)
		}
		resp, err := client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state, Panel: panel})
		if err != nil {
			t.Fatalf("complete login: %v", err)
		}
		c := resp.GetCustomer()
		if c.GetCustomerNo() != "200001" || c.GetBrandId() != 2 || c.GetPanel().GetOrderType() != "redirect" || resp.GetExternalProductId() != "AH-WEB-START" {
			t.Fatalf("customer after the panel sign-in: %v (external %q)", c, resp.GetExternalProductId())
		}
		out, err := client.Logout(ctx, &customerv1.LogoutRequest{})
		if err != nil || out.GetPanelUrl() != authorityAT {
			t.Fatalf("logout: %v, %v", out, err)
		}
	})
}
