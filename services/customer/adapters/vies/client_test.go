package vies

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/hostcart/checkout/services/customer/domain"
)

// fakeVIES answers like the VIES REST API: FR40303265045 is registered, FR00000000000 not, the
// member state IT is down, and anything starting XX is rejected as invalid input.
func fakeVIES(t *testing.T, seen *[]request) *httptest.Server {
	t.Helper()
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/check-vat-number" || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "wrong request", http.StatusNotFound)
			return
		}
		var req request
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		*seen = append(*seen, req)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case req.CountryCode == "XX":
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"actionSucceed":false,"errorWrappers":[{"error":"INVALID_INPUT","message":"The provided CountryCode is invalid"}]}`))
		case req.CountryCode == "IT":
			_, _ = w.Write([]byte(`{"actionSucceed":false,"errorWrappers":[{"error":"MS_UNAVAILABLE","message":"The application at the Member State is not replying"}]}`))
		case req.CountryCode == "ES":
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = w.Write([]byte(`<html>gateway error</html>`))
		case req.VATNumber == "40303265045":
			_, _ = w.Write([]byte(`{"countryCode":"FR","vatNumber":"40303265045","requestDate":"2026-11-24","valid":true,"requestIdentifier":"WAPIAAAAZCHAfYhS","name":"SA ODIGEO","address":"---"}`))
		case req.VATNumber == "999999999":
			_, _ = w.Write([]byte(`{"countryCode":"DE","vatNumber":"999999999","valid":true,"requestIdentifier":"WAPI2","name":"---","address":" MUSTERSTR. 1\n12345 BERLIN "}`))
		default:
			_, _ = w.Write([]byte(`{"countryCode":"` + req.CountryCode + `","vatNumber":"` + req.VATNumber + `","valid":false,"requestIdentifier":"","name":"---"}`))
		}
	}))
}

func TestCheck(t *testing.T) {
	var seen []request
	srv := fakeVIES(t, &seen)
	defer srv.Close()
	c := New(Config{URL: srv.URL, Requester: "DE 123456789", Timeout: time.Second})
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	c.now = func() time.Time { return at }
	ctx := context.Background()

	got, err := c.Check(ctx, "fr40303265045")
	want := domain.VATIDCheck{VATID: "FR40303265045", Status: domain.VATIDValid, ConsultationNumber: "WAPIAAAAZCHAfYhS", Name: "SA ODIGEO", CheckedAt: at}
	if err != nil || got != want {
		t.Fatalf("valid id: %+v, %v", got, err)
	}
	if seen[0] != (request{CountryCode: "FR", VATNumber: "40303265045", RequesterMemberStateCode: "DE", RequesterNumber: "123456789"}) {
		t.Fatalf("request sent: %+v", seen[0])
	}
	if got, err := c.Check(ctx, "DE999999999"); err != nil || got.Name != "" || got.Address != "MUSTERSTR. 1\n12345 BERLIN" || got.Status != domain.VATIDValid {
		t.Fatalf("name not shared, address shared: %+v, %v", got, err)
	}
	if got, err := c.Check(ctx, "FR00000000000"); err != nil || got.Status != domain.VATIDInvalid || got.ConsultationNumber != "" {
		t.Fatalf("unknown id: %+v, %v", got, err)
	}
	if got, err := c.Check(ctx, "XX123"); err != nil || got.Status != domain.VATIDInvalid {
		t.Fatalf("invalid input: %+v, %v", got, err)
	}
	for _, id := range []string{"IT12345678901", "ES12345678Z"} {
		if _, err := c.Check(ctx, id); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("%s: %v, want ErrUnavailable", id, err)
		}
	}
}

func TestCheckUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(200 * time.Millisecond)
	}))
	defer srv.Close()
	c := New(Config{URL: srv.URL, Timeout: 50 * time.Millisecond})
	if _, err := c.Check(context.Background(), "FR40303265045"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("slow VIES: %v", err)
	}
	down := New(Config{URL: "http://127.0.0.1:1", Timeout: time.Second})
	if _, err := down.Check(context.Background(), "FR40303265045"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("VIES down: %v", err)
	}
}
