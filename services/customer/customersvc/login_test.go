package customersvc

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
	"github.com/hostcart/checkout/services/customer/sandbox/localoidc"
)

const callback = "http://shop.hostwerk.localhost/oauth/callback"

// authorize logs in at the authority as the login popup would and returns the code and state
// it sends back to the shop's callback.
func authorize(t *testing.T, authURL, username, password string) (code, state string, err error) {
	t.Helper()
	// The popup first shows the form.
	resp, err := http.Get(authURL)
	if err != nil {
		return "", "", err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", "", errors.New("login form: " + resp.Status)
	}
	back, err := localoidc.LogIn(authURL, username, password)
	if err != nil {
		return "", "", err
	}
	if !strings.HasPrefix(back.String(), callback+"?") {
		return "", "", errors.New("sent back to " + back.String())
	}
	return back.Query().Get("code"), back.Query().Get("state"), nil
}

func beginLogin(t *testing.T, ctx context.Context) string {
	t.Helper()
	resp, err := client.BeginLogin(ctx, &customerv1.BeginLoginRequest{RedirectUri: callback})
	if err != nil {
		t.Fatalf("begin login: %v", err)
	}
	return resp.GetUrl()
}

func TestLoginMakesTheSessionTheExistingCustomer(t *testing.T) {
	ctx := call("login-session")
	authURL := beginLogin(t, ctx)
	q, _ := url.Parse(authURL)
	if !strings.HasPrefix(authURL, authority.Issuer()) || q.Query().Get("code_challenge_method") != "S256" ||
		q.Query().Get("nonce") == "" || q.Query().Get("client_id") != clientID || q.Query().Get("redirect_uri") != callback {
		t.Fatalf("authorization URL %s", authURL)
	}
	if _, _, err := authorize(t, authURL, "max", "wrong"); err == nil {
		t.Fatal("the authority let a wrong password through")
	}
	code, state, err := authorize(t, authURL, "max", "hostwerk-demo")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state})
	if err != nil {
		t.Fatalf("complete login: %v", err)
	}
	c := resp.GetCustomer()
	if c.GetCustomerNo() != "100001" || !c.GetValidated() || c.GetBasicInfo().GetLastName() != "Mustermann" || c.GetAddress().GetCity() != "Berlin" {
		t.Fatalf("customer after login: %v", c)
	}
	got, err := client.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{})
	if err != nil || got.GetCustomer().GetCustomerNo() != "100001" {
		t.Fatalf("session customer after login: %v, %v", got, err)
	}
	// The record's brand is kept with the session and answered (the order service orders an
	// existing customer from that brand only).
	if c.GetBrandId() != 1 || got.GetCustomer().GetBrandId() != 1 {
		t.Fatalf("brand of the customer record: at login %d, read back %d, want 1", c.GetBrandId(), got.GetCustomer().GetBrandId())
	}

	// An existing customer's data is the record's: the forms are not theirs to change here.
	_, err = client.SetAddress(ctx, &customerv1.SetAddressRequest{Address: &customerv1.Address{
		Street: "Other 1", PostalCode: "20095", City: "Hamburg", CountryCode: "DE", Phone: "+49 40 1234567"}})
	if status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != "customer.existing_customer" {
		t.Fatalf("address change of an existing customer: %v", err)
	}

	// The same answer again is refused: the state was good for one attempt.
	_, err = client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state})
	if status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != "customer.login_failed" {
		t.Fatalf("replayed login: %v", err)
	}

	out, err := client.Logout(ctx, &customerv1.LogoutRequest{})
	if err != nil || out.GetCustomer().GetCustomerNo() != "" || out.GetCustomer().GetBasicInfo() != nil {
		t.Fatalf("logout: %v, %v", out, err)
	}
}

func TestLoginFailures(t *testing.T) {
	loginFailed := func(t *testing.T, err error) {
		t.Helper()
		if status.Code(err) != codes.Unauthenticated || status.Convert(err).Message() != "customer.login_failed" {
			t.Fatalf("err = %v, want Unauthenticated customer.login_failed", err)
		}
	}
	t.Run("wrong state", func(t *testing.T) {
		ctx := call("login-wrong-state")
		code, _, err := authorize(t, beginLogin(t, ctx), "erika", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		_, err = client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: "forged"})
		loginFailed(t, err)
		if got, _ := client.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{}); got.GetCustomer().GetCustomerNo() != "" {
			t.Fatal("a refused login made the session a customer")
		}
	})
	t.Run("wrong code", func(t *testing.T) {
		ctx := call("login-wrong-code")
		_, state, err := authorize(t, beginLogin(t, ctx), "erika", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		_, err = client.CompleteLogin(ctx, &customerv1.CompleteLoginRequest{AuthorizationCode: "invented", State: state})
		loginFailed(t, err)
	})
	t.Run("answer for another session", func(t *testing.T) {
		// The victim's code and state brought to the attacker's session: the state is not theirs.
		victim, attacker := call("login-victim"), call("login-attacker")
		code, state, err := authorize(t, beginLogin(t, victim), "max", "hostwerk-demo")
		if err != nil {
			t.Fatal(err)
		}
		beginLogin(t, attacker)
		_, err = client.CompleteLogin(attacker, &customerv1.CompleteLoginRequest{AuthorizationCode: code, State: state})
		loginFailed(t, err)
	})
	t.Run("no login started", func(t *testing.T) {
		_, err := client.CompleteLogin(call("login-none"), &customerv1.CompleteLoginRequest{AuthorizationCode: "x", State: "y"})
		loginFailed(t, err)
	})
	t.Run("brand without login", func(t *testing.T) {
		ctx := callctx.With(context.Background(), callctx.Values{SessionID: "login-alpen", BrandID: 2})
		_, err := client.BeginLogin(ctx, &customerv1.BeginLoginRequest{RedirectUri: callback})
		if status.Code(err) != codes.FailedPrecondition || status.Convert(err).Message() != "customer.login_not_offered" {
			t.Fatalf("err = %v", err)
		}
	})
}

// A visitor hammering the login is stopped; the next visitor is not (the limit is an answer about
// the caller, not an outage).
func TestLoginRateLimitIsPerSession(t *testing.T) {
	ctx := call("login-hammer")
	var err error
	for i := 0; i < 20 && err == nil; i++ {
		_, err = client.BeginLogin(ctx, &customerv1.BeginLoginRequest{RedirectUri: callback})
	}
	if status.Code(err) != codes.ResourceExhausted || status.Convert(err).Message() != "customer.too_many_logins" {
		t.Fatalf("20 login starts of one session: %v, want ResourceExhausted customer.too_many_logins", err)
	}
	if _, err := client.BeginLogin(call("login-neighbour"), &customerv1.BeginLoginRequest{RedirectUri: callback}); err != nil {
		t.Fatalf("another session's login refused: %v", err)
	}
	// The rest of the service still answers the limited session.
	if _, err := client.GetSessionCustomer(ctx, &customerv1.GetSessionCustomerRequest{}); err != nil {
		t.Fatalf("the limited session cannot read its customer: %v", err)
	}
}
