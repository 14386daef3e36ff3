package cartapi

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

func TestReadBody(t *testing.T) {
	tests := []struct {
		body    string
		limit   int64
		version int64
		ok      bool
	}{
		{`{"items":[],"version":7}`, 100, 7, true},
		{`{"items":[],"version":"7"}`, 100, 7, true},
		{`{"items":[{"product":{"id":1,"price_cents":1}}],"total":1,"version":2}`, 100, 2, true},
		{`{"version":"seven"}`, 100, 0, false},
		{`{"items":{}}`, 100, 0, false},
		{`{"version":1}`, 5, 0, false},
		{``, 100, 0, false},
	}
	for _, tt := range tests {
		cart := &cartv1.Cart{}
		err := readBody(httptest.NewRequest("PUT", "/", strings.NewReader(tt.body)), cart, tt.limit)
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, errBadBody)) || cart.GetVersion() != tt.version {
			t.Errorf("%s: err %v, version %d", tt.body, err, cart.GetVersion())
		}
	}
}

func TestBoolQuery(t *testing.T) {
	for in, want := range map[string][2]bool{"": {false, true}, "0": {false, true}, "false": {false, true}, "1": {true, true}, "true": {true, true}, "yes": {false, false}} {
		if v, ok := boolQuery(in); v != want[0] || ok != want[1] {
			t.Errorf("boolQuery(%q) = %v, %v", in, v, ok)
		}
	}
}
