package reqbody

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	customerv1 "github.com/hostcart/checkout/libs/go/gen/checkout/customer/v1"
)

func TestRead(t *testing.T) {
	raw, err := Read(httptest.NewRequest("POST", "/", strings.NewReader("12345")), 5)
	if err != nil || string(raw) != "12345" {
		t.Fatalf("at the limit: %q, %v", raw, err)
	}
	if _, err := Read(httptest.NewRequest("POST", "/", strings.NewReader("123456")), 5); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
}

func TestProto(t *testing.T) {
	tests := []struct {
		name, body string
		limit      int64
		ok         bool
		want       string
	}{
		{"message", `{"street":"Hauptstr. 1","postal_code":"10115"}`, 100, true, "Hauptstr. 1/10115"},
		{"unknown fields are ignored", `{"street":"Ring 1","price":0}`, 100, true, "Ring 1/"},
		{"camelCase names too", `{"postalCode":"1010"}`, 100, true, "/1010"},
		{"not JSON", `street=1`, 100, false, "/"},
		{"wrong type", `{"street":7}`, 100, false, "/"},
		{"over the limit", `{"street":"Hauptstr. 1"}`, 10, false, "/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a customerv1.Address
			err := Proto(httptest.NewRequest("PUT", "/", strings.NewReader(tt.body)), &a, tt.limit)
			if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrMalformed)) {
				t.Fatalf("err = %v", err)
			}
			if tt.ok && a.GetStreet()+"/"+a.GetPostalCode() != tt.want {
				t.Errorf("decoded %v, want %s", &a, tt.want)
			}
		})
	}
	var a customerv1.Address
	if err := Proto(httptest.NewRequest("PUT", "/", strings.NewReader(`{"street":"Hauptstr. 1"}`)), &a, 10); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: %v, want ErrTooLarge", err)
	}
}
