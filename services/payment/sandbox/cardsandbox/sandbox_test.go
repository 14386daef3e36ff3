package cardsandbox

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/hostcart/checkout/services/payment/domain"
)

func card(number string) domain.CardPayment {
	return domain.CardPayment{Reference: "ref", Amount: domain.Money{Value: 11221, Currency: "EUR"},
		PaymentMethod: []byte(`{"type":"scheme","number":"` + number + `"}`), ReturnURL: "http://shop.test/confirm"}
}

func TestCardsAndChallenge(t *testing.T) {
	srv := httptest.NewServer(nil)
	defer srv.Close()
	s := &Sandbox{Secret: []byte("s3cret"), PageURL: srv.URL + "/3ds"}
	srv.Config.Handler = s.Handler()
	ctx := context.Background()

	ok, err := s.CreatePayment(ctx, card("4111 1111 1111 1111"), "k1")
	if err != nil || !ok.Accepted() || ok.PSPReference == "" || ok.RecurringReference == "" {
		t.Fatalf("authorised card: %+v, %v", ok, err)
	}
	again, _ := s.CreatePayment(ctx, card(CardRefused), "k1")
	if again.PSPReference != ok.PSPReference || again.ResultCode != ok.ResultCode {
		t.Fatalf("same key answered differently: %+v", again)
	}
	if r, _ := s.CreatePayment(ctx, card(CardRefused), "k2"); r.Accepted() || r.ResultCode != domain.ResultRefused {
		t.Fatalf("refused card: %+v", r)
	}

	challenge, err := s.CreatePayment(ctx, card(Card3DS), "k3")
	if err != nil || !challenge.ActionNeeded() {
		t.Fatalf("3DS card: %+v, %v", challenge, err)
	}
	var action struct{ URL string }
	if err := json.Unmarshal(challenge.Action, &action); err != nil {
		t.Fatal(err)
	}
	for _, verdict := range []string{"approved", "declined"} {
		u, _ := url.Parse(action.URL)
		form := u.Query()
		form.Set("verdict", verdict)
		noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := noRedirect.PostForm(srv.URL+"/3ds", form)
		if err != nil || resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("challenge page: %v, %v", resp, err)
		}
		back, _ := url.Parse(resp.Header.Get("Location"))
		if !strings.HasPrefix(back.String(), "http://shop.test/confirm?") {
			t.Fatalf("returned to %s", back)
		}
		result, err := s.PaymentDetails(ctx, back.Query().Get("redirectResult"), "d-"+verdict)
		if err != nil || result.Accepted() != (verdict == "approved") {
			t.Fatalf("%s: %+v, %v", verdict, result, err)
		}
	}
	// A forged verdict is not the sandbox's.
	if _, err := s.PaymentDetails(ctx, "Zm9yZ2VkfGFwcHJvdmVkfDAw", "d-forged"); !errors.Is(err, domain.ErrProviderRejected) {
		t.Fatalf("forged result: %v", err)
	}
}
