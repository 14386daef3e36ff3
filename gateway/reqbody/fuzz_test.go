package reqbody

import (
	"bytes"
	"errors"
	"net/http/httptest"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
)

// FuzzProto reads a visitor's body with a limit as the routes do, into the cart (the largest
// message a route takes: nested lines, maps, enums, 64-bit numbers as strings). A body over the
// limit is ErrTooLarge (wrapped in ErrMalformed by Proto), one within it comes back whole from
// Read; Proto refuses only with ErrMalformed, and what it accepts can be sent to a service
// (encodes as protobuf) and reads back the same from the JSON the gateway writes.
func FuzzProto(f *testing.F) {
	for _, seed := range []string{
		`{"items":[{"row_id":"r1","product":{"id":1001,"maturity_id":100103,"interval_id":4,"promotion":"WELCOME10","additional_fields":[{"field_id":3,"value":"x"}],"informations":{"webcard_demo_reference":"d1"}},"addons":[{"id":1204,"maturity_id":5}],"domains":[{"name":"mein-shop.de","auth_code":"a1","inclusive":true}]}],"version":"7"}`,
		`{"items":[],"version":7,"isDraft":true,"price":0}`,
		`{"version":"9223372036854775808"}`,
		`{"version":1e3}`,
		`{"items":[{"product":{"informations":{"a":"1","a":"2"}}}]}`,
		`{"items":[{"product":{"informations":{"\ud800":"x"}}}]}`,
		"{\"items\":[{\"row_id\":\"\xff\"}]}",
		`{"items":[{"domains":[{"id":"NaN"}]}]}`,
		`{"items":null}`,
		`null`,
		``,
	} {
		f.Add(uint16(len(seed)), seed)
		f.Add(uint16(len(seed)/2), seed)
	}
	f.Fuzz(func(t *testing.T, limit uint16, body string) {
		raw, err := Read(httptest.NewRequest("PUT", "/", bytes.NewBufferString(body)), int64(limit))
		switch {
		case len(body) > int(limit):
			if !errors.Is(err, ErrTooLarge) {
				t.Fatalf("%d bytes over a limit of %d: %v", len(body), limit, err)
			}
		case err != nil || string(raw) != body:
			t.Fatalf("within the limit: %q, %v; want the body", raw, err)
		}

		var cart cartv1.Cart
		err = Proto(httptest.NewRequest("PUT", "/", bytes.NewBufferString(body)), &cart, int64(limit))
		if err != nil {
			if !errors.Is(err, ErrMalformed) || (len(body) > int(limit)) != errors.Is(err, ErrTooLarge) {
				t.Fatalf("%q (limit %d): %v", body, limit, err)
			}
			return
		}
		if _, err := proto.Marshal(&cart); err != nil {
			t.Fatalf("%q: accepted, but a service cannot be sent it: %v", body, err)
		}
		out, err := protojson.Marshal(&cart)
		if err != nil {
			t.Fatalf("%q: accepted, but does not encode as JSON: %v", body, err)
		}
		var back cartv1.Cart
		if err := protojson.Unmarshal(out, &back); err != nil || !proto.Equal(&back, &cart) {
			t.Fatalf("%q: reads back from %s as %v (%v), want %v", body, out, &back, err, &cart)
		}
	})
}
